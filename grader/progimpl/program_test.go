package progimpl

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/sandbox"
)

// counting is a grader.Program that prints its arguments, joined by
// spaces, then its stdin, counting its runs; an argument "fail" makes it
// end with status 3, "limit" stops it at the CPU limit, "err" fails the
// grader.
type counting struct{ runs int }

func (c *counting) Run(_ context.Context, in grader.Input) (grader.Execution, error) {
	c.runs++
	ex := grader.Execution{Stdout: append([]byte(strings.Join(in.Args, " ")), in.Stdin...)}
	for _, a := range in.Args {
		switch a {
		case "fail":
			ex.ExitCode = 3
		case "limit":
			ex.Limit = sandbox.CPU
		case "err":
			return ex, errors.New("the sandbox failed")
		}
	}
	return ex, nil
}

func (c *counting) Close() error { return nil }

// TestProgramMemo: a run of an input made before is the run kept, the
// program not run again; inputs that differ in any byte, or in where
// the arguments part, are runs of their own; a failed run is kept as
// failed; the grader's error is not kept.
func TestProgramMemo(t *testing.T) {
	c := &counting{}
	p := newProgram(c)
	ctx := context.Background()
	for _, tc := range []struct {
		args         []string
		stdin        string
		stdout, fail string
		runs         int
	}{
		{[]string{"a", "b"}, "x", "a bx", "", 1},
		{[]string{"a", "b"}, "x", "a bx", "", 1}, // kept
		{[]string{"a b"}, "x", "a bx", "", 2},    // the same bytes, parted otherwise
		{[]string{"a", "b"}, "y", "a by", "", 3},
		{[]string{"a", "bx"}, "", "a bx", "", 4},
		{[]string{"fail"}, "", "", "ended with status 3", 5},
		{[]string{"fail"}, "", "", "ended with status 3", 5}, // kept
		{[]string{"limit"}, "", "", "stopped at the CPU time limit", 6},
		{nil, "", "", "", 7},
		{[]string{""}, "", "", "", 8},
	} {
		r, err := p.Run(ctx, tc.args, []byte(tc.stdin))
		if err != nil {
			t.Fatal(err)
		}
		if string(r.Stdout) != tc.stdout || r.Failed != tc.fail || c.runs != tc.runs {
			t.Errorf("Run(%q, %q) = %q, failed %q, after %d runs; want %q, %q, %d", tc.args, tc.stdin, r.Stdout, r.Failed, c.runs, tc.stdout, tc.fail, tc.runs)
		}
	}
	for range 2 {
		if _, err := p.Run(ctx, []string{"err"}, nil); err == nil {
			t.Error("the grader's error was not returned")
		}
	}
	if c.runs != 10 {
		t.Errorf("%d runs after two that failed the grader; want 10 (an error is not kept)", c.runs)
	}
}
