/**
 * One problem of a validation: the problems found form a chain, each
 * knows the first one (itself, for the first) and the first knows the last.
 */
public class ValidationException extends IllegalArgumentException {
    public final ValidationException first;
    public ValidationException last;
    private final int number;

    public ValidationException(String message, ValidationException previous) {
        super(message);
        this.first = previous == null ? this : previous.first;
        this.number = previous == null ? 1 : previous.number + 1;
        this.first.last = this;
    }

    public int count() {
        return last.number;
    }
}
