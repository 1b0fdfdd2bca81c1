package autograder.bridge;

/** A stand-in for one of the student's objects, which lives in the student's process. */
public interface Remote {
    Ref bridge$ref();
}
