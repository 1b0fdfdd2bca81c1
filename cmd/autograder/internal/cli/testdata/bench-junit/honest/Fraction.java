public class Fraction {
    private final int num, den;

    public Fraction(int numerator, int denominator) {
        if (denominator == 0) throw new IllegalArgumentException("zero denominator");
        int g = gcd(Math.abs(numerator), Math.abs(denominator));
        int sign = denominator < 0 ? -1 : 1;
        num = sign * numerator / g;
        den = sign * denominator / g;
    }

    private static int gcd(int a, int b) { return b == 0 ? Math.max(a, 1) : gcd(b, a % b); }

    public int numerator() { return num; }
    public int denominator() { return den; }
    public Fraction plus(Fraction o) { return new Fraction(num * o.den + o.num * den, den * o.den); }
    public Fraction times(Fraction o) { return new Fraction(num * o.num, den * o.den); }
    @Override public String toString() { return num + "/" + den; }
}

