import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** The integers from lo up to but not including hi, by step. */
public class Range implements Iterable<Integer> {
    private final int lo, hi, step;

    public Range(int lo, int hi, int step) {
        if (step <= 0) {
            throw new IllegalArgumentException("step must be positive");
        }
        this.lo = lo;
        this.hi = hi;
        this.step = step;
    }

    public Range(int lo, int hi) {
        this(lo, hi, 1);
    }

    @Override
    public Iterator<Integer> iterator() {
        return new Iterator<>() {
            private int next = lo;

            public boolean hasNext() {
                return next < hi;
            }

            public Integer next() {
                if (next >= hi) {
                    throw new NoSuchElementException("past the end of the range");
                }
                int x = next;
                next++;
                return x;
            }
        };
    }

    public Stream<Integer> stream() {
        return StreamSupport.stream(spliterator(), false);
    }

    public boolean contains(int x) {
        return x >= lo && x < hi && (x - lo) % step == 0;
    }
}
