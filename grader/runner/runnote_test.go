package runner

import (
	"context"
	"slices"
	"strconv"
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
	if len(notes) != 1 || !strings.Contains(notes[0], "StackOverflowError") || !strings.Contains(notes[0], "less than 1% from run to run") ||
		!strings.Contains(notes[0], "-Xss ") || !strings.Contains(notes[0], " MiB") {
		t.Errorf("notes %q, want one on the stack overflow", notes)
	}
}

// TestStackDepthSteady: how deep a Java recursion gets before its stack
// overflows varies by less than 1% from run to run, though the program's own spinning
// threads crowd the JIT's compiler thread (the JIT compiles in the
// foreground, so how much of the recursion is compiled when it overflows
// does not follow the load; with background compiles, five runs of this
// gave five depths, 124,682 to 200,926).
func TestStackDepthSteady(t *testing.T) {
	testenv.NeedTools(t, toolsOf[rubric.Java]...)
	if testing.Short() {
		t.Skip("-short: runs JVMs")
	}
	prog := build(t, rubric.Java, submission.File{Name: "Depth.java", Data: []byte(`public class Depth {
    static int depth;
    static volatile long sink;
    static int f(int n) { depth++; return f(n + 1) + 1; }
    public static void main(String[] a) {
        for (int i = 0; i < 6; i++) {
            Thread t = new Thread(() -> { for (long x = 0; ; x++) sink = x; });
            t.setDaemon(true);
            t.start();
        }
        try { f(0); } catch (StackOverflowError e) { System.out.println(depth); }
    }
}
`)})
	var depths []int
	for range 3 {
		ex, err := prog.Run(context.Background(), grader.Input{})
		if err != nil {
			t.Fatal(err)
		}
		if ex.ExitCode != 0 {
			t.Fatalf("exit %d: %s", ex.ExitCode, ex.Stderr)
		}
		d, err := strconv.Atoi(strings.TrimSpace(string(ex.Stdout)))
		if err != nil {
			t.Fatalf("stdout %q: %v", ex.Stdout, err)
		}
		depths = append(depths, d)
	}
	lo, hi := slices.Min(depths), slices.Max(depths)
	if hi-lo > lo/100 {
		t.Fatalf("depths %v: they differ by more than 1%%", depths)
	}
}
