// Driver runs many EightQueen.java submissions on many command lines in one
// JVM, for reference/eightqueen/javasrc's tests. Run it as
//
//   java -Djava.security.manager=allow Driver.java < script
//
// Each stdin line is one instruction, tokens separated by single spaces:
//
//   compile NAME SRCDIR CLASSDIR   compile SRCDIR/EightQueen.java into CLASSDIR
//                                  with the JDK's own javac (javax.tools)
//   load NAME CLASSDIR CLASS       load CLASS from CLASSDIR in a fresh
//                                  URLClassLoader; later runs use it
//   run ARG...                     call the loaded class's main(ARG...)
//   runfor MILLIS ARG...           the same in a thread given MILLIS ms
//
// Every instruction answers with one header line and then, raw, the number of
// bytes the header announces:
//
//   #COMPILE NAME RC LEN            then LEN bytes of javac diagnostics
//   #LOAD NAME STATUS               STATUS: ok or error:...
//   #RUN STATUS OUTLEN ERRLEN       then OUTLEN bytes of the run's System.out
//                                  and ERRLEN bytes of its System.err
//
// A run's STATUS is "return" (main returned), "exit:N" (main called
// System.exit(N), trapped by a SecurityManager), "throw:CLASS" (main threw)
// or "timeout" (runfor only: still running when its time was up).
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.security.Permission;
import java.util.Arrays;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public class Driver {
    /** Thrown in place of System.exit while a submission runs. */
    static final class ExitTrap extends SecurityException {
        final int status;

        ExitTrap(int status) {
            super("System.exit(" + status + ")");
            this.status = status;
        }
    }

    static volatile boolean trapping;

    public static void main(String[] argv) throws Exception {
        PrintStream realOut = System.out;
        PrintStream realErr = System.err;
        OutputStream out = new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16);
        System.setSecurityManager(new SecurityManager() {
            @Override
            public void checkPermission(Permission p) {}

            @Override
            public void checkPermission(Permission p, Object context) {}

            @Override
            public void checkExit(int status) {
                if (trapping) {
                    throw new ExitTrap(status);
                }
            }
        });
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Method main = null;
        ByteArrayOutputStream runOut = new ByteArrayOutputStream(1 << 12);
        ByteArrayOutputStream runErr = new ByteArrayOutputStream(1 << 10);
        PrintStream capOut = new PrintStream(runOut, false, StandardCharsets.UTF_8);
        PrintStream capErr = new PrintStream(runErr, false, StandardCharsets.UTF_8);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty()) {
                continue;
            }
            String[] tok = line.split(" ");
            switch (tok[0]) {
                case "compile": {
                    ByteArrayOutputStream diag = new ByteArrayOutputStream();
                    int rc;
                    if (javac == null) {
                        rc = -1;
                        diag.write("no system Java compiler (a JRE, not a JDK?)".getBytes(StandardCharsets.UTF_8));
                    } else {
                        new File(tok[3]).mkdirs();
                        rc = javac.run(null, diag, diag, "-encoding", "UTF-8", "-Xlint:none", "-proc:none",
                                "-d", tok[3], new File(tok[2], "EightQueen.java").getPath());
                    }
                    header(out, "#COMPILE " + tok[1] + " " + rc + " " + diag.size());
                    diag.writeTo(out);
                    break;
                }
                case "load": {
                    String status = "ok";
                    main = null;
                    try {
                        URLClassLoader loader = new URLClassLoader(new URL[] {new File(tok[2]).toURI().toURL()},
                                ClassLoader.getPlatformClassLoader());
                        main = loader.loadClass(tok[3]).getMethod("main", String[].class);
                    } catch (ReflectiveOperationException | IOException | LinkageError e) {
                        status = "error:" + e.toString().replace(' ', '_').replace('\n', '_');
                    }
                    header(out, "#LOAD " + tok[1] + " " + status);
                    break;
                }
                case "run":
                case "runfor": {
                    int first = tok[0].equals("run") ? 1 : 2;
                    long limit = first == 1 ? 0 : Long.parseLong(tok[1]);
                    String[] args = Arrays.copyOfRange(tok, first, tok.length);
                    runOut.reset();
                    runErr.reset();
                    System.setOut(capOut);
                    System.setErr(capErr);
                    trapping = true;
                    String status;
                    try {
                        status = limit == 0 ? call(main, args) : callFor(main, args, limit);
                    } finally {
                        trapping = false;
                        capOut.flush();
                        capErr.flush();
                        System.setOut(realOut);
                        System.setErr(realErr);
                    }
                    header(out, "#RUN " + status + " " + runOut.size() + " " + runErr.size());
                    runOut.writeTo(out);
                    runErr.writeTo(out);
                    break;
                }
                default:
                    header(out, "#ERROR unknown_instruction_" + tok[0]);
            }
        }
        out.flush();
    }

    /** Calls main(args) and says how it ended. */
    static String call(Method main, String[] args) {
        try {
            if (main == null) {
                throw new IllegalStateException("no class loaded");
            }
            main.invoke(null, (Object) args);
            return "return";
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            return c instanceof ExitTrap ? "exit:" + ((ExitTrap) c).status : "throw:" + c.getClass().getName();
        } catch (Throwable e) {
            return "throw:" + e.getClass().getName();
        }
    }

    /** Like call, in a daemon thread given limit milliseconds: "timeout" if it is still running then. */
    @SuppressWarnings("removal")
    static String callFor(Method main, String[] args, long limit) throws InterruptedException {
        String[] status = new String[1];
        Thread th = new Thread(() -> status[0] = call(main, args), "submission");
        th.setDaemon(true);
        th.start();
        th.join(limit);
        if (!th.isAlive()) {
            return status[0];
        }
        try {
            th.stop(); // best effort; a daemon thread does not keep the JVM alive anyway
        } catch (Throwable e) {
            // Thread.stop is unsupported in newer JDKs
        }
        return "timeout";
    }

    static void header(OutputStream out, String h) throws IOException {
        out.write(h.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
    }
}
