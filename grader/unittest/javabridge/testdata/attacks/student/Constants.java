public class Constants {
    public static final int MAX = 7;
    public static final long BIG = Long.MIN_VALUE;
    public static final String NAME = "a\"b\\c\u00e9\n\u0000";
    public static final double TENTH = 0.1;
    public static final float NAN = Float.NaN;
    public static final char C = 'x';
    public static final Money ZERO = new Money(0);

    private Constants() {
    }
}
