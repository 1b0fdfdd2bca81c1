package grader

import (
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
)

// The diagnose stage: the catalogued mistakes that explain a submission's
// failures, named by its reference program (a Diagnoser, a RunsDiagnoser)
// with their hints.

// diagnoses gathers the cases' mistakes into the result, with hints: the
// mistake that explains the most cases first, and none whose cases are a
// strict part of another's (several mistakes can print the same wrong
// output on some command line; the one that explains more is the likely
// one). Mistakes that explain exactly the same cases are one diagnosis,
// the first named and the others its alternatives.
func (a *Assignment) diagnoses(res *Result) {
	var all []Diagnosis
	for _, cr := range res.Cases {
		for _, name := range cr.Mistakes {
			i := slices.IndexFunc(all, func(d Diagnosis) bool { return d.Mistake == name })
			if i < 0 {
				all = append(all, Diagnosis{Mistake: name})
				i = len(all) - 1
			}
			all[i].Cases = append(all[i].Cases, cr.ID)
		}
	}
	slices.SortStableFunc(all, func(x, y Diagnosis) int { return len(y.Cases) - len(x.Cases) })
	for _, d := range all {
		covered := slices.ContainsFunc(res.Diagnoses, func(k Diagnosis) bool {
			return len(k.Cases) > len(d.Cases) && !slices.ContainsFunc(d.Cases, func(id string) bool { return !slices.Contains(k.Cases, id) })
		})
		if covered {
			continue
		}
		i := slices.IndexFunc(res.Diagnoses, func(k Diagnosis) bool { return slices.Equal(k.Cases, d.Cases) })
		if i < 0 {
			d.Hint = a.hint(d.Mistake)
			res.Diagnoses = append(res.Diagnoses, d)
			continue
		}
		k := &res.Diagnoses[i]
		k.Alternatives = append(k.Alternatives, d.Mistake)
		if h := a.hint(d.Mistake); h != "" && !slices.Contains(strings.Split(k.Hint, "\n\n"), h) {
			k.Hint = strings.TrimPrefix(k.Hint+"\n\n"+h, "\n\n")
		}
	}
}

// diagnose names the known mistakes whose output, under a reading the
// part accepts, is the wrong answer got, as the comparison sees it, or
// that end as the run did (a time limit, a crash). A seed -1 run is
// random: a mistake can only be named when its output does not depend on
// the seed.
func (a *Assignment) diagnose(cr *CaseResult, got []byte, readings []string) {
	dg, ok := a.Reference.(Diagnoser)
	if !ok {
		return
	}
	for _, m := range dg.Mistakes(cr.Args, readings) {
		var match bool
		if m.Verdict == "" {
			match = cr.Verdict == WrongAnswer && compare.Equal(m.Stdout, got, a.mode)
		} else {
			match = cr.Verdict == m.Verdict
		}
		if match && !slices.Contains(cr.Mistakes, m.Name) {
			cr.Mistakes = append(cr.Mistakes, m.Name)
		}
	}
}

// hint is the reference's hint for a mistake.
func (a *Assignment) hint(mistake string) string {
	if h, ok := a.Reference.(Hinter); ok {
		return h.Hint(mistake)
	}
	return ""
}

// diagnoseRuns names the mistakes that explain a failed repeated case's
// runs as a whole, when the reference knows them (RunsDiagnoser).
func (a *Assignment) diagnoseRuns(cr *CaseResult, c cases.Case) {
	if dg, ok := a.Reference.(RunsDiagnoser); ok && cr.Verdict != Pass && !cr.Verdict.judgeFailed() {
		cr.Mistakes = dg.DiagnoseRuns(c, cr.Attempts)
	}
}
