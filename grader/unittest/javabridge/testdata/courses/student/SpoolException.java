import java.io.IOException;
import java.io.UncheckedIOException;

/** Writing a job to the spool failed. */
public class SpoolException extends UncheckedIOException {
    public SpoolException(String message) {
        super(message, new IOException(message));
    }
}
