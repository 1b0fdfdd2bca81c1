package mutation

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/submission"
)

// NewPart makes a tests part of its rubric, its implementations and the
// instructor's own cases (the part's case folder), and checks the rubric:
// every bug named exists and has a program (none Broken), and on the
// instructor's cases each bug prints something other than the first
// correct implementation, and other than each other bug. Each problem is
// a line of the error.
func NewPart(ctx context.Context, cfg Config, impls Implementations, own []cases.Case) (*Part, error) {
	p := &Part{cfg: cfg, impls: impls}
	var err error
	if p.bugs, err = chosenBugs(len(impls.Correct), impls.Bugs, cfg.Bugs); err != nil {
		return nil, err
	}
	var broken []error
	built := *p
	built.bugs = nil
	for _, b := range p.bugs {
		if b.Broken != "" {
			broken = append(broken, fmt.Errorf("bug %q %s", b.Name, b.Broken))
		} else {
			built.bugs = append(built.bugs, b)
		}
	}
	if err := errors.Join(append(broken, built.distinct(ctx, own))...); err != nil {
		return nil, err
	}
	return p, nil
}

// Bugs are the names of the part's bugs, in order.
func (p *Part) Bugs() []string {
	var names []string
	for _, b := range p.bugs {
		names = append(names, b.Name)
	}
	return names
}

// distinct checks the bugs against the instructor's cases: each differs
// from the correct program on one of them, and from every other bug.
func (p *Part) distinct(ctx context.Context, own []cases.Case) error {
	runs := make([][]Run, len(p.bugs)+1) // [0]: the correct program's; [i+1]: bug i's
	progs := []Program{p.impls.Correct[0].Program}
	for _, b := range p.bugs {
		progs = append(progs, b.Program)
	}
	for i, prog := range progs {
		for _, c := range own {
			r, err := prog.Run(ctx, c.Args, c.Stdin)
			if err != nil {
				return err
			}
			runs[i] = append(runs[i], r)
		}
	}
	var errs []error
	for i, b := range p.bugs {
		if p.same(runs[0], runs[i+1]) {
			errs = append(errs, fmt.Errorf("bug %q prints what the correct implementation prints on all %d of the part's own cases: add a case it fails, or drop it", b.Name, len(own)))
			continue
		}
		for j := range i {
			if p.same(runs[j+1], runs[i+1]) {
				errs = append(errs, fmt.Errorf("bugs %q and %q print the same on all %d of the part's own cases: add a case that tells them apart, or drop one", p.bugs[j].Name, b.Name, len(own)))
				break
			}
		}
	}
	return errors.Join(errs...)
}

// same reports whether two programs' runs on the same cases cannot be told
// apart by a test: each failed on the same cases, and printed equal
// outputs (under the part's comparison) on the rest.
func (p *Part) same(a, b []Run) bool {
	for k := range a {
		if (a[k].Failed != "") != (b[k].Failed != "") || a[k].Failed == "" && !compare.Equal(a[k].Stdout, b[k].Stdout, p.cfg.Mode) {
			return false
		}
	}
	return true
}

// Grade grades the tests among a submission's files (those whose base
// name matches the part's Files, in name order): the first MaxTests
// counted, the rest ignored. An error is the grader's own.
func (p *Part) Grade(ctx context.Context, files []submission.File) (Result, error) {
	res := Result{PerBug: p.cfg.PerBug, Ceiling: p.cfg.Ceiling, Show: p.cfg.Show, Tests: []Test{}}
	exposed := make([]bool, len(p.bugs))
	by := make([][]string, len(p.bugs))
	seen := map[string]int{}
	for _, f := range files {
		if ok, _ := path.Match(p.cfg.Files, path.Base(f.Name)); !ok {
			continue
		}
		if len(res.Tests) >= p.cfg.MaxTests {
			res.ignore(f.Name)
			continue
		}
		name := uniqueName(f.Name, seen)
		j, err := p.judge(ctx, name, f.Data)
		if err != nil {
			return res, fmt.Errorf("test %s: %w", name, err)
		}
		res.Tests = append(res.Tests, j.test)
		if j.test.Valid {
			res.Valid++
		}
		for i, e := range j.exposes {
			if e {
				exposed[i] = true
				by[i] = append(by[i], name)
			}
		}
	}
	for i, b := range p.bugs {
		res.Bugs = append(res.Bugs, BugResult{Name: b.Name, Hint: b.Hint, Exposed: exposed[i], By: by[i]})
		if exposed[i] {
			res.Exposed++
		}
	}
	return res, nil
}

// uniqueName is name as a test is called, told apart from the earlier
// files of the same name seen counts: two files a submission names alike
// (a byte that is not UTF-8 is shown %XX, as a literal %XX is) are two
// tests, each with its own name in the report. A name is the student's
// choice (a file's, a test's id: pytest's parameter ids have no bound),
// so it is cut to maxName bytes with a visible mark (clip.Line) before
// it reaches any report; two names cut alike are told apart as above.
func uniqueName(name string, seen map[string]int) string {
	name = clip.Line(name, maxName*2/3, maxName/3)
	seen[name]++
	if n := seen[name]; n > 1 {
		return fmt.Sprintf("%s (file %d of that name)", name, n)
	}
	return name
}

// maxName bounds a test's name in bytes (its file's name, and its id in
// a suite), before the mark of a cut.
const maxName = 300

// chosenBugs are the bugs a part grades with: all the implementations'
// bugs, or those the rubric names (cfg.Bugs), each of which must exist;
// there must be a correct implementation and at least one bug. Each
// problem is a line of the error.
func chosenBugs(correct int, all []Bug, names []string) ([]Bug, error) {
	var errs []error
	if correct == 0 {
		errs = append(errs, errors.New("no correct implementation"))
	}
	bugs := all
	if names != nil {
		bugs = nil
		for _, name := range names {
			i := slices.IndexFunc(all, func(b Bug) bool { return b.Name == name })
			if i < 0 {
				errs = append(errs, fmt.Errorf("bug %q: the implementations have no bug of that name", name))
				continue
			}
			bugs = append(bugs, all[i])
		}
	}
	if len(bugs) == 0 && len(errs) == 0 {
		errs = append(errs, errors.New("no bugs: a tests part needs at least one"))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return bugs, nil
}
