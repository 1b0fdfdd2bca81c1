package autograder.bridge.server;

import autograder.bridge.Frames;
import autograder.bridge.Json;
import autograder.bridge.Peer;
import autograder.bridge.Values.BadValue;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The student side of the bridge, in the student's box: it takes fds 0
 * and 1 before any of the student's classes loads, points System.out at
 * stderr, then serves the tests' calls by reflection, keeping the
 * student's objects in a table of handles. Nothing here is trusted by the
 * test side; it only has to be right for an honest submission.
 */
public final class Server extends Peer {
    private static final ReentrantLock LOCK = new ReentrantLock();
    private final Map<Integer, Object> objects = new HashMap<>();
    private int next;
    private final Map<Object, Integer> ids = new IdentityHashMap<>();
    private final ClassLoader loader = Server.class.getClassLoader();
    /** Whether a class's objects cross with public final fields (hasFinals), by class. */
    private final Map<Class<?>, Boolean> finals = new HashMap<>();

    private Server(Frames io) {
        super(io);
    }

    public static void main(String[] args) throws IOException {
        FileInputStream in = new FileInputStream(FileDescriptor.in);
        FileOutputStream out = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(OUT, true));
        System.setErr(new PrintStream(ERR, true));
        System.setIn(new ByteArrayInputStream(new byte[0]));
        Server s = new Server(new Frames(new BufferedInputStream(in, 1 << 16), new BufferedOutputStream(out, 1 << 16)));
        LOCK.lock();
        s.loop();
    }

    private void loop() throws IOException {
        while (true) {
            Frames.Frame f = io.read();
            if (f == null) {
                System.exit(0);
            }
            if (f.channel != 'S') {
                throw new IOException("a frame on channel " + (int) f.channel);
            }
            io.write('S', answer(message(f.text)));
        }
    }

    @Override
    protected Map<String, Object> receive() throws IOException {
        Frames.Frame f = io.read();
        if (f == null || f.channel != 'S') {
            throw new IOException("the bridge closed");
        }
        return message(f.text);
    }

    /**
     * The student's System.out and System.err: its box's stderr, or, during
     * a call whose test has redirected its own stream of that name (the
     * request's "out", "err"), a buffer, sent with this side's next
     * message (attach) for the test side to write there.
     */
    private static final Capture OUT = new Capture(new FileOutputStream(FileDescriptor.err)),
            ERR = new Capture(new FileOutputStream(FileDescriptor.err));

    @Override
    protected Map<String, Object> serve(Map<String, Object> req) throws Throwable {
        boolean out = OUT.capture(Boolean.TRUE.equals(req.get("out"))), err = ERR.capture(Boolean.TRUE.equals(req.get("err")));
        java.io.InputStream in = System.in;
        boolean fed = req.containsKey("in");
        Fed was = fed ? Fed.open(req.get("in")) : null;
        try {
            return serveCall(req);
        } finally {
            if (fed) {
                Fed.close(was);
            }
            System.setIn(in);
            OUT.capture(out);
            ERR.capture(err);
        }
    }

    @Override
    protected void attach(Map<String, Object> m) {
        String o = OUT.drain(), e = ERR.drain();
        if (o != null) {
            m.put("out", o);
        }
        if (e != null) {
            m.put("err", e);
        }
        int n = Fed.drain();
        if (n > 0) {
            m.put("inRead", n);
        }
    }

    /** One of the student's streams: its own, or held for the test (CAP a message, the rest dropped). */
    private static final class Capture extends java.io.OutputStream {
        static final int CAP = 2 << 20;
        private final java.io.OutputStream own;
        private final java.io.ByteArrayOutputStream held = new java.io.ByteArrayOutputStream();
        private boolean on;

        Capture(java.io.OutputStream own) {
            this.own = own;
        }

        /** Sets whether what is written is held, and returns whether it was. */
        synchronized boolean capture(boolean now) {
            boolean was = on;
            on = now;
            return was;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            if (!on) {
                own.write(b);
            } else if (held.size() < CAP) {
                held.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (!on) {
                own.write(b, off, len);
            } else {
                held.write(b, off, Math.min(len, CAP - held.size()));
            }
        }

        /** What is held, in base64, and forgotten; null when nothing is. */
        synchronized String drain() {
            if (held.size() == 0) {
                return null;
            }
            String s = java.util.Base64.getEncoder().encodeToString(held.toByteArray());
            held.reset();
            return s;
        }
    }

    /**
     * The student's System.in during a call whose test has set its own
     * (the request's "in": what the test's stream has left, in base64):
     * a copy of it, whose bytes taken (its position: a mark and reset
     * gives them back) are said with this side's next message, for the
     * test side to skip as many in its stream.
     */
    private static final class Fed extends ByteArrayInputStream {
        private static int pending;
        private static Fed current;
        private int reported;

        private Fed(byte[] b) {
            super(b);
        }

        /** Sets System.in to a copy of the test's input text for a call; returns the Fed it replaces. */
        static synchronized Fed open(Object text) {
            if (!(text instanceof String)) {
                throw new BadValue("input that is not text");
            }
            Fed f;
            try {
                f = new Fed(java.util.Base64.getDecoder().decode((String) text));
            } catch (IllegalArgumentException x) {
                throw new BadValue("input that is not base64");
            }
            Fed was = current;
            current = f;
            System.setIn(f);
            return was;
        }

        /** Ends the call's copy: what it took is pending, and the one further out is current again. */
        static synchronized void close(Fed was) {
            settle();
            current = was;
        }

        private static void settle() {
            if (current != null) {
                synchronized (current) {
                    pending += Math.max(0, current.pos - current.reported);
                    current.reported = Math.max(current.reported, current.pos);
                }
            }
        }

        /** The bytes taken from the test's input since the last message, and forgets them. */
        static synchronized int drain() {
            settle();
            int n = pending;
            pending = 0;
            return n;
        }
    }

    private Map<String, Object> serveCall(Map<String, Object> req) throws Throwable {
        if (req.get("free") instanceof List) {
            for (Object id : (List<?>) req.get("free")) {
                Object o = objects.remove(id);
                if (o != null) {
                    ids.remove(o);
                }
            }
        }
        String op = String.valueOf(req.get("op"));
        if (op.equals("free")) {
            unlocked(() -> {
                settle();
                return null;
            });
            return tag("re", null);
        }
        Class<?> c = Class.forName(String.valueOf(req.get("class")), false, loader);
        String name = String.valueOf(req.get("name")), desc = String.valueOf(req.get("desc"));
        if (op.equals("get")) {
            // a static field, or an enum constant's (the request's self)
            Field fd = c.getDeclaredField(name);
            Object self = req.get("self") == null ? null : decode(req.get("self"), c);
            if (self != null && (!c.isEnum() || !Modifier.isFinal(fd.getModifiers()) || Modifier.isStatic(fd.getModifiers()))) {
                throw new SecurityException("not a final field of an enum's constant");
            }
            suiteAllows(c, fd, self);
            fd.setAccessible(true);
            return tag("re", encode(fd.get(self)));
        }
        if (op.equals("new")) {
            Constructor<?> k = (Constructor<?>) member(c, "<init>", desc);
            suiteAllows(c, k, null);
            Object[] args = arguments(req.get("args"), k.getParameterTypes());
            return reply(unlocked(() -> k.newInstance(args)), args, req.get("args"));
        }
        Method m = (Method) member(c, name, desc);
        Object self = Modifier.isStatic(m.getModifiers()) ? null : decode(req.get("self"), c);
        suiteAllows(c, m, self);
        Object[] args = arguments(req.get("args"), m.getParameterTypes());
        return reply(unlocked(() -> m.invoke(self, args)), args, req.get("args"));
    }

    /**
     * The test ended ("free"): the objects it let go, freed above, are
     * collected, and what their collection runs (a finalize(), a
     * Cleaner's action) has run before the answer, in the test's time.
     * Twice a collection, each waited for until the reference it was
     * given to find is queued: the references the first found are all
     * queued once the second's is (one thread queues them, a
     * collection's after the one before). Then the queued finalizers run
     * (runFinalization), and the JDK's threads that run them and Cleaner
     * actions are waited for until each waits on its queue
     * (idleCollectors), a spin or an exit there meanwhile being this
     * test's.
     */
    private static void settle() throws InterruptedException {
        for (int round = 0; round < 2; round++) {
            java.lang.ref.ReferenceQueue<Object> q = new java.lang.ref.ReferenceQueue<>();
            java.lang.ref.PhantomReference<Object> mark = new java.lang.ref.PhantomReference<>(new Object(), q);
            for (int tries = 0; tries < 10; tries++) {
                System.gc();
                if (q.remove(100) != null) {
                    break;
                }
            }
            java.lang.ref.Reference.reachabilityFence(mark);
        }
        runFinalization();
        for (int quiet = 0; quiet < 3; ) {
            Thread.sleep(1);
            quiet = idleCollectors() ? quiet + 1 : 0;
        }
    }

    @SuppressWarnings({"deprecation", "removal"})
    private static void runFinalization() {
        System.runFinalization();
    }

    /**
     * Whether every thread of the JDK's that runs code for collection (the
     * finalizer, a Cleaner's) waits on its reference queue, none running
     * the student's code.
     */
    private static boolean idleCollectors() {
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            StackTraceElement[] st = e.getValue();
            if (collector(st) && !waitsOnQueue(e.getKey(), st)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a thread's stack is the finalizer's or a Cleaner's loop. */
    private static boolean collector(StackTraceElement[] st) {
        for (StackTraceElement f : st) {
            String c = f.getClassName();
            if (f.getMethodName().equals("run") && (c.equals("java.lang.ref.Finalizer$FinalizerThread") || c.equals("jdk.internal.ref.CleanerImpl"))) {
                return true;
            }
        }
        return false;
    }

    /** Whether a thread waits in ReferenceQueue.remove (not in the code it runs for what it took). */
    private static boolean waitsOnQueue(Thread t, StackTraceElement[] st) {
        Thread.State s = t.getState();
        if (s != Thread.State.WAITING && s != Thread.State.TIMED_WAITING) {
            return false;
        }
        for (StackTraceElement f : st) {
            if (f.getClassName().equals("java.lang.ref.ReferenceQueue") && f.getMethodName().startsWith("remove")) {
                return true;
            }
        }
        return false;
    }

    /**
     * In a suite run the test side is the student's, and may reach the
     * implementation's public members alone: no private one, and no class
     * of the JDK's or the bridge's but on an object the implementation
     * gave (a static call to Files.readAllBytes, or a method of a File
     * the test sent, would read the implementation's class files).
     */
    private void suiteAllows(Class<?> c, java.lang.reflect.Member m, Object self) {
        if (!SUITE) {
            return;
        }
        boolean own = c.getClassLoader() == loader && !c.getName().startsWith("autograder.") && Modifier.isPublic(c.getModifiers());
        if (!Modifier.isPublic(m.getModifiers()) || !own && (self == null || !ids.containsKey(self))) {
            throw new SecurityException("not a public member of the implementation's classes");
        }
    }

    private interface Call {
        Object run() throws Exception;
    }

    /** Runs the student's code without the lock, so its own threads may call back meanwhile. */
    private static Object unlocked(Call call) throws Throwable {
        int held = LOCK.getHoldCount();
        for (int i = 0; i < held; i++) {
            LOCK.unlock();
        }
        try {
            return call.run();
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            for (int i = 0; i < held; i++) {
                LOCK.lock();
            }
        }
    }

    @Override
    protected boolean answersOverflow() {
        return true;
    }

    @Override
    protected boolean keepFrame(StackTraceElement e) {
        // In a suite run the implementation is the instructor's: its
        // lines would tell a bug from the correct one.
        return !SUITE && e.getModuleName() == null && !e.getClassName().startsWith("autograder.bridge.");
    }

    @Override
    protected Object encodeOther(Object v, int depth) {
        Callback cb = named.get(v);
        if (cb == null && Proxy.isProxyClass(v.getClass()) && Proxy.getInvocationHandler(v) instanceof Callback) {
            cb = (Callback) Proxy.getInvocationHandler(v);
        }
        if (cb != null) {
            Map<String, Object> m = tag("handle", cb.id);
            m.put("owner", "test");
            return m;
        }
        if (v instanceof Enum && v.getClass().getClassLoader() != null) {
            Map<String, Object> m = tag("enum", ((Enum<?>) v).getDeclaringClass().getName());
            m.put("name", ((Enum<?>) v).name());
            return m;
        }
        Map<String, Object> m = tag("handle", handle(v));
        m.put("type", v.getClass().getName());
        if (v instanceof Throwable && described.add(v)) {
            // an exception as a value, met first in this message: its
            // stand-in needs its message and fields (met again: its handle)
            m.put("msg", message((Throwable) v));
            m.put("fields", exceptionFields((Throwable) v, depth));
        } else if (!(v instanceof Throwable) && hasFinals(v.getClass()) && described.add(v)) {
            // an object whose class has public final fields, met first in
            // this message: their values cross with it (met again: its handle)
            m.put("fields", fields(v, depth, true));
        }
        return m;
    }

    /**
     * Whether objects of c cross with the values of public final instance
     * fields: those of its classes (the student's, public ones only in a
     * suite run) that have any.
     */
    private boolean hasFinals(Class<?> c) {
        return finals.computeIfAbsent(c, k -> {
            for (Class<?> s : carried(k)) {
                for (Field f : s.getDeclaredFields()) {
                    if (carried(f, true)) {
                        return true;
                    }
                }
            }
            return false;
        });
    }

    /**
     * The student's classes of an object whose public fields cross,
     * topmost first (the order its stand-in reads them in): an
     * exception's all; another object's those the tests can name (no
     * private, local or anonymous class, nor one nested in such), whose
     * stand-ins declare the fields.
     */
    private List<Class<?>> carried(Class<?> c) {
        boolean exception = Throwable.class.isAssignableFrom(c);
        List<Class<?>> classes = new ArrayList<>();
        for (; c != null && c.getClassLoader() == loader && classes.size() < 64; c = c.getSuperclass()) {
            if (exception || nameable(c)) {
                classes.add(0, c);
            }
        }
        return classes;
    }

    /** Whether the tests can name c: a class of the student's that is neither private, local nor anonymous, nor inside one. */
    private static boolean nameable(Class<?> c) {
        for (int n = 0; c != null && n < 64; c = c.getEnclosingClass(), n++) {
            if (Modifier.isPrivate(c.getModifiers()) || c.isLocalClass() || c.isAnonymousClass() || c.isSynthetic()) {
                return false;
            }
        }
        return c == null;
    }

    /** Whether a field crosses with its object: public, of the instance, and final when finals. */
    private static boolean carried(Field f, boolean finals) {
        int mod = f.getModifiers();
        return Modifier.isPublic(mod) && !Modifier.isStatic(mod) && !f.isSynthetic() && (!finals || Modifier.isFinal(mod));
    }

    private int handle(Object v) {
        Integer id = ids.get(v);
        if (id == null) {
            id = next++;
            objects.put(id, v);
            ids.put(v, id);
        }
        return id;
    }

    /** The student's exception: its handle, so the test's stand-in is a handle to it, and its public fields. */
    @Override
    protected void describe(Throwable t, Map<String, Object> e) {
        if (t.getClass().getClassLoader() == loader) {
            e.put("handle", handle(t));
            if (described.add(t)) {
                e.put("fields", exceptionFields(t, 0));
            }
            e.put("supers", supers(t.getClass()));
        }
    }

    /**
     * A student's exception class's super classes, nearest first: the test
     * side carries one it cannot name (a private nested or anonymous
     * class) as the nearest it can.
     */
    private static List<Object> supers(Class<?> c) {
        List<Object> out = new ArrayList<>();
        for (c = c.getSuperclass(); c != null && c != Throwable.class && out.size() < 32; c = c.getSuperclass()) {
            out.add(c.getName());
        }
        return out;
    }

    /**
     * A student's exception's public fields, and the text of its own
     * toString() where a class of the student's overrides Throwable's
     * (under "bridge$text", a name no field of the student's has): the
     * stand-in's toString() says it, as the message is said, with no call.
     */
    private Map<String, Object> exceptionFields(Throwable t, int depth) {
        Map<String, Object> out = fields(t, depth, false);
        try {
            if (t.getClass().getMethod("toString").getDeclaringClass().getClassLoader() == loader) {
                String s = t.toString();
                out.put("bridge$text", s == null ? null : clip(s, 1 << 16));
            }
        } catch (Exception x) {
            // a toString() that throws: the stand-in's own (Throwable's)
        }
        return out;
    }

    private static String message(Throwable t) {
        try {
            String m = t.getMessage();
            return m == null ? null : clip(m, 1 << 16);
        } catch (Throwable x) {
            return null;
        }
    }

    /**
     * The public instance fields of a student's exception, or the public
     * final ones (finals) of another object of the student's, depth deep
     * in a value: the topmost class's first, in the order its stand-in
     * reads them, so that an object a field meets again is one the test
     * side has already begun to build.
     */
    private Map<String, Object> fields(Object o, int depth, boolean finals) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        for (Class<?> c : carried(o.getClass())) {
            for (Field f : c.getDeclaredFields()) {
                if (carried(f, finals) && !out.containsKey(f.getName())) {
                    try {
                        f.setAccessible(true);
                        out.put(f.getName(), enc(f.get(o), depth + 1));
                    } catch (BadValue x) {
                        throw x; // nested too deeply, or too large: the call fails, saying so
                    } catch (ReflectiveOperationException | RuntimeException x) {
                        out.put(f.getName(), null);
                    }
                }
            }
        }
        return out;
    }

    @Override
    protected Object decodeHandle(Map<?, ?> m, Class<?> want) {
        Object id = m.get("handle");
        if (!(id instanceof Integer)) {
            throw new BadValue("a malformed handle");
        }
        if ("test".equals(m.get("owner"))) {
            Object cb = callback((Integer) id, m.get("ifaces"), m.get("name"), m.get("overrides"));
            if (want == java.util.Random.class && cb instanceof java.util.random.RandomGenerator) {
                return new Forwarded((java.util.random.RandomGenerator) cb);
            }
            if (!box(want).isInstance(cb)) {
                throw new BadValue("a test's object where the student's code takes a " + want.getName()
                        + ": only plain values, the student's objects, a Random, and objects of interfaces cross");
            }
            return cb;
        }
        Object o = objects.get(id);
        if (o == null) {
            throw new BadValue("an unknown handle");
        }
        return o;
    }

    /** The proxies of the test's objects, by handle and interfaces: the same object is the same proxy (a listener removed is the one added). */
    private final Map<String, Object> proxies = new HashMap<>();

    /** The test's objects made as Named's classes, and their handlers. */
    private final Map<Object, Callback> named = new IdentityHashMap<>();
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]{0,199}");

    private Object callback(int id, Object ifaces, Object name, Object overrides) {
        String key = id + " " + jsonList(ifaces) + " " + name + " " + (overrides == null ? "" : jsonList(overrides));
        Object p = proxies.get(key);
        if (p == null) {
            p = newCallback(id, ifaces, name, overrides(overrides));
            proxies.put(key, p);
        }
        return p;
    }

    /**
     * A test's object: of a class named as the test's class (Named), with
     * the interfaces the student's side has of those it names; a proxy
     * when the name is none or such a class cannot be made.
     */
    private Object newCallback(int id, Object ifaces, Object name, Set<String> overrides) {
        Class<?>[] is = interfaces(ifaces);
        if (name instanceof String && NAME.matcher((String) name).matches()) {
            Callback cb = new Callback(id, overrides);
            try {
                Object o = Named.make(loader, (String) name, is, cb, overrides);
                named.put(o, cb);
                return o;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // below: a proxy, as $Proxy0
            }
        }
        return Proxy.newProxyInstance(loader, is, new Callback(id, overrides));
    }

    /** The default methods a test's object overrides, as the test's side says them (name and descriptor). */
    private static Set<String> overrides(Object names) {
        Set<String> out = new HashSet<>();
        if (names == null) {
            return out;
        }
        for (Object n : jsonList(names)) {
            out.add(String.valueOf(n));
        }
        return out;
    }

    private Class<?>[] interfaces(Object ifaces) {
        Set<Class<?>> is = new LinkedHashSet<>();
        for (Object n : jsonList(ifaces)) {
            try {
                Class<?> k = Class.forName(String.valueOf(n), false, loader);
                if (k.isInterface() && Modifier.isPublic(k.getModifiers())) {
                    is.add(k);
                }
            } catch (ClassNotFoundException e) {
                // an interface the student's side does not have: the proxy goes without it
            }
        }
        return is.toArray(new Class<?>[0]);
    }

    /**
     * A test's Random, as the student's code sees it: every number it
     * draws is drawn from the test's (Random builds every method on
     * next(bits), which is nextInt()'s top bits), so a seeded shuffle
     * is the one a single process makes, and the test's Random moves on.
     */
    private static final class Forwarded extends java.util.Random {
        private final java.util.random.RandomGenerator test;

        Forwarded(java.util.random.RandomGenerator test) {
            this.test = test;
        }

        @Override
        protected int next(int bits) {
            return test.nextInt() >>> (32 - bits);
        }
    }

    /** A test's object, as the student's code sees it: every call goes back to the test. */
    private final class Callback implements InvocationHandler {
        final int id;
        /** The default methods the test's object overrides: called back; the others run here. */
        final Set<String> overrides;

        Callback(int id, Set<String> overrides) {
            this.id = id;
            this.overrides = overrides;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            Object[] a = args == null ? new Object[0] : args;
            if (m.getDeclaringClass() == Object.class && m.getName().equals("equals") && a[0] == proxy) {
                return true; // reflexive, as equals must be: no call needed
            }
            // equals, hashCode and toString go to the test's object too (a
            // test's record as a key in the student's own hash table): each
            // call, none cached, as the test's class may change its answer
            if (m.isDefault() && !overrides.contains(m.getName() + descriptor(m))) {
                return InvocationHandler.invokeDefault(proxy, m, args);
            }
            LOCK.lock();
            try {
                return back(m, a);
            } catch (BadValue e) {
                if (m.getDeclaringClass() == Object.class && m.getName().equals("equals")) {
                    return false; // a value that cannot cross equals no test's object
                }
                throw e;
            } finally {
                LOCK.unlock();
            }
        }

        private Object back(Method m, Object[] a) throws Throwable {
            List<Object> jargs = new ArrayList<>();
            for (Object x : a) {
                jargs.add(encode(x));
            }
            Map<String, Object> self = tag("handle", id);
            self.put("owner", "test");
            Map<String, Object> r = exchange(request("call", self, m.getDeclaringClass().getName(), m.getName(), descriptor(m), jargs));
            if (r.get("exc") instanceof Map) {
                throw thrown((Map<?, ?>) r.get("exc"), m);
            }
            if (r.get("back") instanceof List) {
                // the arrays and collections passed, as the test's code left them
                List<?> back = (List<?>) r.get("back");
                for (int i = 0; i < back.size() && i < a.length; i++) {
                    if (back.get(i) != null && a[i] != null) {
                        Class<?> c = a[i].getClass();
                        copyInto(a[i], decode(back.get(i), c.isArray() ? c : Object.class));
                    }
                }
            }
            return decode(r.get("re"), m.getReturnType() == void.class ? Object.class : m.getReturnType());
        }
    }

    /**
     * A test's exception, as the student's code may catch it: the JDK's
     * own unchecked ones as themselves, and its checked ones that the
     * method called (m) declares (an IOException of a test's Source whose
     * read() throws IOException, an Exception of a Callable) as
     * themselves too; any other as a RuntimeException that names it.
     */
    private Throwable thrown(Map<?, ?> e, Method m) {
        if (objects.get(e.get("handle")) instanceof Throwable) {
            return (Throwable) objects.get(e.get("handle")); // the student's own, thrown back through the test
        }
        String type = String.valueOf(e.get("type"));
        String msg = e.get("msg") == null ? null : String.valueOf(e.get("msg"));
        try {
            Class<?> k = Class.forName(type, false, ClassLoader.getPlatformClassLoader());
            if (RuntimeException.class.isAssignableFrom(k) || Exception.class.isAssignableFrom(k) && declares(m, k)) {
                return (Throwable) k.getConstructor(String.class).newInstance(msg);
            }
        } catch (ReflectiveOperationException | RuntimeException x) {
            // below
        }
        return new RuntimeException(type + (msg == null ? "" : ": " + msg));
    }

    /** Whether m's throws clause takes an exception of class k. */
    private static boolean declares(Method m, Class<?> k) {
        for (Class<?> t : m.getExceptionTypes()) {
            if (t.isAssignableFrom(k)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Object decodeEnum(String cls, String name) {
        if (cls.startsWith("java.")) {
            return jdkEnum(cls, name);
        }
        try {
            Class<?> k = Class.forName(cls, true, loader);
            for (Object c : k.getEnumConstants()) {
                if (((Enum<?>) c).name().equals(name)) {
                    return c;
                }
            }
        } catch (ClassNotFoundException | RuntimeException e) {
            // below
        }
        throw new BadValue("no enum constant " + cls + "." + name);
    }

    @Override
    protected boolean crossesAsClass(Class<?> k) {
        return k.isPrimitive() || !k.isHidden() && !k.isArray() && (k.getClassLoader() == loader
                || k.getName().startsWith("java.") && (k.getClassLoader() == null || k.getClassLoader() == ClassLoader.getPlatformClassLoader()));
    }

    @Override
    protected Class<?> classNamed(String name) {
        Class<?> k = primitive(name);
        if (k != null) {
            return k;
        }
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new BadValue("the class " + name + ", which the student's code does not have");
        }
    }

    @Override
    protected Class<?> elementClass(String name) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new BadValue("an array of " + name);
        }
    }
}
