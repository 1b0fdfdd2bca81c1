import java.util.Objects;

/** Two values. */
public class Pair<A, B> {
    private final A first;
    private final B second;

    public Pair(A first, B second) {
        this.first = first;
        this.second = second;
    }

    public A first() {
        return first;
    }

    public B second() {
        return second;
    }

    public Pair<B, A> swap() {
        return new Pair<>(second, first);
    }

    public static <T extends Comparable<? super T>> Pair<T, T> minMax(Iterable<T> items) {
        T lo = null, hi = null;
        for (T t : items) {
            if (lo == null || t.compareTo(lo) < 0) {
                lo = t;
            }
            if (hi == null || t.compareTo(hi) > 0) {
                hi = t;
            }
        }
        if (lo == null) {
            throw new java.util.NoSuchElementException("no items");
        }
        return new Pair<>(lo, hi);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pair && Objects.equals(first, ((Pair<?, ?>) o).first) && Objects.equals(second, ((Pair<?, ?>) o).second);
    }

    @Override
    public int hashCode() {
        return Objects.hash(first, second);
    }

    @Override
    public String toString() {
        return "(" + first + ", " + second + ")";
    }
}
