import java.util.concurrent.CancellationException;

/** Asking for the result of a job that was cancelled. */
public class JobCancelledException extends CancellationException {
    private final int jobId;

    public JobCancelledException(int jobId) {
        super("job " + jobId + " was cancelled");
        this.jobId = jobId;
    }

    public int jobId() {
        return jobId;
    }
}
