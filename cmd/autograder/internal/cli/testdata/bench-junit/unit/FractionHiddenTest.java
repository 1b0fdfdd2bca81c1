import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

// The hidden tests: only grade runs them.
class FractionHiddenTest {
    @Test
    void reducesOnCreation() {
        Check.same("2/3", new Fraction(4, 6));
    }

    @Test
    void reducesNegatives() {
        Check.same("-1/2", new Fraction(2, -4));
    }

    @Test
    void addsToWhole() {
        Check.same("1/1", new Fraction(1, 2).plus(new Fraction(1, 2)));
    }
}
