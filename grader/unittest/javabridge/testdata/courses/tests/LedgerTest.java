import static org.junit.jupiter.api.Assertions.*;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class LedgerTest {
    private Ledger ledger;
    private Ledger.Entry pay, rent, food;

    @BeforeEach
    void setUp() {
        ledger = new Ledger();
        pay = ledger.record("income", "2500.00", "salary");
        rent = ledger.record("home", "-900.50", "march");
        food = ledger.record("food", "-120.25", "groceries");
    }

    @Test
    void balanceIsExact() {
        assertEquals(new BigDecimal("1479.25"), ledger.balance());
    }

    @Test
    void iterableEqualsAndGroups() {
        assertIterableEquals(List.of(pay, rent, food), ledger);
        Map<String, List<Ledger.Entry>> m = ledger.byCategory();
        assertEquals(List.of("food", "home", "income"), List.copyOf(m.keySet()));
        assertSame(rent, m.get("home").get(0));
        assertAll(
                () -> assertTrue(rent.isExpense()),
                () -> assertFalse(pay.isExpense()),
                () -> assertEquals("groceries", food.note()));
    }

    @Test
    void sortedByTheTestAndByTheStudent() {
        Ledger.Entry[] mine = {pay, rent, food};
        Arrays.sort(mine);
        assertArrayEquals(new Ledger.Entry[] {rent, food, pay}, mine);
        assertArrayEquals(new Ledger.Entry[] {pay, food, rent}, ledger.largestFirst());
        assertSame(pay, Collections.max(List.of(rent, pay, food)));
    }

    static Stream<Arguments> amounts() {
        return Stream.of(Arguments.of("1", true), Arguments.of("-0.01", false), Arguments.of("12.5", true));
    }

    @ParameterizedTest
    @MethodSource("amounts")
    void incomeIsNoExpense(String amount, boolean income) {
        assertEquals(!income, ledger.record("x", amount, "").isExpense());
    }

    @ParameterizedTest
    @CsvSource({"0", "0.00", "-0"})
    void nothingIsRefused(String amount) {
        var e = assertThrows(IllegalArgumentException.class, () -> ledger.record("x", amount, ""));
        assertEquals("an entry of nothing", e.getMessage());
    }

    @Nested
    class AfterMore {
        @BeforeEach
        void more() {
            ledger.record("food", "-10", "coffee");
        }

        @Test
        void groupGrows() {
            assertEquals(2, ledger.byCategory().get("food").size());
            assertDoesNotThrow(() -> ledger.balance());
            assertEquals(0, new BigDecimal("1469.25").compareTo(ledger.balance()));
        }
    }
}
