package grader

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/internal/ruletable"
)

// TestDecide: one row per verdict rule of a run, named by the rule; a
// rule may have more rows, each saying what it adds (the rule's order,
// the evidence kept). TestEveryRuleHasARow holds the rows to the rules.
func TestDecide(t *testing.T) {
	half, over := 0.5, 1.5
	lim := rubric.Limits{CPU: 2 * time.Second, Wall: 5 * time.Second, Memory: 256 << 20, Output: 1 << 20}
	mism := &Mismatch{Line: 1, Expected: "1", Got: "2"}
	exitViolation := &Violation{Rule: "exit status", Msg: "the program exited with status 0, but this case wants it to stop with an error status (as on a usage error)"}
	for _, tc := range []struct {
		rule, also string
		r          judgedRun
		want       decision
	}{
		{rule: ruleJudgeFailed, r: judgedRun{judgeErr: errors.New("checker crashed")},
			want: decision{RunResult: RunResult{Verdict: GraderFailure, JudgeLog: "checker crashed"}}},
		{rule: ruleJudgeFailed, also: "before an interactive judge's first rejection",
			r:    judgedRun{live: true, ex: Execution{ExitCode: 3}, judgement: Judgement{DecidedFirst: true}, judgeErr: errors.New("interactor crashed")},
			want: decision{RunResult: RunResult{Verdict: GraderFailure, ExitCode: 3, JudgeLog: "interactor crashed"}}},
		{rule: ruleJudgeError, also: "a package's validator that failed on the output: the case's verdict, not the grader's failure",
			r:    judgedRun{judgeErr: fmt.Errorf("pass 2: %w", &FailedOnOutput{errors.New("validator crashed")})},
			want: decision{RunResult: RunResult{Verdict: JudgeError, JudgeLog: "pass 2: validator crashed"}}},
		{rule: ruleExitZero, r: judgedRun{exit: cases.ExitNonzero, ex: Execution{ExitCode: 0}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer, Violation: exitViolation}}},
		{rule: ruleExitZero, also: "before an interactive judge's first rejection, its log kept",
			r:    judgedRun{exit: cases.ExitNonzero, live: true, judgement: Judgement{DecidedFirst: true, Log: "transcript", Feedback: "no"}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer, Violation: exitViolation, JudgeLog: "transcript"}}},
		{rule: ruleRejectedFirst, also: "the program then crashed",
			r:    judgedRun{live: true, ex: Execution{ExitCode: -1, Signal: "killed"}, judgement: Judgement{DecidedFirst: true, Mismatch: mism, Log: "transcript"}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer, Mismatch: mism, JudgeLog: "the judge rejected the run before the program ended; the program then was killed by a signal (killed)\n\ntranscript"}}},
		{rule: ruleRejectedFirst, also: "the program then ran out of time",
			r:    judgedRun{live: true, ex: Execution{ExitCode: -1, Limit: CPU}, limits: lim, judgement: Judgement{DecidedFirst: true}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer, JudgeLog: "the judge rejected the run before the program ended; the program then ran past the 2 s CPU limit"}}},
		{rule: ruleRejectedFirst, also: "the grader stopped it",
			r:    judgedRun{live: true, ex: Execution{ExitCode: -1, Signal: "killed", Stopped: true}, judgement: Judgement{DecidedFirst: true}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer, JudgeLog: "the judge rejected the run before the program ended; the program then was stopped: the verdict no longer depended on it"}}},
		{rule: ruleRejectedFirst, also: "the program then exited with an error",
			r:    judgedRun{live: true, ex: Execution{ExitCode: 2}, judgement: Judgement{DecidedFirst: true}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer, JudgeLog: "the judge rejected the run before the program ended; the program then exited with status 2"}}},
		{rule: ruleTime, r: judgedRun{ex: Execution{ExitCode: -1, Signal: "killed", Limit: CPU}},
			want: decision{RunResult: RunResult{Verdict: Timeout, ExitCode: -1, Signal: "killed", Limit: CPU}}},
		{rule: ruleTime, also: "the wall limit; an interactive run keeps its transcript, no other evidence",
			r:    judgedRun{live: true, ex: Execution{ExitCode: -1, Limit: Wall}, judgement: Judgement{Log: "transcript", Feedback: "hidden", Mismatch: mism}},
			want: decision{RunResult: RunResult{Verdict: Timeout, ExitCode: -1, Limit: Wall, JudgeLog: "transcript"}}},
		{rule: ruleTime, also: "the wall limit after most of the CPU limit: it worked",
			r:    judgedRun{ex: Execution{ExitCode: -1, Limit: Wall, CPU: 1800 * time.Millisecond, CPUMeasured: true}, limits: lim},
			want: decision{RunResult: RunResult{Verdict: Timeout, ExitCode: -1, Limit: Wall}}},
		{rule: ruleTime, also: "the wall limit, the CPU time not measured",
			r:    judgedRun{ex: Execution{ExitCode: -1, Limit: Wall}, limits: lim},
			want: decision{RunResult: RunResult{Verdict: Timeout, ExitCode: -1, Limit: Wall}}},
		{rule: ruleWaited, r: judgedRun{ex: Execution{ExitCode: -1, Limit: Wall, CPU: 100 * time.Millisecond, CPUMeasured: true}, limits: lim},
			want: decision{RunResult: RunResult{Verdict: Timeout, ExitCode: -1, Limit: Wall, Waited: true}}},
		{rule: ruleWaited, also: "the sandbox's default CPU limit when the rubric sets none",
			r:    judgedRun{ex: Execution{ExitCode: -1, Limit: Wall, CPU: 3 * time.Second, CPUMeasured: true}},
			want: decision{RunResult: RunResult{Verdict: Timeout, ExitCode: -1, Limit: Wall, Waited: true}}},
		{rule: ruleMemory, r: judgedRun{ex: Execution{ExitCode: 1, Limit: Memory}},
			want: decision{RunResult: RunResult{Verdict: MemoryLimit, ExitCode: 1, Limit: Memory}}},
		{rule: ruleOutput, r: judgedRun{ex: Execution{ExitCode: -1, Limit: Output}},
			want: decision{RunResult: RunResult{Verdict: OutputLimit, ExitCode: -1, Limit: Output}}},
		{rule: ruleOtherLimit, r: judgedRun{ex: Execution{ExitCode: -1, Limit: Procs}},
			want: decision{RunResult: RunResult{Verdict: RuntimeError, ExitCode: -1, Limit: Procs}}},
		{rule: ruleOtherLimit, also: "any exit key", r: judgedRun{exit: cases.ExitAny, ex: Execution{Limit: FileSize}},
			want: decision{RunResult: RunResult{Verdict: RuntimeError, Limit: FileSize}}},
		{rule: ruleSignal, r: judgedRun{ex: Execution{ExitCode: -1, Signal: "segmentation fault"}},
			want: decision{RunResult: RunResult{Verdict: RuntimeError, ExitCode: -1, Signal: "segmentation fault"}}},
		{rule: ruleSignal, also: "an error status is wanted, but on the program's own",
			r:    judgedRun{exit: cases.ExitNonzero, ex: Execution{ExitCode: -1, Signal: "aborted"}},
			want: decision{RunResult: RunResult{Verdict: RuntimeError, ExitCode: -1, Signal: "aborted"}}},
		{rule: ruleStatus, r: judgedRun{ex: Execution{ExitCode: 1}, judgement: Judgement{Pass: true}},
			want: decision{RunResult: RunResult{Verdict: RuntimeError, ExitCode: 1}}},
		{rule: ruleStatus, also: "a negative status is never the program's own", r: judgedRun{exit: cases.ExitAny, ex: Execution{ExitCode: -1}},
			want: decision{RunResult: RunResult{Verdict: RuntimeError, ExitCode: -1}}},
		{rule: ruleOutputPast, r: judgedRun{ex: Execution{OutputCut: true}, judgement: Judgement{Pass: true}},
			want: decision{RunResult: RunResult{Verdict: OutputLimit, Limit: Output}}},
		{rule: ruleTime, also: "past the output limit, then out of time: time first",
			r:    judgedRun{ex: Execution{ExitCode: -1, Limit: CPU, OutputCut: true}},
			want: decision{RunResult: RunResult{Verdict: Timeout, ExitCode: -1, Limit: CPU}}},
		{rule: ruleStatus, also: "past the output limit, then an error status: the status first",
			r:    judgedRun{ex: Execution{ExitCode: 1, OutputCut: true}},
			want: decision{RunResult: RunResult{Verdict: RuntimeError, ExitCode: 1}}},
		{rule: ruleRejected, r: judgedRun{judgement: Judgement{Mismatch: mism, Feedback: "for the student", Log: "for the TA"}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer, Mismatch: mism, Feedback: "for the student", JudgeLog: "for the TA"}}},
		{rule: ruleRejected, also: "partial credit kept", r: judgedRun{judgement: Judgement{Score: &half}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer}, Score: &half}},
		{rule: ruleRejected, also: "an error status wanted, given, and its output wrong",
			r:    judgedRun{exit: cases.ExitNonzero, ex: Execution{ExitCode: 2}, judgement: Judgement{Mismatch: mism}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer, ExitCode: 2, Mismatch: mism}}},
		{rule: ruleRejected, also: "an interactive judge that rejected after the end",
			r:    judgedRun{live: true, judgement: Judgement{Log: "transcript"}},
			want: decision{RunResult: RunResult{Verdict: WrongAnswer, JudgeLog: "transcript"}}},
		{rule: ruleAccepted, r: judgedRun{judgement: Judgement{Pass: true, Reading: "row"}},
			want: decision{RunResult: RunResult{Verdict: Pass}, Reading: "row"}},
		{rule: ruleAccepted, also: "partial credit clamped to 1", r: judgedRun{judgement: Judgement{Pass: true, Score: &over}},
			want: decision{RunResult: RunResult{Verdict: Pass}, Score: ptr(1.0)}},
		{rule: ruleAccepted, also: "any status allowed", r: judgedRun{exit: cases.ExitAny, ex: Execution{ExitCode: 4}, judgement: Judgement{Pass: true}},
			want: decision{RunResult: RunResult{Verdict: Pass, ExitCode: 4}}},
	} {
		name := strings.TrimSpace(tc.rule + ": " + tc.also)
		tc.want.rule = tc.rule
		if got := decide(tc.r); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", name, got, tc.want)
		}
	}
}

// TestDecideRuns: one row per verdict rule of a repeated case's runs.
func TestDecideRuns(t *testing.T) {
	P, W, T, G := Pass, WrongAnswer, Timeout, GraderFailure
	for _, tc := range []struct {
		rule, also string
		runs       []Verdict
		need       int
		want       Verdict
	}{
		{rule: ruleRunsUnjudged, runs: []Verdict{P, P, G}, need: 2, want: G},
		{rule: ruleRunsUnjudged, also: "before too few passes", runs: []Verdict{W, W, G}, need: 3, want: G},
		{rule: ruleRunsTooFew, runs: []Verdict{P, W, T, W}, need: 3, want: W},
		{rule: ruleRunsTooFew, also: "a tie goes to the verdict that reached it first", runs: []Verdict{T, W, W, T}, need: 1, want: W},
		{rule: ruleRunsEnough, runs: []Verdict{P, W, P}, need: 2, want: P},
		{rule: ruleRunsEnough, also: "every run", runs: []Verdict{P, P}, need: 2, want: P},
	} {
		v, rule := decideRuns(tc.runs, tc.need)
		if v != tc.want || rule != tc.rule {
			t.Errorf("%s %s: decideRuns(%v, %d) = %s by %q", tc.rule, tc.also, tc.runs, tc.need, v, rule)
		}
	}
}

// TestEveryRuleHasARow: each rule decide.go names has a row in TestDecide
// (read from this file), so a rule added without one fails here.
func TestEveryRuleHasARow(t *testing.T) {
	ruletable.Check(t, "decide.go", "decide_internal_test.go", 10)
}

func ptr(x float64) *float64 { return &x }
