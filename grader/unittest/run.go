package unittest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/relay"
	"github.com/cs540-tools/autograder/sandbox"
)

// box is the folder of the box that holds the instructor's files; a
// submission's files under it are left out.
const box = "_instructor"

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

// group is the tests run in one box: all public, or all hidden.
type group struct {
	hidden bool
	cases  []cases.Case
	files  []source // test files of the cases, then helpers
}

// env is what one box of a group runs with.
type env struct {
	tc      *toolchain.Toolchain // the framework's
	student []sandbox.File
	tools   []runner.Tool
	base    sandbox.Spec // the program's run: its ReadOnly, Env
	files   []source
	limits  sandbox.Limits
	build   sandbox.Limits
	perTest time.Duration
	cpu     time.Duration // a test's CPU time
	memory  int64
}

// ran is how a group's box went.
type ran struct {
	compileLog string   // set when the instructor's tests did not compile
	loadError  string   // set when the bridge cannot offer the student's classes to the tests
	notes      []string // for the student, about their classes (the bridge's)
	res        sandbox.Result
	reports    [][]byte
	relayed    []relay.Test // what the student's side did in each test, when relayed
}

// RunSuite implements grader.Suite: the public tests in one box, the
// hidden ones in another, so that no run a student sees the end of holds
// a hidden test's file.
func (j *Judge) RunSuite(ctx context.Context, run grader.Runner, prog grader.Program, cs []cases.Case) (grader.SuiteRun, error) {
	sr, ok := run.(sandboxRunner)
	if !ok {
		return grader.SuiteRun{}, fmt.Errorf("%s tests run in the sandbox (cold mode), not with %T", j.fw.title(), run)
	}
	base, err := sr.Spec(ctx, prog, grader.Input{})
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

// groups splits the cases into their public and hidden groups, each with
// its files: its tests', then the helpers.
func (j *Judge) groups(cs []cases.Case) []group {
	var gs []group
	for _, hidden := range []bool{false, true} {
		g := group{hidden: hidden}
		for _, c := range cs {
			if (c.Visibility != cases.Public) == hidden {
				g.cases = append(g.cases, c)
			}
		}
		if len(g.cases) == 0 {
			continue
		}
		for _, s := range j.sources {
			if s.hidden == hidden && slices.ContainsFunc(g.cases, func(c cases.Case) bool { return j.tests[c.ID].file == s.name }) {
				g.files = append(g.files, s)
			}
		}
		for _, s := range j.sources {
			if len(s.tests) == 0 {
				g.files = append(g.files, s)
			}
		}
		gs = append(gs, g)
	}
	return gs
}

// env readies a group's box: the rubric's limits of one run stretched to
// the group's tests, each test allowed limits.wall.
func (j *Judge) env(g group, student []sandbox.File, tools []runner.Tool, base sandbox.Spec) env {
	l := j.limits
	n := time.Duration(len(g.cases) + 1)
	return env{
		tc: j.fw.tc, student: student, tools: tools, base: base, files: g.files,
		limits:  sandbox.Limits{Wall: l.Wall*n + l.BuildWall, CPU: l.CPU*n + l.BuildWall, Memory: l.Memory, Output: max(l.Output, 1<<20)},
		build:   sandbox.Limits{Wall: l.BuildWall, CPU: l.BuildWall, Memory: l.Memory, Output: max(l.Output, 1<<20)},
		perTest: l.Wall,
		cpu:     l.CPU,
		memory:  l.Memory,
	}
}

// studentFiles are the submission's built files the test run takes, and
// the names of those it leaves out: the language's configuration files
// (conftest.py, junit-platform.properties) and anything in the box's
// instructor folder. A file named as an instructor's (a helpers.py or a
// Check.class of the student's own) stays in the student's box, which
// the tests never see, and is only flagged (shadow).
func (j *Judge) studentFiles(files []sandbox.File) (keep []sandbox.File, left, shadow []string) {
	for _, f := range files {
		switch {
		case j.refused(f.Name):
			left = append(left, f.Name)
		case j.sameName(f.Name):
			shadow = append(shadow, f.Name)
			keep = append(keep, f)
		default:
			keep = append(keep, f)
		}
	}
	return keep, left, shadow
}

func (j *Judge) refused(name string) bool {
	return strings.HasPrefix(name, box+"/") || name == box || strings.HasPrefix(name, studentDir+"/") || j.fw.refused(name)
}

// sameName reports whether a student's file is named as one of the
// instructor's files is.
func (j *Judge) sameName(name string) bool {
	return slices.ContainsFunc(j.sources, func(s source) bool { return j.fw.sameName(name, s.name) })
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
	return ran{res: out.Test, reports: contents(out.Test.Files), relayed: out.Tests}, nil
}

// perTestLimits bound the student's box in one test of a relayed run:
// the rubric's limits of one run, and a cap on what it prints far above
// any debugging's (the CPU limit bounds a flood anyway).
func (e env) perTestLimits() relay.Limits {
	return relay.Limits{CPU: e.cpu, Wall: e.perTest, Printed: maxPrinted, Keep: keepPrinted}
}

// What a student may print in one test, and what of it is kept.
const (
	maxPrinted  = 256 << 20
	keepPrinted = 2 << 10
)

// instructorFiles are the group's files as the box holds them.
func instructorFiles(srcs []source) []sandbox.File {
	var out []sandbox.File
	for _, s := range srcs {
		out = append(out, sandbox.File{Name: box + "/" + s.name, Data: s.data})
	}
	return out
}

// tool is the preset's tool of that name.
func tool(tools []runner.Tool, name string) (runner.Tool, error) {
	for _, t := range tools {
		if t.Name == name {
			return t, nil
		}
	}
	return runner.Tool{}, fmt.Errorf("unit tests: the preset has no %s", name)
}

// options are the toolchain's options for a tool in the group's box,
// before the command's own arguments (a JVM's heap cap).
func (e env) options(t runner.Tool) []string {
	if e.tc.Options == nil {
		return nil
	}
	return e.tc.Options(t.Name, toolchain.Box{Memory: e.memory}, t.Version)
}

// testFiles are the group's files that declare tests.
func (e env) testFiles() []source {
	var out []source
	for _, s := range e.files {
		if len(s.tests) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// drained runs spec with its stdout and stderr drained and kept clipped
// (head and tail) instead of captured up to the output limit: what a run
// of tests prints, however much (a student's debugging output, pytest's
// failures), never stops it; its CPU and wall limits bound a flood. The
// result's Stdout and Stderr are the clipped excerpts.
func drained(ctx context.Context, spec sandbox.Spec, run func(context.Context, sandbox.Spec) (sandbox.Result, error)) (sandbox.Result, error) {
	out, errs := clip.New(keepPrinted, keepPrinted), clip.New(keepPrinted, keepPrinted)
	if spec.StdoutTo == nil {
		spec.StdoutTo, spec.StdoutToOnly = out, true
	}
	spec.StderrTo = errs
	spec.Limits.Output = math.MaxInt64
	res, err := run(ctx, spec)
	if res.Stdout == nil {
		res.Stdout = []byte(out.String())
	}
	res.Stderr = []byte(errs.String())
	return res, err
}
