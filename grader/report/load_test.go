package report

import (
	"testing"

	"github.com/cs540-tools/autograder/grader"
)

func TestLoadWarning(t *testing.T) {
	passed := grader.CaseResult{ID: "a", Rerun: "rerun", RunResult: grader.RunResult{Verdict: grader.Pass}}
	waited := grader.CaseResult{ID: "b", Rerun: "rerun", RunResult: grader.RunResult{Verdict: grader.Timeout, Limit: grader.Wall, Waited: true}}
	plain := grader.CaseResult{ID: "c", RunResult: grader.RunResult{Verdict: grader.Timeout, Limit: grader.Wall}}
	for _, tc := range []struct {
		name    string
		results []grader.Result
		want    string
	}{
		{"none", []grader.Result{{Cases: []grader.CaseResult{plain}}}, ""},
		{"changed", []grader.Result{{Cases: []grader.CaseResult{passed, plain}}},
			"1 case in 1 submission waited until the wall-time limit having used little CPU time, and was rerun after the other cases; the rerun changed the verdict of 1: the machine was busy enough to stop correct programs (grade with fewer --jobs, or on a quieter machine)"},
		{"again", []grader.Result{{Cases: []grader.CaseResult{waited}}, {Cases: []grader.CaseResult{waited, plain}}},
			"2 cases in 2 submissions waited until the wall-time limit having used little CPU time, and were rerun after the other cases; 2 waited again (a program that sleeps or waits for input, or a machine still busy)"},
	} {
		if got := LoadWarning(tc.results); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}
