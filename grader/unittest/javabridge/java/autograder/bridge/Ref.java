package autograder.bridge;

/** A handle to one of the student's objects in one run of the student's process. */
public final class Ref {
    final int id;
    final int generation;

    Ref(int id, int generation) {
        this.id = id;
        this.generation = generation;
    }
}
