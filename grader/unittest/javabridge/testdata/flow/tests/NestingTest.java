import static org.junit.jupiter.api.Assertions.*;

import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NestingTest {
    /** A visitor of the test's over a chain 1000 deep: each level calls the student's accept again. */
    @Test
    @Order(1)
    void visitsAChainAThousandDeep() {
        BiFunction<Chain, Integer, Integer> depth = new BiFunction<>() {
            public Integer apply(Chain c, Integer d) {
                Chain n = c.next();
                return n == null ? d : n.accept(this, d + 1);
            }
        };
        assertEquals(1000, new Chain(1000).accept(depth, 1));
    }

    @Test
    @Order(2)
    void forever() {
        Function<Integer, Integer> g = new Function<>() {
            public Integer apply(Integer x) {
                return Chain.bounce(this, x + 1);
            }
        };
        Chain.bounce(g, 0);
    }

    @Test
    @Order(3)
    void foreverCatching() {
        Function<Integer, Integer> g = new Function<>() {
            public Integer apply(Integer x) {
                return Chain.bounceCatching(this, x + 1);
            }
        };
        Chain.bounceCatching(g, 0);
    }

    @Test
    @Order(4)
    void afterwards() {
        assertEquals(6, Chain.bounce(x -> x * 2, 3));
    }
}
