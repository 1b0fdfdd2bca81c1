import static org.junit.jupiter.api.Assertions.assertEquals;

// The instructor's assertion helper: a student class named Check is left
// out of the run.
final class Check {
    private Check() {}

    static void same(String want, Fraction got) {
        assertEquals(want, got.toString(), "the fraction, as toString writes it");
    }
}
