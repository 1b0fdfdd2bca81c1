import java.util.concurrent.ExecutionException;

/** A job that ran and failed: checked, with what went wrong as its cause. */
public class JobFailedException extends ExecutionException {
    public JobFailedException(String message, Throwable cause) {
        super(message, cause);
    }

    public boolean retryable() {
        return getCause() instanceof IllegalStateException;
    }
}
