package unittest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/sandbox"
)

// The suite's run: the stages in order, each group's boxes built, run
// over the relay and decided (RunSuite).

// sandboxRunner is what a suite needs of the runner that built the
// submission: the built files, and the preset's tools.
type sandboxRunner interface {
	Spec(ctx context.Context, prog grader.Program, in grader.Input) (sandbox.Spec, error)
	Tools(ctx context.Context) ([]runner.Tool, error)
}

// Judge implements grader.Judge; Grade never asks it (see grader.Suite).
func (j *Judge) Judge(context.Context, grader.Trial) (grader.Judgement, error) {
	return grader.Judgement{}, errors.New("a unit test is judged by its suite's run, not alone")
}

// RunSuite implements grader.Suite: the public tests in one box, the
// hidden ones in another, so that no run a student sees the end of holds
// a hidden test's file.
func (j *Judge) RunSuite(ctx context.Context, run grader.Runner, prog grader.Program, cs []cases.Case, w sandbox.Hooks) (grader.SuiteRun, error) {
	sr, ok := run.(sandboxRunner)
	if !ok {
		return grader.SuiteRun{}, fmt.Errorf("%s tests run in the sandbox (cold mode), not with %T", j.fw.title(), run)
	}
	base, err := sr.Spec(ctx, prog, grader.Input{Waiting: w})
	if err != nil {
		return grader.SuiteRun{}, err
	}
	tools, err := sr.Tools(ctx)
	if err != nil {
		return grader.SuiteRun{}, err
	}
	out := grader.SuiteRun{Outcomes: map[string]grader.Outcome{}}
	student, left, shadow := j.studentFiles(base.Files)
	if len(shadow) > 0 {
		out.Flags = append(out.Flags, fmt.Sprintf("%s: the submission brought %s, named as the instructor's files: kept in the student's box, which the tests never see", j.fw.title(), strings.Join(shadow, ", ")))
	}
	if len(left) > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("left out of the %s run: %s (the tests run with the grader's configuration and the instructor's own files)", j.fw.title(), strings.Join(left, ", ")))
		out.Flags = append(out.Flags, fmt.Sprintf("%s: the submission brought %s, left out of the test run", j.fw.title(), strings.Join(left, ", ")))
	}
	for _, g := range j.groups(cs) {
		e := j.env(g, student, tools, base)
		r, err := j.fw.run(ctx, e)
		if err != nil {
			return grader.SuiteRun{}, err
		}
		for _, n := range r.notes {
			if !slices.Contains(out.Notes, n) {
				out.Notes = append(out.Notes, n)
			}
		}
		flags := j.outcomes(g, r, out.Outcomes)
		out.Flags = append(out.Flags, flags...)
	}
	return out, nil
}

// outcomes gives each case of the group its outcome from the group's run
// (decide) and returns the TA's flags.
func (j *Judge) outcomes(g group, r ran, out map[string]grader.Outcome) []string {
	in := groupRun{title: j.fw.title(), hidden: g.hidden, expected: j.expected(g), read: j.fw.read, ran: r}
	for _, c := range g.cases {
		t := j.tests[c.ID]
		in.tests = append(in.tests, caseTest{caseID: c.ID, test: j.reportID(t), file: j.fileFailureID(t), multi: t.multi})
	}
	ds, flags := decide(in)
	for id, d := range ds {
		out[id] = d.Outcome
	}
	return flags
}

// expected are the tests the group's run must report: the planned cases'
// tests of the group's files; and what it may report, a failure of one
// of these files as a whole (fileFailureID), and the tests these files
// disable (declared.disabled; the report names them skipped), by their
// declared IDs.
func (j *Judge) expected(g group) map[string]bool {
	out := map[string]bool{}
	for _, s := range g.files {
		for _, d := range s.tests {
			if d.disabled != "" {
				out[j.reportID(planned{id: d.id, file: s.name})] = true
			}
		}
	}
	for _, t := range j.tests {
		if slices.ContainsFunc(g.files, func(s source) bool { return s.name == t.file }) {
			out[j.reportID(t)] = true
			if f := j.fileFailureID(t); f != "" {
				out[f] = true
			}
		}
	}
	return out
}

// fileFailureID is the ID under which the report names a failure of the
// planned test's file as a whole (pytest's collection error), or "".
func (j *Judge) fileFailureID(t planned) string {
	if j.fw.fileFailure == nil {
		return ""
	}
	return j.fw.fileFailure(t.file)
}

// reportID is the planned test's ID as the report names it: with its
// file's qualifier (a Java package) before it.
func (j *Judge) reportID(t planned) string {
	if j.fw.qualifier == nil {
		return t.id
	}
	i := slices.IndexFunc(j.sources, func(s source) bool { return s.name == t.file })
	if i < 0 {
		return t.id
	}
	return j.fw.qualifier(j.sources[i].data) + t.id
}
