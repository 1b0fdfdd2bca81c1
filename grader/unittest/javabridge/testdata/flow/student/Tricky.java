import java.util.ArrayList;
import java.util.List;

public class Tricky extends RuntimeException {
    public final Object payload;
    public final Ticker ticker;

    public Tricky(Object payload, Ticker ticker) {
        super("tricky");
        this.payload = payload;
        this.ticker = ticker;
    }

    public Tricky self() {
        return this;
    }

    /** A message that throws when read. */
    @Override
    public String getMessage() {
        throw new IllegalStateException("no message for you");
    }

    /** A stack trace that throws when read. */
    @Override
    public StackTraceElement[] getStackTrace() {
        throw new IllegalStateException("no trace for you");
    }

    @Override
    public boolean equals(Object o) {
        return true;
    }

    @Override
    public int hashCode() {
        throw new IllegalStateException("no hash for you");
    }

    @Override
    public String toString() {
        return "java.lang.AssertionError: forged";
    }

    public static void selfContaining() {
        List<Object> xs = new ArrayList<>();
        xs.add(xs);
        throw new Tricky(xs, new Ticker());
    }

    public static void withTicker() {
        Ticker t = new Ticker();
        t.walk(x -> { });
        throw new Tricky("p", t);
    }

    public static void cycle() {
        RuntimeException a = new RuntimeException("a"), b = new RuntimeException("b");
        a.initCause(b);
        b.initCause(a);
        throw a;
    }

    public static void pretend() {
        throw new IllegalArgumentException("not java.lang's");
    }

    /** Catches what the test's callback throws: its own exception comes back as itself. */
    public static String rethrown(Runnable r) {
        try {
            r.run();
            return "nothing thrown";
        } catch (Tricky t) {
            return "caught its own";
        }
    }

    public static void takesABuilder(StringBuilder b) {
        b.append("x");
    }

    private static Thread pending;

    /** Calls the test back from a thread of its own, after this call returned. */
    public static void later(Runnable r) {
        pending = new Thread(() -> {
            try {
                Thread.sleep(50);
                r.run();
            } catch (Throwable t) {
                System.err.println("the thread got " + t);
            }
        });
        pending.start();
    }

    public static int waitForLater() throws InterruptedException {
        pending.join();
        return 7;
    }

    public static Thread thread() {
        return Thread.currentThread();
    }

    public static String takesAScanner(java.util.Scanner s) {
        return s.next();
    }

    /** A builder too large for the bridge's message. */
    public static StringBuilder hugeBuilder() {
        return new StringBuilder("x".repeat(17 << 20));
    }

    private static StringBuilder kept;

    public static void keep(StringBuilder b) {
        kept = b;
        b.append("!");
    }

    /** Changes the kept builder after the call that gave it returned. */
    public static void changeKept() {
        kept.setLength(0);
        kept.append("tampered");
    }

    /** A StringBuilder that reads as the expected String. */
    public static Object lookAlike() {
        return new StringBuilder("forty-two");
    }
}
