import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExitTest {
    @Test
    @Order(1)
    void before() {
        assertEquals(1, Exiter.ok());
        assertEquals(2, Exiter.ok());
    }

    @Test
    @Order(2)
    void exits() {
        Exiter.boom();
    }

    @Test
    @Order(3)
    void after() {
        assertEquals(1, Exiter.ok(), "a fresh process after the exit");
    }

    @Test
    @Order(4)
    void exitsInsideACallback() {
        Sorter.sorted(java.util.List.of("a", "b"), (x, y) -> Exiter.boom());
    }

    @Test
    @Order(5)
    void afterTheCallback() {
        assertEquals(1, Exiter.ok(), "a fresh process after the exit");
    }
}
