/** Thrown when a withdrawal asks for more than the balance. */
public class InsufficientFundsException extends Exception {
    private final int shortfall;

    public InsufficientFundsException(String message, int shortfall) {
        super(message);
        this.shortfall = shortfall;
    }

    public int shortfall() {
        return shortfall;
    }
}
