package grader_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// randProgram stands in for a randomized program: run n of a repeated
// case ends as fails[n] says (a pass when absent); a case run once
// passes. It records every Input it was given.
type randProgram struct {
	fails map[int]grader.Execution

	mu     sync.Mutex
	inputs []grader.Input
}

func (p *randProgram) Run(_ context.Context, in grader.Input) (grader.Execution, error) {
	p.mu.Lock()
	p.inputs = append(p.inputs, in)
	p.mu.Unlock()
	if ex, ok := p.fails[in.Attempt]; ok {
		return ex, nil
	}
	return grader.Execution{Stdout: []byte("solved\n")}, nil
}
func (*randProgram) Close() error { return nil }

var (
	stuck   = grader.Execution{Stdout: []byte("stuck\n"), Stderr: []byte("no restart left\n")}
	crashed = grader.Execution{ExitCode: 1, Stderr: []byte("Segmentation fault\n")}
)

// failing fails the given runs with ex.
func failing(ex grader.Execution, runs ...int) map[int]grader.Execution {
	m := map[int]grader.Execution{}
	for _, n := range runs {
		m[n] = ex
	}
	return m
}

func repeatAssignment(t *testing.T, edits ...string) *grader.Assignment {
	t.Helper()
	return gradertest.AssignmentWith(t, testJudges, filepath.Join("testdata", "repeat"), edits...)
}

var randSub = submission.Submission{ID: "s", Files: []submission.File{{Name: "rand.c", Data: []byte("int main(void) { return 0; }\n")}}}

// TestRepeatedRuns: a repeated case runs R times, run n as Attempt n with
// {run} and {seed} replaced, and passes when min_pass runs pass; its
// result says how many did, which failed, and why the first five failed.
func TestRepeatedRuns(t *testing.T) {
	a := repeatAssignment(t)
	for _, tc := range []struct {
		name    string
		fails   map[int]grader.Execution
		verdict grader.Verdict
		failed  []int
	}{
		{"all pass", nil, grader.Pass, nil},
		{"five fail: 15 of 20 is enough", failing(stuck, 2, 4, 6, 8, 10), grader.Pass, []int{2, 4, 6, 8, 10}},
		{"six fail", merge(failing(stuck, 3, 5, 7, 9), failing(crashed, 11, 13)), grader.WrongAnswer, []int{3, 5, 7, 9, 11, 13}},
		{"mostly crashes", merge(failing(stuck, 1), failing(crashed, 2, 3, 4, 5, 6, 7)), grader.RuntimeError, []int{1, 2, 3, 4, 5, 6, 7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog := &randProgram{fails: tc.fails}
			res := grade(t, a, run(prog), randSub, 0, grader.Options{Cases: []string{"r/min"}})
			c := caseResult(t, res, "r/min")
			at := c.Attempts
			if c.Verdict != tc.verdict || at == nil || at.Runs != 20 || at.MinPass != 15 || at.Passed != 20-len(tc.failed) || !slices.Equal(at.Failed, tc.failed) {
				t.Fatalf("verdict %s, attempts %+v; want %s, %d/20 passed, failed %v", c.Verdict, at, tc.verdict, 20-len(tc.failed), tc.failed)
			}
			if len(at.Failures) != min(len(tc.failed), grader.MaxFailures) {
				t.Errorf("%d failures kept, want the first %d", len(at.Failures), grader.MaxFailures)
			}
			for i, f := range at.Failures {
				want := tc.fails[f.Run]
				if f.Run != tc.failed[i] || f.Stderr != string(want.Stderr) || f.ExitCode != want.ExitCode || (f.Mismatch != nil) != (want.ExitCode == 0) {
					t.Errorf("failure %d: %+v", i, f)
				}
				if want := []string{seed("r/min", f.Run), strconv.Itoa(f.Run)}; !slices.Equal(f.Args, want) {
					t.Errorf("run %d's args %q, want %q", f.Run, f.Args, want)
				}
			}
			if c.Mismatch != nil || c.Stderr != "" || c.Score != nil || !slices.Equal(c.Args, []string{"{seed}", "{run}"}) {
				t.Errorf("case-level evidence of a repeated case: %+v", c)
			}
			for i, in := range prog.inputs {
				n := i + 1
				if in.Attempt != n || !slices.Equal(in.Args, []string{seed("r/min", n), strconv.Itoa(n)}) {
					t.Errorf("run %d was given %+v", n, in)
				}
			}
			if len(prog.inputs) != 20 {
				t.Errorf("%d runs, want 20", len(prog.inputs))
			}
		})
	}
}

func merge(ms ...map[int]grader.Execution) map[int]grader.Execution {
	out := map[int]grader.Execution{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

func seed(id string, n int) string { return strconv.FormatUint(uint64(cases.Seed(nil, id, n)), 10) }

// TestRepeatedFraction: with score: fraction a case earns the share of its
// runs that passed, and passes only when all did; {run} is replaced in
// stdin too. A case run once is given its braces as they are, as
// Attempt 0.
func TestRepeatedFraction(t *testing.T) {
	a := repeatAssignment(t)
	prog := &randProgram{fails: failing(stuck, 2)}
	res := grade(t, a, run(prog), randSub, 0, grader.Options{})
	c := caseResult(t, res, "r/fraction")
	if c.Verdict != grader.WrongAnswer || c.Score == nil || *c.Score != 0.75 || c.Attempts.MinPass != 0 || c.Attempts.Passed != 3 {
		t.Fatalf("r/fraction: %s, score %v, attempts %+v; want wrong-answer, 0.75, 3/4", c.Verdict, c.Score, c.Attempts)
	}
	// 30 points over 3 cases: r/min and r/once whole, r/fraction 3/4.
	if res.Score != 27.5 {
		t.Errorf("score %v, want 27.5", res.Score)
	}
	var stdins []string
	for _, in := range prog.inputs {
		if in.Attempt == 0 {
			if once := caseResult(t, res, "r/once"); !slices.Equal(in.Args, []string{"{seed}", "0"}) || once.Attempts != nil {
				t.Errorf("r/once given %+v, result %+v", in, once)
			}
		}
		if in.Stdin != nil {
			stdins = append(stdins, string(in.Stdin))
		}
	}
	if want := []string{"run 1\n", "run 2\n", "run 3\n", "run 4\n"}; !slices.Equal(stdins, want) {
		t.Errorf("stdins %q, want %q", stdins, want)
	}
}

// TestRepeatedJudgeFailure: a judge that fails on a run makes the case the
// grader's failure, whatever the other runs did.
func TestRepeatedJudgeFailure(t *testing.T) {
	a := repeatAssignment(t, "[[part]]", "[judge]\nname = \"test-broken\"\n\n[[part]]")
	res := grade(t, a, run(&randProgram{}), randSub, 0, grader.Options{Cases: []string{"r/min"}})
	c := caseResult(t, res, "r/min")
	if c.Verdict != grader.GraderFailure || c.JudgeLog != "run 1: checker exited 1: segmentation fault" || len(c.Attempts.Failed) != 20 {
		t.Errorf("r/min: %s, log %q, attempts %+v", c.Verdict, c.JudgeLog, c.Attempts)
	}
}

// stuckMistake is a reference that knows one mistake: printing "stuck".
type stuckMistake struct{ grader.ExpectedOutput }

func (stuckMistake) Mistakes([]string, []string) []grader.KnownMistake {
	return []grader.KnownMistake{{Name: "no-restarts", Stdout: []byte("stuck\n")}}
}
func (stuckMistake) Hint(string) string { return "restart when stuck" }

// TestRepeatedNoDiagnosis: a case run once is diagnosed, a repeated one
// is not (a randomized program's wrong answers are its own each time).
func TestRepeatedNoDiagnosis(t *testing.T) {
	a := repeatAssignment(t)
	if err := a.SetReference(stuckMistake{}); err != nil {
		t.Fatal(err)
	}
	prog := &randProgram{fails: failing(stuck, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)}
	res := grade(t, a, run(prog), randSub, 0, grader.Options{})
	if once := caseResult(t, res, "r/once"); !slices.Equal(once.Mistakes, []string{"no-restarts"}) {
		t.Errorf("r/once: mistakes %q, want no-restarts", once.Mistakes)
	}
	for _, id := range []string{"r/min", "r/fraction"} {
		if c := caseResult(t, res, id); c.Mistakes != nil {
			t.Errorf("%s: mistakes %q, want none", id, c.Mistakes)
		}
	}
	if len(res.Diagnoses) != 1 || !slices.Equal(res.Diagnoses[0].Cases, []string{"r/once"}) {
		t.Errorf("diagnoses %+v, want r/once's alone", res.Diagnoses)
	}
}

// rateMistake is a reference that names a mistake from how a repeated
// case's runs went (it also knows the stuck output, never matched there).
type rateMistake struct {
	stuckMistake
	seen []grader.Attempts
}

func (r *rateMistake) DiagnoseRuns(c cases.Case, at *grader.Attempts) []string {
	r.seen = append(r.seen, *at)
	if at.Passed < 5 {
		return []string{"no-restarts", "first-tie"}
	}
	return nil
}

// TestRepeatedRunsDiagnosis: a RunsDiagnoser is asked about a repeated
// case that failed, never one that passed; what it names becomes the
// case's mistakes and a diagnosis with alternatives and hints.
func TestRepeatedRunsDiagnosis(t *testing.T) {
	a := repeatAssignment(t)
	ref := &rateMistake{}
	if err := a.SetReference(ref); err != nil {
		t.Fatal(err)
	}
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}
	res := grade(t, a, run(&randProgram{fails: failing(stuck, all...)}), randSub, 0, grader.Options{Cases: []string{"r/min"}})
	c := caseResult(t, res, "r/min")
	if c.Verdict != grader.WrongAnswer || !slices.Equal(c.Mistakes, []string{"no-restarts", "first-tie"}) {
		t.Errorf("r/min: %s, mistakes %q; want both named", c.Verdict, c.Mistakes)
	}
	if len(ref.seen) != 1 || ref.seen[0].Passed != 2 || ref.seen[0].Runs != 20 {
		t.Errorf("asked about %+v, want r/min's 2 of 20 runs once", ref.seen)
	}
	want := []grader.Diagnosis{{Mistake: "no-restarts", Alternatives: []string{"first-tie"}, Hint: "restart when stuck", Cases: []string{"r/min"}}}
	if !reflect.DeepEqual(res.Diagnoses, want) {
		t.Errorf("diagnoses %+v, want %+v", res.Diagnoses, want)
	}
	ref.seen = nil
	res = grade(t, a, run(&randProgram{}), randSub, 0, grader.Options{Cases: []string{"r/min"}})
	if c := caseResult(t, res, "r/min"); c.Verdict != grader.Pass || c.Mistakes != nil || ref.seen != nil {
		t.Errorf("passing r/min: %s, mistakes %q, asked about %+v", c.Verdict, c.Mistakes, ref.seen)
	}
}

// TestRepeatedKeepStdout: check --explain sees the first failing run's
// output, or the last run's when every one passed.
func TestRepeatedKeepStdout(t *testing.T) {
	a := repeatAssignment(t)
	out := func(n int) grader.Execution { return grader.Execution{Stdout: []byte(fmt.Sprintf("run %d\n", n))} }
	prog := &randProgram{fails: map[int]grader.Execution{7: out(7), 9: out(9)}}
	res := grade(t, a, run(prog), randSub, 0, grader.Options{Cases: []string{"r/min"}, KeepStdout: true})
	if got := string(caseResult(t, res, "r/min").Stdout); got != "run 7\n" {
		t.Errorf("kept %q, want run 7's", got)
	}
	res = grade(t, a, run(&randProgram{}), randSub, 0, grader.Options{Cases: []string{"r/min"}, KeepStdout: true})
	if got := string(caseResult(t, res, "r/min").Stdout); got != "solved\n" {
		t.Errorf("kept %q, want the last run's", got)
	}
}

// TestRepeatedGolden pins the results.json shape of repeated cases
// (testdata/repeat/result.golden; -update rewrites it). Cases run once
// keep their shape: no attempts field.
func TestRepeatedGolden(t *testing.T) {
	a := repeatAssignment(t)
	prog := &randProgram{fails: merge(failing(stuck, 3, 5, 7, 9), failing(crashed, 11, 13, 17))}
	res := grade(t, a, run(prog), randSub, 0, grader.Options{})
	res.Provenance = nil
	got, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden := filepath.Join("testdata", "repeat", "result.golden")
	if want := testenv.Golden(t, golden, got); !bytes.Equal(got, want) {
		t.Errorf("results differ from %s:\n%s", golden, got)
	}
	var back grader.Result
	if err := json.Unmarshal(got, &back); err != nil || !reflect.DeepEqual(back.Cases[1].Attempts, res.Cases[1].Attempts) {
		t.Errorf("attempts do not read back: %v", err)
	}
}

// TestRepeatedPartialRuns: a run its judge accepted with part of the
// credit is no passed run of a repeated case: six such runs of 20 leave
// 14 passed, short of min_pass 15; a fraction case earns their credit.
func TestRepeatedPartialRuns(t *testing.T) {
	a := repeatAssignment(t, "[[part]]", "[judge]\nname = \"test-half-pass\"\n\n[[part]]")
	prog := &randProgram{fails: failing(stuck, 2, 4, 6, 8, 10, 12)}
	res := grade(t, a, run(prog), randSub, 0, grader.Options{Cases: []string{"r/min", "r/fraction"}})
	if c := caseResult(t, res, "r/min"); c.Verdict != grader.WrongAnswer || c.Attempts.Passed != 14 || c.Full() {
		t.Errorf("r/min: %s, %d passed, credit %v; want wrong-answer, 14 passed", c.Verdict, c.Attempts.Passed, c.Credit())
	}
	if c := caseResult(t, res, "r/fraction"); c.Credit() <= 0 || c.Full() {
		t.Errorf("r/fraction: %s, credit %v; want part of the credit", c.Verdict, c.Credit())
	}
}
