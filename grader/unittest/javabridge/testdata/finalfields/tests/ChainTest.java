import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class ChainTest {
    @Test
    void shortChainCrossesWhole() {
        Chain c = Chain.of(10);
        int sum = 0;
        for (Chain k = c; k != null; k = k.next) {
            sum += k.value;
        }
        assertEquals(55, sum);
        assertEquals(9, c.next.length());
    }

    @Test
    void longChainIsBounded() {
        Chain.of(1000);
    }
}
