import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

// More hidden tests.
class FractionHiddenMoreTest {
    @Test
    void bigReduces() {
        Check.same("1/3", new Fraction(1000, 3000));
    }

    @Test
    void doubleNegative() {
        Check.same("1/2", new Fraction(-2, -4));
    }

    @Test
    void timesZero() {
        Check.same("0/1", new Fraction(0, 5).times(new Fraction(3, 4)));
    }

    @Test
    void sums() {
        Fraction f = new Fraction(0, 1);
        for (int i = 0; i < 10; i++) {
            f = f.plus(new Fraction(1, 10));
        }
        Check.same("1/1", f);
    }
}
