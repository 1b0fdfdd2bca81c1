import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

public class Sorter {
    public static List<String> sorted(List<String> xs, Comparator<String> c) {
        List<String> out = new ArrayList<>(xs);
        out.sort(c);
        return out;
    }

    public static void fill(int[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = i * i;
        }
    }

    public static void sortInPlace(List<String> xs) {
        java.util.Collections.sort(xs);
    }

    public static void grow(List<Integer> xs) {
        xs.add(xs.size());
    }

    // Calls the test's comparator from a thread of its own.
    public static int fromThread(Comparator<String> c) throws InterruptedException {
        int[] out = new int[1];
        Thread t = new Thread(() -> out[0] = c.compare("a", "b"));
        t.start();
        t.join();
        return out[0];
    }

    public static java.util.Optional<String> first(List<String> xs) {
        return xs.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(xs.get(0));
    }

    public static Comparator<String> byLength() {
        return (a, b) -> a.length() - b.length();
    }

    public static int swallow(Comparator<String> c) {
        try {
            return c.compare("a", "b");
        } catch (Throwable t) {
            return 0;
        }
    }
}
