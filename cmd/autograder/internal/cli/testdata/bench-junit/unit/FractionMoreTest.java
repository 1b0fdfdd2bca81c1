import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

// More public tests, so that the suite is about twenty tests.
class FractionMoreTest {
    @Test
    void keepsNumerator() {
        assertEquals(3, new Fraction(3, 4).numerator());
    }

    @Test
    void keepsDenominator() {
        assertEquals(4, new Fraction(3, 4).denominator());
    }

    @Test
    void reducesNumerator() {
        assertEquals(1, new Fraction(5, 10).numerator());
    }

    @Test
    void signOnNumerator() {
        assertEquals(-3, new Fraction(3, -4).numerator());
    }

    @Test
    void zeroIsZeroOverOne() {
        Check.same("0/1", new Fraction(0, 7));
    }

    @Test
    void addsNegatives() {
        Check.same("-1/6", new Fraction(1, 3).plus(new Fraction(-1, 2)));
    }

    @Test
    void multipliesToOne() {
        Check.same("1/1", new Fraction(2, 3).times(new Fraction(3, 2)));
    }

    @Test
    void chains() {
        Check.same("7/12", new Fraction(1, 4).plus(new Fraction(1, 3)).times(new Fraction(1, 1)));
    }

    @Test
    void rejectsZeroOverZero() {
        assertThrows(IllegalArgumentException.class, () -> new Fraction(0, 0));
    }
}
