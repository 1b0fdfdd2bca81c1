package cli

import (
	"io"
	"os/exec"
	"testing"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/warm"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// A unit-test assignment runs cold in every mode but --mode warm (which
// it refuses); in Java, but for --mode cold, its hand-ins are compiled
// in warm mode's compile service (warm.Compiling); in Python, checked
// a batch's chunk at once (runner.PyChecked).
func TestSuiteRunner(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: finds a JDK, which may compile warm mode's harness")
	}
	if _, err := exec.LookPath("java"); err != nil {
		testenv.Missing(t, "java not on PATH")
	}
	load := func(path string) *grader.Assignment {
		a, err := grader.LoadAssignment(path, bundle.Judges)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	junit, pytest := load("testdata/bench-junit/rubric.toml"), load("testdata/bench-pytest/rubric.toml")
	for _, tc := range []struct {
		a    *grader.Assignment
		mode string
		want string
	}{
		{junit, "auto", "*warm.Compiling"},
		{junit, "", "*warm.Compiling"},
		{junit, "cold", "*runner.Sandboxed"},
		{pytest, "auto", "*runner.PyChecked"},
		{pytest, "cold", "*runner.Sandboxed"},
	} {
		r, err := runnerWith(tc.mode, tc.a, "", warm.Options{}, io.Discard)
		if err != nil {
			t.Fatalf("%s --mode %q: %v", tc.a.Rubric.Build.Language, tc.mode, err)
		}
		got := "other"
		switch r.(type) {
		case *warm.Compiling:
			got = "*warm.Compiling"
		case *runner.Sandboxed:
			got = "*runner.Sandboxed"
		case *runner.PyChecked:
			got = "*runner.PyChecked"
		}
		if got != tc.want {
			t.Errorf("%s --mode %q: a %T, want a %s", tc.a.Rubric.Build.Language, tc.mode, r, tc.want)
		}
	}
	if _, err := runnerWith("warm", junit, "", warm.Options{}, io.Discard); err == nil {
		t.Error("--mode warm: no error for a unit-test assignment")
	}
}
