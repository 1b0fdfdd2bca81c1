package mutation

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/cs540-tools/autograder/grader/submission"
)

// Checking a suite part's rubric against the instructor's own tests
// (Verify): what NewPart does for output-judged parts at load, done on
// demand (`cases verify`), since each own test is a run in boxes on every
// implementation.

// Loader is a SuiteRunner that can tell whether an implementation loads
// at all (builds, imports), apart from any test.
type Loader interface {
	// Load loads implementation impl alone, in a box; why says why it
	// does not load ("" when it does). An error is the grader's own.
	Load(ctx context.Context, impl string) (why string, err error)
}

// ownRun is one own test's runs: on each correct implementation, on
// each bug (nil for a bug that does not load).
type ownRun struct {
	name    string
	correct []TestRun
	bugs    []*TestRun
}

// Verify checks the part's rubric against the instructor's own test
// files (own): every implementation loads (when the runner is a Loader),
// every own test is collected and passes on every correct
// implementation, each bug fails some own test, and no two bugs answer
// every own test alike (same transcript and outcome). problems are a
// line each (none when the rubric is right); an error is the grader's
// own. An own test runs once on each implementation.
func (p *SuitePart) Verify(ctx context.Context, own []submission.File) (problems []string, err error) {
	var lines []error
	loads := make([]bool, len(p.bugs))
	if l, ok := p.suites.Runner.(Loader); ok {
		for _, name := range p.suites.Correct {
			why, err := l.Load(ctx, name)
			if err != nil {
				return nil, err
			}
			if why != "" {
				lines = append(lines, fmt.Errorf("correct implementation %q does not load: %s", name, oneLine(why)))
			}
		}
		correctLoads := len(lines) == 0
		for i, b := range p.bugs {
			why, err := l.Load(ctx, b.Name)
			if err != nil {
				return nil, err
			}
			if loads[i] = why == ""; !loads[i] {
				lines = append(lines, fmt.Errorf("bug %q does not load: %s", b.Name, oneLine(why)))
			}
		}
		if !correctLoads {
			return lineList(lines), nil // nothing to compare the bugs with
		}
	} else {
		for i := range loads {
			loads[i] = true
		}
	}
	if len(own) == 0 {
		return lineList(append(lines, errors.New("no own test file: the part's own folder must hold test files that tell the bugs apart"))), nil
	}
	runs, bad, err := p.runOwn(ctx, own, loads)
	if err != nil {
		return nil, err
	}
	lines = append(lines, bad...)
	return lineList(append(lines, p.compareOwn(runs, loads)...)), nil
}

// lineList is each error's text, a line each.
func lineList(errs []error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

// runOwn collects the own files' tests and runs each once on every
// implementation (a bug only when it loads): bad are the files that hold
// no test to run and the tests that do not pass on a correct
// implementation, a line each.
func (p *SuitePart) runOwn(ctx context.Context, own []submission.File, loads []bool) (runs []ownRun, bad []error, err error) {
	for _, f := range own {
		ids, why, err := p.suites.Runner.Collect(ctx, f)
		if err != nil {
			return nil, nil, fmt.Errorf("own test file %s: %w", f.Name, err)
		}
		if why == "" && len(ids) == 0 {
			why = "no test in it"
		}
		if why != "" {
			bad = append(bad, fmt.Errorf("own test file %s: %s", f.Name, oneLine(why)))
			continue
		}
		for _, id := range ids {
			r := ownRun{name: f.Name + "::" + id, bugs: make([]*TestRun, len(p.bugs))}
			for _, impl := range p.suites.Correct {
				tr, err := p.suites.Runner.Run(ctx, f, id, impl)
				if err != nil {
					return nil, nil, fmt.Errorf("own test %s on %s: %w", r.name, impl, err)
				}
				if !tr.Passed {
					bad = append(bad, fmt.Errorf("own test %s fails on the correct implementation %q: %s", r.name, impl, oneLine(tr.Why)))
				}
				r.correct = append(r.correct, tr)
			}
			if err := p.runOnBugs(ctx, f, id, loads, r.bugs); err != nil {
				return nil, nil, fmt.Errorf("own test %s: %w", r.name, err)
			}
			runs = append(runs, r)
		}
	}
	return runs, bad, nil
}

// runOnBugs runs test id of f once on each bug that loads, into out[i]
// (bug i's run), Parallel at a time: each run is fresh boxes, so the
// order they end in changes nothing.
func (p *SuitePart) runOnBugs(ctx context.Context, f submission.File, id string, loads []bool, out []*TestRun) error {
	var (
		wg   sync.WaitGroup
		errs = make([]error, len(p.bugs))
		sem  = make(chan struct{}, max(1, p.Parallel))
	)
	for i, b := range p.bugs {
		if !loads[i] {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			tr, err := p.suites.Runner.Run(ctx, f, id, b.Name)
			if err != nil {
				errs[i] = fmt.Errorf("on bug %s: %w", b.Name, err)
				return
			}
			out[i] = &tr
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// compareOwn is a line for each loading bug that no own test which
// passes on the correct implementations fails, and for each two bugs
// that answered every own test alike.
func (p *SuitePart) compareOwn(runs []ownRun, loads []bool) []error {
	good := slices.DeleteFunc(slices.Clone(runs), func(r ownRun) bool {
		return slices.ContainsFunc(r.correct, func(tr TestRun) bool { return !tr.Passed })
	})
	var lines []error
	if len(good) == 0 {
		return nil // no own test to compare by: the lines above say why
	}
	for i, b := range p.bugs {
		if !loads[i] {
			continue
		}
		if !slices.ContainsFunc(good, func(r ownRun) bool { return !r.bugs[i].Passed }) {
			lines = append(lines, fmt.Errorf("bug %q passes all %d of the part's own tests that pass on the correct implementation: add a test it fails, or drop it", b.Name, len(good)))
			continue
		}
		for j := range i {
			if loads[j] && !slices.ContainsFunc(runs, func(r ownRun) bool { return !sameRun(*r.bugs[i], *r.bugs[j]) }) {
				lines = append(lines, fmt.Errorf("bugs %q and %q answer all %d of the part's own tests alike (the same calls, answers and outcomes): add a test that tells them apart, or drop one", p.bugs[j].Name, b.Name, len(runs)))
				break
			}
		}
	}
	return lines
}

// sameRun reports whether two runs of one test cannot be told apart: the
// same outcome on the same transcript (why a run failed is its own words,
// which may name the implementation's exception alike or not).
func sameRun(a, b TestRun) bool { return a.Passed == b.Passed && a.Transcript == b.Transcript }

// oneLine is why clipped (clipWhy), its lines joined by "; ": a problem
// of the rubric is one line.
func oneLine(why string) string {
	var parts []string
	for _, l := range strings.Split(clipWhy(why), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}
