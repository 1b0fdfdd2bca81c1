/** A gauge whose field is named like a package, beside constants that are no numbers. */
public final class Gauge {
    public static final double EMPTY = Double.NaN;
    public static final float TOP = Float.POSITIVE_INFINITY;
    public static final double BOTTOM = Double.NEGATIVE_INFINITY;

    public final int java;

    public Gauge(int level) {
        this.java = level;
    }
}
