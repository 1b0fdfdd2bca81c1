public class AgeParser {
    public static int parse(String s) {
        int n;
        try {
            n = Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new InvalidAgeException(s, e);
        }
        if (n < 0 || n > 150) {
            throw new InvalidAgeException(s);
        }
        return n;
    }
}
