import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/** Helpers over lists, written by hand. */
public final class Lists {
    private Lists() {
    }

    public static <T> List<T> filter(List<T> xs, Predicate<? super T> p) {
        List<T> out = new ArrayList<>();
        for (T x : xs) {
            if (p.test(x)) {
                out.add(x);
            }
        }
        return out;
    }

    public static <T, R> List<R> map(List<T> xs, Function<? super T, ? extends R> f) {
        List<R> out = new ArrayList<>();
        for (T x : xs) {
            out.add(f.apply(x));
        }
        return out;
    }

    public static <T, R> R fold(List<T> xs, R start, BiFunction<R, ? super T, R> f) {
        R acc = start;
        for (T x : xs) {
            acc = f.apply(acc, x);
        }
        return acc;
    }

    public static <T> List<Pair<T, Integer>> indexed(List<T> xs) {
        List<Pair<T, Integer>> out = new ArrayList<>();
        for (int i = 0; i < xs.size(); i++) {
            out.add(new Pair<>(xs.get(i), i));
        }
        return out;
    }

    public static <T extends Comparable<T>> void insertionSort(T[] a) {
        for (int i = 1; i < a.length; i++) {
            T x = a[i];
            int j = i - 1;
            while (j >= 0 && a[j].compareTo(x) > 0) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }
}
