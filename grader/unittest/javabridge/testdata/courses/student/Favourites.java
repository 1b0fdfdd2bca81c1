/** A playlist of favourites: its songs' total, in minutes. */
public class Favourites extends Playlist {
    public Favourites() {
        super("favourites");
    }

    public int minutes() {
        return totalSeconds() / 60;
    }
}
