import java.time.DateTimeException;

/** A deadline that is no time of day. */
public class BadDeadlineException extends DateTimeException {
    public final String text;

    public BadDeadlineException(String text) {
        super("not a time: " + text);
        this.text = text;
    }
}
