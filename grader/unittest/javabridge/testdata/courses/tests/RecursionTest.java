import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RecursionTest {
    @ParameterizedTest
    @CsvSource({"0, 0", "1, 1", "10, 55", "30, 832040"})
    void fib(int n, long want) {
        assertEquals(want, Recursion.fib(n));
    }

    @Test
    void reverse() {
        assertEquals("olleh", Recursion.reverse("hello"));
        assertEquals("", Recursion.reverse(""));
    }

    @Test
    void sumDigits() {
        assertEquals(10, Recursion.sumDigits(1234));
    }

    @Test
    void power() {
        assertEquals(1024.0, Recursion.power(2, 10), 1e-9);
        assertEquals(0.125, Recursion.power(2, -3), 1e-12);
        assertEquals(Math.pow(1.1, 7), Recursion.power(1.1, 7), 1e-9);
    }

    @Test
    void palindrome() {
        assertTrue(Recursion.palindrome("racecar"));
        assertFalse(Recursion.palindrome("racecars"));
    }
}
