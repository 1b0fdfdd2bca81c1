package autograder.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;
import java.util.Map;

/**
 * What the student's code reads from System.in during a call while the
 * test has set its own (System.setIn(new ByteArrayInputStream(...)), as
 * a test of a Scanner(System.in) program does): each call carries what
 * the test's stream has left, up to CAP, read without taking it (mark and
 * reset); the student's side reads from a copy, and says with each
 * message it sends how many bytes its code took; as many are skipped
 * here, so the test, or its next call, reads on from there, as in one
 * process. A stream that cannot be marked is not offered: the student's
 * code reads an empty one, as when the test has set none.
 */
final class Input {
    /** The most bytes of the test's input a call carries. */
    static final int CAP = 1 << 20;
    private static InputStream launcher;

    private Input() {
    }

    /** The launcher's own System.in, which no test has set: Main calls it. */
    static synchronized void launcher(InputStream in) {
        launcher = in;
    }

    /** Puts in a call's request what the test's System.in has left, when the test has set it. */
    static synchronized void offer(Map<String, Object> req) {
        InputStream in = System.in;
        if (launcher == null || in == null || in == launcher || !in.markSupported()) {
            return;
        }
        try {
            in.mark(CAP + 1);
            byte[] b = in.readNBytes(CAP);
            in.reset();
            req.put("in", Base64.getEncoder().encodeToString(b));
        } catch (IOException e) {
            // a stream that fails: not offered
        }
    }

    /** Skips in the test's System.in what the student's code took of it, as a message of its side says. */
    static synchronized void taken(Map<String, Object> m) {
        Object n = m.remove("inRead");
        if (n == null) {
            return;
        }
        if (!(n instanceof Integer) || (Integer) n < 0 || (Integer) n > CAP) {
            throw new Values.BadValue("a count of input read that is no count");
        }
        InputStream in = System.in;
        if (launcher == null || in == null || in == launcher) {
            return;
        }
        try {
            long left = (Integer) n;
            while (left > 0) {
                long k = in.skip(left);
                if (k <= 0) {
                    return;
                }
                left -= k;
            }
        } catch (IOException e) {
            // a stream that fails: the test reads what it can
        }
    }
}
