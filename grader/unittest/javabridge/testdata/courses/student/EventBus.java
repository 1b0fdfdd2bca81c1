import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

public class EventBus {
    private final List<Consumer<String>> subscribers = new ArrayList<>();

    public void subscribe(Consumer<String> c) {
        subscribers.add(c);
    }

    public int publish(String event) {
        for (Consumer<String> c : subscribers) {
            c.accept(event);
        }
        return subscribers.size();
    }

    public static void times(int n, Runnable r) {
        for (int i = 0; i < n; i++) {
            r.run();
        }
    }

    public static <T> T orElseGet(T value, Supplier<T> fallback) {
        return value != null ? value : fallback.get();
    }

    public static Function<Integer, Integer> twice(Function<Integer, Integer> f) {
        return f.andThen(f);
    }

    public static Function<Integer, Integer> adder(int n) {
        return x -> x + n;
    }
}
