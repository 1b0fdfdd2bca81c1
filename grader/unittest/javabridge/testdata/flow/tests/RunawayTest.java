import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RunawayTest {
    @Test
    @Order(1)
    void before() {
        Ticker t = new Ticker();
        t.walk(x -> { });
        assertEquals(1, t.ticks());
    }

    @Test
    @Order(2)
    void spins() {
        int[] n = {0};
        Ticker.forever(() -> n[0]++);
    }

    @Test
    @Order(3)
    void between() {
        assertEquals(0, new Ticker().ticks());
    }

    @Test
    @Order(4)
    void pingPong() {
        Ticker t = new Ticker();
        t.walk(new java.util.function.Consumer<Ticker>() {
            public void accept(Ticker x) {
                x.walk(this);
            }
        });
    }

    @Test
    @Order(5)
    void twiceInOneTest() {
        assertAll(() -> Ticker.forever(() -> { }), () -> Ticker.forever(() -> { }));
    }

    @Test
    @Order(6)
    void after() {
        Ticker t = new Ticker();
        t.walk(x -> { });
        t.walk(x -> { });
        assertEquals(2, t.ticks());
    }
}
