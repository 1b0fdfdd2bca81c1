package unittest

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/sandbox"
)

// The test JVM's class data archive: the classes of JUnit's standalone
// jar that a run of tests loads, and the bridge's test side (the kit's
// jar of it, kit.testJar), parsed once per machine into a file the JVM
// maps at its start (-XX:SharedArchiveFile, a dynamic archive on top of
// the JDK's own), which saves about a third of a test JVM's CPU. It is
// built outside any box, from the launcher's jar, the kit's jar and
// training classes of the grader's (cdsTraining, bridgeTraining), never
// from anything of a student's or an instructor's, and only the test
// box, which holds no student code, maps it. It changes how fast
// classes load, never which: a JVM that cannot map it (a mismatch, a box
// that cannot read it) runs without, its warning on stderr, never on the
// stdout that carries the bridge's frames. The training runs the jar's
// console launcher, which loads what the bridge's Launch loads of the
// jar (the platform's launcher, the engines, the XML report) and more
// (its option parser, which a test JVM then leaves unread in the
// archive), and loads each class of the kit's jar by name. A dynamic
// archive holds classes from jars only (the JVM refuses to write one
// with a folder of classes on its class path), and maps only while each
// jar on the class path it was made with is where it was, of the same
// size and time: the box shows the kit's jar read-only at its own path,
// after JUnit's, and without an archive (no cache folder to keep the
// jar in), the test side is a folder of the box, as the tests' classes
// are.

// cdsTraining is the class a training run of the launcher runs: tests
// that use what an instructor's tests commonly do (assertions passing
// and failing, an expected exception, a tag, a parameterized test, a
// nested class), and what the bridge's test side uses of the JDK (its
// nonces' SecureRandom), so that the launcher, the engines, the XML
// report writer and the JDK's classes beneath them load what they load
// for a real run.
const cdsTraining = `import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CdsTraining {
    @Test @Tag("points=2") void passes() { assertEquals("1/2", "1/" + 2); assertTrue(List.of(1).contains(1)); }
    @Test void fails() { assertEquals(1, 2, "a message"); }
    @Test void throwsExpected() { assertThrows(IllegalArgumentException.class, () -> { throw new IllegalArgumentException("x"); }); }
    @Test void crashes() { throw new IllegalStateException("y"); }
    @Test void random() { assertNotNull(new java.security.SecureRandom().nextLong()); }
    @ParameterizedTest @ValueSource(ints = {1, 2}) void values(int n) { assertNotEquals(0, n); }
    @Nested class Inner { @Test void deep() { assertArrayEquals(new int[] {1}, new int[] {1}); } }
}
`

// cdsOptions are the JVM options that map the archive: its file, and
// the JVM's own warnings (a mismatched archive's) on stderr.
func cdsOptions(archive string) []string {
	return []string{"-XX:SharedArchiveFile=" + archive, "-Xlog:disable", "-Xlog:all=warning:stderr"}
}

// junitArchive is the path of the archive for a test JVM (java, with
// opts, the launcher's jar on its class path first, then the kit's jar
// of the bridge's test side when bridge names one), as
// toolchain.CachedArchive keeps it; "" when there is none (a JDK before
// 13, no cache folder, a build that failed: the test JVM then runs
// without, the test side from its folder).
func junitArchive(ctx context.Context, javac, java runner.Tool, jar, bridge string, opts []string) string {
	if toolchain.JavaFeature(java.Version) < 13 {
		return ""
	}
	jars := []string{jar}
	if bridge != "" {
		jars = append(jars, bridge)
	}
	// The key: the training classes (the names bridgeTraining lists are
	// the jar's, keyed by its size and time).
	return toolchain.CachedArchive(ctx, "junit-cds", cdsKey(java, jars, opts, cdsTraining+bridgeTraining(nil)),
		func(ctx context.Context, tmp string) (string, error) {
			return buildArchive(ctx, javac.Path, java.Path, jars, opts, tmp, hostCompileFlags(javac))
		},
		func(ctx context.Context, p string) error {
			return checkArchive(ctx, java.Path, classPath(jars), opts, p)
		})
}

// classPath is the jars as one class path.
func classPath(jars []string) string {
	return strings.Join(jars, string(os.PathListSeparator))
}

// cdsKey is a digest of what an archive depends on: the JVM (its path
// and version), the jars on its class path (each one's path, size and
// time), the options and the training.
func cdsKey(java runner.Tool, jars, opts []string, training string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", java.Path, java.Version)
	for _, jar := range jars {
		fmt.Fprintf(h, "%s\n", jar)
		stamp(h, jar)
	}
	for _, o := range opts {
		fmt.Fprintf(h, "%d:%s\n", len(o), o)
	}
	h.Write([]byte(training))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// buildArchive compiles the training classes in tmp and runs them with
// the launcher (jars[0]; the others on the class path after it), the
// archive written at the JVM's exit: the archive's path. javacFlags
// are javac's (hostCompileFlags). With the bridge's jar, a training
// class loads each of its classes by name (bridgeTraining): they are
// archived as they are, checked, and the JVM that maps them reads none
// of them from the jar (a run through the bridge's Main cannot be
// trained: its tests would have to be on the class path, in a folder).
func buildArchive(ctx context.Context, javac, java string, jars, opts []string, tmp string, javacFlags []string) (string, error) {
	train := filepath.Join(tmp, "train")
	sources := map[string][]byte{"CdsTraining.java": []byte(cdsTraining)}
	selected := []string{"--select-class=CdsTraining"}
	if len(jars) > 1 {
		names, err := jarClasses(jars[1:])
		if err != nil {
			return "", err
		}
		sources["CdsBridge.java"] = []byte(bridgeTraining(names))
		selected = append(selected, "--select-class=CdsBridge")
	}
	if err := javabridge.Compile(ctx, javac, jars[:1], sources, train, javacFlags...); err != nil {
		return "", err
	}
	jsa := filepath.Join(tmp, "junit.jsa")
	dump := append(append([]string{}, opts...), "-XX:ArchiveClassesAtExit="+jsa, "-cp", classPath(jars),
		"org.junit.platform.console.ConsoleLauncher", "--disable-banner", "--details=none", "--disable-ansi-colors",
		"--reports-dir="+filepath.Join(tmp, "reports"), "--class-path="+train)
	// The training run has failing tests: its exit status says so, and
	// the check says whether the archive is good.
	if out, err := exec.CommandContext(ctx, java, append(dump, selected...)...).CombinedOutput(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			return "", fmt.Errorf("%v\n%s", err, out)
		}
	}
	return jsa, nil
}

// bridgeTraining is a training class that loads and initializes the
// named classes (by the launcher's class loader, whose parent reads the
// class path: the test side's static fields are patterns, tables and
// lambdas, whose classes are archived with them), and uses what the
// test side uses of the JDK at its start: the environment, and a
// resource of the tests' folder read as lines (its index of stand-ins).
func bridgeTraining(names []string) string {
	var b strings.Builder
	b.WriteString("import org.junit.jupiter.api.Test;\n\nclass CdsBridge {\n    static final String[] NAMES = {\n")
	for _, n := range names {
		fmt.Fprintf(&b, "        %q,\n", n)
	}
	b.WriteString(`    };

    @Test void loads() throws Exception {
        ClassLoader l = CdsBridge.class.getClassLoader();
        for (String n : NAMES) {
            try {
                Class.forName(n, true, l);
            } catch (Throwable t) {
                // what fails to initialize here is loaded all the same
            }
        }
        System.getenv("HOME");
        try (java.io.InputStream in = l.getResourceAsStream("CdsBridge.class")) {
            new java.io.BufferedReader(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8)).lines().count();
        }
    }
}
`)
	return b.String()
}

// jarClasses are the binary names of the classes in the jars.
func jarClasses(jars []string) ([]string, error) {
	var out []string
	for _, jar := range jars {
		r, err := zip.OpenReader(jar)
		if err != nil {
			return nil, err
		}
		for _, f := range r.File {
			if n, ok := strings.CutSuffix(f.Name, ".class"); ok {
				out = append(out, strings.ReplaceAll(n, "/", "."))
			}
		}
		r.Close()
	}
	return out, nil
}

// checkArchive runs the JVM with the archive required (-Xshare:on) and
// its checksums verified, cp its class path: it fails unless the archive
// maps whole.
func checkArchive(ctx context.Context, java, cp string, opts []string, jsa string) error {
	check := append(append([]string{}, opts...), "-XX:SharedArchiveFile="+jsa, "-Xshare:on", "-XX:+VerifySharedSpaces", "-cp", cp, "-version")
	if out, err := exec.CommandContext(ctx, java, check...).CombinedOutput(); err != nil {
		return fmt.Errorf("the archive does not map: %v\n%s", err, out)
	}
	return nil
}

// The student box's class data archive: the bridge's server's classes
// (from the kit's jar, kit.serverJar) and the JDK's classes it loads to
// serve calls, parsed once per machine into a file the student's JVM
// maps at its start, which saves about a tenth of a student JVM's CPU.
// It is built outside any box from the kit's jar and a training of the
// grader's (serverTraining: calls on the JDK's own classes), never from
// anything of a student's or an instructor's: the training's class path
// is the jar alone. The student box shows the jar and the archive
// read-only, at the paths they have outside (the archive holds the
// jar's path, size and time, and the JVM maps it only while they
// match), and the student's classes load from the box's folder, after
// the jar on the class path, so that no class of theirs is ever read
// from the archive (a dynamic archive serves a class only from the
// class path entry it was dumped from). It changes how fast the
// server's classes load, never which: the server's classes come from
// the jar either way, and a JVM that cannot map the archive runs
// without it, silently (its cds warnings off: the box's stdout carries
// the bridge's frames, its stderr the student's output).

// serverTraining are the requests a training run of the server serves,
// one JSON object a line, as the test side sends them: a constructor, a
// method on the handle it gave, a static method that throws, a static
// field, a call that prints to the captured streams with input given,
// and the end of a test (free, which collects).
const serverTraining = `{"op":"new","class":"java.util.concurrent.atomic.AtomicInteger","name":"<init>","desc":"(I)V","args":[5],"seq":"1"}
{"op":"call","self":{"handle":0},"class":"java.util.concurrent.atomic.AtomicInteger","name":"addAndGet","desc":"(I)I","args":[2],"seq":"2"}
{"op":"call","self":{"handle":0},"class":"java.util.concurrent.atomic.AtomicInteger","name":"toString","desc":"()Ljava/lang/String;","args":[],"seq":"3"}
{"op":"call","class":"java.lang.Integer","name":"parseInt","desc":"(Ljava/lang/String;)I","args":["x"],"seq":"4"}
{"op":"call","class":"java.lang.Math","name":"max","desc":"(DD)D","args":[1.5,2.5],"seq":"5"}
{"op":"get","class":"java.lang.Integer","name":"MAX_VALUE","desc":"I","seq":"6"}
{"op":"call","class":"java.lang.String","name":"valueOf","desc":"(C)Ljava/lang/String;","args":["c"],"seq":"7"}
{"op":"call","class":"java.lang.Thread","name":"dumpStack","desc":"()V","args":[],"out":true,"err":true,"in":"YQ==","seq":"8"}
{"op":"free","free":[0],"seq":"9"}
`

// serverFrames are the training's requests as the server reads them:
// frames of channel 'S' (javabridge's Frames).
func serverFrames() []byte {
	var out []byte
	for _, line := range strings.Split(strings.TrimSpace(serverTraining), "\n") {
		out = binary.BigEndian.AppendUint32(out, uint32(len(line)+1))
		out = append(append(out, 'S'), line...)
	}
	return out
}

// serverArchive is the path of the archive for the student's JVM (java,
// with opts, the server's jar on its class path first), as
// toolchain.CachedArchive keeps it; "" when there is none (no jar, a
// JDK before 13, no cache folder, a build that failed: the student's
// JVM then runs the server from its folder, as it would without).
func serverArchive(ctx context.Context, java runner.Tool, jar string, opts []string) string {
	if jar == "" || toolchain.JavaFeature(java.Version) < 13 {
		return ""
	}
	return toolchain.CachedArchive(ctx, "junit-server-cds", cdsKey(java, []string{jar}, opts, serverTraining),
		func(ctx context.Context, tmp string) (string, error) {
			return buildServerArchive(ctx, java.Path, jar, opts, tmp)
		},
		func(ctx context.Context, p string) error { return checkArchive(ctx, java.Path, jar, opts, p) })
}

// buildServerArchive runs the server on the training's requests, the
// archive written at the JVM's exit (the server exits when its input
// ends): the archive's path.
func buildServerArchive(ctx context.Context, java, jar string, opts []string, tmp string) (string, error) {
	jsa := filepath.Join(tmp, "server.jsa")
	// The class path is the jar alone.
	args := append(slices.Clone(opts), "-XX:ArchiveClassesAtExit="+jsa, "-cp", jar, javabridge.ServerMain)
	cmd := exec.CommandContext(ctx, java, args...)
	cmd.Dir = tmp
	cmd.Stdin = bytes.NewReader(serverFrames())
	var errs bytes.Buffer
	cmd.Stderr = &errs
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("training the server's archive: %v\n%s", err, errs.Bytes())
	}
	return jsa, nil
}

// serverCDSOptions are the JVM options that map the server's archive:
// its file, and a mismatched archive's messages off, on stdout (which
// carries the bridge's frames) and stderr alike.
func serverCDSOptions(archive string) []string {
	return []string{"-XX:SharedArchiveFile=" + archive, "-Xlog:cds*=off", "-Xlog:cds*=off:stderr"}
}

// serverLog keeps the student JVM's own messages (its log's warnings,
// its output of diagnostics) off the stdout that carries the bridge's
// frames, with or without the archive: on stderr, which the relay keeps
// as what the student's process printed.
var serverLog = []string{"-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:+DisplayVMOutputToStderr"}

// serverStart is how the student box starts the server, with the
// toolchain's opts and the box's read-only paths: the arguments, the
// server's files for the box, and the read-only paths. With the
// server's archive, the kit's jar and the archive are shown read-only
// and the jar is on the class path before the box's folder; without,
// the server's classes are files of the box, in their folder.
func serverStart(ctx context.Context, java runner.Tool, k *kit, opts, readOnly []string) (args []string, files []sandbox.File, ro []string) {
	if a := serverArchive(ctx, java, k.serverJar, opts); a != "" {
		return javabridge.ServerArgs(slices.Concat(opts, serverLog, serverCDSOptions(a)), k.serverJar, "."), nil,
			append(slices.Clone(readOnly), k.serverJar, a)
	}
	return javabridge.ServerArgs(slices.Concat(opts, serverLog), studentDir, "."), k.server, readOnly
}
