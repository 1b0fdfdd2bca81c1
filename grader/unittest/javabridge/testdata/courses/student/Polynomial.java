import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

/** A polynomial with real coefficients, lowest power first. */
public class Polynomial implements DoubleUnaryOperator {
    private final double[] coeffs;

    public Polynomial(double... coeffs) {
        int n = coeffs.length;
        while (n > 1 && coeffs[n - 1] == 0) {
            n--;
        }
        this.coeffs = Arrays.copyOf(coeffs, Math.max(n, 1));
    }

    public int degree() {
        return coeffs.length - 1;
    }

    @Override
    public double applyAsDouble(double x) {
        double y = 0;
        for (int i = coeffs.length - 1; i >= 0; i--) {
            y = y * x + coeffs[i];
        }
        return y;
    }

    public Polynomial derivative() {
        if (coeffs.length == 1) {
            return new Polynomial(0);
        }
        double[] d = new double[coeffs.length - 1];
        for (int i = 1; i < coeffs.length; i++) {
            d[i - 1] = i * coeffs[i];
        }
        return new Polynomial(d);
    }

    public Polynomial plus(Polynomial o) {
        double[] s = new double[Math.max(coeffs.length, o.coeffs.length)];
        for (int i = 0; i < s.length; i++) {
            s[i] = (i < coeffs.length ? coeffs[i] : 0) + (i < o.coeffs.length ? o.coeffs[i] : 0);
        }
        return new Polynomial(s);
    }

    /** A root near start, by Newton's method. */
    public double root(double start) {
        Polynomial d = derivative();
        double x = start;
        for (int i = 0; i < 100; i++) {
            double step = applyAsDouble(x) / d.applyAsDouble(x);
            x -= step;
            if (Math.abs(step) < 1e-12) {
                break;
            }
        }
        return x;
    }

    /** The integral of any function from a to b, by Simpson's rule. */
    public static double integrate(DoubleUnaryOperator f, double a, double b, int steps) {
        double h = (b - a) / steps, sum = f.applyAsDouble(a) + f.applyAsDouble(b);
        for (int i = 1; i < steps; i++) {
            sum += f.applyAsDouble(a + i * h) * (i % 2 == 0 ? 2 : 4);
        }
        return sum * h / 3;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Polynomial && Arrays.equals(coeffs, ((Polynomial) o).coeffs);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(coeffs);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (int i = coeffs.length - 1; i >= 0; i--) {
            if (coeffs[i] == 0 && coeffs.length > 1) {
                continue;
            }
            if (b.length() > 0) {
                b.append(coeffs[i] < 0 ? " - " : " + ");
            } else if (coeffs[i] < 0) {
                b.append("-");
            }
            double c = Math.abs(coeffs[i]);
            b.append(c == Math.rint(c) ? String.valueOf((long) c) : String.valueOf(c));
            if (i > 0) {
                b.append(i == 1 ? "x" : "x^" + i);
            }
        }
        return b.toString();
    }
}
