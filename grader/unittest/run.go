package unittest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/unittest/relay"
	"github.com/cs540-tools/autograder/sandbox"
)

// The third stage: a group's two boxes run over the relay (package
// relay), which starts a student box at the first call, a fresh one
// after each lifecycle boundary (a test module, a top-level test class)
// and after a test whose process ended or was stopped, and keeps its own
// record of each test; the test box's report is collected.

// runPytest runs a pytest group's boxes (pytestBoxes): one student
// process per test module.
func runPytest(ctx context.Context, e env) (ran, error) {
	test, student, err := pytestBoxes(ctx, e)
	if err != nil {
		return ran{}, err
	}
	r, err := e.relay(ctx, test, student)
	if err == nil {
		r = pytestWrote(r)
	}
	return r, err
}

// pytestWrote keeps a pytest run's report only if it is the one pytest
// wrote in its last step: pytest returned (the test side said "done")
// and the report's bytes are those the test side read then (the SHA-256
// its "done" gave). Anything in the test box that wrote or locked the
// report while the tests ran (pytest then fails to write its own, and
// says no "done") or after leaves no report to read.
func pytestWrote(r ran) ran {
	if !r.done {
		r.reports = nil
		return r
	}
	var sum [sha256.Size]byte
	if len(r.reports) == 1 {
		sum = sha256.Sum256(r.reports[0])
	}
	if len(r.reports) != 1 || hex.EncodeToString(sum[:]) != r.reportSum {
		r.reports = nil
		r.unread = "the report is not the one pytest wrote when it ended"
	}
	return r
}

// runJUnit runs a JUnit group's boxes (junitBoxes), unless the group
// runs no test: one student process per top-level test class.
func runJUnit(ctx context.Context, e env) (ran, error) {
	test, student, r, err := junitBoxes(ctx, e)
	if r.compileLog != "" {
		r.notes = append(r.notes, unbuiltJava(e.student, r.compileLog)...)
	}
	if err != nil || r.compileLog != "" || r.loadError != "" {
		return r, err
	}
	out, err := e.relay(ctx, test, student)
	out.notes = r.notes
	return out, err
}

// relay runs the test box and the student box through the relay; the
// framework's own output (its failures, however many) is kept clipped,
// never stopped at the output limit.
func (e env) relay(ctx context.Context, test, student sandbox.Spec) (ran, error) {
	errs := clip.New(keepPrinted, keepPrinted)
	test.StderrTo = errs
	out, err := relay.Run(ctx, relay.Config{Test: test, Student: func() sandbox.Spec { return student }, PerTest: e.perTestLimits()})
	if err != nil {
		return ran{}, fmt.Errorf("%s: running the tests: %w", e.tc.Tests.Title, err)
	}
	out.Test.Stderr = []byte(errs.String())
	return ran{res: out.Test, done: out.Done, reportSum: out.Report, reports: contents(out.Test.Files), relayed: out.Tests}, nil
}

// perTestLimits bound the student's box in one test of a relayed run:
// the rubric's limits of one run, and a cap on what it prints far above
// any debugging's (the CPU limit bounds a flood anyway).
func (e env) perTestLimits() relay.Limits {
	return relay.Limits{CPU: e.cpu, Wall: e.perTest, Printed: maxPrinted, Keep: keepPrinted}
}

// contents are the files' contents, in name order.
func contents(files []sandbox.File) [][]byte {
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b sandbox.File) int { return strings.Compare(a.Name, b.Name) })
	var out [][]byte
	for _, f := range files {
		out = append(out, f.Data)
	}
	return out
}
