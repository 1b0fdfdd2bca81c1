public record Song(String title, String artist, int seconds) {
    public Song {
        if (seconds <= 0) {
            throw new IllegalArgumentException("a song lasts some time");
        }
    }
}
