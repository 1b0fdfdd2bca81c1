import java.util.ArrayList;
import java.util.List;

/** A playlist is a list of songs that holds each song once. */
public class Playlist extends ArrayList<Song> {
    private final String name;

    public Playlist(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    @Override
    public boolean add(Song s) {
        if (contains(s)) {
            return false;
        }
        return super.add(s);
    }

    public int totalSeconds() {
        int total = 0;
        for (Song s : this) {
            total += s.seconds();
        }
        return total;
    }

    public List<Song> by(String artist) {
        List<Song> out = new ArrayList<>();
        for (Song s : this) {
            if (s.artist().equals(artist)) {
                out.add(s);
            }
        }
        return out;
    }
}
