package autograder.bridge;

import java.io.PrintStream;
import java.util.Base64;
import java.util.Map;

/**
 * What the student's code prints during a call while the test has
 * redirected its own System.out or System.err (System.setOut(new
 * PrintStream(buffer)), as a test of printing does): each call says which
 * of the two the test has redirected, the student's side holds what its
 * code prints to that stream during the call, and sends it with its next
 * message (the reply, or a callback's request, so the order of the two
 * sides' printing is kept); here it is written to the test's stream as
 * bytes, up to CAP a test. Streams the test has not redirected are the
 * student's own, as before.
 */
final class Output {
    /** What the test side writes of the student's printing, a stream a test. */
    static final int CAP = 4 << 20;
    private static PrintStream out, err;
    private static int serial = -1;
    private static long outWritten, errWritten;

    private Output() {
    }

    /** The launcher's own streams, which no test has redirected: Main calls it. */
    static synchronized void launcher(PrintStream o, PrintStream e) {
        out = o;
        err = e;
    }

    /** Says in a call's request which streams the test has redirected. */
    static synchronized void flags(Map<String, Object> req) {
        if (out != null && System.out != out) {
            req.put("out", true);
        }
        if (err != null && System.err != err) {
            req.put("err", true);
        }
    }

    /** Takes the student's printing out of a message, into the test's redirected streams (test: the test running now). */
    static synchronized void deliver(Map<String, Object> m, int test) {
        Object o = m.remove("out"), e = m.remove("err");
        if (test != serial) {
            serial = test;
            outWritten = 0;
            errWritten = 0;
        }
        if (o != null) {
            outWritten = write(System.out, out, o, outWritten);
        }
        if (e != null) {
            errWritten = write(System.err, err, e, errWritten);
        }
    }

    private static long write(PrintStream to, PrintStream launcher, Object text, long written) {
        if (!(text instanceof String)) {
            throw new Values.BadValue("printed output that is not text");
        }
        byte[] b;
        try {
            b = Base64.getDecoder().decode((String) text);
        } catch (IllegalArgumentException x) {
            throw new Values.BadValue("printed output that is not base64");
        }
        if (launcher == null || to == launcher) {
            return written; // the test has put its stream back: not asked for
        }
        int n = (int) Math.max(0, Math.min(b.length, CAP - written));
        if (n > 0) {
            to.write(b, 0, n);
            to.flush();
        }
        return written + n;
    }
}
