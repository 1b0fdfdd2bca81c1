import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

// The hidden tests: only grade runs them.
class FractionHiddenTest {
    @Test
    void reducesOnCreation() {
        same("2/3", new Fraction(4, 6));
    }

    @Test
    void reducesNegatives() {
        same("-1/2", new Fraction(2, -4));
    }

    @Test
    void addsToWhole() {
        same("1/1", new Fraction(1, 2).plus(new Fraction(1, 2)));
    }

    // Check.same's check, kept here: a class the hidden tests use is never
    // in a student kit, so they do not share the public Check.
    private static void same(String want, Fraction got) {
        assertEquals(want, got.toString(), "the fraction, as toString writes it");
    }
}
