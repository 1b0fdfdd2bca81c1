package grader_test

import (
	"context"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestDecideAsGradeDoes: a run of a case is decided as Grade decides it, whatever
// the case's judge: the expected output (c/public-01), the reference's
// rules on a random run (c/unseeded-01, check: reference, seed -1), how
// the run ended (a limit, a crash). Warm mode's spot checks compare warm
// and cold runs so, rules-judged cases among them (issue 27, item 2).
func TestDecideAsGradeDoes(t *testing.T) {
	a, err := grader.LoadAssignment("../rubric.toml", testJudges)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	right := func(id string) grader.Execution {
		c := caseOf(t, a, id)
		ex, err := correct(c.Args, nil)
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	for _, tc := range []struct {
		name, id string
		ex       grader.Execution
		want     grader.Verdict
		credit   float64
	}{
		{"expected output", "c/public-01", right("c/public-01"), grader.Pass, 1},
		{"wrong output", "c/public-01", grader.Execution{Stdout: []byte("0:1 2\n")}, grader.WrongAnswer, 0},
		{"rules kept", "c/unseeded-01", right("c/unseeded-01"), grader.Pass, 1},
		{"rules broken", "c/unseeded-01", grader.Execution{Stdout: []byte("cold\n")}, grader.WrongAnswer, 0},
		{"time limit", "c/unseeded-01", grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.CPU}, grader.Timeout, 0},
		{"crash", "c/public-01", grader.Execution{ExitCode: 1}, grader.RuntimeError, 0},
	} {
		v, credit, err := a.Decide(ctx, tc.id, tc.ex, sandbox.Hooks{})
		if err != nil || v != tc.want || credit != tc.credit {
			t.Errorf("%s: Decide(%s) = %s, %v, %v; want %s, %v", tc.name, tc.id, v, credit, err, tc.want, tc.credit)
		}
	}
	if _, _, err := a.Decide(ctx, "c/none", grader.Execution{}, sandbox.Hooks{}); err == nil {
		t.Error("Decide of an unknown case: no error")
	}
}

// TestCheckable: a case run once is checkable alone, a repeated one not.
func TestCheckable(t *testing.T) {
	a := repeatAssignment(t)
	for id, want := range map[string]bool{"r/once": true, "r/min": false, "r/fraction": false} {
		if got := a.Checkable(caseOf(t, a, id)); got != want {
			t.Errorf("Checkable(%s) = %v, want %v", id, got, want)
		}
		if _, _, err := a.Decide(context.Background(), id, grader.Execution{}, sandbox.Hooks{}); (err == nil) != want {
			t.Errorf("Decide(%s): error %v", id, err)
		}
	}
}

// caseOf is the assignment's case with that ID.
func caseOf(t *testing.T, a *grader.Assignment, id string) cases.Case {
	t.Helper()
	for _, cs := range a.Parts {
		for _, c := range cs {
			if c.ID == id {
				return c
			}
		}
	}
	t.Fatalf("no case %s", id)
	return cases.Case{}
}
