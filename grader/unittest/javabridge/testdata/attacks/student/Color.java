public enum Color {
    RED, GREEN;

    public String lower() {
        return name().toLowerCase();
    }

    public Color next() {
        return values()[(ordinal() + 1) % values().length];
    }
}
