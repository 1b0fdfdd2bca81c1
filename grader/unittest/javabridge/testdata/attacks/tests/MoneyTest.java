import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MoneyTest {
    @Test
    void adds() {
        assertEquals("3.00", new Money(100).add(new Money(200)).toString(), "one plus two");
    }

    @Test
    void parseRejectsText() {
        BadMoney e = assertThrows(BadMoney.class, () -> Money.parse("ten"));
        assertEquals("not money: ten", e.getMessage());
    }

    @Test
    void rejectsNegativeAsIllegalArgument() {
        assertThrows(IllegalArgumentException.class, () -> new Money(-1));
    }

    @Test
    void rejectsNegativeAsItsOwn() {
        assertThrows(NegativeMoney.class, () -> new Money(-1));
    }

    @Test
    void uncaught() {
        new Money(-5);
    }

    @Test
    void brokenInitializer() {
        IllegalStateException e = assertThrows(IllegalStateException.class, Broken::f);
        assertEquals("no configuration", e.getMessage());
    }

    @Test
    void jdkException() {
        assertThrows(NumberFormatException.class, () -> Integer.parseInt("x"));
    }
}
