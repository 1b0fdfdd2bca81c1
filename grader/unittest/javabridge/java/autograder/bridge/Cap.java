package autograder.bridge;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.platform.engine.reporting.ReportEntry;

/**
 * Keeps what JUnit's report holds of one test to a bounded size, so that
 * one test's bytes (a student's string of millions of characters in an
 * assertion's message) cost that test alone, never the report the other
 * tests are read from: each exception's message at most MAX characters,
 * the test's whole trace (messages, frames, causes, suppressed) about
 * twice that, and each value a test publishes (TestReporter, captured
 * output) at most MAX. What is cut ends with "...(N characters)", as the
 * pytest bridge's cuts do. The exceptions are cut in place, before the
 * report is written at the end of the run: the test box runs with
 * java.lang opened to the bridge (LauncherArgs).
 */
final class Cap {
    /** The grader's one cut of a test's feedback, the pytest bridge's MAX_REPR too. */
    static final int MAX = 8192;
    /** The most exceptions kept of one test's trace: causes and suppressed ones. */
    private static final int MAX_THROWABLES = 16;

    private static final Field MESSAGE = field(Throwable.class, "detailMessage");
    private static final Field CAUSE = field(Throwable.class, "cause");
    private static final Field SUPPRESSED = field(Throwable.class, "suppressedExceptions");
    private static final Field ENTRY = field(ReportEntry.class, "keyValuePairs");

    private Cap() {
    }

    private static Field field(Class<?> c, String name) {
        try {
            Field f = c.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // not opened: the report is written uncut
        }
    }

    /** s cut to n characters, never inside a surrogate pair, with how long it was. */
    static String cut(String s, int n) {
        if (s == null || s.length() <= n) {
            return s;
        }
        int end = Math.max(0, n);
        if (end > 0 && Character.isHighSurrogate(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end) + "...(" + s.length() + " characters)";
    }

    /** Cuts a test's exception, its causes and suppressed ones, in place. */
    static void cut(Throwable t) {
        new Walk().visit(t, MAX);
    }

    /** Cuts the values of a report entry (a test's published value, its captured output) in place. */
    @SuppressWarnings("unchecked")
    static void cut(ReportEntry entry) {
        Object values = get(ENTRY, entry);
        if (values instanceof Map) {
            ((Map<String, String>) values).replaceAll((k, v) -> cut(v, MAX));
        }
    }

    /** One walk over a test's exceptions, with what is left of its trace's budget. */
    private static final class Walk {
        private int budget = 2 * MAX;
        private int seen;
        private final Set<Throwable> done = Collections.newSetFromMap(new IdentityHashMap<>());

        void visit(Throwable t, int most) {
            if (t == null || !done.add(t)) {
                return;
            }
            seen++;
            message(t, most);
            frames(t);
            suppressed(t);
            Throwable cause = cause(t);
            if (cause == null) {
                return;
            }
            if (budget <= 0 || seen >= MAX_THROWABLES) {
                set(CAUSE, t, t); // Throwable's mark of no cause
                return;
            }
            visit(cause, Math.min(MAX, budget));
        }

        private void message(Throwable t, int most) {
            String m;
            try {
                m = t.getMessage();
            } catch (RuntimeException | Error e) {
                return;
            }
            if (m == null) {
                return;
            }
            if (m.length() > most && m.equals(get(MESSAGE, t))) {
                m = cut(m, most);
                set(MESSAGE, t, m);
            }
            budget -= Math.min(m.length(), most) + 64;
        }

        private void frames(Throwable t) {
            StackTraceElement[] st = t.getStackTrace();
            int keep = 0;
            while (keep < st.length && budget > 0) {
                budget -= String.valueOf(st[keep]).length() + 5;
                keep++;
            }
            if (keep < st.length) {
                t.setStackTrace(java.util.Arrays.copyOf(st, keep));
            }
        }

        private void suppressed(Throwable t) {
            Throwable[] sup = t.getSuppressed();
            if (sup.length == 0) {
                return;
            }
            List<Throwable> kept = new ArrayList<>();
            for (Throwable s : sup) {
                if (budget <= 0 || seen >= MAX_THROWABLES) {
                    break;
                }
                kept.add(s);
                visit(s, Math.min(MAX, budget));
            }
            if (kept.size() < sup.length) {
                set(SUPPRESSED, t, kept);
            }
        }

        private static Throwable cause(Throwable t) {
            try {
                Throwable c = t.getCause();
                return c == t ? null : c;
            } catch (RuntimeException | Error e) {
                return null;
            }
        }
    }

    private static Object get(Field f, Object o) {
        try {
            return f == null ? null : f.get(o);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static void set(Field f, Object o, Object v) {
        try {
            if (f != null) {
                f.set(o, v);
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // left as it is
        }
    }
}
