package autograder.bridge;

/**
 * The student's process ended or was stopped instead of answering (it
 * exited, crashed, ran past a limit, or broke the bridge's protocol). It
 * fails the test it happens in; the next call starts a fresh process.
 */
public final class StudentDied extends Error {
    private final String limit;
    private final int exit;
    private final String signal;

    StudentDied(String why, String limit, int exit, String signal) {
        super(why);
        this.limit = limit;
        this.exit = exit;
        this.signal = signal;
    }

    /** The limit it ran past: "cpu", "wall", "memory", "output", "processes", or "". */
    public String limit() {
        return limit;
    }

    public int exit() {
        return exit;
    }

    public String signal() {
        return signal;
    }
}
