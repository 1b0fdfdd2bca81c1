/** Pretends to be java.lang's. */
public class IllegalArgumentException extends RuntimeException {
    public IllegalArgumentException(String m) {
        super(m);
    }
}
