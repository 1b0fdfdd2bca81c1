package autograder.warm;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The compile service of the autograder's warm mode: one JVM that compiles
 * many submissions with javax.tools, each in a folder of its own, and
 * answers with what javac run in that folder prints and writes.
 *
 * <p>javac prints a source's name as it was given: an explicit source as
 * named on the command line ("EightQueen.java"), one found on the class path
 * as the class path entry joined with its name ("./Board.java"). Each
 * submission is compiled in a folder reached by two names, one for the
 * explicit sources and one, a symbolic link, for the class path; each is
 * replaced in the messages by what a javac in that folder prints.
 *
 * <p>Request, on stdin: "AGC1", a 16-byte token, the javac arguments (with
 * the sources named relative to the submission's folder), the compile wall
 * limit in ns, then the submissions: an id and its files (name, bytes).
 * Replies on stdout, framed as Harness's: COMPILE (id, rc, javac's stdout,
 * its stderr, the files javac wrote: name, bytes), then DONE. A compile that
 * runs past the limit ends the service: the grader compiles the rest alone.
 */
public final class Compiler {
    static final int F_COMPILE = 1, F_DONE = 4;

    public static void main(String[] argv) throws Exception {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(System.in.readAllBytes()));
        DataOutputStream reply = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));
        byte[] magic = new byte[4];
        in.readFully(magic);
        if (!new String(magic, StandardCharsets.US_ASCII).equals("AGC1")) {
            throw new IOException("bad request");
        }
        Harness.marker = new byte[16];
        in.readFully(Harness.marker);
        Harness.reply = reply;
        String[] template = Harness.readStrings(in);
        long buildWall = in.readLong();
        int n = in.readInt();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IOException("no system Java compiler");
        }
        Path root = Paths.get("w").toAbsolutePath();
        Files.createDirectories(root);
        for (int s = 0; s < n; s++) {
            int id = in.readInt();
            int files = in.readInt();
            Path dir = root.resolve("s" + id);
            Path cp = root.resolve("c" + id);
            Files.createDirectories(dir);
            Files.createSymbolicLink(cp, dir);
            Set<String> given = new HashSet<>();
            for (int f = 0; f < files; f++) {
                String name = Harness.readString(in);
                byte[] data = Harness.readBytes(in);
                Path p = dir.resolve(name).normalize();
                if (!p.startsWith(dir)) {
                    throw new IOException("bad file name " + name);
                }
                Files.createDirectories(p.getParent());
                Files.write(p, data);
                given.add(name);
            }
            List<String> args = new ArrayList<>();
            args.add("-classpath");
            args.add(cp.toString());
            for (String a : template) {
                args.add(given.contains(a) && a.endsWith(".java") ? dir.resolve(a).toString() : a);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int[] rc = {-1};
            Thread t = new Thread(null, () -> rc[0] = javac.run(null, out, err, args.toArray(new String[0])), "javac", Harness.javacStack());
            long t0 = System.nanoTime();
            t.start();
            while (t.isAlive()) {
                t.join(20);
                if (t.isAlive() && System.nanoTime() - t0 > buildWall) {
                    reply.flush();
                    Runtime.getRuntime().halt(0);
                }
            }
            if (rc[0] < 0) {
                reply.flush();
                Runtime.getRuntime().halt(0); // javac crashed: the grader compiles it alone
            }
            if (rc[0] >= Harness.JAVAC_SYSERR) {
                rc[0] = -2; // out of resources (its stack): the grader compiles it alone, with a cold javac's
            }
            byte[] o = local(out, dir, cp), e = local(err, dir, cp);
            if (o == null || e == null) {
                rc[0] = -2; // a path the service cannot map back: the grader compiles it alone
                o = e = new byte[0];
            }
            ByteArrayOutputStream f = new ByteArrayOutputStream();
            DataOutputStream d = new DataOutputStream(f);
            d.writeInt(id);
            d.writeInt(rc[0]);
            Harness.writeBytes(d, o);
            Harness.writeBytes(d, e);
            List<Path> wrote;
            try (Stream<Path> w = Files.walk(dir)) {
                wrote = w.filter(Files::isRegularFile).sorted().toList();
            }
            List<Path> fresh = new ArrayList<>();
            for (Path p : wrote) {
                if (!given.contains(dir.relativize(p).toString())) {
                    fresh.add(p);
                }
            }
            d.writeInt(fresh.size());
            for (Path p : fresh) {
                Harness.writeBytes(d, dir.relativize(p).toString().getBytes(StandardCharsets.UTF_8));
                Harness.writeBytes(d, Files.readAllBytes(p));
            }
            Harness.frame(F_COMPILE, f.toByteArray());
            reply.flush();
            Files.delete(cp);
            try (Stream<Path> w = Files.walk(dir)) {
                for (Path p : w.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Harness.frame(F_DONE, new byte[0]);
        reply.flush();
        System.exit(0);
    }

    /**
     * What javac, run in the submission's folder, prints: the folder's names
     * replaced; null if the folder shows in some other form.
     */
    static byte[] local(ByteArrayOutputStream b, Path dir, Path cp) {
        String s = b.toString(); // javac wrote it in the default charset
        s = s.replace(cp + "/", "./").replace(dir + "/", "");
        if (s.contains(dir.getParent().toString())) {
            return null;
        }
        return s.getBytes();
    }
}
