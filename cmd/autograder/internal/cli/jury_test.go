package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/problem"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/toolchain"
)

// TestJuryRows: the jury summary gives each labelled submission its
// verdict (its first case that is not AC), its slowest case's CPU time
// against the limit, and a warning where the judges' machines could
// judge it otherwise: accepted within 20% of the limit (speed), a
// run-time error that speaks of the stack, a runtime the judges use
// that this machine lacks (PyPy).
func TestJuryRows(t *testing.T) {
	ms := func(n int64) *int64 { return &n }
	cr := func(v grader.Verdict, cpu int64, stderr string) grader.CaseResult {
		return grader.CaseResult{RunResult: grader.RunResult{Verdict: v, Stderr: stderr}, CPUMS: ms(cpu)}
	}
	graded := func(flags []string, cs ...grader.CaseResult) grader.Result {
		return grader.Result{Status: grader.Graded, Cases: cs, Flags: flags}
	}
	for _, tc := range []struct {
		name    string
		res     grader.Result
		verdict string
		slowest time.Duration
		warn    string // "" for none
	}{
		{"fast", graded(nil, cr(grader.Pass, 100, ""), cr(grader.Pass, 300, "")), "AC", 300 * time.Millisecond, ""},
		{"near", graded(nil, cr(grader.Pass, 100, ""), cr(grader.Pass, 850, "")), "AC", 850 * time.Millisecond, "accepted within 20% of the time limit"},
		{"first rejection", graded(nil, cr(grader.Pass, 10, ""), cr(grader.WrongAnswer, 20, ""), cr(grader.Timeout, 1500, ""), cr(grader.NotRun, 0, "")), "WA", 1500 * time.Millisecond, ""},
		{"stack", graded(nil, cr(grader.RuntimeError, 40, "Exception in thread \"main\" java.lang.StackOverflowError")), "RTE", 40 * time.Millisecond, "the stack may have run out"},
		{"rte", graded(nil, cr(grader.RuntimeError, 40, "IndexError")), "RTE", 40 * time.Millisecond, ""},
		{"pypy", graded([]string{toolchain.Python.JudgesMissing}, cr(grader.Timeout, 1500, "")), "TLE", 1500 * time.Millisecond, "with PyPy"},
	} {
		row := juryRowOf(problem.Example{Name: tc.name}, tc.res, time.Second)
		warns := strings.Join(row.warnings, "; ")
		if row.verdict != tc.verdict || row.slowest != tc.slowest || (tc.warn == "") != (warns == "") || !strings.Contains(warns, tc.warn) {
			t.Errorf("%s: %s, slowest %s, warnings %q; want %s, %s, a warning with %q", tc.name, row.verdict, row.slowest, warns, tc.verdict, tc.slowest, tc.warn)
		}
	}
	var b bytes.Buffer
	jurySummary(&b, []juryRow{juryRowOf(problem.Example{Name: "accepted/a.py"}, graded(nil, cr(grader.Pass, 900, "")), time.Second)}, rubric.Limits{CPU: time.Second}, "unlimited")
	want := "jury summary (time limit 1s of CPU time; stack unlimited):\n" +
		"  accepted/a.py  AC    slowest case 900ms of 1s\n" +
		"                 WARNING: accepted within 20% of the time limit: a slower judge machine may reject it\n"
	if b.String() != want {
		t.Errorf("summary:\n%s\nwant:\n%s", b.String(), want)
	}
}
