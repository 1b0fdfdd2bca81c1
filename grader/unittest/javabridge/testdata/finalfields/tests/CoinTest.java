import static org.junit.jupiter.api.Assertions.*;

import java.math.BigDecimal;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class CoinTest {
    @Test
    void centsOfEachCoin() {
        assertEquals(1, Coin.PENNY.cents);
        assertEquals(25, Coin.QUARTER.cents);
        assertEquals("dime", Coin.DIME.label);
        assertEquals(new BigDecimal("0.10"), Coin.DIME.dollars);
        assertEquals(Optional.of("two bits"), Coin.QUARTER.nickname);
        assertEquals(Optional.empty(), Coin.PENNY.nickname);
    }

    @Test
    void total() {
        assertEquals(41, Coin.total(Coin.PENNY, Coin.NICKEL, Coin.DIME, Coin.QUARTER));
        int sum = 0;
        for (Coin c : Coin.values()) {
            sum += c.cents;
        }
        assertEquals(41, sum);
    }
}
