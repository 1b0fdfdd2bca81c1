import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

// Runs against a fake student process that answers with forgeries.
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ForgeryTest {
    @Test @Order(1) void forgedTypeFallsBackToDeclared() { assertNotNull(new Fraction(1, 2)); }
    @Test @Order(2) void stringForInt() { new Fraction(1, 2).numerator(); }
    @Test @Order(3) void handleForInt() { new Fraction(1, 2).denominator(); }
    @Test @Order(4) void handleForString() { assertEquals("1/2", new Fraction(1, 2).toString()); }
    @Test @Order(5) void frameworkException() { Fraction f = new Fraction(1, 2); f.plus(f); }
    @Test @Order(6) void fatalError() { Fraction f = new Fraction(1, 2); f.times(f); }
    @Test @Order(7) void stillRuns() { assertNotNull(new Fraction(3, 4)); }
}
