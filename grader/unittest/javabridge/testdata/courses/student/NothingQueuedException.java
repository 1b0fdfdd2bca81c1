import java.util.EmptyStackException;

/** Running the next job when none is queued. */
public class NothingQueuedException extends EmptyStackException {
    @Override
    public String getMessage() {
        return "nothing queued";
    }
}
