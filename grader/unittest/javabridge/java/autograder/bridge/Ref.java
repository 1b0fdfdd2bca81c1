package autograder.bridge;

/**
 * A handle to one of the student's objects in one run of the student's
 * process. A handle read from a static final field knows where it came
 * from, and is read again from a fresh process when the old one has ended.
 */
public final class Ref {
    int id;
    int generation;
    String[] origin; // class, field, descriptor; null when not a static field's value

    Ref(int id, int generation) {
        this.id = id;
        this.generation = generation;
    }
}
