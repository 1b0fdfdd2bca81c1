package unittest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// cdsJDK is the machine's JDK and JUnit's launcher, or t stopped
// (testenv.Missing) without them.
func cdsJDK(t *testing.T) (javac, java runner.Tool, jar string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test runs JVMs")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	jdk, err := toolchain.FindJDK(ctx)
	if err != nil {
		testenv.Missing(t, "no JDK: %v", err)
	}
	fw := toolchain.ByFramework("junit").Tests
	if jar = fw.Launcher(); jar == "" {
		testenv.Missing(t, "%s", fw.Missing())
	}
	return runner.Tool{Name: "javac", Path: jdk.Javac, Version: jdk.Version}, runner.Tool{Name: "java", Path: jdk.Java, Version: jdk.Version}, jar
}

// The test JVM's archive is built once, in the user's cache folder, and
// a JVM maps it; a JVM given an archive it cannot map (missing, or
// made for another class path) says so on stderr alone, never on the stdout that
// carries the bridge's frames, and runs as without it.
func TestJUnitArchive(t *testing.T) {
	javac, java, jar := cdsJDK(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	ctx := context.Background()
	opts := toolchain.Java.Options("java", toolchain.Box{Memory: 256 << 20}, java.Version)
	a := junitArchive(ctx, javac, java, jar, opts)
	if a == "" {
		t.Fatal("no archive built")
	}
	if again := junitArchive(ctx, javac, java, jar, opts); again != a {
		t.Fatalf("a second archive %s beside %s", again, a)
	}
	// A quiet program: what the JVM itself prints is all its stdout.
	dir := t.TempDir()
	if err := javabridge.Compile(ctx, javac.Path, nil, map[string][]byte{"Quiet.java": []byte("class Quiet { public static void main(String[] a) { System.err.println(\"ran\"); } }")}, dir); err != nil {
		t.Fatal(err)
	}
	half := filepath.Join(dir, "half.jsa")
	whole, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(half, whole[:len(whole)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, archive, cp string
		mapped            bool
	}{
		{"built", a, jar + ":" + dir, true},
		{"missing", filepath.Join(dir, "none.jsa"), jar + ":" + dir, false},
		// The JVM's warning goes to stdout unless told otherwise.
		{"another class path", a, dir, false},
	} {
		args := append(append(append([]string{}, opts...), cdsOptions(tc.archive)...), "-Xlog:class+load=info:stderr", "-cp", tc.cp, "Quiet")
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(java.Path, args...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", tc.name, err, stderr.Bytes())
		}
		if stdout.Len() > 0 || !bytes.Contains(stderr.Bytes(), []byte("ran")) {
			t.Errorf("%s: stdout %q; stderr says ran: %v", tc.name, stdout.Bytes(), bytes.Contains(stderr.Bytes(), []byte("ran")))
		}
		if got := bytes.Contains(stderr.Bytes(), []byte("shared objects file (top)")); got != tc.mapped {
			t.Errorf("%s: classes from the archive: %v, want %v", tc.name, got, tc.mapped)
		}
	}
	// A half-written archive is never put in place: the check maps it first.
	if _, err := buildArchive(ctx, javac.Path, java.Path, jar, opts, t.TempDir(), hostCompileFlags(javac)); err != nil {
		t.Fatal(err)
	}
	check := append(append([]string{}, opts...), "-XX:SharedArchiveFile="+half, "-Xshare:on", "-XX:+VerifySharedSpaces", "-cp", jar, "-version")
	if exec.Command(java.Path, check...).Run() == nil {
		t.Error("the check maps a half-written archive")
	}
	// An archive damaged in the cache folder (cut short: a JVM that maps
	// it crashes) is checked by the next process before its first use,
	// and built again.
	os.Remove(a)
	if err := os.WriteFile(a, whole[:len(whole)/8], 0o444); err != nil {
		t.Fatal(err)
	}
	toolchain.ForgetArchives() // a fresh process
	if again := junitArchive(ctx, javac, java, jar, opts); again != a {
		t.Fatalf("after damage: archive %q, want %s built again", again, a)
	}
	if err := checkArchive(ctx, java.Path, jar, opts, a); err != nil {
		t.Errorf("the damaged archive was kept: %v", err)
	}
}
