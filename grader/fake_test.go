package grader_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/sandbox"
)

// The fakes below stand in for the sandbox: this is a unit test of the
// grader core, so a "program" is a Go function. The real runner is tested
// end to end by cmd/autograder's scripts.

// programFunc is a Program whose runs are computed by a function.
type programFunc func(args []string, stdin []byte) (grader.Execution, error)

func (f programFunc) Run(_ context.Context, in grader.Input) (grader.Execution, error) {
	return f(in.Args, in.Stdin)
}
func (programFunc) Close() error { return nil }

// refProgram prints what the reference prints under a reading, with the
// mistakes of a catalogued wrong program.
func refProgram(r eightqueen.Reading, mistakes ...eightqueen.Mistake) programFunc {
	return func(args []string, _ []byte) (grader.Execution, error) {
		cmd, err := eightqueen.ParseArgs(args)
		if err != nil {
			return grader.Execution{ExitCode: 1, Stderr: []byte(err.Error() + "\n")}, nil
		}
		return grader.Execution{Stdout: eightqueen.Output(cmd, eightqueen.Options{Reading: r, Mistakes: mistakes})}, nil
	}
}

// correct is a right program under the default reading.
var correct = refProgram(eightqueen.Default)

// scripted returns ex for every case.
func scripted(ex grader.Execution) programFunc {
	return func([]string, []byte) (grader.Execution, error) { return ex, nil }
}

// override returns ex for the cases whose joined args are key, and what p
// does for the others.
func override(p programFunc, key string, ex func(correct []byte) grader.Execution) programFunc {
	return func(args []string, stdin []byte) (grader.Execution, error) {
		if strings.Join(args, " ") == key {
			right, err := p(args, stdin)
			if err != nil {
				return right, err
			}
			return ex(right.Stdout), nil
		}
		return p(args, stdin)
	}
}

// fakeRunner builds every submission into the same program and records
// what it was asked to build.
type fakeRunner struct {
	prog      grader.Program
	buildLog  string // when set, the build fails with this log
	buildNote string // when set, the build fails with this note (javac made no main class)
	buildErr  error

	mu     sync.Mutex
	builds [][]submission.File
}

func (r *fakeRunner) Build(_ context.Context, files []submission.File, _ sandbox.Hooks) (grader.Build, error) {
	r.mu.Lock()
	r.builds = append(r.builds, slices.Clone(files))
	r.mu.Unlock()
	switch {
	case r.buildErr != nil:
		return grader.Build{}, r.buildErr
	case r.buildLog != "" || r.buildNote != "":
		return grader.Build{OK: false, Log: r.buildLog, Note: r.buildNote}, nil
	}
	return grader.Build{OK: true, Program: r.prog}, nil
}

// run is a runner for p.
func run(p grader.Program) *fakeRunner { return &fakeRunner{prog: p} }

// eightQueen is a submission with one right-named file.
func eightQueen(id string) submission.Submission {
	return submission.Submission{ID: id, Files: []submission.File{{Name: "EightQueen.java", Data: []byte("public class EightQueen {}\n")}}}
}

// testAssignment loads testdata/rubric.toml, with each edit (old, new
// pairs of the file's text) applied first.
func testAssignment(t testing.TB, edits ...string) *grader.Assignment {
	t.Helper()
	return gradertest.AssignmentWith(t, testJudges, "testdata", edits...)
}

func grade(t *testing.T, a *grader.Assignment, r grader.Runner, sub submission.Submission, late int, opt grader.Options) grader.Result {
	t.Helper()
	res, err := a.Grade(context.Background(), r, sub, late, opt)
	if err != nil {
		t.Fatalf("Grade: %v", err)
	}
	return res
}

// verdicts maps case ID to verdict.
func verdicts(res grader.Result) map[string]grader.Verdict {
	m := map[string]grader.Verdict{}
	for _, c := range res.Cases {
		m[c.ID] = c.Verdict
	}
	return m
}

// partScores maps part ID to score.
func partScores(res grader.Result) map[string]float64 {
	m := map[string]float64{}
	for _, p := range res.Parts {
		m[p.ID] = p.Score
	}
	return m
}

func caseResult(t *testing.T, res grader.Result, id string) grader.CaseResult {
	t.Helper()
	for _, c := range res.Cases {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no case %s in the result", id)
	return grader.CaseResult{}
}
