package unittest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
)

// The test JVM's class data archive: the classes of JUnit's standalone
// jar that a run of tests loads, parsed once per machine into a file the
// JVM maps at its start (-XX:SharedArchiveFile, a dynamic
// archive on top of the JDK's own), which saves about a third of a test
// JVM's CPU. It is built outside any box, from the launcher's jar and a
// training class of the grader's (cdsTraining), never from anything of
// a student's or an instructor's, and only the test box, which holds no
// student code, maps it. It changes how fast classes load, never which:
// a JVM that cannot map it (a mismatch, a box that cannot read it) runs
// without, its warning on stderr, never on the stdout that carries the
// bridge's frames. The training runs the jar's console launcher, which
// loads what the bridge's Launch loads of the jar (the platform's
// launcher, the engines, the XML report) and more (its option parser,
// which a test JVM then leaves unread in the archive); the bridge's own
// classes come from a folder, which a dynamic archive cannot hold (the
// JVM refuses to write one with a folder of classes on its class path),
// so its training would need a jar of them at a fixed path for little:
// a few small classes.

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
// opts, the launcher's jar on its class path first), as
// toolchain.CachedArchive keeps it; "" when there is none (a JDK before
// 13, no cache folder, a build that failed: the test JVM then runs
// without).
func junitArchive(ctx context.Context, javac, java runner.Tool, jar string, opts []string) string {
	if toolchain.JavaFeature(java.Version) < 13 {
		return ""
	}
	return toolchain.CachedArchive(ctx, "junit-cds", cdsKey(java, jar, opts),
		func(ctx context.Context, tmp string) (string, error) {
			return buildArchive(ctx, javac.Path, java.Path, jar, opts, tmp, hostCompileFlags(javac))
		},
		func(ctx context.Context, p string) error { return checkArchive(ctx, java.Path, jar, opts, p) })
}

// cdsKey is a digest of what an archive depends on: the JVM (its path
// and version), the launcher's jar (its path, size and time), the
// options and the training class.
func cdsKey(java runner.Tool, jar string, opts []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", java.Path, java.Version, jar)
	if st, err := os.Stat(jar); err == nil {
		fmt.Fprintf(h, "%d %d\n", st.Size(), st.ModTime().UnixNano())
	}
	for _, o := range opts {
		fmt.Fprintf(h, "%d:%s\n", len(o), o)
	}
	h.Write([]byte(cdsTraining))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// buildArchive compiles the training class in tmp and runs it with the
// launcher, the archive written at the JVM's exit: the archive's path.
// javacFlags are javac's (hostCompileFlags).
func buildArchive(ctx context.Context, javac, java, jar string, opts []string, tmp string, javacFlags []string) (string, error) {
	train := filepath.Join(tmp, "train")
	if err := javabridge.Compile(ctx, javac, []string{jar}, map[string][]byte{"CdsTraining.java": []byte(cdsTraining)}, train, javacFlags...); err != nil {
		return "", err
	}
	jsa := filepath.Join(tmp, "junit.jsa")
	dump := append(append([]string{}, opts...), "-XX:ArchiveClassesAtExit="+jsa, "-cp", jar,
		"org.junit.platform.console.ConsoleLauncher", "--disable-banner", "--details=none", "--disable-ansi-colors",
		"--reports-dir="+filepath.Join(tmp, "reports"), "--class-path="+train, "--select-class=CdsTraining")
	// The training run has failing tests: its exit status says so, and
	// the check says whether the archive is good.
	if out, err := exec.CommandContext(ctx, java, dump...).CombinedOutput(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			return "", fmt.Errorf("%v\n%s", err, out)
		}
	}
	return jsa, nil
}

// checkArchive runs the JVM with the archive required (-Xshare:on) and
// its checksums verified: it fails unless the archive maps whole.
func checkArchive(ctx context.Context, java, jar string, opts []string, jsa string) error {
	check := append(append([]string{}, opts...), "-XX:SharedArchiveFile="+jsa, "-Xshare:on", "-XX:+VerifySharedSpaces", "-cp", jar, "-version")
	if out, err := exec.CommandContext(ctx, java, check...).CombinedOutput(); err != nil {
		return fmt.Errorf("the archive does not map: %v\n%s", err, out)
	}
	return nil
}
