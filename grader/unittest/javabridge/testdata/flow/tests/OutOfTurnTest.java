import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.Function;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OutOfTurnTest {
    @Test @Order(1) void lostAnswer() {
        Function<Integer, Integer> f = x -> Pong.bounce(y -> y, x + 1);
        assertEquals(1, Pong.bounce(f, 0));
    }

    @Test @Order(2) void afterwards() {
        assertEquals(41, Pong.answer());
    }
}
