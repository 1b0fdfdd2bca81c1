package javabridge

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// launchTests are plain JUnit tests of every ending a report tells apart:
// passing, failing, erroring, skipped, a parameterized and a nested
// test, a class whose @BeforeAll fails (a container's failure), and a
// class whose name JUnit's standard pattern of test classes leaves out.
var launchTests = map[string]string{
	"EndsTest.java": `import static org.junit.jupiter.api.Assertions.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
class EndsTest {
    @Test void passes() { assertEquals(2, 1 + 1); }
    @Test void fails() { assertEquals(1, 2, "a message"); }
    @Test void crashes() { throw new IllegalStateException("y"); }
    @Test @Disabled("not yet") void skipped() {}
    @Test void aborted() { Assumptions.assumeTrue(false, "assumed"); }
    @ParameterizedTest @ValueSource(ints = {1, 2}) void values(int n) { assertEquals(1, n); }
    @Nested class Inner { @Test void deep() { assertTrue(false); } }
}`,
	"GreenTest.java": `import org.junit.jupiter.api.Test;
class GreenTest { @Test void one() {} @Test void two() {} }`,
	"SetupTest.java": `import org.junit.jupiter.api.*;
class SetupTest { @BeforeAll static void up() { throw new RuntimeException("no setup"); } @Test void never() {} }`,
	"Checks.java": `import org.junit.jupiter.api.Test;
class Checks { @Test void runs() {} }`,
}

// TestLaunchAsConsoleLauncher runs tests through the test side's
// launcher (Main, then Launch) and through JUnit's console launcher with
// the options the grader gave it before, and wants the same reports
// (but for times, the host, the system's properties and the frames
// below each test method) and the same exit status.
func TestLaunchAsConsoleLauncher(t *testing.T) {
	k := requireKit(t)
	ctx, cancel := context.WithTimeout(context.Background(), jvmLimit)
	defer cancel()
	tests := filepath.Join(t.TempDir(), "tests")
	files := map[string][]byte{}
	for p, s := range launchTests {
		files[p] = []byte(s)
	}
	if err := Compile(ctx, k.javac, []string{k.junit}, files, tests, k.javacFlags...); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		classes  []string
		selected []string // further selectors
		status   int      // the exit status of both
	}{
		{"every ending", []string{"EndsTest", "SetupTest"}, nil, 1},
		// Checks, which the standard pattern leaves out, beside a class
		// that passes: both run, or the reports differ.
		{"all pass, a class out of the standard pattern among them", []string{"GreenTest", "Checks"}, nil, 0},
		{"methods", nil, []string{"--select-method=EndsTest#values(int)", "--select-method=EndsTest$Inner#deep"}, 1},
		{"a method passing", nil, []string{"--select-method=GreenTest#one()"}, 0},
		// The run fails before any test: no report, status -1.
		{"no such class", []string{"MissingTest"}, nil, 255},
	} {
		t.Run(c.name, func(t *testing.T) {
			ours, theirs := t.TempDir(), t.TempDir()
			args := append(LauncherArgs(k.testOpts, k.junit, k.testSide, tests, ours, c.classes), c.selected...)
			status := launchStatus(ctx, t, k.java, args)
			console := launchStatus(ctx, t, k.java, consoleArgs(args, theirs))
			if status != console || status != c.status {
				t.Errorf("exit status %d, the console launcher's %d, want %d", status, console, c.status)
			}
			got, want := reports(t, ours), reports(t, theirs)
			if len(got) == 0 && c.status != 255 {
				t.Errorf("no report in %s", ours)
			}
			if !slices.Equal(got, want) {
				t.Errorf("reports differ:\n%s\nthe console launcher's:\n%s", strings.Join(got, "\n----\n"), strings.Join(want, "\n----\n"))
			}
		})
	}
}

// consoleArgs are args (LauncherArgs' and further selectors) with JUnit's
// console launcher and the grader's former options for it in place of
// LauncherMain, its reports into dir.
func consoleArgs(args []string, dir string) []string {
	i := slices.Index(args, LauncherMain)
	out := append(slices.Clone(args[:i]), "org.junit.platform.console.ConsoleLauncher", "--disable-banner", "--details=none", "--disable-ansi-colors")
	for _, a := range args[i+1:] {
		if strings.HasPrefix(a, "--reports-dir=") {
			a = "--reports-dir=" + dir
		}
		out = append(out, a)
	}
	return out
}

// launchStatus runs java with args, nothing on its stdin, and gives its
// exit status.
func launchStatus(ctx context.Context, t *testing.T, java string, args []string) int {
	t.Helper()
	cmd := exec.CommandContext(ctx, java, args...)
	cmd.Stdout = io.Discard
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0
}

// variable are the parts of a report that differ from run to run: times,
// the host, the system's properties (the command line among them).
var variable = regexp.MustCompile(`(?s)\s(time|timestamp|hostname)="[^"]*"|<properties>.*?</properties>`)

// reports are the reports in dir, by name, without what varies from run
// to run and without the frames of each trace (which hold the
// launcher's own beneath the test method's, and which the grader cuts
// off).
func reports(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, l := range strings.Split(variable.ReplaceAllString(string(b), ""), "\n") {
			if f := strings.TrimSpace(l); !strings.HasPrefix(f, "at ") && !strings.HasPrefix(f, "... ") {
				lines = append(lines, l)
			}
		}
		out = append(out, e.Name()+"\n"+strings.Join(lines, "\n"))
	}
	return out
}
