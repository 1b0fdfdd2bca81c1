// Package javatest runs small Java programs from tests: the tests that compare
// the Go reference with a real JVM. Without a JDK such a test skips, saying
// why, except under CI=true, where it fails: CI must run them.
package javatest

import (
	"bytes"
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// Context is for a javac or java run of test t: it has no wall limit of
// its own, which a loaded machine could reach (a JVM's run of every
// variant took minutes beside other work), but ends a minute before go
// test's own deadline (-timeout), so that the test fails naming the run
// rather than go test panicking.
func Context(t testing.TB) (context.Context, context.CancelFunc) {
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if deadline, ok := d.Deadline(); ok {
			return context.WithDeadline(context.Background(), deadline.Add(-time.Minute))
		}
	}
	return context.WithCancel(context.Background())
}

// Require returns the paths of java and javac. When either is missing it
// skips the test, or fails it when the environment variable CI is "true".
// Under -short (the quick inner loop) it skips: JVMs are what is slow.
func Require(t testing.TB) (javaPath, javacPath string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test runs a JVM (go test without -short runs it)")
	}
	javaPath, err1 := exec.LookPath("java")
	javacPath, err2 := exec.LookPath("javac")
	if err1 == nil && err2 == nil {
		return javaPath, javacPath
	}
	missing := []string{}
	if err1 != nil {
		missing = append(missing, "java")
	}
	if err2 != nil {
		missing = append(missing, "javac")
	}
	msg := strings.Join(missing, " and ") + " not on PATH: this test compares the Go code with a real JVM (install a JDK 17+)"
	testenv.Missing(t, "%s", msg)
	return "", ""
}

// Compile compiles the Java sources into a fresh directory under t.TempDir
// and returns that class directory.
func Compile(t testing.TB, sources ...string) (classDir string) {
	t.Helper()
	_, javac := Require(t)
	classDir = t.TempDir()
	args := append([]string{"-encoding", "UTF-8", "-Xlint:none", "-d", classDir}, sources...)
	run(t, javac, nil, args...)
	return classDir
}

// Run runs the class's main in classDir with stdin (nil for none) and returns
// its stdout; a non-zero exit fails the test with stderr.
func Run(t testing.TB, classDir, class string, stdin io.Reader, args ...string) []byte {
	t.Helper()
	java, _ := Require(t)
	return run(t, java, stdin, append([]string{"-cp", classDir, class}, args...)...)
}

// CompileAndRun compiles source (one file whose public class is class) and runs it.
func CompileAndRun(t testing.TB, source, class string, stdin io.Reader, args ...string) []byte {
	t.Helper()
	return Run(t, Compile(t, source), class, stdin, args...)
}

func run(t testing.TB, name string, stdin io.Reader, args ...string) []byte {
	t.Helper()
	ctx, cancel := Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\nstderr:\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return stdout.Bytes()
}
