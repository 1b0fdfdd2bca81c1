package grader_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

func TestExplainLimit(t *testing.T) {
	lim := rubric.Limits{Wall: 10 * time.Second, CPU: 5 * time.Second, Memory: 512 << 20, Output: 1 << 20}
	odd := rubric.Limits{Wall: 1500 * time.Millisecond, CPU: 250 * time.Millisecond, Memory: 3 << 30, Output: 64<<10 + 1}
	for _, tc := range []struct {
		l    grader.Limit
		lim  rubric.Limits
		want string
	}{
		{grader.None, lim, ""},
		{grader.CPU, lim, "ran past the 5 s CPU limit"},
		{grader.Wall, lim, "ran past the 10 s wall-time limit"},
		{grader.Memory, lim, "used more than the 512 MiB memory limit"},
		{grader.Output, lim, "printed more than the 1 MiB output limit"},
		{grader.CPU, odd, "ran past the 250 ms CPU limit"},
		{grader.Wall, odd, "ran past the 1.5 s wall-time limit"},
		{grader.Memory, odd, "used more than the 3 GiB memory limit"},
		{grader.Output, odd, "printed more than the 65537 bytes output limit"},
		{grader.CPU, rubric.Limits{}, "ran past the CPU limit"},
		{grader.Procs, lim, "started more processes than the limit allows"},
		{grader.FileSize, lim, "hit the file size limit"},
		{grader.BoxSize, lim, "hit the box size limit"},
	} {
		c := grader.CaseResult{RunResult: grader.RunResult{Verdict: grader.Timeout, Limit: tc.l}}
		if got := grader.Explain(c, tc.lim).Ended; got != tc.want {
			t.Errorf("%v under %+v: %q, want %q", tc.l, tc.lim, got, tc.want)
		}
	}
}

// TestExplain checks the words of each kind of case: every report takes
// them from Explain, so a report's golden file shows them only in its
// layout.
func TestExplain(t *testing.T) {
	lim := rubric.Limits{CPU: 5 * time.Second, Memory: 512 << 20}
	half := 0.5
	run := func(r grader.RunResult) grader.CaseResult { return grader.CaseResult{RunResult: r} }
	for _, tc := range []struct {
		name string
		c    grader.CaseResult
		want grader.Explanation
	}{
		{"pass", run(grader.RunResult{Verdict: grader.Pass}),
			grader.Explanation{Verdict: "passed", Headline: "passed", Exit: "exit status 0", Reason: "passed"}},
		{"wrong answer", run(grader.RunResult{Verdict: grader.WrongAnswer, Mismatch: &grader.Mismatch{Line: 3}}),
			grader.Explanation{Verdict: "wrong output", Headline: "wrong output", Difference: "first difference at line 3", Exit: "exit status 0", Reason: "first difference at line 3"}},
		{"broken rule", run(grader.RunResult{Verdict: grader.WrongAnswer, Violation: &grader.Violation{Line: 7, Rule: "move", Msg: "not steepest"}}),
			grader.Explanation{Verdict: "wrong output", Headline: "wrong output", Rule: `line 7 breaks the rule "move": not steepest`,
				RuleBrief: `line 7 breaks the rule "move"`, Exit: "exit status 0", Reason: `line 7 breaks the rule "move"`}},
		{"broken rule of no one line", run(grader.RunResult{Verdict: grader.WrongAnswer, Violation: &grader.Violation{Rule: "cost", Msg: "too dear"}}),
			grader.Explanation{Verdict: "wrong output", Headline: "wrong output", Rule: `the run breaks the rule "cost": too dear`,
				RuleBrief: `the run breaks the rule "cost"`, Exit: "exit status 0", Reason: `the run breaks the rule "cost"`}},
		{"time limit", run(grader.RunResult{Verdict: grader.Timeout, ExitCode: -1, Signal: "killed", Limit: grader.CPU}),
			grader.Explanation{Verdict: "ran past the time limit", Headline: "ran past the 5 s CPU limit", Ended: "ran past the 5 s CPU limit",
				Exit: "exit status -1", Reason: "ran past the 5 s CPU limit"}},
		{"memory limit after a wrong line", run(grader.RunResult{Verdict: grader.MemoryLimit, Limit: grader.Memory, Mismatch: &grader.Mismatch{Line: 2}}),
			grader.Explanation{Verdict: "ran out of memory", Headline: "ran out of memory", Difference: "first difference at line 2",
				Ended: "used more than the 512 MiB memory limit", Exit: "exit status 0", Reason: "first difference at line 2"}},
		{"the runtime's heap ran out", run(grader.RunResult{Verdict: grader.MemoryLimit, ExitCode: 1, Limit: grader.Memory, Heap: 432 << 20}),
			grader.Explanation{Verdict: "ran out of memory", Headline: "ran out of its 432 MiB heap, the cap its runtime has within the 512 MiB memory limit",
				Ended: "ran out of its 432 MiB heap, the cap its runtime has within the 512 MiB memory limit", Exit: "exit status 1",
				Reason: "ran out of its 432 MiB heap, the cap its runtime has within the 512 MiB memory limit"}},
		{"signal", run(grader.RunResult{Verdict: grader.RuntimeError, ExitCode: -1, Signal: "segmentation fault"}),
			grader.Explanation{Verdict: "crashed or exited with a non-zero status", Headline: "crashed or exited with a non-zero status",
				Ended: "killed by signal segmentation fault", Exit: "exit status -1", Reason: "killed by signal segmentation fault"}},
		{"exit status", run(grader.RunResult{Verdict: grader.RuntimeError, ExitCode: 3}),
			grader.Explanation{Verdict: "crashed or exited with a non-zero status", Headline: "crashed or exited with a non-zero status",
				Ended: "exit status 3", Exit: "exit status 3", Reason: "exit status 3"}},
		{"known mistake", grader.CaseResult{RunResult: grader.RunResult{Verdict: grader.WrongAnswer}, Mistakes: []string{"a", "b", "c"}},
			grader.Explanation{Verdict: "wrong output", Headline: "wrong output", Exit: "exit status 0", Reason: "wrong output",
				Mistake: "this is what a program with a, b or c prints"}},
		{"known slow mistake", grader.CaseResult{RunResult: grader.RunResult{Verdict: grader.Timeout, Limit: grader.Wall}, Mistakes: []string{"a"}},
			grader.Explanation{Verdict: "ran past the time limit", Headline: "ran past the wall-time limit", Ended: "ran past the wall-time limit",
				Exit: "exit status 0", Reason: "ran past the wall-time limit", Mistake: "a program with a runs out of time here too"}},
		{"partial credit", grader.CaseResult{RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Feedback: "close"}, Score: &half},
			grader.Explanation{Verdict: "wrong output", Headline: "wrong output", Exit: "exit status 0", Reason: "wrong output",
				Credit: "partial credit: 0.5 of the case"}},
		{"repeated", grader.CaseResult{RunResult: grader.RunResult{Verdict: grader.WrongAnswer},
			Attempts: &grader.Attempts{Runs: 20, Passed: 13, MinPass: 15, Failed: []int{3, 5, 7}}, Mistakes: []string{"no-restarts"}},
			grader.Explanation{Verdict: "wrong output", Headline: "wrong output", Runs: "13/20 runs passed (needs 15)", Failed: "runs 3, 5 and 7",
				Exit: "exit status 0", Reason: "13/20 runs passed (needs 15)", Mistake: "a program with no-restarts fails runs like these"}},
		{"repeated for a fraction, one failing run", grader.CaseResult{RunResult: grader.RunResult{Verdict: grader.Pass},
			Attempts: &grader.Attempts{Runs: 4, Passed: 3, Failed: []int{2}}, Score: &half},
			grader.Explanation{Verdict: "passed", Headline: "passed", Runs: "3/4 runs passed", Failed: "run 2",
				Exit: "exit status 0", Reason: "3/4 runs passed", Credit: "partial credit: 0.5 of the case"}},
		{"grader failure", run(grader.RunResult{Verdict: grader.GraderFailure, JudgeLog: "checker crashed"}),
			grader.Explanation{Verdict: "the grader failed to judge it", Headline: "the grader failed to judge it", Exit: "exit status 0", Reason: "the grader failed to judge it"}},
		{"compile error", run(grader.RunResult{Verdict: grader.StatusCompile.Verdict()}),
			grader.Explanation{Verdict: "did not compile", Headline: "did not compile", Exit: "exit status 0", Reason: "did not compile"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := grader.Explain(tc.c, lim); got != tc.want {
				t.Errorf("Explain:\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestStatusVerdict checks that a status that kept a submission's cases
// from running names the verdict they get.
func TestStatusVerdict(t *testing.T) {
	for _, tc := range []struct {
		s grader.Status
		v grader.Verdict
	}{
		{grader.Graded, ""},
		{grader.StatusCompile, grader.CompileError},
		{grader.StatusMissing, grader.MissingFile},
		{grader.StatusReject, grader.Rejected},
		{grader.StatusLate, grader.NotAccepted},
		{grader.StatusUnread, grader.Unreadable},
		{grader.StatusFailed, grader.GraderFailure},
	} {
		if got := tc.s.Verdict(); got != tc.v {
			t.Errorf("%s.Verdict() = %q, want %q", tc.s, got, tc.v)
		}
	}
}

// TestRunResultJSON checks that a result writes a limit under the names
// results.json has always had, and reads them back.
func TestRunResultJSON(t *testing.T) {
	for _, tc := range []struct {
		l    grader.Limit
		want string
	}{
		{grader.None, `{"verdict":"pass","exit_code":0}`},
		{grader.Wall, `{"verdict":"pass","exit_code":0,"limit":"wall"}`},
		{grader.CPU, `{"verdict":"pass","exit_code":0,"limit":"cpu"}`},
		{grader.Memory, `{"verdict":"pass","exit_code":0,"limit":"memory"}`},
		{grader.Output, `{"verdict":"pass","exit_code":0,"limit":"output"}`},
		{grader.Procs, `{"verdict":"pass","exit_code":0,"limit":"processes"}`},
		{grader.FileSize, `{"verdict":"pass","exit_code":0,"limit":"file-size"}`},
		{grader.BoxSize, `{"verdict":"pass","exit_code":0,"limit":"box-size"}`},
	} {
		b, err := json.Marshal(grader.RunResult{Verdict: grader.Pass, Limit: tc.l})
		if err != nil || string(b) != tc.want {
			t.Errorf("%v: %s, %v; want %s", tc.l, b, err, tc.want)
		}
		var back grader.RunResult
		if err := json.Unmarshal(b, &back); err != nil || back.Limit != tc.l {
			t.Errorf("%s read back: %v, %v", b, back.Limit, err)
		}
	}
	var bad grader.RunResult
	if err := json.Unmarshal([]byte(`{"limit":"moon"}`), &bad); err == nil {
		t.Errorf("limit \"moon\" read as %v, want an error", bad.Limit)
	}
}
