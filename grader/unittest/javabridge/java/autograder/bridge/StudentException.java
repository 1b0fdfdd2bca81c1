package autograder.bridge;

/** An exception of the student's code whose class the tests do not have: its type and message. */
public final class StudentException extends RuntimeException {
    private final String type;

    StudentException(String type, String message) {
        super(message == null ? type : type + ": " + message);
        this.type = type;
    }

    /** The class name of the exception the student's code threw. */
    public String type() {
        return type;
    }
}
