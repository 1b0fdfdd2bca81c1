package autograder.bridge;

/** What a stand-in of a student's exception is built from: the student's message. */
public final class Thrown {
    private final String message;

    Thrown(String message) {
        this.message = message;
    }

    public String message() {
        return message;
    }
}
