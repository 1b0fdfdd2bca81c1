package autograder.bridge;

/**
 * A value the student's code gave that the bridge cannot carry to the
 * tests (its API declares a JDK class that is neither a value the bridge
 * copies nor an interface: a Thread, a StringBuilder). It fails the test
 * and says so; the student's process goes on.
 */
public final class BridgeLimit extends Error {
    BridgeLimit(String message) {
        super(message);
    }
}
