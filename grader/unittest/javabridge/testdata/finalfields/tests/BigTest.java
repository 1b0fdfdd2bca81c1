import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class BigTest {
    @Test
    void smallGridCrosses() {
        assertEquals(10, new Big(10).cells.length);
    }

    @Test
    void hugeGridIsBounded() {
        new Big(3_000_000);
    }
}
