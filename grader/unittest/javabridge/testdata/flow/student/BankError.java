public class BankError extends Exception {
    private final int code;

    public BankError(String message, int code) {
        super(message);
        this.code = code;
    }

    public int code() {
        return code;
    }
}
