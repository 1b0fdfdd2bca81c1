package autograder.warm;

import java.lang.invoke.MethodHandle;

/**
 * The thread one case's main runs in. Harness defines this class as a hidden
 * class, never by name: the frames of a hidden class are left out of stack
 * traces, so an exception thrown by the submission shows exactly the frames
 * it shows when the launcher calls main (main at the bottom), and the
 * "... n more" counts of its causes are the same too.
 */
final class CaseThread extends Thread {
    private final MethodHandle main; // (String[])void
    private final String[] args;
    private final Harness.Case state;

    /**
     * The case's stack: 192 KiB, less than a fifth of the 1 MiB a 64-bit JVM
     * gives the launcher's main thread, so that a case thread reaches no
     * deeper than a fresh JVM's main thread: a warm JVM has compiled the
     * JDK's methods already, and the submission's too when its classes
     * serve several cases (Harness.MAX_REUSED_SLOTS), and compiled frames
     * are smaller than interpreted ones. Any StackOverflowError, caught or
     * not, ends the warm JVM (the grader starts it with
     * -XX:AbortVMOnException) and the case runs cold.
     */
    static final long STACK = 192 << 10;

    CaseThread(ThreadGroup group, MethodHandle main, String[] args, Harness.Case state) {
        // The launcher's main thread: named "main"; its stack, see STACK.
        super(group, null, "main", STACK, false);
        this.main = main;
        this.args = args;
        this.state = state;
    }

    @Override
    public void run() {
        try {
            main.invokeExact(args);
        } catch (Throwable e) {
            if (state.exited()) {
                return; // System.exit was trapped: the case ended there
            }
            state.threw(e);
            // As the JVM does when main throws: the thread's handler, by
            // default its group's, prints "Exception in thread "main" ..."
            // on System.err.
            try {
                getUncaughtExceptionHandler().uncaughtException(this, e);
            } catch (Throwable ignored) {
                // the JVM ignores what a handler throws
            }
        }
    }
}
