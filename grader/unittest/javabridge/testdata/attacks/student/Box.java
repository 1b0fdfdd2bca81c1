import java.util.Iterator;
import java.util.List;

public class Box<T extends Comparable<T>> implements Comparable<Box<T>>, Iterable<T> {
    private final T value;

    public Box(T value) {
        this.value = value;
    }

    public T get() {
        return value;
    }

    public <R extends Comparable<R>> Box<R> map(java.util.function.Function<? super T, ? extends R> f) {
        return new Box<>(f.apply(value));
    }

    @Override
    public int compareTo(Box<T> o) {
        return value.compareTo(o.value);
    }

    @Override
    public Iterator<T> iterator() {
        return List.of(value, value).iterator();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Box && ((Box<?>) o).value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
