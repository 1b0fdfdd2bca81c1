package autograder.bridge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The test side of the bridge: the stand-ins' members call construct,
 * call and getStatic, which cross to the student's process and back. A
 * student's reply is data: every value is checked against the type the
 * stand-in declares, an object of the student's becomes a stand-in that
 * never equals a plain value, an exception is rebuilt from its type and
 * message. One call at a time crosses (calls from other threads wait).
 */
public final class Bridge {
    private static final Object LOCK = new Object();
    private static TestSide side;
    private static int depth;
    private static Throwable pending;

    private Bridge() {
    }

    /** Takes the bridge's frames; autograder.bridge.Main calls it before anything else runs. */
    public static void install(Frames io) {
        synchronized (LOCK) {
            side = new TestSide(io);
        }
    }

    static boolean installed() {
        synchronized (LOCK) {
            return side != null;
        }
    }

    private static TestSide side() {
        if (side == null) {
            throw new IllegalStateException("the bridge is not installed: run the tests through autograder.bridge.Main");
        }
        return side;
    }

    /** Constructs one of the student's objects. */
    public static Ref construct(String cls, String desc, Object[] args) {
        return (Ref) exchange("new", null, cls, "<init>", desc, Object.class, args, MADE);
    }

    /** Constructs one of the student's exceptions: its handle, message and public fields. */
    public static Thrown constructThrown(String cls, String desc, Object[] args) {
        return (Thrown) exchange("new", null, cls, "<init>", desc, Object.class, args, MADE_THROWN);
    }

    /** What an exchange returns: a call's value, a constructed object's Ref, or a constructed exception's Thrown. */
    private static final int VALUE = 0, MADE = 1, MADE_THROWN = 2;

    /** Calls a method (self null for a static one) and returns its result as ret. */
    public static Object call(Object self, String cls, String name, String desc, Class<?> ret, Object[] args) {
        return exchange("call", self, cls, name, desc, ret, args, VALUE);
    }

    /** Makes a stand-in the tests constructed known as the student's object it stands for. */
    public static void adopt(Remote standin) {
        synchronized (LOCK) {
            side().adopt(standin);
        }
    }

    /** Reads a static field. */
    public static Object getStatic(String cls, String name, String desc, Class<?> type) {
        Object v = exchange("get", null, cls, name, desc, type, null, VALUE);
        if (v instanceof Remote) {
            ((Remote) v).bridge$ref().origin = new String[] {cls, name, desc};
        }
        return v;
    }

    /**
     * The public static fields of the student's that are not final (a
     * counter, {@code public static int decksMade}): stand-in class, class,
     * name, descriptor, type. Each is read when its stand-in loads, and
     * again after each call of a test's to the student's code (refreshStatics),
     * so a test reads the value the student's code left.
     */
    private static final List<Object[]> watched = new ArrayList<>();
    private static boolean refreshing;

    /** A stand-in's public static field that is not final: its value now, and read again after each call. */
    public static Object watchStatic(Class<?> standin, String cls, String name, String desc, Class<?> type) {
        synchronized (LOCK) {
            watched.add(new Object[] {standin, cls, name, desc, type});
            if (side().died != null) {
                return zero(type); // read at the next call's end, in a fresh process
            }
            try {
                return getStatic(cls, name, desc, type);
            } catch (RuntimeException e) {
                return zero(type); // read again after the next call
            }
        }
    }

    /**
     * Reads the watched fields again, at the end of a test's call to the
     * student's code: what the call left is what the test reads. One that
     * cannot be read keeps its value.
     */
    private static void refreshStatics() {
        refreshing = true;
        try {
            for (Object[] w : watched) {
                if (side.died != null) {
                    return;
                }
                try {
                    Object v = exchange("get", null, (String) w[1], (String) w[2], (String) w[3], (Class<?>) w[4], null, VALUE);
                    java.lang.reflect.Field f = ((Class<?>) w[0]).getField((String) w[2]);
                    f.set(null, v);
                } catch (RuntimeException | ReflectiveOperationException e) {
                    // kept as it was
                }
            }
        } finally {
            refreshing = false;
        }
    }

    /**
     * Reads a public final field of one of the student's enum constants
     * (of a plain type: it outlives the process it was read from), as the
     * stand-in's constant is made. When the student's process died earlier
     * in the test that loads the enum, the read does not fail the enum's
     * loading (which would fail every later use of it, in every test): the
     * field holds its type's zero in that test, which has failed with the
     * death already, and is read at the start of the next (readDeferred).
     */
    public static Object enumField(Enum<?> constant, String cls, String name, String desc, Class<?> type) {
        synchronized (LOCK) {
            if (side().died != null) {
                deferred.add(new Object[] {constant, cls, name, desc, type});
                return zero(type);
            }
            return exchange("get", constant, cls, name, desc, type, null, VALUE);
        }
    }

    /** Enum fields not read yet (enumField): constant, class, name, descriptor, type. */
    private static final List<Object[]> deferred = new ArrayList<>();

    /** A type's zero as its box (0 for Integer), or null for a class that is no box. */
    private static Object zero(Class<?> type) {
        Class<?> p = java.lang.invoke.MethodType.methodType(type).unwrap().returnType();
        return p.isPrimitive() ? java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(p, 1), 0) : null;
    }

    /**
     * Reads the deferred enum fields, at a test's start, from a fresh
     * process, into the stand-ins' constants. One the process dies reading
     * is read at the next test's start again; one that fails otherwise
     * keeps its zero (its enum's loading had passed).
     */
    private static void readDeferred() {
        for (java.util.Iterator<Object[]> i = deferred.iterator(); i.hasNext() && side.died == null; ) {
            Object[] d = i.next();
            try {
                Object v = exchange("get", d[0], (String) d[1], (String) d[2], (String) d[3], (Class<?>) d[4], null, VALUE);
                java.lang.reflect.Field f = ((Enum<?>) d[0]).getDeclaringClass().getField((String) d[2]);
                f.setAccessible(true);
                f.set(d[0], v);
            } catch (StudentDied e) {
                return;
            } catch (RuntimeException | Error | ReflectiveOperationException e) {
                // left at its zero
            }
            i.remove();
        }
    }

    /** A static final field's handle, read again after its process ended. */
    static void refresh(Ref r) {
        Object v = exchange("get", null, r.origin[0], r.origin[1], r.origin[2], Object.class, null, VALUE);
        if (!(v instanceof Remote)) {
            throw new Values.BadValue("a static final field that is no longer an object");
        }
        Ref fresh = ((Remote) v).bridge$ref();
        r.id = fresh.id;
        r.generation = fresh.generation;
    }

    private static Object exchange(String op, Object self, String cls, String name, String desc, Class<?> ret, Object[] args, int kind) {
        synchronized (LOCK) {
            TestSide s = side();
            if (s.died != null) {
                StudentDied d = s.died;
                throw new StudentDied(d.getMessage() + " (earlier in this test; it is not started again until the next test)", d.limit(), d.exit(), d.signal());
            }
            if (depth >= Nesting.FLOOR && depth >= Nesting.max()) {
                throw s.tooDeep(Nesting.max());
            }
            depth++;
            try {
                List<Object> jargs = null;
                if (args != null) {
                    jargs = new ArrayList<>();
                    for (int i = 0; i < args.length; i++) {
                        Object a = args[i];
                        boolean builder = a instanceof StringBuilder || a instanceof StringBuffer;
                        jargs.add(builder && !builderParam(desc, i) ? s.encodeHandle(a) : s.encode(a));
                    }
                }
                Object jself = self == null ? null : s.encode(self);
                if (kind != VALUE) {
                    s.constructing(cls);
                }
                try {
                    Map<String, Object> reply = send(s, Peer.request(op, jself, cls, name, desc, jargs));
                    switch (kind) {
                        case MADE: return s.newRef(reply, args);
                        case MADE_THROWN: return s.newThrown(reply, args, cls);
                        default: return s.result(reply, ret, args);
                    }
                } catch (Values.Uncarried e) {
                    throw new BridgeLimit(e.getMessage());
                } catch (Values.BadValue | Json.BadJson e) {
                    throw protocol(s, e);
                } finally {
                    if (kind != VALUE) {
                        s.constructed();
                    }
                }
            } finally {
                depth--;
                if (depth == 0 && !watched.isEmpty() && !refreshing) {
                    refreshStatics();
                }
                if (depth == 0 && pending != null) {
                    Throwable p = pending;
                    pending = null;
                    throw Bridge.<RuntimeException>sneaky(p);
                }
            }
        }
    }

    /**
     * Whether the i-th parameter of a method's descriptor is a
     * StringBuilder or a StringBuffer: an argument there crosses by value
     * (copied, and copied back after the call).
     */
    static boolean builderParam(String desc, int i) {
        if (desc == null || !desc.startsWith("(")) {
            return false;
        }
        int p = 1;
        for (int n = 0; p < desc.length() && desc.charAt(p) != ')'; n++) {
            int start = p;
            while (p < desc.length() && desc.charAt(p) == '[') {
                p++;
            }
            p = p < desc.length() && desc.charAt(p) == 'L' ? desc.indexOf(';', p) + 1 : p + 1;
            if (p <= start) {
                return false;
            }
            if (n == i) {
                String t = desc.substring(start, p);
                return t.equals("Ljava/lang/StringBuilder;") || t.equals("Ljava/lang/StringBuffer;");
            }
        }
        return false;
    }

    /**
     * Sends a call and returns its reply. An IOException here is the
     * bridge's own (the frames could not be written or read): the test
     * fails with StudentDied. One the student's code threw (a
     * FileNotFoundException) is its answer, which result throws.
     */
    private static Map<String, Object> send(TestSide s, Map<String, Object> req) {
        try {
            return s.call(req);
        } catch (IOException e) {
            throw s.broken(e);
        }
    }

    /**
     * The student's side sent what the protocol forbids: its process is
     * ended (a reset) and the test fails; the next call starts afresh.
     */
    private static StudentDied protocol(TestSide s, RuntimeException e) {
        try {
            s.io.write('G', Json.write(Values.tag("op", "reset")));
        } catch (IOException x) {
            // the bridge is gone: the next call says so
        }
        s.forget();
        s.died = new StudentDied("the student's process broke the bridge protocol: " + e.getMessage(), "", -1, "");
        return s.died;
    }

    /** A test's failure inside a callback the student's code may have caught: it fails the test all the same. */
    static void failedInCallback(Throwable t) {
        if (pending == null && (t instanceof AssertionError || !(t instanceof Exception))) {
            pending = t;
        }
    }

    /**
     * Tells the grader how the framework ended the test id ("timer": its
     * own time limit), which the verdict takes from here alone, never
     * from the report's text or an exception's type the student's code
     * can throw.
     */
    static void failed(String id, String how) {
        synchronized (LOCK) {
            if (side == null) {
                return;
            }
            Map<String, Object> m = Values.tag("op", "failed");
            m.put("id", id);
            m.put("by", how);
            try {
                side.io.write('G', Json.write(m));
            } catch (IOException e) {
                throw side.broken(e);
            }
        }
    }

    /** Sends a control frame to the grader ("test", "ended", "reset", "done"). */
    static void control(String op, String id) {
        synchronized (LOCK) {
            if (side == null) {
                return;
            }
            side.died = null; // a new test, or a new class: a fresh process may start
            if (op.equals("test")) {
                side.testSerial++;
                side.inTest = true;
            }
            Map<String, Object> m = Values.tag("op", op);
            if (id != null) {
                m.put("id", id);
            }
            try {
                side.io.write('G', Json.write(m));
            } catch (IOException e) {
                throw side.broken(e);
            }
            if (op.equals("test")) {
                if (!deferred.isEmpty()) {
                    readDeferred();
                }
            } else if (!op.equals("ended")) {
                side.forget();
            }
        }
    }

    /**
     * A test ended: a callback it passed, called later by a thread of the
     * student's, no longer fails a test; what it let go of the student's
     * objects is collected in its time (TestSide.settle). The relay is told
     * ("ended"), and a process that died in it is the test's alone: JUnit
     * makes the next test's instance (its field initializers: {@code
     * private final Counter c = new Counter();}) before that test begins,
     * and those calls start a fresh process, counted for no test.
     */
    static void testFinished() {
        synchronized (LOCK) {
            if (side != null) {
                side.inTest = false;
                if (depth == 0) {
                    side.settle();
                }
            }
        }
        control("ended", null);
    }

    @SuppressWarnings("unchecked")
    static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }
}
