package unittest

import (
	"context"
	"time"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/relay"
	"github.com/cs540-tools/autograder/sandbox"
)

// Judge is the judge "junit" or "pytest": a grader.Suite whose cases are
// the tests of the instructor's test files in the parts' case folders.
// Its methods are each in the stage they serve (see the package doc).
type Judge struct {
	fw      *framework
	sources []source // every test or helper file of the parts' folders, by name
	rules   []pointsRule
	limits  rubric.Limits
	// required are the files the rubric requires of a hand-in
	// ([submission] required): the handout's names.
	required []string
	tests    map[string]planned // by case ID, once planned
	// leak, once planned, is why a kit may not ship the public files
	// (markSecretHelpers), or "".
	leak string
}

// framework is what the suite knows of one test framework: how its tests
// are declared, which of a submission's files it never takes, how a
// group of tests is built and run in the box, and how its report is
// read. Its language (tc), the tools it runs and what else it needs on
// the machine are its toolchain's (package grader/toolchain:
// Toolchain.Tests). The frameworks themselves are in judges.go.
type framework struct {
	tc          *toolchain.Toolchain // the toolchain whose Tests it runs
	declaredHow string               // how a test is declared, for messages
	scan        func(name string, data []byte) []declared
	fileOf      func(id string) string
	refused     func(name string) bool
	sameName    func(student, instructor string) bool
	run         func(ctx context.Context, e env) (ran, error)
	read        func(t Reported, rt *relay.Test) reading
	// qualifier is what the report and the runner put before a test's ID
	// of a file (data) in a named package ("shop."); nil: nothing.
	qualifier func(data []byte) string
	// collects says the tests are listed by the framework itself, run in
	// a box (pytest --collect-only), not by scan alone.
	collects bool
	// bridge is the bridge's files, in a fixed order: part of how a test
	// runs, so of the judge's fingerprint.
	bridge func() [][]byte
	// runOne is the command that runs test id of file alone with the
	// framework's runner; nil when it has none to offer.
	runOne func(runner, file, id string) string
	// link completes the tests each file declares with what the files
	// together say (a JUnit test class's inherited tests); nil: nothing.
	link func(sources []source)
	// fileFailure is the ID under which the report names a failure of a
	// test file as a whole, not of one of its tests (pytest's collection
	// error of test_stats.py: "test_stats"); nil when it names none.
	fileFailure func(file string) string
}

// name is the framework's judge name ("junit").
func (f *framework) name() string { return f.tc.Tests.Name }

// title names the framework in messages ("JUnit").
func (f *framework) title() string { return f.tc.Tests.Title }

// source reports whether a file is one of its language's sources.
func (f *framework) source(name string) bool { return len(f.tc.Sources([]string{name})) > 0 }

// source is one of the instructor's files: a test file, or a helper
// (one that declares no test), which every run of the suite holds.
type source struct {
	name  string // the file's name, unique among the parts' folders
	path  string // absolute
	data  []byte
	tests []declared
	// hidden is set, once planned, when the file holds a hidden case's
	// test: it then never runs beside a public one.
	hidden bool
	// secret is set, once planned, on a helper the public tests do not
	// need (markSecretHelpers): a kit leaves it out.
	secret bool
	// plain marks a data file (not the language's source): the test box
	// holds it beside the tests (and, for JUnit, on the class path), and
	// it is never compiled.
	plain bool
}

// code are the files of srcs that are the language's sources, the data
// files left out.
func code(srcs []source) []source {
	var out []source
	for _, s := range srcs {
		if !s.plain {
			out = append(out, s)
		}
	}
	return out
}

// plainFiles are the data files of srcs as the test box holds them, under
// dir.
func plainFiles(srcs []source, dir string) []sandbox.File {
	var out []sandbox.File
	for _, s := range srcs {
		if s.plain {
			out = append(out, sandbox.File{Name: dir + "/" + s.name, Data: s.data})
		}
	}
	return out
}

// declared is a test a source declares, as its annotations or
// decorators say.
type declared struct {
	id     string // "CalculatorTest.adds", "test_calc.TestX.test_y"
	points float64
	// multi: a parameterized or repeated test, reported once per
	// invocation; it passes when every invocation passes.
	multi bool
	// disabled is the instructor's own static marker that turns the test
	// off, as written (`@Disabled("bonus")`, `@pytest.mark.skip`), on the
	// test or a class around it; "" for a test that runs. A disabled
	// test is no part of the grade: it has no case.
	disabled string
	// factory: a @TestFactory, its dynamic tests reported as invocations
	// (multi too).
	factory bool
}

// planned is a case's test.
type planned struct {
	id     string
	file   string
	weight float64
	multi  bool // reported once per invocation
}

// pointsRule is a [judge] flag "points:PATTERN=N".
type pointsRule struct {
	pattern string
	points  float64
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
	base    sandbox.Spec // the program's run: its ReadOnly, Env, Waiting
	files   []source
	// required are the rubric's required files (Judge.required).
	required []string
	limits   sandbox.Limits
	build    sandbox.Limits
	perTest  time.Duration
	cpu      time.Duration // a test's CPU time
	memory   int64
}

// ran is how a group's box went.
type ran struct {
	compileLog string   // set when the instructor's tests did not compile
	loadError  string   // set when the bridge cannot offer the student's classes to the tests
	notes      []string // for the student, about their classes (the bridge's)
	res        sandbox.Result
	done       bool   // the test side said its framework ran to its end
	reportSum  string // what the test side's "done" said of its report (relay.Result.Report)
	unread     string // why the report collected is not read (pytest's: not the one pytest wrote)
	reports    [][]byte
	relayed    []relay.Test // what the student's side did in each test, when relayed
}
