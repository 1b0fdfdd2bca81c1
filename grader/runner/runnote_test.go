package runner

import (
	"context"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// TestRunNote: a Java run that ends in StackOverflowError gives the
// submission a note (once, however many runs end so) saying that the
// depth it overflows at varies with the JIT, and the stack it had; a run
// that ends otherwise gives none.
func TestRunNote(t *testing.T) {
	testenv.NeedTools(t, toolsOf[rubric.Java]...)
	if testing.Short() {
		t.Skip("-short: runs JVMs")
	}
	prog := build(t, rubric.Java, submission.File{Name: "Deep.java", Data: []byte(`public class Deep {
    static long f(long n) { return n == 0 ? 0 : 1 + f(n - 1); }
    public static void main(String[] a) {
        if (a.length > 0) System.exit(3);
        System.out.println(f(Long.MAX_VALUE));
    }
}
`)})
	for _, args := range [][]string{{"fail"}, nil, nil} {
		ex, err := prog.Run(context.Background(), grader.Input{Args: args})
		if err != nil {
			t.Fatal(err)
		}
		if ex.ExitCode == 0 {
			t.Fatalf("a run of %v passed: %s", args, ex.Stdout)
		}
	}
	notes := prog.(grader.Noter).Notes()
	if len(notes) != 1 || !strings.Contains(notes[0], "StackOverflowError") || !strings.Contains(notes[0], "varies from run to run") ||
		!strings.Contains(notes[0], "-Xss ") || !strings.Contains(notes[0], " MiB") {
		t.Errorf("notes %q, want one on the stack overflow", notes)
	}
}
