package grader

import (
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
)

// judge turns one execution into a verdict.
func (a *Assignment) judge(cr *CaseResult, c cases.Case, ex Execution, opt Options) {
	cr.ExitCode, cr.Signal, cr.Limit = ex.ExitCode, ex.Signal, ex.Limit
	cr.Stderr = excerpt(ex.Stderr, 2048)
	if opt.Timings {
		ms := ex.Time.Milliseconds()
		cr.TimeMS = &ms
	}
	switch {
	case ex.Limit == Wall || ex.Limit == CPU:
		cr.Verdict = Timeout
		return
	// The runner reads a program's own report of running out of memory
	// (a JVM's OutOfMemoryError) by its language preset.
	case ex.Limit == Memory:
		cr.Verdict = MemoryLimit
		return
	case ex.Limit == Output:
		cr.Verdict = OutputLimit
		return
	case ex.Limit != None || ex.ExitCode != 0 || ex.Signal != "":
		cr.Verdict = RuntimeError
		return
	}
	part, _ := a.Rubric.Part(cr.Part)
	if c.Check != "" {
		if v := a.Oracle.Check(c.Args, ex.Stdout, part.Readings); v != nil {
			cr.Verdict = WrongAnswer
			cr.Violation = v
			a.diagnose(cr, ex.Stdout, part.Readings)
			return
		}
		cr.Verdict = Pass
		return
	}
	accepted := c.Accepts(part.Readings)
	for _, o := range accepted {
		if compare.Equal(o.Stdout, ex.Stdout, a.mode) {
			cr.Verdict = Pass
			if len(o.Readings) > 0 {
				cr.Reading = strings.Join(o.Readings, ",")
			}
			return
		}
	}
	cr.Verdict = WrongAnswer
	if len(accepted) > 0 {
		m := compare.Explain(accepted[0].Stdout, ex.Stdout, a.mode)
		cr.Mismatch = &Mismatch{Line: m.Line, Expected: m.Expected, Got: m.Got, Diff: m.Diff}
	}
	a.diagnose(cr, ex.Stdout, part.Readings)
}

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
			d.Hint = a.Oracle.Hint(d.Mistake)
			res.Diagnoses = append(res.Diagnoses, d)
			continue
		}
		k := &res.Diagnoses[i]
		k.Alternatives = append(k.Alternatives, d.Mistake)
		if h := a.Oracle.Hint(d.Mistake); h != "" && !slices.Contains(strings.Split(k.Hint, "\n\n"), h) {
			k.Hint = strings.TrimPrefix(k.Hint+"\n\n"+h, "\n\n")
		}
	}
}

// diagnose names the known mistakes whose output, under a reading the
// part accepts, is the wrong answer got, as the comparison sees it. A
// seed -1 run is random: a mistake can only be named when its output
// does not depend on the seed.
func (a *Assignment) diagnose(cr *CaseResult, got []byte, readings []string) {
	if a.Oracle == nil {
		return
	}
	for _, m := range a.Oracle.Mistakes(cr.Args, readings) {
		if !slices.Contains(cr.Mistakes, m.Name) && compare.Equal(m.Stdout, got, a.mode) {
			cr.Mistakes = append(cr.Mistakes, m.Name)
		}
	}
}
