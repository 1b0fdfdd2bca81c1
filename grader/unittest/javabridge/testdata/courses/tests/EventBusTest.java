import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class EventBusTest {
    @Test
    void deliversToEverySubscriber() {
        EventBus bus = new EventBus();
        List<String> a = new ArrayList<>(), b = new ArrayList<>();
        bus.subscribe(a::add);
        bus.subscribe(e -> b.add(e.toUpperCase()));
        assertEquals(2, bus.publish("hi"));
        bus.publish("yo");
        assertEquals(List.of("hi", "yo"), a);
        assertEquals(List.of("HI", "YO"), b);
    }

    @Test
    void runsARunnable() {
        int[] n = {0};
        EventBus.times(4, () -> n[0]++);
        assertEquals(4, n[0]);
    }

    @Test
    void suppliesOnlyWhenNeeded() {
        int[] calls = {0};
        assertEquals("x", EventBus.orElseGet("x", () -> { calls[0]++; return "y"; }));
        assertEquals("y", EventBus.orElseGet(null, () -> { calls[0]++; return "y"; }));
        assertEquals(1, calls[0]);
    }

    @Test
    void composesFunctions() {
        Function<Integer, Integer> f = EventBus.twice(x -> x * 3);
        assertEquals(18, f.apply(2));
        assertEquals(7, EventBus.adder(5).apply(2));
        assertEquals(14, EventBus.adder(5).andThen(x -> x * 2).apply(2));
    }
}
