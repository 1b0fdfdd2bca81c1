package autograder.bridge;

import java.util.Map;

/**
 * What a stand-in of a student's exception, or of a student's class with
 * public final fields, is built from: the student's message (an
 * exception's), the handle of the student's object, and the values its
 * public fields had when it was thrown or made, or crossed (checked
 * against the stand-in's field types by the test side). The stand-in
 * binds itself to the handle before it reads a field, so a field that
 * holds the object itself, or an object that holds it (a cycle), is this
 * stand-in.
 */
public final class Thrown {
    private final String message;
    private final Ref ref;
    private final Map<?, ?> given;
    private final Map<String, Class<?>> types;
    private final TestSide side;

    Thrown(String message, Ref ref, Map<?, ?> given, Map<String, Class<?>> types, TestSide side) {
        this.message = message;
        this.ref = ref;
        this.given = given;
        this.types = types;
        this.side = side;
    }

    public String message() {
        return message;
    }

    /** The text of the student's own toString(), as thrown or made; null where Throwable's is the student's. */
    public String text() {
        Object t = given.get("bridge$text");
        return t instanceof String ? (String) t : null;
    }

    public Ref ref() {
        return ref;
    }

    /** Makes the stand-in being built the test's view of the student's exception. */
    public void bind(Remote standin) {
        side.adopt(standin);
    }

    /** The value of a public field of the student's object. */
    public Object value(String field) {
        Class<?> t = types.get(field);
        return t == null ? null : side.fieldValue(given.get(field), t);
    }
}
