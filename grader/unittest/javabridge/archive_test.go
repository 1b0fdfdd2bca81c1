package javabridge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// The test JVMs of these tests (the bridge's launcher, JUnit's console
// launcher) map a class data archive of JUnit's standalone jar, as the
// grader's test box maps one: about half a test JVM's CPU time at its
// start. It is kept as toolchain.CachedArchive keeps archives (checked
// once per test binary before its first use, built again when the check
// fails), built from archiveTraining, a class of these tests' own, run
// by the console launcher with the jar alone on the class path (a
// dynamic archive cannot hold the test side's folder of classes). It
// changes how fast the jar's classes load, never which: a JVM that
// cannot map it runs without, its warning on stderr. The student-side
// JVMs run as before, without it.

// archiveTraining is the training run's class: what the tests' classes
// use of JUnit (assertions passing and failing, an expected exception,
// a parameterized, a nested and a disabled test).
const archiveTraining = `import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ArchiveTraining {
    @Test void passes() { assertEquals("1/2", "1/" + 2); }
    @Test void fails() { assertEquals(1, 2, "a message"); }
    @Test void throwsExpected() { assertThrows(IllegalArgumentException.class, () -> { throw new IllegalArgumentException("x"); }); }
    @Test void crashes() { throw new IllegalStateException("y"); }
    @Test @Disabled("not yet") void skipped() {}
    @ParameterizedTest @ValueSource(ints = {1, 2}) void values(int n) { assertNotEquals(0, n); }
    @Nested class Inner { @Test void deep() { assertTrue(true); } }
}
`

// testJVMOptions are the test JVMs' options: jvmOpts and, when there is
// an archive (Java 13 and later, a cache folder, a build that passed its
// check), those that map it.
func testJVMOptions(ctx context.Context, k *kit, feature int) []string {
	opts := slices.Clone(jvmOpts)
	if feature < 13 {
		return opts
	}
	p := toolchain.CachedArchive(ctx, "javabridge-junit-cds", archiveKey(k),
		func(ctx context.Context, tmp string) (string, error) { return buildArchive(ctx, k, tmp) },
		func(ctx context.Context, p string) error { return checkArchive(ctx, k, p) })
	if p == "" {
		return opts
	}
	return append(opts, "-XX:SharedArchiveFile="+p, "-Xlog:disable", "-Xlog:all=warning:stderr")
}

// archiveKey is a digest of what the archive depends on: the JVM, the
// jar (its path, size and time), the options and the training class.
func archiveKey(k *kit) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", k.java, k.junit)
	if st, err := os.Stat(k.junit); err == nil {
		fmt.Fprintf(h, "%d %d\n", st.Size(), st.ModTime().UnixNano())
	}
	for _, o := range jvmOpts {
		fmt.Fprintf(h, "%d:%s\n", len(o), o)
	}
	h.Write([]byte(archiveTraining))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// buildArchive compiles the training class in tmp and runs it with the
// console launcher, the archive written at the JVM's exit: its path.
func buildArchive(ctx context.Context, k *kit, tmp string) (string, error) {
	train := filepath.Join(tmp, "train")
	if err := Compile(ctx, k.javac, []string{k.junit}, map[string][]byte{"ArchiveTraining.java": []byte(archiveTraining)}, train, k.javacFlags...); err != nil {
		return "", err
	}
	jsa := filepath.Join(tmp, "junit.jsa")
	args := append(slices.Clone(jvmOpts), "-XX:ArchiveClassesAtExit="+jsa, "-cp", k.junit,
		"org.junit.platform.console.ConsoleLauncher", "--disable-banner", "--details=none", "--disable-ansi-colors",
		"--reports-dir="+filepath.Join(tmp, "reports"), "--class-path="+train, "--select-class=ArchiveTraining")
	// The training has failing tests: its exit status says so; the
	// check says whether the archive is good.
	out, err := exec.CommandContext(ctx, k.java, args...).CombinedOutput()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return "", fmt.Errorf("%v\n%s", err, out)
	}
	return jsa, nil
}

// checkArchive runs the JVM with the archive required and its checksums
// verified: it fails unless the archive maps whole.
func checkArchive(ctx context.Context, k *kit, p string) error {
	args := append(slices.Clone(jvmOpts), "-XX:SharedArchiveFile="+p, "-Xshare:on", "-XX:+VerifySharedSpaces", "-cp", k.junit, "-version")
	if out, err := exec.CommandContext(ctx, k.java, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("the archive %s does not map: %v\n%s", p, err, out)
	}
	return nil
}
