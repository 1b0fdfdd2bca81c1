package autograder.bridge;

/**
 * An error the student's code threw in its own process that the test
 * side does not rebuild as itself: the virtual machine's (a
 * StackOverflowError, an OutOfMemoryError), a linkage error, ThreadDeath,
 * or an Error of a class the tests do not have. It is an Error, as the
 * original was, so no test's catch of Exception or RuntimeException, and
 * no assertThrows of one, takes it for an exception of the student's
 * API; and it says what the student's code threw. It fails the test.
 */
public final class StudentError extends Error {
    private final String type;

    StudentError(String type, String message) {
        super("the student's code threw " + type + (message == null ? "" : ": " + message));
        this.type = type;
    }

    /** The class name of the error the student's code threw. */
    public String type() {
        return type;
    }
}
