package grader

import (
	"fmt"
	"math"
	"strings"

	"github.com/cs540-tools/autograder/grader/rubric"
)

// The score stage: the parts' scores and the total by the rubric, and a
// result with a case the grader failed to judge kept from a score.

// score fills the part scores and the total: proportional parts earn
// points x credit / cases (a passed case is worth 1, one a judge gave
// partial credit its score; each times its weight, see Weigher, over
// the cases' total weight), all-or-nothing parts all when every case
// earned all its credit, else none, min parts
// points x the least credit of a case; each part's
// score is rounded to two decimals, the total is their sum less deductions,
// never below zero. A late penalty is a percentage of the assignment's
// total points, as in the handout ("10% of the total points ... deducted").
func (a *Assignment) score(res *Result, deduct, latePct float64) {
	total := 0.0
	for i := range res.Parts {
		pr := &res.Parts[i]
		pr.Passed = 0
		full := 0                  // cases passed with all their credit
		earned, weight := 0.0, 0.0 // passed cases, and the partial credit judges gave; of what weight
		for _, c := range res.Cases {
			if c.Part != pr.ID {
				continue
			}
			if c.Verdict == Pass {
				pr.Passed++
			}
			if c.Full() {
				full++
			}
			w := a.Weight(c.ID)
			earned += c.Credit() * w
			weight += w
		}
		p, _ := a.Rubric.Part(pr.ID)
		switch {
		case pr.Tests != nil:
			pr.Score = Round2(pr.Tests.Score())
			pr.Passed, pr.Total = pr.Tests.Valid, len(pr.Tests.Tests) // tests valid, of those counted
		case pr.Total == 0:
			pr.Score = 0
		case p.Scoring == rubric.AllOrNothing: // every case with all its credit
			if full == pr.Total {
				pr.Score = pr.MaxScore
			}
		case p.Scoring == rubric.Min:
			pr.Score = Round2(pr.MaxScore * a.least(res, pr.ID))
		default:
			pr.Score = Round2(pr.MaxScore * earned / weight)
			a.casePoints(res, pr.ID, pr.MaxScore)
		}
		total += pr.Score
	}
	res.Penalty = Round2(a.Rubric.Total * latePct / 100)
	res.Score = Round2(math.Max(0, total-deduct-res.Penalty))
}

// casePoints sets the points each case of a proportional part is worth,
// for the cases a Weigher judges: so that a part's "9 / 10 passed" and its
// score reconcile, case by case. A case is worth its share of the whole
// part, the cases not run included (a check's hidden ones), so that check
// and grade give it the same worth.
func (a *Assignment) casePoints(res *Result, part string, max float64) {
	weight := a.PartWeight(part)
	for i := range res.Cases {
		c := &res.Cases[i]
		if c.Part != part || weight <= 0 {
			continue
		}
		if _, ok := a.judgeFor(a.caseByID(c.ID)).(Weigher); ok {
			pts := Round2(max * a.Weight(c.ID) / weight)
			c.Points = &pts
		}
	}
}

// PartWeight is the weight of all the cases of a part, whether run or
// not: those the rubric holds (see Weight) and, for a student kit's
// rubric, its hidden ones (HiddenWeight).
func (a *Assignment) PartWeight(part string) float64 {
	w := a.HiddenWeight[part]
	for i, p := range a.Rubric.Parts {
		if p.ID != part {
			continue
		}
		for _, c := range a.Parts[i] {
			w += a.Weight(c.ID)
		}
	}
	return w
}

// least is the smallest credit of a part's cases: 1 for a pass, a
// judge's partial credit, 0 for any other verdict.
func (a *Assignment) least(res *Result, part string) float64 {
	least := 1.0
	for _, c := range res.Cases {
		if c.Part == part {
			least = min(least, c.Credit())
		}
	}
	return least
}

// unjudged makes a result with a case the grader failed to judge (a
// checker that crashed) a grader failure: never a score, which would
// count the grader's failure against the student. Its cases keep their
// verdicts, as evidence; its score and its parts' scores are 0, and a
// note says which cases were not judged.
func unjudged(res *Result) {
	var ids []string
	for _, cr := range res.Cases {
		if cr.Verdict == GraderFailure {
			ids = append(ids, cr.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	res.Status, res.Score, res.Penalty = StatusFailed, 0, 0
	for i := range res.Parts {
		res.Parts[i].Score = 0
	}
	what := "case " + ids[0]
	if len(ids) > 1 {
		what = fmt.Sprintf("%d cases (%s)", len(ids), strings.Join(ids, ", "))
	}
	res.Notes = append(res.Notes, fmt.Sprintf("not graded: the grader failed to judge %s, which says nothing of the program; it is to be regraded", what))
}

// judgeFailures are the TA's flags of the cases the grader failed to
// judge, each to regrade, and of its judge errors (a package's output
// validator that failed on the program's output), each with why.
func judgeFailures(crs []CaseResult) []string {
	var flags []string
	for _, cr := range crs {
		switch cr.Verdict {
		case GraderFailure:
			flags = append(flags, fmt.Sprintf("case %s: the judge failed, regrade: %s", cr.ID, cr.JudgeLog))
		case JudgeError:
			flags = append(flags, fmt.Sprintf("case %s: judge error, the case earns nothing: the package's output validator failed on the program's output (regrade if the validator is at fault): %s", cr.ID, cr.JudgeLog))
		}
	}
	return flags
}
