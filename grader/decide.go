package grader

import (
	"context"
	"fmt"

	"github.com/cs540-tools/autograder/grader/cases"
)

// Checkable reports whether Decide can judge a run of case c on its own:
// a case run once (no runs key) whose judge does not talk with the
// program while it runs, nor runs a test suite (Suite). A repeated case is judged over all its runs, and
// an interactive one only beside its judge.
func (a *Assignment) Checkable(c cases.Case) bool {
	jd := a.judgeFor(c)
	_, live := jd.(Interactor)
	_, suite := jd.(Suite)
	return c.Runs == 0 && !live && !suite
}

// Decide judges a finished run of the case with that ID as Grade judges
// it, and returns its verdict and the share of the case's credit it
// earns (a pass 1, a judge's partial credit, else 0). Warm mode's spot
// checks decide a warm and a cold run of a case alike through it: two
// runs agree when their verdicts and credit do, whatever the case's judge
// (expected output, a checker, the reference's rules on a random run).
// A judge's failure is the verdict GraderFailure; the error is an
// unknown or uncheckable case (see Checkable), or ctx's.
func (a *Assignment) Decide(ctx context.Context, caseID string, ex Execution) (Verdict, float64, error) {
	for i, cs := range a.Parts {
		for _, c := range cs {
			if c.ID != caseID {
				continue
			}
			if !a.Checkable(c) {
				return "", 0, fmt.Errorf("grader: case %s is repeated or interactive: a single run of it cannot be decided alone", caseID)
			}
			cr := CaseResult{ID: c.ID, Part: a.Rubric.Parts[i].ID}
			// The run is already made: no core is taken for it.
			ctx = WithCores(ctx, nil)
			if _, err := a.runOnce(ctx, replay{ex}, &cr, c, 0, Options{}); err != nil {
				return "", 0, err
			}
			return cr.Verdict, caseCredit(cr), nil
		}
	}
	return "", 0, fmt.Errorf("grader: no case %q", caseID)
}

// replay is a Program whose every run is the one it holds.
type replay struct{ ex Execution }

func (r replay) Run(context.Context, Input) (Execution, error) { return r.ex, nil }
func (r replay) Close() error                                  { return nil }
