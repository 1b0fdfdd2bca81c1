package autograder.warm;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.io.UnsupportedEncodingException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.AccessControlException;
import java.security.AccessController;
import java.security.CodeSource;
import java.security.Permission;
import java.security.PermissionCollection;
import java.security.Permissions;
import java.security.Policy;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PropertyPermission;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The warm run harness of the autograder (package grader/warm): one JVM that
 * compiles one submission with javax.tools and runs its main on many cases,
 * each in a fresh class loader, so that each case sees what one "java"
 * process per case would show it.
 *
 * <p>Requests, on stdin, as the grader sends them: first "AGW2", the mode
 * (0 grade, 1 train), the javac arguments (none: the classes are already
 * there), the main class, the class path, the per-case CPU and wall limits in
 * ns, the per-stream output cap and the compile wall limit in ns; then, one at
 * a time, each after the reply to the one before, a case (1, index,
 * arguments, stdin) or the end (0, or the end of stdin). Strings are an int
 * length and UTF-8; integers are big-endian. The harness never holds more
 * than the case it runs: a case cannot learn the arguments of a later one.
 *
 * <p>Replies on stdout, each framed as MARKER, type, payload length, payload:
 * COMPILE (rc, javac's stdout, its stderr), READY (the harness is up
 * and waits for the first case, whose CPU and wall time the grader counts
 * from its request on, outside the box; the ns from main to READY and
 * those of the scan, for the grader's statistics alone), CASE (one per case), FALLBACK
 * (the submission does something a shared JVM cannot make identical, or
 * that the guard refused: the harness stops and the grader runs it cold)
 * and DONE. After a case that leaves the JVM unusable (a limit, a thread
 * that will not stop) the harness halts without DONE; the grader starts a
 * new one for the remaining cases. MARKER is public: replies are not
 * authenticated, the grader takes one per request and checks what it can
 * (see package grader/warm: nothing in this JVM is trusted).
 *
 * <p>The guard judges code, not threads: every permission check walks the
 * calling code's access-control context, so the submission's code is refused
 * on whatever thread it runs (a finalizer, a cleaner, a shutdown hook).
 */
public final class Harness {
    static final int F_COMPILE = 1, F_CASE = 2, F_FALLBACK = 3, F_DONE = 4, F_READY = 5;
    static final int K_RETURN = 0, K_EXIT = 1, K_THROW = 2, K_LIMIT = 3, K_WAIT = 4;
    static final int L_NONE = 0, L_WALL = 1, L_CPU = 2, L_OUTPUT = 3;
    static final int FL_OUT_TRUNC = 1, FL_ERR_TRUNC = 2, FL_RERUN = 4, FL_HALT = 8;
    /** Mode bits: a training run; a run that lets observers of the harness run warm (the grader's tests of its own watch). */
    static final int M_TRAIN = 1, M_LET_OBSERVE = 2;

    /** A thread stuck in a frozen capture costs a thread of the box's budget: at most this many, then a restart. */
    static final int MAX_PARKED = 16;
    /** A case that uses almost no CPU for this long waits: it reruns cold. */
    static final long WAIT_NS = 500_000_000L;
    /**
     * A case's wall time leaves out the JVM's waits for a core (Stall), as
     * the sandbox's wall limit does: its threads are read first this long
     * into a case (a shorter case is not read at all), then every
     * STALL_TICK_NS (the sandbox's stallTick), and at the wall limit, at
     * most every STALL_AGAIN_NS; a case ends at STALL_CAP (sandbox.StallCap)
     * times its wall limit whatever it waited.
     */
    static final long STALL_FIRST_NS = 50_000_000L, STALL_TICK_NS = 250_000_000L, STALL_AGAIN_NS = 50_000_000L;
    static final long STALL_CAP = 30;

    /** The frame marker: public, for framing only (the compile service sets its own). */
    static byte[] marker = "autograder-warm2".getBytes(StandardCharsets.US_ASCII);
    static DataOutputStream reply;
    /** The first thing the guard refused, on any thread; the rest runs cold. */
    static volatile String violation;
    /** The threads alive before the first case, and case threads parked in a frozen capture. */
    static final Set<Thread> known = new HashSet<>();
    static volatile Case current;
    static int parked;

    // Request.
    static int mode;
    static String[] javacArgs;
    static String mainClass;
    static String classPath;
    static long cpuLimit, wallLimit, outCap, buildWall;

    public static void main(String[] argv) throws Throwable {
        long started = System.nanoTime();
        // Requests come one at a time: the next case only after the reply
        // to this one. The submission cannot read file descriptor 0 (the
        // guard refuses it, and /proc and /dev).
        DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in)));
        reply = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));
        byte[] magic = new byte[4];
        in.readFully(magic);
        if (!new String(magic, StandardCharsets.US_ASCII).equals("AGW2")) {
            throw new IOException("bad request");
        }
        mode = in.readInt();
        javacArgs = readStrings(in);
        mainClass = readString(in);
        classPath = readString(in);
        cpuLimit = in.readLong();
        wallLimit = in.readLong();
        outCap = in.readLong();
        buildWall = in.readLong();

        MethodHandle newThread = caseThreadConstructor();
        // Opened before the guard is up. The JVM's management beans say the
        // same, but starting them cost about 25 ms of the harness's start.
        procStat = new RandomAccessFile("/proc/self/stat", "r");
        processCPU();
        findHarnessDir();
        Case.charsets();
        Policy.setPolicy(new CasePolicy());
        System.setSecurityManager(new Guard());
        // Cold, the class path the submission sees is its own.
        System.setProperty("java.class.path", classPath);

        if (javacArgs.length > 0 && !compile()) {
            finish();
        }
        long scanned = System.nanoTime();
        String risk = scanClasses();
        scanned = System.nanoTime() - scanned;
        // Between cases nobody may print: what would it print into?
        PrintStream stray = new PrintStream(new Stray(), true), err0 = System.err;
        System.setOut(stray);
        System.setErr(stray);
        // How long the harness took to be ready, and its scan: figures for
        // `autograder bench`, which decide nothing.
        ByteArrayOutputStream ready = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(ready);
        d.writeLong(System.nanoTime() - started);
        d.writeLong(scanned);
        frame(F_READY, ready.toByteArray());
        reply.flush();
        boolean first = true;
        while (true) {
            Request r = readRequest(in);
            if (r != null && (mode & M_TRAIN) != 0) {
                System.setErr(err0); // a training run shows what went wrong
            }
            if (r == null) {
                break;
            }
            if (first) {
                first = false;
                if (risk != null) {
                    fallback(r.index, risk);
                    finish();
                }
                known.addAll(liveThreads());
            }
            if (!runCase(r, newThread)) {
                reply.flush();
                Runtime.getRuntime().halt(0);
            }
        }
        finish();
    }

    /** The next case, or null at the end. */
    static Request readRequest(DataInputStream in) throws IOException {
        int tag;
        try {
            tag = in.readInt();
        } catch (EOFException e) {
            return null;
        }
        if (tag != 1) {
            return null;
        }
        int index = in.readInt();
        String[] args = readStrings(in);
        byte[] stdin = readBytes(in);
        return new Request(index, args, stdin);
    }

    /** Writes nothing; a write is a violation: the submission printed outside a case. */
    static final class Stray extends OutputStream {
        @Override
        public void write(int b) {
            refuse("prints outside a case (a finalizer, a cleaner, a thread left running)");
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (len > 0) {
                write(0);
            }
        }
    }

    /** Records what the guard refused: the rest of the submission runs cold. */
    static void refuse(String why) {
        if (violation == null) {
            violation = why;
        }
        Case c = caseOf(Thread.currentThread());
        if (c == null) {
            c = current;
        }
        if (c != null) {
            c.violate(why);
        }
    }

    static void finish() throws IOException {
        frame(F_DONE, new byte[0]);
        reply.flush();
        if ((mode & M_TRAIN) != 0) {
            System.exit(0); // a training run ends normally, so that the CDS archive is written
        }
        Runtime.getRuntime().halt(0); // stray threads must not keep the JVM up
    }

    // ---- compile ---------------------------------------------------------

    /** javac's exit status when it ran out of resources (a StackOverflowError while parsing) or crashed. */
    static final int JAVAC_SYSERR = 3;

    /**
     * The stack of the thread javac runs in: a quarter of a cold javac's
     * (the property autograder.javac.stack, from the grader), so that a
     * source deep enough to overflow a cold javac overflows here first, and
     * javac's out-of-resources exit sends it to a cold javac (the Go side's
     * javacStack); 0 (the JVM's -Xss) when not given.
     */
    static long javacStack() {
        return Long.getLong("autograder.javac.stack", 0);
    }

    /** Compiles as javac does in the working directory; false if it failed (the COMPILE frame says how). */
    static boolean compile() throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            fallback(-1, "the JVM has no Java compiler (a JRE, not a JDK)");
            finish();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int[] rc = {-1};
        Throwable[] crash = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                rc[0] = javac.run(null, out, err, javacArgs);
            } catch (Throwable e) {
                crash[0] = e;
            }
        }, "javac", javacStack());
        long t0 = System.nanoTime();
        t.start();
        while (t.isAlive()) {
            t.join(20);
            if (t.isAlive() && System.nanoTime() - t0 > buildWall) {
                fallback(-1, "the compiler ran past the build time limit");
                reply.flush();
                Runtime.getRuntime().halt(0);
            }
        }
        if (crash[0] != null) {
            fallback(-1, "the compiler failed: " + crash[0]);
            finish();
        }
        if (rc[0] >= JAVAC_SYSERR) {
            fallback(-1, "the compiler ran out of resources (its stack)");
            finish();
        }
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(f);
        d.writeInt(rc[0]);
        writeBytes(d, out.toByteArray());
        writeBytes(d, err.toByteArray());
        frame(F_COMPILE, f.toByteArray());
        reply.flush();
        return rc[0] == 0;
    }

    // ---- one case --------------------------------------------------------

    static final class Request {
        final int index;
        final String[] args;
        final byte[] stdin;

        Request(int index, String[] args, byte[] stdin) {
            this.index = index;
            this.args = args;
            this.stdin = stdin;
        }
    }

    /** The loader and main of the previous case, when the classes are reusable and it ended cleanly. */
    static CaseLoader lastLoader;
    static MethodHandle lastMain;

    /** Runs one case and replies; false when the JVM must be left (the grader starts another). */
    static boolean runCase(Request r, MethodHandle newThread) throws Throwable {
        if (violation != null) {
            fallback(r.index, violation);
            return false;
        }
        Case c = new Case(outCap);
        CaseLoader loader = lastLoader;
        MethodHandle main = lastMain;
        lastLoader = null;
        lastMain = null;
        if (loader == null) {
            try {
                loader = new CaseLoader(classPath);
                Class<?> cls = Class.forName(mainClass, false, loader);
                Method m = cls.getMethod("main", String[].class);
                if (!Modifier.isStatic(m.getModifiers()) || m.getReturnType() != void.class) {
                    fallback(r.index, "main is not a static void method");
                    return false;
                }
                m.setAccessible(true); // the launcher calls main whatever the class's access
                main = MethodHandles.lookup().unreflect(m);
            } catch (ReflectiveOperationException | LinkageError | IOException e) {
                // The launcher has messages of its own for these; the cold run gives them.
                fallback(r.index, "the main class does not load: " + e);
                return false;
            }
        }
        CaseGroup group = new CaseGroup(c);
        Thread t = (Thread) newThread.invoke(group, main, r.args, c);
        t.setContextClassLoader(loader);
        PrintStream out0 = System.out, err0 = System.err;
        InputStream in0 = System.in;
        System.setOut(c.out);
        System.setErr(c.err);
        System.setIn(new BufferedInputStream(new ByteArrayInputStream(r.stdin)));
        current = c;
        long t0 = System.nanoTime();
        long cpu0 = processCPU();
        int limit = L_NONE;
        boolean halt = false, waits = false;
        long mark = t0, cpuAtMark = 0;
        Crowd crowd = new Crowd();
        long crowdAt = t0 + WAIT_NS / 2;
        Stall stall = new Stall(t0);
        long stallAt = t0 + STALL_FIRST_NS;
        try {
            t.start();
            long poll = 1;
            while (true) {
                t.join(poll);
                poll = Math.min(poll * 2, 10);
                if (!t.isAlive()) {
                    break;
                }
                if (c.violation != null) {
                    break;
                }
                if (c.exited() || c.overflow) {
                    t.join(200); // let it unwind
                    if (t.isAlive() && !c.parked) {
                        halt = true;
                    }
                    break;
                }
                // All the JVM's threads, as a cold run's limit counts them.
                long cpu = processCPU() - cpu0;
                long now = System.nanoTime();
                if (now >= stallAt) {
                    stall.read(now);
                    stallAt = now + STALL_TICK_NS;
                }
                if (cpu > cpuLimit) {
                    limit = L_CPU;
                } else if (stall.overWall(now)) {
                    limit = L_WALL;
                } else if (now - mark >= WAIT_NS) {
                    // Less than a twentieth of a core since the mark, and
                    // not for want of one: the case waits (asleep, say).
                    // A cold run waits out its wall limit on no core of
                    // the grader's; this JVM would hold one, and the cases
                    // after it. One kept from running by other work (a
                    // loaded machine) is not waiting: its thread is
                    // runnable, or a thread of the JVM waited for a core
                    // (Crowd).
                    waits = (cpu - cpuAtMark) * 20 < now - mark && wallLimit > 2 * WAIT_NS
                            && t.getState() != Thread.State.RUNNABLE && !crowd.busy(now);
                    mark = now;
                    cpuAtMark = cpu;
                    crowdAt = now + WAIT_NS / 2;
                } else if (now >= crowdAt) {
                    crowd.busy(now); // the threads' times half way to the mark
                    crowdAt = Long.MAX_VALUE;
                }
                if (limit != L_NONE || waits) {
                    c.freeze();
                    halt = true;
                    break;
                }
            }
        } finally {
            current = null;
            System.setOut(out0);
            System.setErr(err0);
            System.setIn(in0);
        }
        long wall = System.nanoTime() - t0;
        if (stall.begun && limit == L_NONE) {
            // The waits since the last reading; a case stopped at a limit
            // says the count it was stopped by.
            stall.read(t0 + wall);
        }
        if (c.violation != null || violation != null) {
            fallback(r.index, c.violation != null ? c.violation : violation);
            return false;
        }
        if (group.activeCount() > (t.isAlive() ? 1 : 0)) {
            fallback(r.index, "leaves threads running");
            return false;
        }
        if (t.isAlive() && c.parked) {
            known.add(t);
        }
        String left = newThreads(t);
        if (left != null) {
            fallback(r.index, "leaves a thread running (" + left + ")");
            return false;
        }
        if (t.isAlive() && c.parked) {
            parked++;
            halt = halt || parked >= MAX_PARKED;
        } else if (!t.isAlive()) {
            // The group is empty (a case starts no threads). Left in its
            // parent, it would make every later walk of the JVM's threads
            // longer: a case's cost would grow with the cases before it.
            try {
                group.destroy();
            } catch (IllegalThreadStateException e) {
                // not empty after all: it stays, harmless
            }
            if (reusable) {
                // Nothing of this case is left running: the next may use the same classes.
                lastLoader = loader;
                lastMain = main;
            }
        }
        int kind, code = 0, flags = 0;
        if (waits) {
            kind = K_WAIT;
            code = -1;
        } else if (limit != L_NONE) {
            kind = K_LIMIT;
            code = -1;
        } else if (c.overflow) {
            kind = K_LIMIT;
            code = -1;
            limit = L_OUTPUT;
        } else if (c.exited()) {
            kind = K_EXIT;
            code = c.exitStatus & 0xff;
        } else if (c.thrown != null) {
            kind = K_THROW;
            code = 1;
            // An Error (out of memory, stack overflow, a class that does not
            // initialize) depends on the JVM's state: the grader reruns it cold.
            if (c.thrown instanceof Error) {
                flags |= FL_RERUN;
            }
        } else {
            kind = K_RETURN;
        }
        if (c.outCap.truncated) {
            flags |= FL_OUT_TRUNC;
        }
        if (c.errCap.truncated) {
            flags |= FL_ERR_TRUNC;
        }
        if (halt) {
            flags |= FL_HALT;
        }
        if (waits) {
            flags |= FL_RERUN;
        }
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(f);
        d.writeInt(r.index);
        d.writeInt(kind);
        d.writeInt(code);
        d.writeInt(limit);
        d.writeInt(flags);
        d.writeLong(wall);
        writeBytes(d, c.outCap.bytes());
        writeBytes(d, c.errCap.bytes());
        d.writeLong(stall.total);
        frame(F_CASE, f.toByteArray());
        reply.flush();
        return !halt;
    }

    /** What one case did, as its guard and its captures saw it. */
    static final class Case {
        final Capture outCap, errCap;
        final PrintStream out, err;
        volatile int exitStatus = Integer.MIN_VALUE;
        volatile boolean overflow;
        volatile boolean parked;
        volatile String violation;
        volatile Throwable thrown;

        Case(long cap) throws UnsupportedEncodingException {
            outCap = new Capture(this, cap);
            errCap = new Capture(this, cap);
            out = stream(outCap, OUT_CHARSET);
            err = stream(errCap, ERR_CHARSET);
        }

        /**
         * The charsets of System.out and System.err in a fresh JVM, by the
         * properties it reads (see System.newPrintStream), null for the
         * default: read once, before the first case (no case may set a
         * property), not with a permission check and a lookup per case.
         */
        static Charset OUT_CHARSET, ERR_CHARSET;

        static void charsets() throws UnsupportedEncodingException {
            OUT_CHARSET = charset("stdout.encoding", "sun.stdout.encoding");
            ERR_CHARSET = charset("stderr.encoding", "sun.stderr.encoding");
        }

        static Charset charset(String key, String oldKey) throws UnsupportedEncodingException {
            String enc = System.getProperty(key, System.getProperty(oldKey));
            if (enc == null) {
                return null;
            }
            try {
                return Charset.forName(enc);
            } catch (IllegalArgumentException e) {
                throw new UnsupportedEncodingException(enc); // as PrintStream(OutputStream, boolean, String) says it
            }
        }

        /** The stream System.out or System.err is in a fresh JVM (see System.newPrintStream). */
        static PrintStream stream(OutputStream o, Charset cs) {
            OutputStream b = new BufferedOutputStream(o, 128);
            return cs != null ? new PrintStream(b, true, cs) : new PrintStream(b, true);
        }

        boolean exited() {
            return exitStatus != Integer.MIN_VALUE;
        }

        synchronized void exit(int status) {
            if (!exited()) {
                freeze();
                exitStatus = status;
            }
        }

        void threw(Throwable e) {
            thrown = e;
        }

        void violate(String why) {
            if (violation == null) {
                violation = why;
            }
        }

        /** Output stops here, as when the process is killed. */
        void freeze() {
            outCap.freeze();
            errCap.freeze();
        }
    }

    /**
     * One case's stdout or stderr: keeps up to cap bytes. More is the output
     * limit, which kills a cold run: both streams freeze and the writer
     * waits forever, as if killed.
     */
    static final class Capture extends OutputStream {
        private final Case owner;
        private final long cap;
        private byte[] buf = new byte[256];
        private int n;
        private boolean frozen;
        boolean truncated;

        Capture(Case owner, long cap) {
            this.owner = owner;
            this.cap = cap;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            boolean over = false, stop;
            synchronized (this) {
                stop = frozen;
                if (!frozen) {
                    long room = cap - n;
                    if (len > room) {
                        append(b, off, (int) room);
                        truncated = true;
                        over = stop = true;
                    } else {
                        append(b, off, len);
                    }
                }
            }
            if (over) {
                owner.overflow = true;
                owner.freeze();
            }
            if (stop) {
                owner.parked = true;
                while (true) {
                    LockSupport.park(this);
                    Thread.interrupted();
                }
            }
        }

        private void append(byte[] b, int off, int len) {
            if (len <= 0) {
                return;
            }
            if (n + len > buf.length) {
                byte[] nb = new byte[Math.max(buf.length * 2, n + len)];
                System.arraycopy(buf, 0, nb, 0, n);
                buf = nb;
            }
            System.arraycopy(b, off, buf, n, len);
            n += len;
        }

        synchronized void freeze() {
            frozen = true;
        }

        synchronized byte[] bytes() {
            byte[] out = new byte[n];
            System.arraycopy(buf, 0, out, 0, n);
            return out;
        }
    }

    /** The thread group of one case: its threads are the submission's. */
    static final class CaseGroup extends ThreadGroup {
        final Case state;

        CaseGroup(Case state) {
            super("main");
            this.state = state;
        }
    }

    /** The submission's classes, fresh for every case; its parent, like the application class loader's, is the platform loader. */
    static final class CaseLoader extends URLClassLoader {
        CaseLoader(String classPath) throws IOException {
            super(urls(classPath), ClassLoader.getPlatformClassLoader());
        }

        static URL[] urls(String classPath) throws IOException {
            String[] parts = classPath.split(File.pathSeparator);
            URL[] urls = new URL[parts.length];
            for (int i = 0; i < parts.length; i++) {
                urls[i] = Paths.get(parts[i]).toAbsolutePath().normalize().toUri().toURL();
            }
            return urls;
        }
    }

    /**
     * The case whose thread t is, or null for the harness's own threads. Only
     * the direct group counts: the submission gets no other thread or group,
     * and ThreadGroup.getParent would call back into the guard.
     */
    static Case caseOf(Thread t) {
        ThreadGroup g = t.getThreadGroup();
        return g instanceof CaseGroup ? ((CaseGroup) g).state : null;
    }

    /** Thrown by System.exit in a case: the case ends there. */
    static final class ExitTrap extends Error {
        ExitTrap(int status) {
            super("System.exit(" + status + ")", null, false, false);
        }
    }

    /**
     * The guard. It traps System.exit, refuses a thread to the submission,
     * and lets the submission's code do only what cannot make a shared JVM
     * differ from a fresh one (read properties, the environment and files);
     * anything else is refused, recorded, and the submission runs cold.
     */
    static final class Guard extends SecurityManager {
        static final Permission MODIFY_THREAD = new RuntimePermission("modifyThread");
        static final Permission MODIFY_GROUP = new RuntimePermission("modifyThreadGroup");

        /** Every check walks the calling code: whatever the thread, the submission's code gets only what studentMay gives. */
        @Override
        public void checkPermission(Permission p) {
            try {
                AccessController.checkPermission(p);
            } catch (AccessControlException e) {
                refuse(describe(p));
                throw e;
            }
        }

        @Override
        public void checkPermission(Permission p, Object context) {
            checkPermission(p);
        }

        @Override
        public void checkExit(int status) {
            Case c = caseOf(Thread.currentThread());
            if (c != null) {
                c.exit(status);
                throw new ExitTrap(status);
            }
            checkPermission(new RuntimePermission("exitVM." + status));
        }

        @Override
        public void checkAccess(ThreadGroup g) {
            try {
                AccessController.checkPermission(MODIFY_GROUP);
            } catch (AccessControlException e) {
                refuse("starts a thread");
                throw new SecurityException("autograder: no threads in warm mode");
            }
        }

        @Override
        public void checkAccess(Thread t) {
            try {
                AccessController.checkPermission(MODIFY_THREAD);
            } catch (AccessControlException e) {
                refuse("changes a thread");
                throw new SecurityException("autograder: no threads in warm mode");
            }
        }
    }

    static String describe(Permission p) {
        if (p instanceof RuntimePermission) {
            switch (p.getName()) {
                case "setIO":
                    return "replaces System.in, System.out or System.err";
                case "writeFileDescriptor":
                case "readFileDescriptor":
                    return "uses a file descriptor directly";
                case "getClassLoader":
                case "createClassLoader":
                    return "uses class loaders (static state may be shared)";
                default:
                    break;
            }
        }
        if (p instanceof java.io.FilePermission) {
            if (p.getActions().equals("read")) {
                return "reads a file of the system (" + p.getName() + ")";
            }
            return "writes files (" + p.getActions() + " " + p.getName() + ")";
        }
        return "needs a permission the warm harness does not give: " + p;
    }

    /** Full permission for everything but the submission's classes. */
    static final class CasePolicy extends Policy {
        @Override
        public boolean implies(ProtectionDomain d, Permission p) {
            if (d.getClassLoader() instanceof CaseLoader) {
                return studentMay(p);
            }
            return true;
        }

        @Override
        public PermissionCollection getPermissions(CodeSource cs) {
            return new Permissions();
        }

        @Override
        public PermissionCollection getPermissions(ProtectionDomain d) {
            return new Permissions();
        }
    }

    static boolean studentMay(Permission p) {
        if (p instanceof PropertyPermission) {
            return p.getActions().equals("read");
        }
        if (p instanceof java.io.FilePermission) {
            return p.getActions().equals("read") && mayRead(p.getName());
        }
        if (p instanceof RuntimePermission) {
            return p.getName().startsWith("getenv.");
        }
        return false;
    }

    /** Devices a program may read, as in a fresh JVM. */
    static final Set<String> DEVICES = Set.of("/dev/null", "/dev/zero", "/dev/random", "/dev/urandom");

    /**
     * Whether the submission may read a file: not under /proc (the JVM's
     * memory, its environment, its file descriptors: /proc/self/mem),
     * /sys or /dev (/dev/fd, /dev/stdin), by its name or by where its
     * symbolic links lead; no wildcards.
     */
    static boolean mayRead(String name) {
        if (name.equals("<<ALL FILES>>") || name.endsWith("*") || name.endsWith("-")) {
            return false;
        }
        Path p;
        try {
            p = Paths.get(name).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            return false;
        }
        if (!ordinary(p)) {
            return false;
        }
        Path real = AccessController.doPrivileged((java.security.PrivilegedAction<Path>) () -> {
            try {
                return p.toRealPath();
            } catch (IOException | RuntimeException e) {
                return p;
            }
        });
        return ordinary(real);
    }

    /**
     * The folder of the harness's jar, and every folder above it: a warm
     * box shows them (the jar's folder is bound into it), a cold one does
     * not, so a program that looks for them could tell the two apart.
     * Reading any of them, or anything in the jar's folder, is refused:
     * the submission runs cold.
     */
    static final Set<String> HARNESS_DIRS = new HashSet<>();
    static String harnessDir = "";

    static void findHarnessDir() {
        try {
            Path jar = Paths.get(Harness.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().normalize();
            Path dir = jar.getParent();
            harnessDir = dir.toString();
            for (Path d = dir; d != null; d = d.getParent()) {
                HARNESS_DIRS.add(d.toString());
            }
        } catch (Exception e) {
            harnessDir = ""; // no jar: nothing of it is in the box
        }
    }

    static boolean ordinary(Path p) {
        String s = p.toString();
        if (HARNESS_DIRS.contains(s) || !harnessDir.isEmpty() && s.startsWith(harnessDir + "/")) {
            return false;
        }
        for (String root : new String[] {"/proc", "/sys", "/dev"}) {
            if (s.equals(root) || s.startsWith(root + "/")) {
                return DEVICES.contains(s);
            }
        }
        return true;
    }

    // ---- what a shared JVM cannot make identical ---------------------------

    static final Set<String> HASHED = Set.of(
            "java/util/HashMap", "java/util/HashSet", "java/util/Hashtable", "java/util/IdentityHashMap",
            "java/util/WeakHashMap", "java/util/concurrent/ConcurrentHashMap");

    static final String IDENTITY = ": identity hash codes differ between a fresh JVM and a shared one";

    static final String OBSERVES = ", which can tell the warm harness from a fresh JVM";

    /**
     * Packages whose every method can tell a shared JVM from a fresh one:
     * the JVM's own view of itself (management beans, flight recorder,
     * instrumentation), reflection and method handles (which reach what
     * the names below guard), the process, the security manager.
     */
    static final List<String> OBSERVING_PACKAGES = List.of(
            "java/lang/management/", "com/sun/management/", "javax/management/", "jdk/management/",
            "jdk/jfr/", "java/lang/instrument/", "java/lang/reflect/", "java/lang/invoke/", "sun/misc/",
            "java/lang/ProcessHandle", "java/lang/Process", "java/lang/ThreadGroup", "java/lang/StackWalker",
            "java/lang/StackTraceElement", "java/lang/ClassLoader", "java/lang/ModuleLayer", "java/lang/Module",
            "java/security/AccessController", "java/security/Policy", "java/security/ProtectionDomain",
            "java/security/CodeSource", "java/time/Clock", "java/time/InstantSource", "java/lang/Thread",
            // Soft and weak references: when the collector clears them
            // depends on the heap, which the harness and earlier cases share.
            "java/lang/ref/");

    /** What javac itself calls in these packages: lambdas, string concatenation, generic arrays. */
    static final Set<String> ORDINARY = Set.of(
            "java/lang/invoke/LambdaMetafactory", "java/lang/invoke/StringConcatFactory", "java/lang/reflect/Array",
            "java/lang/Thread.sleep", "java/lang/Thread.onSpinWait", "java/lang/Thread.yield",
            "java/lang/Thread.interrupted");

    /** Classes whose mere mention observes: stack frames, threads, class loaders. */
    static final Set<String> OBSERVING_TYPES = Set.of(
            "java/lang/StackTraceElement", "java/lang/StackWalker", "java/lang/ThreadGroup", "java/lang/ClassLoader",
            "java/lang/management/ManagementFactory", "java/lang/ProcessHandle");

    /**
     * Names methods any class may have that observe the harness: the stack,
     * class loaders, resources (their URLs name the class path), the
     * security manager, properties (sun.java.command names the harness),
     * the environment, the clock (a fresh JVM's first call of anything is
     * slow), the heap and the processors.
     */
    static final Set<String> OBSERVING_NAMES = Set.of(
            "getStackTrace", "getAllStackTraces", "getClassLoader", "getContextClassLoader", "getSystemClassLoader",
            "getPlatformClassLoader", "getProtectionDomain", "getResource", "getResourceAsStream", "getResources",
            "forName", "getModule", "getSecurityManager", "getProperty", "getProperties", "getenv", "getInteger",
            "getLong", "getBoolean", "nanoTime", "currentTimeMillis", "availableProcessors", "freeMemory",
            "totalMemory", "maxMemory", "gc", "runFinalization", "console", "inheritedChannel");

    /** The classes OBSERVING_NAMES are looked up on. */
    static final Set<String> OBSERVED_OWNERS = Set.of(
            "java/lang/System", "java/lang/Runtime", "java/lang/Class", "java/lang/Throwable", "java/lang/Thread",
            "java/lang/Integer", "java/lang/Long", "java/lang/Boolean");

    /**
     * Names what a reference to owner.name (desc its descriptor; "<init>"
     * with no descriptor for a class's superclass) could learn of the
     * harness that a fresh JVM would show otherwise, or null. Such a
     * submission runs cold: whatever it does with what it learns, the cold
     * run is its grade.
     */
    static String observer(String owner, String name, String desc) {
        if ((mode & M_LET_OBSERVE) != 0 || owner == null || ORDINARY.contains(owner) || ORDINARY.contains(owner + "." + name)) {
            return null;
        }
        String what = owner.replace('/', '.') + (desc.isEmpty() ? "" : "." + name);
        if (desc.isEmpty()) {
            // A superclass: a Thread of its own, a class loader, a stack walker.
            for (String p : List.of("java/lang/Thread", "java/lang/ClassLoader", "java/lang/SecurityManager")) {
                if (owner.equals(p)) {
                    return "extends " + what + OBSERVES;
                }
            }
            return null;
        }
        for (String p : OBSERVING_PACKAGES) {
            if (owner.equals(p) || owner.startsWith(p + "$") || p.endsWith("/") && owner.startsWith(p)) {
                return "calls " + what + OBSERVES;
            }
        }
        // A stack trace, whoever's Throwable it is (the submission's own exceptions too).
        if (OBSERVING_NAMES.contains(name) && (OBSERVED_OWNERS.contains(owner) || name.equals("getStackTrace"))) {
            return "calls " + what + OBSERVES;
        }
        // How much of stdin is there yet: all of it warm (it is in memory),
        // what the pipe holds so far cold.
        if (owner.startsWith("java/io/") && (name.equals("available") && desc.equals("()I") || name.equals("ready") && desc.equals("()Z"))) {
            return "calls " + what + ", which says how much of stdin has arrived" + OBSERVES;
        }
        // The string pool: a string an earlier case interned is there already.
        if (owner.equals("java/lang/String") && name.equals("intern")) {
            return "calls " + what + ", whose pool holds what earlier cases interned" + OBSERVES;
        }
        // JDK state that earlier cases leave behind and that needs no
        // permission to read: the named loggers (a logger an earlier case
        // made is found by its name, with the level and handlers it set),
        // and the defaults of URL connections and of the network's
        // handlers (what an earlier case set is the default).
        if (owner.startsWith("java/util/logging/") || owner.equals("java/lang/System") && name.equals("getLogger")) {
            return "calls " + what + ", whose loggers are those earlier cases made" + OBSERVES;
        }
        if (owner.startsWith("java/net/") && (name.startsWith("getDefault") || name.startsWith("setDefault") || NET_DEFAULTS.contains(name))) {
            return "calls " + what + ", whose default is what earlier cases set" + OBSERVES;
        }
        // The clock: any java.time "now", a Date or Calendar of the current time.
        if (owner.startsWith("java/time/") && name.equals("now")
                || owner.equals("java/util/Date") && name.equals("<init>") && desc.equals("()V")
                || owner.equals("java/util/GregorianCalendar") && name.equals("<init>") && desc.equals("()V")
                || owner.equals("java/util/Calendar") && name.equals("getInstance")) {
            return "reads the clock (" + what + ")" + OBSERVES;
        }
        return null;
    }

    /** The methods of java.net's classes, besides getDefault* and setDefault*, that read or set a JVM-wide default. */
    static final Set<String> NET_DEFAULTS = Set.of("getFollowRedirects", "setFollowRedirects", "getFileNameMap",
            "setFileNameMap", "setContentHandlerFactory", "setURLStreamHandlerFactory", "setSocketImplFactory",
            "setSocketFactory");

    /** Classes whose code runs on other threads, after its case. */
    static final Set<String> OUTLIVE = Set.of("java/lang/ref/Cleaner", "java/lang/ref/PhantomReference", "java/lang/ref/ReferenceQueue");

    /**
     * Reads the constant pools of the classes the submission may load and
     * names a risk that warm mode cannot make identical, or null. Identity
     * hash codes come from a per-thread generator seeded when the thread is
     * made: a fresh JVM's main thread and a harness's case thread get
     * different ones, and so does the iteration order of a hash-based
     * collection holding objects without hashCode.
     */
    static String scanClasses() throws IOException {
        reusable = true;
        for (String part : classPath.split(File.pathSeparator)) {
            Path dir = Paths.get(part);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            List<Path> files;
            try (Stream<Path> s = Files.walk(dir, 8)) {
                files = s.filter(p -> p.toString().endsWith(".class") && Files.isRegularFile(p)).toList();
            }
            for (Path p : files) {
                ClassInfo info = new ClassInfo();
                String why = scan(Files.readAllBytes(p), info);
                reusable = reusable && info.stateless && info.maxSlots <= MAX_REUSED_SLOTS;
                if (why != null) {
                    return dir.relativize(p) + " " + why;
                }
                if (info.name != null) {
                    info.file = dir.relativize(p).toString();
                    shapes.put(info.name, info);
                }
            }
        }
        return identityRisk(shapes);
    }

    // ---- identity hash codes and hidden classes' names ---------------------

    /** The submission's classes as the scan read them, by binary name. */
    static final Map<String, ClassInfo> shapes = new HashMap<>();

    /** The JDK's classes whose hashCode and toString follow their value alone. */
    static boolean valueClass(String c) {
        return c.equals("java/lang/String") || c.equals("java/lang/Integer") || c.equals("java/lang/Long")
                || c.equals("java/lang/Short") || c.equals("java/lang/Byte") || c.equals("java/lang/Character")
                || c.equals("java/lang/Boolean") || c.equals("java/lang/Double") || c.equals("java/lang/Float")
                || c.equals("java/math/BigInteger") || c.equals("java/math/BigDecimal") || c.startsWith("java/time/")
                || c.equals("java/lang/StringBuilder") || c.equals("java/lang/StringBuffer") || c.equals("java/util/UUID");
    }

    /**
     * Names a call of the submission whose answer can follow an identity
     * hash code (hashCode or toString that ends in Object's, an enum's
     * hashCode, a record's over such a component, an array's, Objects.hash)
     * or a hidden class's name (a lambda's getClass().getName()), or null.
     * A fresh JVM's main thread draws identity hash codes from a generator
     * seeded alike in every run, the harness's case thread from another; a
     * lambda's class is named by how many the JVM has spun before.
     */
    static String identityRisk(Map<String, ClassInfo> shapes) {
        boolean lambdas = false;
        for (ClassInfo c : shapes.values()) {
            lambdas |= c.lambdas;
        }
        for (ClassInfo c : new java.util.TreeMap<>(shapes).values()) {
            for (String[] call : c.calls) {
                String owner = call[0], name = call[1], what = owner.replace('/', '.') + "." + name;
                boolean risk = switch (name) {
                    case "hashCode" -> !ownMethod(shapes, owner, "hashCode", new HashSet<>());
                    case "toString" -> !ownMethod(shapes, owner, "toString", new HashSet<>());
                    default -> lambdas; // a Class's name
                };
                if (risk) {
                    return c.file + " calls " + what + (name.equals("hashCode") || name.equals("toString") ? IDENTITY
                            : " with lambdas about: a lambda's class is named by how many a JVM has made before" + OBSERVES);
                }
            }
        }
        return null;
    }

    /**
     * True when name (hashCode or toString) on an object of class owner
     * follows its value alone: a value class of the JDK's, or a class of
     * the submission that has its own (a record's, when its components'
     * do), an enum's toString; never an array's, Object's, an enum's
     * hashCode or an interface's the submission does not define.
     */
    static boolean ownMethod(Map<String, ClassInfo> shapes, String owner, String name, Set<String> seen) {
        for (String c = owner; c != null && seen.add(c + "." + name); ) {
            if (valueClass(c)) {
                return true;
            }
            ClassInfo k = shapes.get(c);
            if (k == null) {
                // a JDK class: its toString is its own but Object's;
                // hashCode only the value classes' follows the value
                return name.equals("toString") && !c.equals("java/lang/Object") && !c.startsWith("[")
                        && !c.equals("java/lang/Record");
            }
            if (name.equals("hashCode") ? k.hashCode : k.toString) {
                if (!k.record) {
                    return true;
                }
                for (String d : k.components) {
                    if (!componentOwn(shapes, d, name, seen)) {
                        return false;
                    }
                }
                return true;
            }
            if (name.equals("toString") && "java/lang/Enum".equals(k.superName)) {
                return true; // its name
            }
            if (k.iface) {
                return false; // whatever class implements it
            }
            c = k.superName;
        }
        return false;
    }

    /** System's streams, whose objects the harness and a fresh JVM make apart: their identity hash codes differ. */
    static final Set<String> STREAMS = Set.of("out", "err", "in");

    /**
     * Names a use of System.out, err or in, in the method's code, as an
     * Object whose text is taken (String.valueOf((Object) System.out),
     * Objects.toString, StringBuilder.append(Object), a string
     * concatenation): the stream's read straight into a call whose last
     * parameter is an Object, or into an invokedynamic; or null. Its text
     * is its identity hash code, which differs warm and cold. A stream
     * kept in a variable first is not followed.
     */
    static String streamAsObject(byte[] code, String[] utf, int[] classIdx, int[][] refs, int[][] nat, int[] indy) {
        for (int pc = 0; pc < code.length; ) {
            int op = code[pc] & 0xff, len = opLength(code, pc);
            if (len <= 0) {
                return null; // not code this reads: left to the other checks
            }
            if (op == 0xb2 && pc + 2 < code.length) {
                String field = member(u2(code, pc + 1), utf, classIdx, refs, nat);
                int next = pc + len;
                while (next < code.length && (code[next] & 0xff) == 0xc0) {
                    next += 3; // checkcast
                }
                if (STREAMS.contains(field.substring(field.indexOf('.') + 1)) && field.startsWith("java/lang/System.")
                        && next + 2 < code.length) {
                    int nop = code[next] & 0xff, idx = u2(code, next + 1);
                    String desc = nop == 0xba ? indyDesc(idx, utf, indy, nat) : nop >= 0xb6 && nop <= 0xb9 ? memberDesc(idx, utf, refs, nat) : null;
                    if (desc != null && (nop == 0xba || desc.contains("Ljava/lang/Object;)"))) {
                        return "takes the text of " + field.replace('/', '.') + " (" + (nop == 0xba ? "a string concatenation"
                                : member(idx, utf, classIdx, refs, nat).replace('/', '.')) + ")" + IDENTITY;
                    }
                }
            }
            pc += len;
        }
        return null;
    }

    static int u2(byte[] b, int i) {
        return (b[i] & 0xff) << 8 | b[i + 1] & 0xff;
    }

    /** The member a Fieldref or Methodref names, as owner.name, or "". */
    static String member(int i, String[] utf, int[] classIdx, int[][] refs, int[][] nat) {
        if (i <= 0 || i >= refs.length || refs[i] == null || classIdx[refs[i][0]] == 0 || nat[refs[i][1]] == null) {
            return "";
        }
        return utf[classIdx[refs[i][0]]] + "." + utf[nat[refs[i][1]][0]];
    }

    static String memberDesc(int i, String[] utf, int[][] refs, int[][] nat) {
        return i <= 0 || i >= refs.length || refs[i] == null || nat[refs[i][1]] == null ? null : utf[nat[refs[i][1]][1]];
    }

    static String indyDesc(int i, String[] utf, int[] indy, int[][] nat) {
        return i <= 0 || i >= indy.length || indy[i] == 0 || nat[indy[i]] == null ? null : utf[nat[indy[i]][1]];
    }

    /** The length of the instruction at pc, or 0 when it is none this reads. */
    static int opLength(byte[] code, int pc) {
        int op = code[pc] & 0xff;
        if (op <= 0x0f || op >= 0x1a && op <= 0x35 || op >= 0x3b && op <= 0x83 || op >= 0x85 && op <= 0x98
                || op >= 0xac && op <= 0xb1 || op == 0xbe || op == 0xbf || op == 0xc2 || op == 0xc3) {
            return 1;
        }
        if (op == 0x10 || op == 0x12 || op >= 0x15 && op <= 0x19 || op >= 0x36 && op <= 0x3a || op == 0xa9 || op == 0xbc) {
            return 2;
        }
        if (op == 0x11 || op == 0x13 || op == 0x14 || op == 0x84 || op >= 0x99 && op <= 0xa8 || op >= 0xb2 && op <= 0xb8
                || op == 0xbb || op == 0xbd || op == 0xc0 || op == 0xc1 || op == 0xc6 || op == 0xc7) {
            return 3;
        }
        if (op == 0xc5) {
            return 4;
        }
        if (op == 0xb9 || op == 0xba || op == 0xc8 || op == 0xc9) {
            return 5;
        }
        if (op == 0xc4) {
            return pc + 1 < code.length && (code[pc + 1] & 0xff) == 0x84 ? 6 : 4;
        }
        if (op == 0xaa || op == 0xab) {
            int p = (pc + 4) & ~3; // past the padding
            if (p + 12 > code.length) {
                return 0;
            }
            int a = java.nio.ByteBuffer.wrap(code, p + 4, 8).getInt(), b = java.nio.ByteBuffer.wrap(code, p + 8, 4).getInt();
            long n = op == 0xaa ? 12L + 4L * ((long) b - a + 1) : 8L + 8L * a;
            return n < 8 || p + n > code.length ? 0 : (int) (p + n - pc);
        }
        return 0;
    }

    /** Whether a record component of descriptor d has name of its own. */
    static boolean componentOwn(Map<String, ClassInfo> shapes, String d, String name, Set<String> seen) {
        if (d.length() == 1) {
            return true; // a primitive
        }
        if (d.startsWith("L") && d.endsWith(";")) {
            String c = d.substring(1, d.length() - 1);
            return valueClass(c) || shapes.containsKey(c) && ownMethod(shapes, c, name, seen);
        }
        return false; // an array
    }

    /**
     * True when one class loader may serve every case, as a fresh one would,
     * and the code the JIT compiled for one case serve the next: no class of
     * the submission has static state (no static initializer, only final
     * static fields), and no method a frame larger than MAX_REUSED_SLOTS.
     */
    static boolean reusable;

    /**
     * The most operand stack and local variable slots (max_stack +
     * max_locals) a method of a reusable submission may have. Its compiled
     * code then cannot take a recursion deeper than a fresh JVM takes it:
     * within a case thread's stack (CaseThread.STACK) a recursion reaches
     * 2,311 calls at most however small its compiled frames, and a fresh
     * JVM's 1 MiB holds at least 3,190 interpreted frames of 28 slots
     * (72 bytes and 8 a slot, measured on Java 17). Larger frames load the
     * classes afresh in each case: interpreted at first, as in a fresh JVM.
     */
    static final int MAX_REUSED_SLOTS = 28;

    static final class ClassInfo {
        boolean stateless;
        int maxSlots;
        String name, superName, file;
        boolean hashCode, toString, record, iface, lambdas;
        final List<String> components = new ArrayList<>();
        /** Calls of hashCode, toString and a Class's name: {owner, name}. */
        final List<String[]> calls = new ArrayList<>();
    }

    /** The methods of java.lang.Class that give a class's name. */
    static final Set<String> CLASS_NAMES = Set.of("getName", "getSimpleName", "getTypeName", "getCanonicalName",
            "toString", "descriptorString", "getPackageName");

    static String scan(byte[] b, ClassInfo info) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
            if (in.readInt() != 0xCAFEBABE) {
                return null;
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            String[] utf = new String[count];
            int[] classIdx = new int[count];
            int[][] refs = new int[count][];
            int[][] nat = new int[count][];
            int[] indy = new int[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1:
                        utf[i] = in.readUTF();
                        break;
                    case 3: case 4:
                        in.readInt();
                        break;
                    case 5: case 6:
                        in.readLong();
                        i++;
                        break;
                    case 7:
                        classIdx[i] = in.readUnsignedShort();
                        break;
                    case 8: case 16: case 19: case 20:
                        in.readUnsignedShort();
                        break;
                    case 9: case 10: case 11:
                        refs[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
                        break;
                    case 12:
                        nat[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
                        break;
                    case 15:
                        in.readUnsignedByte();
                        in.readUnsignedShort();
                        break;
                    case 17:
                        in.readInt();
                        break;
                    case 18:
                        in.readUnsignedShort();
                        indy[i] = in.readUnsignedShort();
                        break;
                    default:
                        return "is not a class file this harness reads";
                }
            }
            int classAccess = in.readUnsignedShort();
            int thisIdx = in.readUnsignedShort();
            int superIdx = in.readUnsignedShort();
            if (thisIdx > 0 && thisIdx < count && classIdx[thisIdx] != 0) {
                info.name = utf[classIdx[thisIdx]];
            }
            if (superIdx != 0 && superIdx < count && classIdx[superIdx] != 0) {
                info.superName = utf[classIdx[superIdx]];
            }
            info.iface = (classAccess & 0x0200) != 0;
            info.record = "java/lang/Record".equals(info.superName);
            if (superIdx != 0 && classIdx[superIdx] != 0) {
                String why = observer(utf[classIdx[superIdx]], "<init>", "");
                if (why != null) {
                    return why;
                }
            }
            in.skipBytes(2 * in.readUnsignedShort());
            boolean stateless = true;
            for (int kind = 0; kind < 2; kind++) { // fields, then methods
                int members = in.readUnsignedShort();
                for (int m = 0; m < members; m++) {
                    int access = in.readUnsignedShort();
                    String name = utf[in.readUnsignedShort()];
                    String desc = utf[in.readUnsignedShort()];
                    if (kind == 1 && "finalize".equals(name) && "()V".equals(desc)) {
                        return "defines finalize, which runs outside its case";
                    }
                    if (kind == 0 && (access & 0x0008) != 0 && (access & 0x0010) == 0
                            || kind == 1 && "<clinit>".equals(name)) {
                        stateless = false;
                    }
                    if (kind == 0 && (access & 0x0008) == 0 && desc != null) {
                        info.components.add(desc);
                    }
                    if (kind == 1 && (access & 0x0400) == 0 && "hashCode".equals(name) && "()I".equals(desc)) {
                        info.hashCode = true;
                    }
                    if (kind == 1 && (access & 0x0400) == 0 && "toString".equals(name) && "()Ljava/lang/String;".equals(desc)) {
                        info.toString = true;
                    }
                    int attrs = in.readUnsignedShort();
                    for (int a = 0; a < attrs; a++) {
                        String attr = utf[in.readUnsignedShort()];
                        int len = in.readInt();
                        if (kind == 1 && "Code".equals(attr) && len >= 8) {
                            int slots = in.readUnsignedShort() + in.readUnsignedShort(); // max_stack, max_locals
                            info.maxSlots = Math.max(info.maxSlots, slots);
                            int n = in.readInt();
                            len -= 8;
                            if (n < 0 || n > len) {
                                return "is not a class file this harness reads";
                            }
                            byte[] code = new byte[n];
                            in.readFully(code);
                            len -= n;
                            String why = streamAsObject(code, utf, classIdx, refs, nat, indy);
                            if (why != null) {
                                return why;
                            }
                        }
                        in.skipBytes(len);
                    }
                }
            }
            info.stateless = stateless;
            for (int i = 1; i < count; i++) {
                if (classIdx[i] != 0 && HASHED.contains(utf[classIdx[i]])) {
                    return "uses " + utf[classIdx[i]].replace('/', '.') + ", whose order can follow identity hash codes" + IDENTITY;
                }
                if (classIdx[i] != 0 && OUTLIVE.contains(utf[classIdx[i]])) {
                    return "uses " + utf[classIdx[i]].replace('/', '.') + ", whose actions run outside its case";
                }
                if (refs[i] != null && classIdx[refs[i][0]] != 0 && nat[refs[i][1]] != null) {
                    String owner = utf[classIdx[refs[i][0]]];
                    String name = utf[nat[refs[i][1]][0]];
                    if (owner.equals("java/lang/Runtime") && name.equals("addShutdownHook")) {
                        return "adds a shutdown hook, which runs outside its case";
                    }
                    String desc = utf[nat[refs[i][1]][1]];
                    if (owner.equals("java/lang/System") && name.equals("identityHashCode")
                            || owner.equals("java/lang/Object") && name.equals("hashCode")
                            || owner.equals("java/util/Objects") && (name.equals("hash") || name.equals("hashCode"))
                            || owner.equals("java/util/Arrays") && (name.equals("deepHashCode")
                                    || name.equals("hashCode") && desc.startsWith("([Ljava/lang/Object;"))) {
                        return "calls " + owner.replace('/', '.') + "." + name + IDENTITY;
                    }
                    if (owner.equals("java/lang/invoke/LambdaMetafactory")) {
                        info.lambdas = true;
                    }
                    if (name.equals("hashCode") && desc.equals("()I") || name.equals("toString") && desc.equals("()Ljava/lang/String;")
                            || owner.equals("java/lang/Class") && CLASS_NAMES.contains(name)) {
                        info.calls.add(new String[] {owner, name});
                    }
                    String why = observer(owner, name, utf[nat[refs[i][1]][1]]);
                    if (why != null) {
                        return why;
                    }
                }
                if ((mode & M_LET_OBSERVE) == 0 && classIdx[i] != 0 && OBSERVING_TYPES.contains(utf[classIdx[i]])) {
                    return "uses " + utf[classIdx[i]].replace('/', '.') + OBSERVES;
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return "is not a class file this harness reads";
        }
    }

    // ---- threads and CPU ---------------------------------------------------

    /** Every live thread of the JVM. */
    static List<Thread> liveThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] ts = new Thread[root.activeCount() + 32];
        int n = root.enumerate(ts, true);
        return java.util.Arrays.asList(ts).subList(0, n);
    }

    /** Names a thread, other than the case's own, that was not alive before the first case, or null. */
    static String newThreads(Thread caseThread) {
        for (Thread t : liveThreads()) {
            if (known.contains(t) || t == caseThread || t == Thread.currentThread() || jvmThread(t)) {
                continue;
            }
            return t.getName();
        }
        return null;
    }

    /** The JVM's own threads that come and go (the JIT's, the common cleaner). */
    static boolean jvmThread(Thread t) {
        String n = t.getName();
        return t.isDaemon() && t.getThreadGroup() != null && "system".equals(t.getThreadGroup().getName())
                && (n.startsWith("C1 CompilerThread") || n.startsWith("C2 CompilerThread") || n.equals("Common-Cleaner"));
    }

    /**
     * The JVM's threads as the kernel sees them, read from /proc, to tell a
     * case that waits (asleep: no thread wants a core) from one kept from
     * running by other work on a loaded machine, which uses as little CPU
     * but waits for a core; besides the case thread's own state (a
     * runnable one wants a core, whether it has one or not: the kernel
     * counts a wait only when it ends). The rule is the sandbox's for a box (its stall
     * clock): between two readings the JVM is busy if a thread of it, other
     * than the reader, ran or waited for a core through half the time
     * (/proc/<tid>/schedstat: ns on a core, ns waiting on a run queue), or
     * if one that neither ran nor waited by the kernel's count is runnable
     * (state R): its wait is under way, and the kernel counts a wait when
     * it ends. A thread that wakes now and then to run a little (the JVM's
     * own) is neither. Where the kernel keeps no schedstat, a runnable
     * thread says it. A wrong word costs time, never a verdict: a case
     * given up as waiting reruns cold, and one not given up waits out its
     * wall limit.
     */
    /**
     * The time the JVM's threads waited for a core during one case (its
     * stall), counted as the sandbox counts a box's (sandbox/stall_linux.go),
     * so that a case's wall time is the one the grader measures: each span
     * between two readings adds the most that any one thread waited in it
     * (a thread first seen after the first reading, all its waits), if a
     * thread ran or waited for a core through half of it, or one that
     * neither ran nor waited is runnable (a wait under way); else the next
     * span that counts adds it. Never more than the case's time so far.
     * The first reading only starts the count. The reader's own waits do
     * not count: it is the harness's thread, which a cold run has not, and
     * it wakes every few milliseconds, so on a loaded machine it waits for
     * a core most of the time, whatever the case does. The CASE frame
     * says the total; the grader takes it where it is less than the
     * sandbox's count for the whole box, and its own measure decides: a
     * case stopped here that it finds within its wall limit reruns cold.
     */
    static final class Stall {
        final Map<String, long[]> seen = new HashMap<>(); // thread id: ns on a core, ns waiting, at the last reading
        final long start;                                 // the case's start
        String self;                                      // the reader, once read
        long at, total, pending;                          // the last reading, the stall so far, a span's not yet counted
        boolean begun;

        Stall(long start) {
            this.start = start;
        }

        static String selfTid() {
            try {
                return new File("/proc/thread-self").getCanonicalFile().getName();
            } catch (IOException e) {
                return "";
            }
        }

        /** Whether the case, at now, is past its wall limit, its stall left out, or past STALL_CAP times it. */
        boolean overWall(long now) {
            long elapsed = now - start;
            if (elapsed / STALL_CAP > wallLimit) {
                return true;
            }
            if (elapsed - total > wallLimit && now - at >= STALL_AGAIN_NS) {
                read(now); // the waits since the last reading
            }
            return elapsed - total > wallLimit;
        }

        /** Reads the JVM's threads at now. */
        void read(long now) {
            if (self == null) {
                self = selfTid();
            }
            String[] tids = new File("/proc/self/task").list();
            if (tids == null) {
                return;
            }
            long most = 0, busiest = 0;
            boolean still = false;
            for (String tid : tids) {
                if (tid.equals(self)) {
                    continue;
                }
                String dir = "/proc/self/task/" + tid + "/";
                long[] t = Crowd.times(Crowd.read(dir + "schedstat"));
                if (t == null) {
                    continue;
                }
                long[] was = seen.put(tid, t);
                long ran = t[0], waited = t[1];
                if (was != null && t[0] >= was[0] && t[1] >= was[1]) {
                    ran -= was[0];
                    waited -= was[1];
                }
                if (!begun) {
                    continue;
                }
                most = Math.max(most, waited);
                busiest = Math.max(busiest, ran + waited);
                if (ran == 0 && waited == 0 && !still) {
                    String stat = Crowd.read(dir + "stat");
                    int i = stat.lastIndexOf(')');
                    still = i >= 0 && stat.startsWith(" R", i + 1);
                }
            }
            long span = now - at;
            at = now;
            if (!begun) {
                begun = true;
                return;
            }
            if (busiest * 2 < span && !still) {
                pending = most; // asleep, unless the next span counts
                return;
            }
            total = Math.min(total + most + pending, now - start);
            pending = 0;
        }
    }

    static final class Crowd {
        final Map<String, long[]> seen = new HashMap<>(); // thread id: ns on a core, ns waiting, at the last reading
        long at;                                          // when that was; 0 before the first
        String self;

        /** Reads the JVM's threads at now; whether it was busy since the last reading (false at the first). */
        boolean busy(long now) {
            if (self == null) {
                try {
                    self = new File("/proc/thread-self").getCanonicalFile().getName();
                } catch (IOException e) {
                    self = "";
                }
            }
            String[] tids = new File("/proc/self/task").list();
            if (tids == null) {
                return false;
            }
            boolean first = at == 0, busy = false;
            long span = now - at;
            for (String tid : tids) {
                if (tid.equals(self)) {
                    continue;
                }
                String dir = "/proc/self/task/" + tid + "/";
                long[] t = times(read(dir + "schedstat"));
                long[] was = t == null ? null : seen.put(tid, t);
                boolean still = t == null;
                if (was != null && t[0] >= was[0] && t[1] >= was[1]) {
                    long ran = t[0] - was[0], waited = t[1] - was[1];
                    busy |= (ran + waited) * 2 >= span;
                    still = ran == 0 && waited == 0;
                }
                if (still && !first && !busy) {
                    String stat = read(dir + "stat");
                    int i = stat.lastIndexOf(')');
                    busy = i >= 0 && stat.startsWith(" R", i + 1);
                }
            }
            at = now;
            return busy && !first;
        }

        /** A schedstat's ns on a core and ns waiting for one; null where there is none. */
        static long[] times(String schedstat) {
            String[] f = schedstat.trim().split(" ");
            try {
                return f.length < 2 ? null : new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
            } catch (NumberFormatException e) {
                return null;
            }
        }

        static String read(String path) {
            try (FileInputStream in = new FileInputStream(path)) {
                return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            } catch (IOException e) {
                return ""; // the thread has ended
            }
        }
    }

    static RandomAccessFile procStat;
    static final byte[] statBuf = new byte[4096];
    /** Linux counts a process's CPU time in ticks of 1/100 s for every program (USER_HZ). */
    static final long TICK_NS = 10_000_000L;

    /**
     * The CPU time of the whole JVM, all its threads, in ns, to the tick:
     * utime and stime of /proc/self/stat (fields 14 and 15; the command's
     * name before them is in parentheses and may hold spaces).
     */
    static long processCPU() throws IOException {
        procStat.seek(0);
        int n = 0, r;
        while (n < statBuf.length && (r = procStat.read(statBuf, n, statBuf.length - n)) > 0) {
            n += r;
        }
        int i = n - 1;
        while (i >= 0 && statBuf[i] != ')') {
            i--;
        }
        long utime = 0, stime = 0;
        int field = 2; // the name's
        for (i++; i < n && field <= 15; i++) {
            int d = statBuf[i] - '0';
            if (statBuf[i] == ' ') {
                field++;
            } else if (field == 14 && d >= 0 && d <= 9) {
                utime = utime * 10 + d;
            } else if (field == 15 && d >= 0 && d <= 9) {
                stime = stime * 10 + d;
            }
        }
        if (field <= 15) {
            throw new IOException("/proc/self/stat: no CPU times");
        }
        return (utime + stime) * TICK_NS;
    }

    // ---- the hidden case thread ------------------------------------------

    /** Defines CaseThread as a hidden class and returns its constructor. */
    static MethodHandle caseThreadConstructor() throws Throwable {
        byte[] bytes;
        try (InputStream s = Harness.class.getResourceAsStream("CaseThread.class")) {
            if (s == null) {
                throw new IOException("CaseThread.class is missing");
            }
            bytes = s.readAllBytes();
        }
        MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(bytes, true);
        return hidden.findConstructor(hidden.lookupClass(),
                MethodType.methodType(void.class, ThreadGroup.class, MethodHandle.class, String[].class, Case.class))
                .asType(MethodType.methodType(Thread.class, ThreadGroup.class, MethodHandle.class, String[].class, Case.class));
    }

    // ---- framing ---------------------------------------------------------

    static void fallback(int index, String why) throws IOException {
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(f);
        d.writeInt(index);
        writeBytes(d, why.getBytes(StandardCharsets.UTF_8));
        frame(F_FALLBACK, f.toByteArray());
        reply.flush();
    }

    static void frame(int type, byte[] payload) throws IOException {
        reply.write(marker);
        reply.writeInt(type);
        reply.writeInt(payload.length);
        reply.write(payload);
    }

    static void writeBytes(DataOutputStream d, byte[] b) throws IOException {
        d.writeInt(b.length);
        d.write(b);
    }

    static byte[] readBytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    static String readString(DataInputStream in) throws IOException {
        return new String(readBytes(in), StandardCharsets.UTF_8);
    }

    static String[] readStrings(DataInputStream in) throws IOException {
        String[] s = new String[in.readInt()];
        for (int i = 0; i < s.length; i++) {
            s[i] = readString(in);
        }
        return s;
    }
}
