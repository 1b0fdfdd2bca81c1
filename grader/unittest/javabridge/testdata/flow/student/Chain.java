import java.util.function.BiFunction;
import java.util.function.Function;

/** A chain of nodes whose visit calls the test's visitor, and two ping-pongs that never end. */
public class Chain {
    private final int length;

    public Chain(int length) {
        this.length = length;
    }

    public Chain next() {
        return length > 1 ? new Chain(length - 1) : null;
    }

    public int accept(BiFunction<Chain, Integer, Integer> visitor, int depth) {
        return visitor.apply(this, depth);
    }

    public static int bounce(Function<Integer, Integer> f, int x) {
        return f.apply(x);
    }

    /** Calls the test back, and again, whatever it throws. */
    public static int bounceCatching(Function<Integer, Integer> f, int x) {
        while (true) {
            try {
                return f.apply(x);
            } catch (Throwable t) {
                // and again
            }
        }
    }
}
