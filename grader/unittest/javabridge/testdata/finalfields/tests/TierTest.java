import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** The enum Tier is first used after the student's process ended in that test: only that test fails. */
@TestMethodOrder(MethodOrderer.MethodName.class)
class TierTest {
    @Test
    void a1_exitThenTier() {
        assertAll(() -> assertEquals(0, Bank.quit()), () -> assertEquals(3, Tier.GOLD.rank));
    }

    @Test
    void a2_tierLater() {
        assertEquals(2, Tier.SILVER.rank);
        assertEquals(3, Tier.GOLD.rank);
    }

    @Test
    void a3_tierAgain() {
        assertEquals(1, Tier.BRONZE.rank);
    }
}
