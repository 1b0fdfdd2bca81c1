import java.util.Iterator;
import java.util.NoSuchElementException;

public class Deep {
    public static int down(int n) {
        return down(n + 1) + 1;
    }

    public static void die() {
        throw new ThreadDeath();
    }

    public static void interrupted() throws InterruptedException {
        throw new InterruptedException("the student's own");
    }

    /** An iterator that says it has three elements and ends after one. */
    public static Iterable<Integer> liar() {
        return () -> new Iterator<Integer>() {
            private int n;

            public boolean hasNext() {
                return true;
            }

            public Integer next() {
                if (n++ > 0) {
                    throw new NoSuchElementException("ended early");
                }
                return 1;
            }
        };
    }

    public static void overflowInCallback(Runnable r) {
        r.run();
    }
}
