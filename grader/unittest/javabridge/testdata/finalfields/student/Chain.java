/** An immutable linked list of ints. */
public final class Chain {
    public final int value;
    public final Chain next;

    public Chain(int value, Chain next) {
        this.value = value;
        this.next = next;
    }

    /** The chain 1, 2, ..., n. */
    public static Chain of(int n) {
        Chain c = null;
        for (int i = n; i >= 1; i--) {
            c = new Chain(i, c);
        }
        return c;
    }

    public int length() {
        return next == null ? 1 : 1 + next.length();
    }
}
