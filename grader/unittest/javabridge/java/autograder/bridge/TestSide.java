package autograder.bridge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** The test side's peer: what the student sends is checked here, field by field. */
final class TestSide extends Peer {
    /** Where the list of stand-ins lies on the tests' class path. */
    static final String INDEX = "autograder/bridge/standins.txt";
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*(\\$[A-Za-z0-9_]+)*");
    private static final Set<String> PLAIN = Set.of("java.lang.Object", "java.lang.String", "java.lang.Integer",
            "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character", "java.lang.Boolean",
            "java.lang.Double", "java.lang.Float", "java.math.BigInteger", "java.math.BigDecimal");

    private int generation;
    /** The stand-ins of the student's objects, held weakly: one the tests drop is freed in the student's process. */
    private final Map<Integer, Held> handles = new HashMap<>();
    private final ReferenceQueue<Object> dropped = new ReferenceQueue<>();
    /** The handles of stand-ins dropped before this call, freed with the next (see call). */
    private final List<Integer> droppedBefore = new ArrayList<>();

    private static final class Held extends WeakReference<Object> {
        final int id;

        Held(Object standin, int id, ReferenceQueue<Object> q) {
            super(standin, q);
            this.id = id;
        }
    }
    private final Map<Object, Integer> callbackIds = new IdentityHashMap<>();
    private final List<Object> callbacks = new ArrayList<>();
    /** The test each callback was last passed in (0: outside any test), and the test running now. */
    private final List<Integer> passedIn = new ArrayList<>();
    int testSerial;
    boolean inTest;
    private Set<String> standins;
    /**
     * How the student's process ended in this test, if it did: every
     * later call of the test fails the same way, without a fresh process
     * (a runaway stopped at its limit costs its test, not a second limit).
     */
    StudentDied died;

    TestSide(Frames io) {
        super(io);
    }

    /**
     * Sends a call, with the handles of the stand-ins dropped before the
     * previous call. Not this call's drops: a stand-in whose method is
     * making this call may be collected while it does (the JIT ends a
     * receiver's reach at its last use), and its handle is this call's
     * target; once the call has answered, no one holds that stand-in, and
     * a handle the answer gave again has a stand-in anew, so it is kept.
     */
    Map<String, Object> call(Map<String, Object> req) throws IOException {
        live = true;
        calledIn = testSerial;
        List<Object> free = new ArrayList<>();
        for (Integer id : droppedBefore) {
            if (!handles.containsKey(id) && !pinned.contains(id)) {
                free.add(id);
            }
        }
        droppedBefore.clear();
        for (Reference<?> r; (r = dropped.poll()) != null; ) {
            Held h = (Held) r;
            if (handles.get(h.id) == h) {
                handles.remove(h.id);
                droppedBefore.add(h.id);
            }
        }
        if (!free.isEmpty() && !SUITE) {
            // In a suite run, the implementation's process lives for one
            // test and frees nothing: when a stand-in is collected
            // depends on the machine, and would change what crosses.
            req.put("free", free);
        }
        Output.flags(req);
        Input.offer(req);
        return exchange(req);
    }

    /**
     * The student's process answered a call further out while this one
     * waited: it lost this call's answer, and the two sides are out of
     * step (waiting on, the test would wait for what no one sends, past
     * every limit of its own: the relay counts it as not waiting). The
     * call fails as a broken protocol: the process is reset, the test
     * fails, the next one gets a fresh process.
     */
    @Override
    protected void outOfTurn() {
        throw new BadValue("it answered a call further out while the call made last waited (its answer to that one was lost)");
    }

    /**
     * The relay took the skipped reply for this call's answer: it is told
     * the test side waits on, so that the test's limits reach the wait (a
     * student that forges an answer and then sends nothing is stopped at
     * them, and the call gets its 'X').
     */
    @Override
    protected void skipped() throws IOException {
        io.write('G', Json.write(tag("op", "waiting")));
    }

    /**
     * Calls nested past n (test, student, test, ...): the grader is told
     * and stops the student's process; its 'X' is thrown (StudentDied),
     * the test's verdict. What the student sends meanwhile is not read.
     */
    StudentDied tooDeep(int n) {
        try {
            Map<String, Object> m = tag("op", "nested");
            m.put("depth", n);
            io.write('G', Json.write(m));
            while (true) {
                receive(); // throws at the 'X'
            }
        } catch (IOException e) {
            return broken(e);
        }
    }

    /**
     * A test's StringBuilder or StringBuffer passed where the student's
     * code takes an Object, a type parameter or an interface: a handle, as
     * any object of the test's (identity kept: the same object each time);
     * only where the student's code takes the class itself is it copied
     * (and copied back).
     */
    Object encodeHandle(Object v) {
        startMessage();
        return encodeOther(v, 0);
    }

    /**
     * The student's classes whose constructors the tests called and that
     * have not returned yet, the innermost last: an object of one of them
     * that crosses meanwhile (its constructor passes this to a test's
     * callback) may be unfinished, its final fields not all set.
     */
    private final List<String> constructing = new ArrayList<>();
    /** The stand-ins made of such objects (handle, as held), forgotten once no constructor is in progress. */
    private final Map<Integer, Held> unfinished = new HashMap<>();
    /** The handles those stand-ins hold, never freed (a test may keep one: the handle is still its object's). */
    private final Set<Integer> pinned = new java.util.HashSet<>();

    /** A constructor of the student's class cls is called. */
    void constructing(String cls) {
        constructing.add(cls);
    }

    /**
     * The constructor called last returned or failed. Once none is in
     * progress, the stand-ins of objects that crossed while theirs ran are
     * forgotten: the next crossing of each (the stand-in the test's new
     * makes, first) makes it anew, its fields as they are now.
     */
    void constructed() {
        constructing.remove(constructing.size() - 1);
        if (constructing.isEmpty()) {
            for (Map.Entry<Integer, Held> e : unfinished.entrySet()) {
                if (handles.get(e.getKey()) == e.getValue()) {
                    handles.remove(e.getKey());
                }
            }
            unfinished.clear();
        }
    }

    /** Whether a call went to the student's process since it was last forgotten: one runs (or ended in this test). */
    private boolean live;
    /** The test that made the last call (testSerial). */
    private int calledIn;

    /** The index's line that says the student's classes finalize (javabridge's finalizesLine). */
    private static final String FINALIZES = "!finalizes";

    /**
     * At a test's end, when the student's classes finalize (a finalize(),
     * a Cleaner's action: the index says so): the student's objects the
     * test let go are freed now, all of them (no call is making use of a
     * stand-in: the test has returned), and the student's process
     * collects them and answers once the code their collection runs has
     * run, so that what it costs (a spin, an exit) is this test's, never
     * a later one's. The tests' own collection runs first, which finds
     * the stand-ins the test let go. Without such classes nothing is
     * done: frees go with the next call, as they cost nothing. Not when no
     * process runs (a call would start one), nor after a test that called
     * it not, nor in a suite run.
     */
    void settle() {
        if (SUITE || !live || calledIn != testSerial || died != null || !standins().contains(FINALIZES)) {
            return;
        }
        System.gc();
        List<Object> free = new ArrayList<>();
        for (Integer id : droppedBefore) {
            if (!handles.containsKey(id) && !pinned.contains(id)) {
                free.add(id);
            }
        }
        droppedBefore.clear();
        while (dropped.poll() != null) {
            // the collected stand-ins are found below, by their references
        }
        for (java.util.Iterator<Map.Entry<Integer, Held>> i = handles.entrySet().iterator(); i.hasNext(); ) {
            Map.Entry<Integer, Held> e = i.next();
            if (e.getValue().get() == null && !pinned.contains(e.getKey())) {
                i.remove();
                free.add(e.getKey());
            }
        }
        Map<String, Object> req = tag("op", "free");
        req.put("free", free);
        try {
            exchange(req);
        } catch (IOException e) {
            broken(e);
        } catch (StudentDied e) {
            // its verdict is the relay's, this test's
        }
    }

    /** Forgets the student's objects: the next call starts a fresh student process. */
    void forget() {
        live = false;
        generation++;
        unfinished.clear();
        pinned.clear();
        handles.clear();
        droppedBefore.clear();
        callbackIds.clear();
        callbacks.clear();
        passedIn.clear();
    }

    StudentDied broken(IOException e) {
        forget();
        return new StudentDied("the bridge to the student's process broke: " + e.getMessage(), "", -1, "");
    }

    @Override
    protected Map<String, Object> receive() throws IOException {
        Frames.Frame f = io.read();
        if (f == null) {
            throw new IOException("the grader closed it");
        }
        if (f.channel == 'X') {
            forget();
            Map<String, Object> m = message(f.text);
            Object exit = m.get("exit");
            died = new StudentDied(text(m.get("why")), text(m.get("limit")), exit instanceof Integer ? (Integer) exit : -1, text(m.get("signal")));
            throw died;
        }
        if (f.channel != 'S') {
            throw new IOException("a frame on channel " + (int) f.channel);
        }
        Map<String, Object> m = message(f.text);
        Output.deliver(m, testSerial);
        Input.taken(m);
        return m;
    }

    private static String text(Object o) {
        return o instanceof String ? clip((String) o, 1000) : "";
    }

    private ClassLoader loader() {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        return l != null ? l : TestSide.class.getClassLoader();
    }

    private Set<String> standins() {
        if (standins == null) {
            standins = new HashSet<>();
            try (InputStream in = loader().getResourceAsStream(INDEX)) {
                if (in != null) {
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().forEach(standins::add);
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + INDEX, e);
            }
        }
        return standins;
    }

    /** The stand-in class of this name, null when the name is no stand-in's. */
    private Class<?> standin(String name) {
        if (!standins().contains(name)) {
            return null;
        }
        try {
            return Class.forName(name, true, loader());
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /** The handle a constructor's reply gives, for the stand-in being constructed (see adopt). */
    Ref newRef(Map<String, Object> reply, Object[] args) {
        result(reply, void.class, args); // throws the student's exception, copies arrays back
        Object h = reply.get("re");
        if (!(h instanceof Map) || !(((Map<?, ?>) h).get("handle") instanceof Integer) || ((Map<?, ?>) h).containsKey("owner")) {
            throw new BadValue("a constructor that did not return an object");
        }
        return new Ref((Integer) ((Map<?, ?>) h).get("handle"), generation);
    }

    /**
     * What a constructor of a student's exception, or of a class with
     * public final fields, gives its stand-in: handle, message (an
     * exception's) and public fields.
     */
    Thrown newThrown(Map<String, Object> reply, Object[] args, String cls) {
        Ref ref = newRef(reply, args);
        Map<?, ?> h = (Map<?, ?>) reply.get("re");
        Class<?> k = standin(cls);
        if (k == null || !Remote.class.isAssignableFrom(k) || carrier(k) == null) {
            throw new BadValue("a constructor of " + cls + ", which is no class of the tests' with public fields");
        }
        return thrown(k, h.get("msg"), h.get("fields"), ref);
    }

    /** The constructor of k's stand-in that takes a Thrown (an exception's, or a class's with public final fields), or null. */
    private static java.lang.reflect.Constructor<?> carrier(Class<?> k) {
        try {
            return k.getDeclaredConstructor(Thrown.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /**
     * A Thrown for a stand-in of k: the message and the values of every
     * public field k's stand-ins declare. Every field of a class that is
     * no exception must be there: a final field's value is never left out.
     */
    private Thrown thrown(Class<?> k, Object msg, Object fields, Ref ref) {
        String m = msg == null ? null : str(msg, null, 1 << 16);
        Map<?, ?> given = fields == null ? Map.of() : fields instanceof Map ? (Map<?, ?>) fields : null;
        if (given == null) {
            throw new BadValue("malformed fields of an object");
        }
        boolean exception = Throwable.class.isAssignableFrom(k);
        Map<String, Class<?>> types = new HashMap<>();
        for (Class<?> c = k; c != null && standins().contains(c.getName()); c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (java.lang.reflect.Modifier.isStatic(mod) || f.isSynthetic() || f.getName().startsWith("bridge$")) {
                    continue;
                }
                if (!given.containsKey(f.getName()) && (f.getType().isPrimitive() || !exception)) {
                    throw new BadValue("an object of " + k.getName() + " without its field " + f.getName());
                }
                types.putIfAbsent(f.getName(), f.getType());
            }
        }
        return new Thrown(m, ref, given, types, this);
    }

    /**
     * A field's value, read as the stand-in is built (after it is bound to
     * its handle): part of the message being read, so its parts count
     * with the message's.
     */
    Object fieldValue(Object raw, Class<?> type) {
        return dec(raw, type, 1);
    }

    /** Registers a stand-in that a test constructed, so the student's object it stands for is known as it. */
    void adopt(Remote standin) {
        Ref r = standin.bridge$ref();
        Held h = handles.get(r.id);
        if (r.generation == generation && (h == null || h.get() == null)) {
            handles.put(r.id, new Held(standin, r.id, dropped));
        }
    }

    /** The value of a reply as ret; the student's exception thrown as the test's. */
    Object result(Map<String, Object> reply, Class<?> ret, Object[] args) {
        if (reply.containsKey("exc")) {
            if (!(reply.get("exc") instanceof Map)) {
                throw new BadValue("a malformed exception");
            }
            throw Bridge.<RuntimeException>sneaky(rebuild((Map<?, ?>) reply.get("exc")));
        }
        if (!reply.containsKey("re")) {
            throw new BadValue("a reply without a value");
        }
        Object v = ret == void.class ? null : decode(reply.get("re"), ret);
        if (reply.containsKey("back") && args != null) {
            List<?> back = jsonList(reply.get("back"));
            for (int i = 0; i < back.size() && i < args.length; i++) {
                if (back.get(i) != null && args[i] != null) {
                    Class<?> c = args[i].getClass();
                    copyInto(args[i], decode(back.get(i), c.isArray() ? c : Object.class));
                }
            }
        }
        return v;
    }

    private Throwable rebuild(Map<?, ?> e) {
        Throwable t = rebuilt(e, 0);
        List<StackTraceElement> trace = new ArrayList<>(java.util.Arrays.asList(t.getStackTrace()));
        for (StackTraceElement f : new Throwable().getStackTrace()) {
            String c = f.getClassName();
            if (!c.startsWith("autograder.bridge.") && !standins().contains(c) && !c.startsWith("jdk.proxy") && !c.startsWith("com.sun.proxy")) {
                trace.add(f);
            }
        }
        t.setStackTrace(trace.toArray(new StackTraceElement[0]));
        return t;
    }

    /** An exception and its causes (a few deep), with the student's frames, as the test side has them. */
    private Throwable rebuilt(Map<?, ?> e, int depth) {
        String type = str(e.get("type"), NAME, 1000);
        String msg = e.get("msg") == null ? null : str(e.get("msg"), null, 1 << 16);
        List<StackTraceElement> frames = frames(e.get("trace"));
        Object h = e.get("handle");
        if (h != null && (!(h instanceof Integer) || (Integer) h < 0)) {
            throw new BadValue("a malformed handle");
        }
        Object c = e.get("cause");
        if (c != null && !(c instanceof Map)) {
            throw new BadValue("a malformed cause");
        }
        // the cause first: one of the JDK's exceptions may take it only in
        // its constructor (an UncheckedIOException's IOException)
        Throwable cause = c != null && depth < 8 ? rebuilt((Map<?, ?>) c, depth + 1) : null;
        Throwable t = instantiate(type, msg, (Integer) h, e.get("fields"), Boolean.TRUE.equals(e.get("error")), cause);
        if ((t instanceof StudentException || t instanceof StudentError) && e.get("supers") != null) {
            // a class the tests cannot name (a private nested or anonymous
            // one): as its nearest super class they can, with its own name
            // in the message when none is
            for (Object s : jsonList(e.get("supers"))) {
                if (AssertionError.class.getName().equals(s)) {
                    break; // the student's error (a StudentError), never one its super classes would make
                }
                Throwable u = instantiate(str(s, NAME, 1000), msg, (Integer) h, e.get("fields"), t instanceof StudentError, cause);
                if (!(u instanceof StudentException || u instanceof StudentError)) {
                    t = u;
                    break;
                }
            }
        }
        t.setStackTrace(frames.toArray(new StackTraceElement[0]));
        if (cause != null && cause != t && t.getCause() != cause) {
            try {
                t.initCause(cause);
            } catch (IllegalStateException | IllegalArgumentException x) {
                // a stand-in met before, its cause already set
            }
        }
        return t;
    }

    /**
     * A student's exception as the tests' class of its name: a stand-in
     * (the same one for the same exception object), the JDK's own, or a
     * StudentError (an Error) or StudentException naming it.
     */
    private Throwable instantiate(String type, String msg, Integer handle, Object fields, boolean error, Throwable cause) {
        if (type.equals(BadValue.class.getName()) || type.equals(Uncarried.class.getName())) {
            // the student's side could not write its answer (a value nested too deeply)
            return new BridgeLimit("the student's code gave a value the bridge cannot carry: " + msg);
        }
        try {
            Class<?> k = standin(type);
            if (k != null && AssertionError.class.isAssignableFrom(k)) {
                // a student's subclass of AssertionError: its error, never a failed assertion of the test's
                return new StudentError(type, msg);
            }
            if (k != null && Throwable.class.isAssignableFrom(k)) {
                if (handle == null) {
                    throw new BadValue("an exception of the student's without its handle");
                }
                return (Throwable) studentObject(handle, type, k, msg, fields);
            }
            if (type.startsWith("java.")) {
                k = Class.forName(type, false, ClassLoader.getPlatformClassLoader());
                if (rebuildable(k)) {
                    return fromStudent(jdkThrowable(k, msg, cause));
                }
                error |= Error.class.isAssignableFrom(k);
            }
        } catch (ReflectiveOperationException | LinkageError e) {
            // not one the tests can have: below
        }
        return error ? new StudentError(type, msg) : new StudentException(type, msg);
    }

    /**
     * One of the JDK's throwables, with the message when it takes one
     * (EmptyStackException does not), or with the message and its cause
     * when it takes only both (UncheckedIOException).
     */
    private static Throwable jdkThrowable(Class<?> k, String msg, Throwable cause) throws ReflectiveOperationException {
        try {
            return (Throwable) k.getConstructor(String.class).newInstance(msg);
        } catch (NoSuchMethodException e) {
            try {
                return (Throwable) k.getConstructor().newInstance();
            } catch (NoSuchMethodException none) {
                for (java.lang.reflect.Constructor<?> c : k.getConstructors()) {
                    Class<?>[] p = c.getParameterTypes();
                    if (cause != null && p.length == 2 && p[0] == String.class && p[1].isInstance(cause)) {
                        return (Throwable) c.newInstance(msg, cause);
                    }
                }
                throw none;
            }
        }
    }

    /**
     * The JDK's throwables made here for ones the student's code threw
     * (weakly held, by identity: Throwable keeps Object's equals): JUnit's
     * own timer is told from a student's TimeoutException by it
     * (Lifecycle).
     */
    private static final Map<Throwable, Boolean> FROM_STUDENT = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    private static Throwable fromStudent(Throwable t) {
        FROM_STUDENT.put(t, Boolean.TRUE);
        return t;
    }

    /** Whether t is one of the JDK's throwables made here for one the student's code threw. */
    static boolean fromStudent(Object t) {
        return t instanceof Throwable && FROM_STUDENT.containsKey(t);
    }

    /**
     * JDK throwables a test may expect; never the errors JUnit treats as
     * fatal to the whole run, nor an AssertionError (a failed assertion is
     * the test's alone: the student's is a StudentError saying what it
     * threw).
     */
    private static boolean rebuildable(Class<?> k) {
        return Throwable.class.isAssignableFrom(k) && !VirtualMachineError.class.isAssignableFrom(k)
                && !AssertionError.class.isAssignableFrom(k)
                && !LinkageError.class.isAssignableFrom(k) && !ThreadDeath.class.isAssignableFrom(k)
                && (Exception.class.isAssignableFrom(k) || Error.class.isAssignableFrom(k));
    }

    /** The methods of Object a test's object answers for the student's side (its equals, hashCode and toString). */
    private static final Set<String> OBJECT_METHODS = Set.of("equals(Ljava/lang/Object;)Z", "hashCode()I", "toString()Ljava/lang/String;");

    @Override
    protected Map<String, Object> serve(Map<String, Object> req) throws Throwable {
        if (!"call".equals(req.get("op")) || !(req.get("self") instanceof Map)) {
            throw new BadValue("a request the tests do not serve");
        }
        Map<?, ?> self = (Map<?, ?>) req.get("self");
        Object target = callback(self.get("handle"));
        String cls = str(req.get("class"), NAME, 1000);
        Class<?> k = cls.startsWith("java.") ? Class.forName(cls, false, ClassLoader.getPlatformClassLoader()) : standin(cls);
        String name = str(req.get("name"), null, 1000), desc = str(req.get("desc"), null, 10000);
        if (k == Object.class ? !OBJECT_METHODS.contains(name + desc) : k == null || !k.isInterface() || !k.isInstance(target)) {
            throw new BadValue("a callback through " + cls + ", which the test's object does not implement");
        }
        Method m = (Method) member(k, name, desc);
        Object[] args = arguments(req.get("args"), m.getParameterTypes());
        try {
            return reply(m.invoke(target, args), args, req.get("args"));
        } catch (InvocationTargetException e) {
            if (died != null) {
                throw e.getCause(); // the student's process ended meanwhile: nothing to answer (see fatal)
            }
            int in = passedIn.get((Integer) self.get("handle"));
            if (in == 0 || inTest && in == testSerial) {
                Bridge.failedInCallback(e.getCause());
            } // else a callback of a test that has ended, called by a thread of the student's: its failure is that thread's
            throw e.getCause();
        }
    }

    /**
     * The student's process died while a callback ran: the call in
     * progress fails, and nothing is answered (an answer would start a
     * fresh process for a call no one made), whatever the callback threw.
     */
    @Override
    protected boolean fatal(Throwable t) {
        return t instanceof StudentDied || died != null;
    }

    /** A stand-in of the student's exception, thrown back by a test's callback, is the student's object again. */
    @Override
    protected void describe(Throwable t, Map<String, Object> e) {
        if (t instanceof Remote) {
            Ref r = ((Remote) t).bridge$ref();
            if (r != null && r.generation == generation) {
                e.put("handle", r.id);
            }
        }
    }

    @Override
    protected boolean keepFrame(StackTraceElement e) {
        return !e.getClassName().startsWith("autograder.bridge.");
    }

    private Object callback(Object id) {
        if (!(id instanceof Integer) || (Integer) id < 0 || (Integer) id >= callbacks.size()) {
            throw new BadValue("an unknown handle of the tests'");
        }
        return callbacks.get((Integer) id);
    }

    @Override
    protected Object encodeOther(Object v, int depth) {
        if (v instanceof Remote) {
            Ref r = ((Remote) v).bridge$ref();
            if (r != null && r.generation != generation && r.origin != null) {
                Bridge.refresh(r);
            }
            if (r == null || r.generation != generation) {
                throw new IllegalStateException("this object of the student's lived in a student process that has ended (after a crash, an exit or a limit, or in another test class)");
            }
            return tag("handle", r.id);
        }
        if (v instanceof RemoteEnum && v instanceof Enum) {
            Map<String, Object> m = tag("enum", ((Enum<?>) v).getDeclaringClass().getName());
            m.put("name", ((Enum<?>) v).name());
            return m;
        }
        Integer id = callbackIds.get(v);
        if (id == null) {
            id = callbacks.size();
            callbacks.add(v);
            passedIn.add(0);
            callbackIds.put(v, id);
        }
        passedIn.set(id, inTest ? testSerial : 0);
        Map<String, Object> m = tag("handle", id);
        m.put("owner", "test");
        m.put("ifaces", interfaces(v.getClass()));
        m.put("name", className(v.getClass()));
        List<Object> overrides = this.overrides.get(v.getClass());
        if (!overrides.isEmpty()) {
            m.put("overrides", overrides);
        }
        return m;
    }

    /**
     * The default methods of a test's object's interfaces that its class
     * overrides (an anonymous listener's own wantsSensor), by name and
     * descriptor: the student's side calls these back, as one process
     * would, and runs the interfaces' own defaults (the student's code or
     * the JDK's) itself.
     */
    private final ClassValue<List<Object>> overrides = new ClassValue<>() {
        @Override
        protected List<Object> computeValue(Class<?> c) {
            Set<Class<?>> all = new LinkedHashSet<>();
            for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                addInterfaces(k, all);
            }
            Set<Object> keys = new LinkedHashSet<>();
            for (Class<?> i : all) {
                if (!Modifier.isPublic(i.getModifiers())) {
                    continue;
                }
                for (Method d : i.getMethods()) {
                    if (d.isDefault() && overridden(c, d)) {
                        keys.add(d.getName() + descriptor(d));
                    }
                }
            }
            return List.copyOf(keys);
        }
    };

    /** Whether what c runs for the default method d is its own (a class's, or an interface's of the test's own). */
    private boolean overridden(Class<?> c, Method d) {
        Method impl;
        try {
            impl = c.getMethod(d.getName(), d.getParameterTypes());
        } catch (NoSuchMethodException | SecurityException e) {
            return false;
        }
        Class<?> k = impl.getDeclaringClass();
        if (!k.isInterface()) {
            return true;
        }
        return !k.getName().startsWith("java.") && !standins().contains(k.getName());
    }

    /**
     * The name a test's object's class has on the student's side (whose
     * getSimpleName() and getName() say it): its simple name (Rect for
     * ShapeTest.Rect); an anonymous class's or a lambda's binary name
     * without its package and the JVM's counter (ShapeTest$1,
     * ShapeTest$$Lambda), as they have no simple name.
     */
    static String className(Class<?> c) {
        String n = c.getSimpleName();
        if (n.isEmpty() || c.isHidden() || c.isSynthetic()) {
            n = c.getName();
            n = n.substring(n.lastIndexOf('.') + 1);
            int slash = n.indexOf('/');
            n = (slash < 0 ? n : n.substring(0, slash)).replaceFirst("\\$\\$Lambda\\$\\d+$", "\\$\\$Lambda");
        }
        return n;
    }

    /**
     * The interfaces of a test's object that the student's side can have
     * too: the public ones of the JDK and of the stand-ins, among all its
     * interfaces and theirs (a stream's sink, of a class the JDK keeps to
     * itself, is a Consumer).
     */
    private List<Object> interfaces(Class<?> c) {
        Set<Class<?>> all = new LinkedHashSet<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            addInterfaces(k, all);
        }
        List<Object> names = new ArrayList<>();
        for (Class<?> i : all) {
            if (java.lang.reflect.Modifier.isPublic(i.getModifiers()) && (i.getName().startsWith("java.") || standins().contains(i.getName()))) {
                names.add(i.getName());
            }
        }
        return names;
    }

    private static void addInterfaces(Class<?> k, Set<Class<?>> all) {
        for (Class<?> i : k.getInterfaces()) {
            if (all.add(i)) {
                addInterfaces(i, all);
            }
        }
    }

    @Override
    protected Object decodeHandle(Map<?, ?> m, Class<?> want) {
        if ("test".equals(m.get("owner"))) {
            return callback(m.get("handle"));
        }
        Object id = m.get("handle");
        boolean thrown = m.size() == 4 && m.containsKey("msg") && m.containsKey("fields");
        boolean carried = m.size() == 3 && m.containsKey("fields");
        if (!(id instanceof Integer) || (Integer) id < 0 || m.size() != 2 && !thrown && !carried) {
            throw new BadValue("a malformed handle");
        }
        // The type only picks a stand-in: a lambda's or hidden class's name
        // ("Sorter$$Lambda$14/0x...") is no stand-in's, and no error.
        String type = str(m.get("type"), null, 1000);
        if (thrown && type.startsWith("java.") && NAME.matcher(type).matches() && Throwable.class.isAssignableFrom(box(want))) {
            // one of the JDK's exceptions, as a value: rebuilt as for a throw
            Throwable t = instantiate(type, m.get("msg") == null ? null : str(m.get("msg"), null, 1 << 16), null, null, false, null);
            if (want.isInstance(t)) {
                return t;
            }
        }
        return studentObject((Integer) id, NAME.matcher(type).matches() ? type : "", want, m.get("msg"), m.get("fields"));
    }

    /**
     * The test's view of one of the student's objects: the stand-in it
     * already has (the same object is the same stand-in), else a new
     * stand-in if the tests have one that fits, else a proxy. An
     * exception's stand-in is built from its message and fields, a
     * class's with public final fields from their values.
     */
    private Object studentObject(int id, String type, Class<?> want, Object msg, Object fields) {
        Held h = handles.get(id);
        Object o = h == null ? null : h.get();
        if (o != null && box(want).isInstance(o)) {
            return o;
        }
        Ref ref = new Ref(id, generation);
        Class<?> k = standin(type);
        Object made;
        if (k != null && !k.isInterface() && Remote.class.isAssignableFrom(k) && want.isAssignableFrom(k)) {
            made = construct(k, ref, msg, fields);
        } else if (!want.isInterface() && Remote.class.isAssignableFrom(want) && standins().contains(want.getName())) {
            made = construct(want, ref, msg, fields);
        } else if (want.isInterface() && (want.getName().startsWith("java.") || standins().contains(want.getName()))) {
            made = proxy(want, ref);
        } else if (want == Object.class && k == null && type.startsWith("java.")) {
            // one of the JDK's objects in a collection (a Map's entry): a
            // proxy of the JDK's public interfaces its class has
            made = proxy(jdkInterfaces(type), ref);
        } else if (want == Object.class) {
            made = proxy(k != null && k.isInterface() ? k : null, ref);
        } else if (!want.isPrimitive() && !PLAIN.contains(want.getName()) && !standins().contains(want.getName())
                && !java.util.Collection.class.isAssignableFrom(want) && !Map.class.isAssignableFrom(want) && !want.isArray()
                && want != java.util.Optional.class) {
            // a class of the JDK's or of the instructor's (a Thread, a
            // handout's Node): no handle of the student's can be one
            throw new Uncarried("the student's code gave a " + want.getName() + ", which the bridge cannot carry to the tests"
                    + " (plain values, arrays, the JDK's collections, Optional, the JDK's enums and exceptions, the student's own objects"
                    + " and objects of interfaces cross)");
        } else if (type.startsWith("java.") && NAME.matcher(type).matches() && !want.isInterface()
                && (java.util.Collection.class.isAssignableFrom(want) || Map.class.isAssignableFrom(want))) {
            // one of the JDK's objects the bridge does not copy (a
            // ConcurrentLinkedQueue) where its class is declared: a limit
            // of the bridge's, not the student's fault
            throw new Uncarried("the student's code gave a " + type + " where " + want.getName() + " is declared, a collection"
                    + " of the JDK's the bridge cannot carry to the tests (declare the interface: Queue, Deque, List, Set, Map, ...)");
        } else {
            throw new BadValue("a " + (type.isEmpty() ? "value" : type) + " of the student's where the test expects a "
                    + want.getName() + " (only plain values, the student's own objects and interfaces cross)");
        }
        Held now = handles.get(id);
        if (o == null && (now == null || now.get() != made)) {
            handles.put(id, new Held(made, id, dropped));
        }
        if (o == null && constructing.contains(type)) {
            unfinished.put(id, handles.get(id));
            pinned.add(id);
        }
        return made;
    }

    private Object construct(Class<?> k, Ref ref, Object msg, Object fields) {
        try {
            java.lang.reflect.Constructor<?> t = carrier(k);
            if (t != null) {
                // an exception, or a class with public final fields: built
                // from its handle and the fields' values as it crossed
                t.setAccessible(true);
                return t.newInstance(thrown(k, msg, fields, ref));
            }
            if (k.isMemberClass() && !java.lang.reflect.Modifier.isStatic(k.getModifiers())) {
                // an inner class's stand-in (a LinkedBag's Cursor): no outer
                // stand-in of its own, every method a call on its handle
                java.lang.reflect.Constructor<?> c = k.getDeclaredConstructor(k.getDeclaringClass(), Ref.class);
                c.setAccessible(true);
                return c.newInstance(null, ref);
            }
            java.lang.reflect.Constructor<?> c = k.getDeclaredConstructor(Ref.class);
            c.setAccessible(true);
            return c.newInstance(ref);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause(); // a field's value that breaks the rules
            }
            throw new BadValue("cannot make a stand-in of " + k.getName() + ": " + e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new BadValue("cannot make a stand-in of " + k.getName() + ": " + e);
        }
    }

    private Object proxy(Class<?> iface, Ref ref) {
        Class<?>[] is = iface == null ? new Class<?>[] {Remote.class} : new Class<?>[] {iface, Remote.class};
        ClassLoader l = iface == null || iface.getClassLoader() == null ? TestSide.class.getClassLoader() : iface.getClassLoader();
        return Proxy.newProxyInstance(l, is, new Forward(ref));
    }

    /** A proxy of the JDK's interfaces ifaces (and Remote); of Remote alone when they cannot be one proxy's. */
    private Object proxy(List<Class<?>> ifaces, Ref ref) {
        List<Class<?>> is = new ArrayList<>(ifaces);
        is.add(Remote.class);
        try {
            return Proxy.newProxyInstance(TestSide.class.getClassLoader(), is.toArray(new Class<?>[0]), new Forward(ref));
        } catch (IllegalArgumentException e) {
            return proxy((Class<?>) null, ref);
        }
    }

    /**
     * The public interfaces of the JDK's that the JDK's class named type
     * has (the student's object's class, as its side names it: loaded
     * without being initialised, never a class of the student's); none
     * when type names no such class.
     */
    private static List<Class<?>> jdkInterfaces(String type) {
        Set<Class<?>> out = new LinkedHashSet<>();
        try {
            for (Class<?> c = Class.forName(type, false, null); c != null; c = c.getSuperclass()) {
                jdkInterfaces(c.getInterfaces(), out);
            }
        } catch (ClassNotFoundException | LinkageError e) {
            // no such class of the JDK's: a proxy of nothing
        }
        return new ArrayList<>(out);
    }

    private static void jdkInterfaces(Class<?>[] is, Set<Class<?>> out) {
        for (Class<?> i : is) {
            if (java.lang.reflect.Modifier.isPublic(i.getModifiers()) && i.getClassLoader() == null
                    && i.getName().startsWith("java.") && out.add(i)) {
                jdkInterfaces(i.getInterfaces(), out);
            }
        }
    }

    /** Forwards every method of a proxy to the student's object. */
    private static final class Forward implements InvocationHandler {
        private final Ref ref;

        Forward(Ref ref) {
            this.ref = ref;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) {
            Object[] a = args == null ? new Object[0] : args;
            if (m.getDeclaringClass() == Remote.class) {
                return ref;
            }
            String cls = m.getDeclaringClass() == Object.class ? "java.lang.Object" : m.getDeclaringClass().getName();
            if (m.getName().equals("equals") && a.length == 1 && m.getReturnType() == boolean.class && !(a[0] instanceof Remote)) {
                return false;
            }
            return Bridge.call(proxy, cls, m.getName(), descriptor(m), m.getReturnType(), a);
        }
    }

    @Override
    protected Object decodeEnum(String cls, String name) {
        if (cls.startsWith("java.")) {
            return jdkEnum(cls, name);
        }
        Class<?> k = standin(cls);
        if (k == null || !k.isEnum() || !RemoteEnum.class.isAssignableFrom(k)) {
            throw new BadValue("an enum constant of " + cls + ", which the tests do not have");
        }
        for (Object c : k.getEnumConstants()) {
            if (((Enum<?>) c).name().equals(name)) {
                return c;
            }
        }
        throw new BadValue("no constant " + name + " in " + cls);
    }

    @Override
    protected boolean crossesAsClass(Class<?> k) {
        return k.isPrimitive() || standins().contains(k.getName())
                || k.getName().startsWith("java.") && (k.getClassLoader() == null || k.getClassLoader() == ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> classNamed(String name) {
        Class<?> k = primitive(name);
        if (k != null) {
            return k;
        }
        if (NAME.matcher(name).matches() && name.startsWith("java.")) {
            try {
                return Class.forName(name, false, ClassLoader.getPlatformClassLoader());
            } catch (ClassNotFoundException e) {
                // below
            }
        }
        k = NAME.matcher(name).matches() ? standin(name) : null;
        if (k == null) {
            throw new Uncarried("the student's code gave the class " + name + ", which the tests do not have");
        }
        return k;
    }

    @Override
    protected Class<?> elementClass(String name) {
        if (PLAIN.contains(name) || name.startsWith("java.")) {
            try {
                return Class.forName(str(name, NAME, 1000), false, ClassLoader.getPlatformClassLoader());
            } catch (ClassNotFoundException e) {
                throw new BadValue("an array of " + name);
            }
        }
        Class<?> k = standin(name);
        if (k == null) {
            throw new BadValue("an array of " + name + ", which the tests do not have");
        }
        return k;
    }
}
