package grader

import (
	"context"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/sandbox"
)

// Suite is a Judge whose cases are the tests of an instructor's test
// suite (package grader/unittest: JUnit 5, pytest), run once per
// submission rather than once per case. Grade runs it after the build,
// before the cases, with the cases of this grading that name it; each of
// those cases then takes its Outcome as if it were its run and its
// judgement. Its Judge method is never asked for such a case.
type Suite interface {
	Judge
	// Plan is given, once, when the assignment is made, every case that
	// names the judge; an error (a case that names no test of the suite,
	// a file of tests both public and hidden) makes the assignment
	// invalid.
	Plan(cs []cases.Case) error
	// RunSuite runs the suite on a program run built, for the cases cs.
	// A test the run does not report as passed is the student's failure,
	// in its Outcome; an error is the grader's own.
	// w are the hooks of the core the suite's run holds, for its boxes
	// (sandbox.Spec.Waiting).
	RunSuite(ctx context.Context, run Runner, prog Program, cs []cases.Case, w sandbox.Hooks) (SuiteRun, error)
}

// SuiteRun is what a Suite's run gave each case.
type SuiteRun struct {
	// Outcomes hold each case's, by case ID; a case missing here fails.
	Outcomes map[string]Outcome
	// Notes are for the student (a file of the submission left out of
	// the run); Flags for the TA alone (a tampered run).
	Notes, Flags []string
}

// Outcome is one case's share of a suite run: how it ended, as a run of
// its own would have (a time limit, an exception: a runtime error), and,
// when it ended on its own with status 0, its judgement.
type Outcome struct {
	Execution Execution
	Judgement Judgement
}

// Weigher is a Judge whose cases weigh differently in their part's
// score (a unit test worth 3 points beside one worth 1): a proportional
// part earns points x the weight of its passed cases / the weight of all
// its cases. Weights are positive; a judge that is no Weigher weighs each
// case 1.
type Weigher interface {
	Weight(c cases.Case) float64
}

// Commander is a Judge whose cases are no command line (a unit test):
// Command says what a report shows for one instead ("JUnit test
// CalculatorTest.adds").
type Commander interface {
	Command(c cases.Case) string
}

// PublicFiler is a Judge with files of its own a student may see (a
// unit-test suite's public test sources, a checker program's source),
// absolute paths: a bundle of the
// assignment carries them beside its public cases.
type PublicFiler interface {
	PublicFiles() []string
}

// HiddenFiler is a Judge with files of its own a student must never see
// (a unit-test suite's hidden test sources), absolute paths.
type HiddenFiler interface {
	HiddenFiles() []string
}

// KitRefuser is a Judge that can say why a student kit may not ship its
// public files as they are (a file they need that also holds what only
// hidden cases use): KitRefusal is the reason, "" when there is none.
type KitRefuser interface {
	KitRefusal() string
}

// SetupNoter is a Judge with notes for the TA about its files (a data file
// beside the tests no test names), which the kit and `cases verify`
// print; none is an error.
type SetupNoter interface {
	SetupNotes() []string
}

// decided is a Judge that gives the judgement it holds: a suite case's.
type decided struct{ j Judgement }

func (d decided) Judge(context.Context, Trial) (Judgement, error) { return d.j, nil }
