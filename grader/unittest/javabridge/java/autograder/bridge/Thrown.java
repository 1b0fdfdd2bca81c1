package autograder.bridge;

import java.util.Map;

/**
 * What a stand-in of a student's exception is built from: the student's
 * message, the handle of the student's exception object, and the values
 * its public fields had when it was thrown or made (read and checked
 * against the stand-in's field types by the test side).
 */
public final class Thrown {
    private final String message;
    private final Ref ref;
    private final Map<String, Object> values;

    Thrown(String message, Ref ref, Map<String, Object> values) {
        this.message = message;
        this.ref = ref;
        this.values = values;
    }

    public String message() {
        return message;
    }

    public Ref ref() {
        return ref;
    }

    /** The value of a public field of the student's exception. */
    public Object value(String field) {
        return values.get(field);
    }
}
