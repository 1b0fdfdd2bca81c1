package grader

import (
	"context"
	"fmt"
	"iter"
	"maps"
	"slices"

	"github.com/cs540-tools/autograder/grader/cases"
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
	RunSuite(ctx context.Context, run Runner, prog Program, cs []cases.Case) (SuiteRun, error)
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

// PublicFiles lists the files of the assignment's judges a student may
// see (see PublicFiler), sorted.
func (a *Assignment) PublicFiles() []string {
	var files []string
	for _, k := range slices.Sorted(maps.Keys(a.judges)) {
		if pf, ok := a.judges[k].(PublicFiler); ok {
			files = append(files, pf.PublicFiles()...)
		}
	}
	slices.Sort(files)
	return slices.Compact(files)
}

// Suites reports whether any case of the assignment is a suite's test
// (see Suite): such cases run only in the sandbox, one run per
// submission, never in a warm JVM.
func (a *Assignment) Suites() bool {
	for _, jd := range a.judges {
		if _, ok := jd.(Suite); ok {
			return true
		}
	}
	return false
}

// suiteKey is the key of case c's judge among the assignment's judges:
// its check key ("" for the rubric's [judge]); a "check: reference"
// case's judge, the reference, is none of them.
func suiteKey(c cases.Case) string {
	if c.Check == cases.CheckReference {
		return "\x00reference"
	}
	return c.Check
}

// suites are the assignment's Suite judges by their key (suiteKey), in
// the keys' order.
func (a *Assignment) suites() iter.Seq2[string, Suite] {
	return func(yield func(string, Suite) bool) {
		for _, k := range slices.Sorted(maps.Keys(a.judges)) {
			if s, ok := a.judges[k].(Suite); ok && !yield(k, s) {
				return
			}
		}
	}
}

// planSuites gives each Suite its cases (Suite.Plan).
func (a *Assignment) planSuites() error {
	for k, s := range a.suites() {
		var cs []cases.Case
		for _, part := range a.Parts {
			for _, c := range part {
				if suiteKey(c) == k {
					cs = append(cs, c)
				}
			}
		}
		if err := s.Plan(cs); err != nil {
			return fmt.Errorf("%s: %w", a.Rubric.Path, err)
		}
	}
	return nil
}

// runSuites runs each Suite once for the cases of res that name it, on a
// core of the context's, and returns every such case's outcome; its
// notes and flags go into res.
func (a *Assignment) runSuites(ctx context.Context, run Runner, prog Program, res *Result) (map[string]Outcome, error) {
	out := map[string]Outcome{}
	for k, s := range a.suites() {
		var cs []cases.Case
		for _, cr := range res.Cases {
			if c := a.caseByID(cr.ID); suiteKey(c) == k {
				cs = append(cs, c)
			}
		}
		if len(cs) == 0 {
			continue
		}
		sr, err := runSuite(ctx, s, run, prog, cs)
		if err != nil {
			return nil, err
		}
		res.Notes = append(res.Notes, sr.Notes...)
		res.Flags = append(res.Flags, sr.Flags...)
		for _, c := range cs {
			o, ok := sr.Outcomes[c.ID]
			if !ok {
				o = Outcome{Execution: Execution{ExitCode: -1, Stderr: []byte("the test run reported nothing of this test\n")}}
			}
			out[c.ID] = o
		}
	}
	return out, nil
}

// runSuite runs s on a core of the context's Cores.
func runSuite(ctx context.Context, s Suite, run Runner, prog Program, cs []cases.Case) (SuiteRun, error) {
	if cores := coresOf(ctx); cores != nil {
		cctx, done, err := cores.take(ctx)
		if err != nil {
			return SuiteRun{}, err
		}
		defer done()
		ctx = cctx
	}
	return s.RunSuite(ctx, run, prog, cs)
}

// Weight is the weight of the case with that ID in its part's score
// (see Weigher): 1 unless its judge weighs it.
func (a *Assignment) Weight(id string) float64 {
	c := a.caseByID(id)
	if w, ok := a.judgeFor(c).(Weigher); ok {
		return w.Weight(c)
	}
	return 1
}

// decided is a Judge that gives the judgement it holds: a suite case's.
type decided struct{ j Judgement }

func (d decided) Judge(context.Context, Trial) (Judgement, error) { return d.j, nil }
