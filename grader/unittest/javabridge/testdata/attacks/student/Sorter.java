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

    public static void grow(List<Integer> xs) {
        xs.add(xs.size());
    }

    public static int swallow(Comparator<String> c) {
        try {
            return c.compare("a", "b");
        } catch (Throwable t) {
            return 0;
        }
    }
}
