package toolchain

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// The compiler's class data archive: the classes javac loads to compile
// a file (its own, of the module jdk.compiler, which the JDK's archive
// does not hold, and the JDK's beneath them), parsed once per machine
// into a file the compiler's JVM maps at its start (a dynamic archive,
// -XX:SharedArchiveFile, on top of the JDK's own): about a third less
// CPU for a small compile. It is built outside any box from a training
// source of the grader's own (javacTraining), never from a student's,
// and checked once per process before its first use (its checksums
// verified by a JVM that must map it): a damaged archive crashes the
// JVM that maps it, so one that fails the check is built again, or not
// used. It changes how fast the compiler's classes load, never which
// classes or what they write; a JVM that cannot map it (a box that
// does not show it) runs without, saying nothing.

// javacTraining is what the training compile compiles: what a student's
// class commonly holds (generics, collections, lambdas and streams, a
// switch, string concatenation, an inner class and an interface, an
// exception, a record), and a raw type whose warning loads the
// compiler's messages.
const javacTraining = `import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class Training implements Comparable<Training> {
    interface Shape { double area(); }
    record Point(int x, int y) {}
    static final class Box<T extends Comparable<T>> {
        private final List<T> items = new ArrayList<>();
        void add(T t) { items.add(t); Collections.sort(items); }
        Optional<T> first() { return items.stream().findFirst(); }
    }
    private final int n;
    private final String name;

    public Training(int n, String name) {
        if (n < 0) throw new IllegalArgumentException("negative: " + n);
        this.n = n;
        this.name = name;
    }

    public int compareTo(Training o) { return Integer.compare(n, o.n); }

    @Override
    public boolean equals(Object o) { return o instanceof Training t && t.n == n && Objects.equals(t.name, name); }

    @Override
    public int hashCode() { return Objects.hash(n, name); }

    @Override
    public String toString() { return name + "/" + n; }

    static String kind(int k) {
        switch (k) {
            case 0: return "zero";
            case 1: return "one";
            default: return k < 0 ? "negative" : "many";
        }
    }

    static long count(int[][] grid, Predicate<Integer> keep) {
        long c = 0;
        for (int[] row : grid) for (int v : row) if (keep.test(v)) c++;
        return c;
    }

    @SuppressWarnings("unused")
    public static void main(String[] args) throws Exception {
        Map<String, List<Integer>> m = new HashMap<>();
        m.computeIfAbsent("a", k -> new LinkedList<>()).add(1);
        List<String> names = Arrays.stream(args).map(String::trim).filter(s -> !s.isEmpty()).sorted().collect(Collectors.toList());
        StringBuilder sb = new StringBuilder();
        for (String s : names) sb.append(s).append(',');
        Shape unit = () -> 1.0;
        Box<Integer> box = new Box<>();
        box.add(3);
        Point p = new Point(1, 2);
        double d = Math.sqrt(p.x() * p.x() + p.y() * p.y()) + unit.area();
        int[] arr = {3, 1, 2};
        Arrays.sort(arr);
        char c = "abc".charAt(1);
        List raw = new ArrayList();
        raw.add(kind(arr.length) + c + d + count(new int[][] {{1, 2}, {3}}, v -> v > 1) + box.first().orElse(0));
        try (Scanner in = new Scanner(System.in)) {
            System.out.printf("%s %d%n", sb, in.hasNextInt() ? in.nextInt() : -1);
        }
    }
}
`

// javacArchive is, for the javac at path (its version as it prints it)
// started with opts (its -J options), the options that map its class
// data archive and the archive's path (CachedArchive); none before Java
// 13 (no dynamic archive), without a cache folder, or when it cannot be
// built or does not map.
func javacArchive(ctx context.Context, javac, version string, opts []string) (more []string, file string) {
	if JavaFeature(version) < 13 {
		return nil, ""
	}
	p := CachedArchive(ctx, "javac-cds", javacArchiveKey(javac, version, opts),
		func(ctx context.Context, tmp string) (string, error) { return buildJavacArchive(ctx, javac, opts, tmp) },
		func(ctx context.Context, p string) error { return checkArchive(ctx, javac, opts, p) })
	if p == "" {
		return nil, ""
	}
	return []string{"-J-XX:SharedArchiveFile=" + p}, p
}

// javacArchiveKey is a digest of what the archive depends on: the
// compiler (its path and version), the JDK's classes (its modules file,
// by size and time), the JVM's options and the training source.
func javacArchiveKey(javac, version string, opts []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", javac, version)
	if home := JDKHome(javac); home != "" {
		if st, err := os.Stat(filepath.Join(home, "lib", "modules")); err == nil {
			fmt.Fprintf(h, "%d %d\n", st.Size(), st.ModTime().UnixNano())
		}
	}
	for _, o := range opts {
		fmt.Fprintf(h, "%d:%s\n", len(o), o)
	}
	h.Write([]byte(javacTraining))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// checkArchive runs the compiler's JVM with the archive required
// (-Xshare:on) and its checksums verified: it fails unless the archive
// maps whole.
func checkArchive(ctx context.Context, javac string, opts []string, p string) error {
	args := append(append([]string{}, opts...), "-J-XX:SharedArchiveFile="+p, "-J-Xshare:on", "-J-XX:+VerifySharedSpaces", "-version")
	if out, err := exec.CommandContext(ctx, javac, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("the archive %s does not map: %v\n%s", p, err, out)
	}
	return nil
}

// buildJavacArchive compiles the training source in tmp with the
// archive written at the JVM's exit: the archive's path.
func buildJavacArchive(ctx context.Context, javac string, opts []string, tmp string) (string, error) {
	if err := os.WriteFile(filepath.Join(tmp, "Training.java"), []byte(javacTraining), 0o644); err != nil {
		return "", err
	}
	jsa := filepath.Join(tmp, "javac.jsa")
	// As the Java toolchain's build runs it (Commands), in the folder
	// of the source.
	args := append(append([]string{}, opts...), "-J-XX:ArchiveClassesAtExit="+jsa, "-encoding", "UTF-8", "Training.java")
	cmd := exec.CommandContext(ctx, javac, args...)
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("training javac: %v\n%s", err, out)
	}
	return jsa, nil
}
