import static org.junit.jupiter.api.Assertions.*;

import java.util.HashSet;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class PolynomialTest {
    private static final double EPS = 1e-9;

    @Test
    void evaluates() {
        Polynomial p = new Polynomial(1, -3, 2); // 2x^2 - 3x + 1
        assertEquals(0.0, p.applyAsDouble(1), EPS);
        assertEquals(0.0, p.applyAsDouble(0.5), EPS);
        assertEquals(-1.0 / 9, p.applyAsDouble(2.0 / 3), 1e-12);
        assertEquals(2, p.degree());
    }

    @Test
    void derivativeAndText() {
        Polynomial p = new Polynomial(1, -3, 2);
        assertEquals("4x - 3", p.derivative().toString());
        assertEquals("2x^2 - 3x + 1", p.toString());
        assertEquals("0", new Polynomial(5).derivative().toString());
    }

    @Test
    void newtonFindsTheRoot() {
        Polynomial p = new Polynomial(-2, 0, 1); // x^2 - 2
        assertEquals(Math.sqrt(2), p.root(1), 1e-10);
        assertEquals(-Math.sqrt(2), p.root(-3), 1e-10);
    }

    @Test
    void integratesTheTestsFunction() {
        DoubleUnaryOperator sin = Math::sin;
        assertEquals(2.0, Polynomial.integrate(sin, 0, Math.PI, 100), 1e-6);
        assertEquals(1.0 / 3, Polynomial.integrate(x -> x * x, 0, 1, 10), 1e-12);
    }

    @Test
    void integratesItself() {
        Polynomial p = new Polynomial(0, 0, 3); // 3x^2
        assertEquals(8.0, Polynomial.integrate(p, 0, 2, 4), 1e-9);
        DoubleUnaryOperator composed = p.andThen(y -> y + 1);
        assertEquals(13.0, composed.applyAsDouble(2), EPS);
    }

    @Test
    void equalPolynomialsInASet() {
        Set<Polynomial> s = new HashSet<>();
        s.add(new Polynomial(1, 2));
        s.add(new Polynomial(1, 2, 0));
        s.add(new Polynomial(1, 2).plus(new Polynomial(0, 0, 1)));
        assertEquals(2, s.size(), "set: " + s);
        assertTrue(s.contains(new Polynomial(1, 2, 1)));
    }
}
