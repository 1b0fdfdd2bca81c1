package autograder.bridge;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of the bridge: calls are synchronous and nest, so a side that
 * waits for its reply serves the other side's requests (callbacks) in the
 * same thread meanwhile. A request has an "op"; a reply has "re" (the
 * value, and "back": the arrays and collections passed, as the callee
 * left them) or "exc" (type, message, trace).
 */
public abstract class Peer extends Values {
    protected final Frames io;
    /** Made on first use: a student process that is never called back needs none. */
    private static final class Nonce {
        static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();
    }
    private final Map<Class<?>, Map<String, Executable>> members = new HashMap<>();
    /**
     * A students' test suite run (AUTOGRADER_BRIDGE_SUITE=1 in both
     * boxes): the implementation's side is the instructor's, the test
     * side the student's, and the grader compares what crossed from one
     * run to the next. Sequence numbers are then counted, not drawn, and
     * nothing that varies with the machine (a trace's lines, garbage
     * collection's timing) crosses.
     */
    protected static final boolean SUITE = "1".equals(System.getenv("AUTOGRADER_BRIDGE_SUITE"));
    private long counted;

    protected Peer(Frames io) {
        this.io = io;
    }

    /** Reads the next 'S' message, or throws what the side makes of anything else. */
    protected abstract Map<String, Object> receive() throws IOException;

    /** Serves one request of the other side. */
    protected abstract Map<String, Object> serve(Map<String, Object> req) throws Throwable;

    /** Whether a failure while serving ends the exchange rather than crossing as a reply. */
    protected boolean fatal(Throwable t) {
        return false;
    }

    @SuppressWarnings("unchecked")
    static <T extends Throwable> T rethrow(Throwable t) throws T {
        throw (T) t;
    }

    /** Adds to a message this side sends what goes with it (the student's side: what its code printed for the test). */
    protected void attach(Map<String, Object> m) {
    }

    /** Whether a frame of a trace is worth showing the other side. */
    protected abstract boolean keepFrame(StackTraceElement e);

    /** Sends a request and returns its reply, serving the other side's requests meanwhile. */
    protected final Map<String, Object> exchange(Map<String, Object> req) throws IOException {
        // A number the other side cannot guess: a reply written ahead of
        // time, or left in the pipe by a process since ended, matches no call.
        String seq = Long.toHexString(SUITE ? ++counted : Nonce.RANDOM.nextLong());
        req.put("seq", seq);
        attach(req);
        io.write('S', Json.write(req));
        waiting.add(seq);
        try {
            while (true) {
                Map<String, Object> m = receive();
                if (!m.containsKey("op")) {
                    if (seq.equals(m.get("seq"))) {
                        return m;
                    }
                    if (waiting.contains(m.get("seq"))) {
                        outOfTurn();
                    }
                    skipped();
                    continue; // a reply from a process since ended, or to nothing asked
                }
                io.write('S', answer(m));
            }
        } finally {
            waiting.removeLastOccurrence(seq);
        }
    }

    /** The calls this side waits for, innermost last (one thread at a time makes them: each side's lock). */
    private final java.util.ArrayDeque<String> waiting = new java.util.ArrayDeque<>();

    /**
     * The answer to a call further out came while this one waited: the
     * other side has lost this call's answer (its own stack overflowed
     * while it answered), and will never give it. The test side fails
     * the call (so the test never waits for what no one will send); the
     * student side ignores it, as any answer to nothing asked.
     */
    protected void outOfTurn() {
    }

    /** A reply to nothing asked was skipped, and this side waits on. */
    protected void skipped() throws IOException {
    }

    /** Whether a StackOverflowError while answering is answered as the call's failure (the student side). */
    protected boolean answersOverflow() {
        return false;
    }

    private static final String OVERFLOW_HEAD = "{\"exc\":{\"type\":\"java.lang.StackOverflowError\",\"msg\":null,\"trace\":[],\"error\":true},\"seq\":\"";

    /** Whether s is a sequence number as exchange makes them: at most 16 hex digits. */
    private static boolean hexSeq(Object s) {
        if (!(s instanceof String) || ((String) s).length() > 16) {
            return false;
        }
        String t = (String) s;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /**
     * The reply to a request, written: a value too deeply nested for a
     * message (lists in lists, exceptions whose fields hold exceptions)
     * fails the call, saying so, and the side goes on.
     */
    protected final String answer(Map<String, Object> req) {
        try {
            Map<String, Object> r = serveSafely(req);
            attach(r);
            try {
                String w = Json.write(r);
                if (w.length() >= Frames.MAX) {
                    // ASCII: a character a byte. Refused here, the call fails
                    // and the side goes on (Frames.write would end it)
                    throw new IllegalArgumentException("a message over the bridge's 16 MiB");
                }
                return w;
            } catch (IllegalArgumentException x) {
                Map<String, Object> e = tag("exc", encodeThrowable(new BadValue("a value too large or too deeply nested to cross the bridge")));
                e.put("seq", r.get("seq"));
                return Json.write(e);
            }
        } catch (StackOverflowError e) {
            if (!answersOverflow()) {
                throw e;
            }
            // The bridge's own code ran out of stack writing the answer (a
            // ping-pong of calls and callbacks thousands deep): the call
            // fails as the student's code overflowing, and is answered, so
            // the two sides stay in step. Written without a call that
            // could overflow again.
            Object seq = req.get("seq");
            return OVERFLOW_HEAD.concat(hexSeq(seq) ? (String) seq : "").concat("\"}");
        }
    }

    /** Serves a request; the reply carries the request's sequence number. */
    protected final Map<String, Object> serveSafely(Map<String, Object> req) {
        Map<String, Object> r;
        try {
            r = serve(req);
        } catch (Throwable t) {
            if (fatal(t)) {
                throw Peer.<RuntimeException>rethrow(t);
            }
            try {
                r = tag("exc", encodeThrowable(t));
            } catch (BadValue x) {
                // the exception's fields nest too deeply, or are too large, to cross: that, said
                r = tag("exc", encodeThrowable(x));
            } catch (Throwable x) {
                // an exception whose own methods throw (a student's getStackTrace): its type alone
                Map<String, Object> e = tag("type", t.getClass().getName());
                e.put("msg", null);
                e.put("trace", new ArrayList<>());
                r = tag("exc", e);
            }
        }
        r.put("seq", req.get("seq") instanceof String ? req.get("seq") : "");
        return r;
    }

    @SuppressWarnings("unchecked")
    protected static Map<String, Object> message(String text) {
        Object v = Json.parse(text);
        if (!(v instanceof Map)) {
            throw new BadValue("a message that is not an object");
        }
        return (Map<String, Object>) v;
    }

    protected final Map<String, Object> encodeThrowable(Throwable t) {
        if (t instanceof ExceptionInInitializerError && t.getCause() != null) {
            t = t.getCause(); // what the class's static initializer threw
        }
        startMessage();
        return encodeThrowable(t, 0);
    }

    /** Adds what a side knows of its own exception (the student's: its handle and public fields). */
    protected void describe(Throwable t, Map<String, Object> e) {
    }

    private Map<String, Object> encodeThrowable(Throwable t, int depth) {
        Map<String, Object> e = tag("type", t.getClass().getName());
        if (t instanceof Error) {
            e.put("error", true);
        }
        describe(t, e);
        String msg;
        try {
            msg = t.getMessage();
        } catch (Throwable x) {
            msg = null;
        }
        e.put("msg", msg == null ? null : clip(msg, 1 << 16));
        List<Object> trace = new ArrayList<>();
        StackTraceElement[] frames;
        try {
            frames = t.getStackTrace();
        } catch (Throwable x) {
            frames = new StackTraceElement[0]; // a student's getStackTrace that throws
        }
        for (StackTraceElement f : frames) {
            if (trace.size() < 64 && keepFrame(f)) {
                List<Object> row = new ArrayList<>();
                row.add(clip(f.getClassName(), 1000));
                row.add(clip(f.getMethodName(), 1000));
                row.add(f.getFileName() == null ? null : clip(f.getFileName(), 1000));
                row.add(f.getLineNumber());
                trace.add(row);
            }
        }
        e.put("trace", trace);
        Throwable cause = null;
        try {
            cause = t.getCause();
        } catch (Throwable x) {
            // a student's getCause that throws: no cause
        }
        if (cause != null && cause != t && depth < 8) {
            e.put("cause", encodeThrowable(cause, depth + 1));
        }
        return e;
    }

    protected static String clip(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n);
    }

    /** The frames of a trace the other side sent, checked. */
    protected static List<StackTraceElement> frames(Object trace) {
        List<StackTraceElement> out = new ArrayList<>();
        for (Object r : jsonList(trace)) {
            List<?> row = jsonList(r);
            if (row.size() != 4 || !(row.get(3) instanceof Integer) || out.size() >= 64) {
                throw new BadValue("a malformed trace");
            }
            String file = row.get(2) == null ? null : str(row.get(2), null, 1000);
            out.add(new StackTraceElement(str(row.get(0), null, 1000), str(row.get(1), null, 1000), file, (Integer) row.get(3)));
        }
        return out;
    }

    /** Decodes a call's arguments by the parameter types of the member called. */
    protected final Object[] arguments(Object json, Class<?>[] types) {
        List<?> args = jsonList(json);
        if (args.size() != types.length) {
            throw new BadValue(args.size() + " arguments for " + types.length + " parameters");
        }
        Object[] out = new Object[types.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = decode(args.get(i), types[i]);
        }
        return out;
    }

    /** A reply: the result, and the arrays and collections passed as they are now. */
    protected final Map<String, Object> reply(Object result, Object[] args, Object json) {
        Map<String, Object> r = tag("re", encode(result));
        List<?> in = jsonList(json);
        List<Object> back = new ArrayList<>();
        boolean any = false;
        for (int i = 0; i < args.length; i++) {
            Object a = in.get(i);
            boolean copy = a instanceof Map && (((Map<?, ?>) a).containsKey("array") || ((Map<?, ?>) a).containsKey("list")
                    || ((Map<?, ?>) a).containsKey("set") || ((Map<?, ?>) a).containsKey("map")
                    || ((Map<?, ?>) a).containsKey("sset") || ((Map<?, ?>) a).containsKey("smap") || ((Map<?, ?>) a).containsKey("coll")
                    || ((Map<?, ?>) a).containsKey("builder"));
            back.add(copy ? encode(args[i]) : null);
            any |= copy;
        }
        if (any) {
            r.put("back", back);
        }
        return r;
    }

    /** The method or constructor of c with this name ("<init>") and descriptor, public or not. */
    protected final Executable member(Class<?> c, String name, String desc) throws NoSuchMethodException {
        Map<String, Executable> byKey = members.computeIfAbsent(c, k -> new HashMap<>());
        String key = name + desc;
        Executable e = byKey.get(key);
        if (e == null) {
            e = find(c, name, desc);
            e.setAccessible(true);
            byKey.put(key, e);
        }
        return e;
    }

    private static Executable find(Class<?> c, String name, String desc) throws NoSuchMethodException {
        if (name.equals("<init>")) {
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                if (descriptor(k.getParameterTypes(), void.class).equals(desc)) {
                    return k;
                }
            }
        } else {
            for (Method m : c.getMethods()) {
                if (m.getName().equals(name) && descriptor(m).equals(desc)) {
                    return m;
                }
            }
            for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                for (Method m : k.getDeclaredMethods()) {
                    if (m.getName().equals(name) && descriptor(m).equals(desc)) {
                        return m;
                    }
                }
            }
        }
        throw new NoSuchMethodException(c.getName() + "." + name + desc);
    }

    public static String descriptor(Method m) {
        return descriptor(m.getParameterTypes(), m.getReturnType());
    }

    static String descriptor(Class<?>[] params, Class<?> result) {
        StringBuilder b = new StringBuilder("(");
        for (Class<?> p : params) {
            b.append(typeDescriptor(p));
        }
        return b.append(')').append(typeDescriptor(result)).toString();
    }

    private static final Map<Class<?>, String> PRIM_DESC = Map.of(int.class, "I", long.class, "J",
            short.class, "S", byte.class, "B", char.class, "C", float.class, "F", double.class, "D",
            boolean.class, "Z", void.class, "V");

    static String typeDescriptor(Class<?> c) {
        String p = PRIM_DESC.get(c);
        if (p != null) {
            return p;
        }
        if (c.isArray()) {
            return c.getName().replace('.', '/');
        }
        return "L" + c.getName().replace('.', '/') + ";";
    }

    protected static Map<String, Object> request(String op, Object self, String cls, String name, String desc, List<Object> args) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("op", op);
        if (op.equals("call") || op.equals("get") && self != null) {
            r.put("self", self); // a get's: an enum constant whose field is read
        }
        r.put("class", cls);
        r.put("name", name);
        r.put("desc", desc);
        if (args != null) {
            r.put("args", args);
        }
        return r;
    }
}
