/** A box that holds one value. */
public class Box<T> {
    public final T value;

    public Box(T value) {
        this.value = value;
    }

    public <R> Box<R> map(java.util.function.Function<T, R> f) {
        return new Box<>(f.apply(value));
    }
}
