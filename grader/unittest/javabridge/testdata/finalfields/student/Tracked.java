import java.util.function.Consumer;

/** An object that hands itself to a listener before it sets its field (this escaping its constructor). */
public final class Tracked {
    private static Tracked last;

    public final int v;

    public Tracked(int v, Consumer<Tracked> onCreate) {
        last = this;
        onCreate.accept(this);
        this.v = v;
    }

    public static Tracked last() {
        return last;
    }
}
