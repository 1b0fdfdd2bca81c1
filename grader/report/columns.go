package report

import (
	"github.com/cs540-tools/autograder/grader"
)

// pagePart is a column of a batch's tables: a part, by hand or not.
type pagePart struct {
	ID, Name string
	Points   float64
}

// columns are the parts a batch's tables show: the rubric's autograded
// parts, then those graded by hand.
func columns(a *grader.Assignment) []pagePart {
	var ps []pagePart
	for _, p := range a.Rubric.Parts {
		ps = append(ps, pagePart{ID: p.ID, Name: p.Name, Points: p.Points})
	}
	for _, m := range a.Rubric.ManualParts {
		if !m.Auto {
			ps = append(ps, pagePart{ID: m.ID, Name: m.Name, Points: m.Points})
		}
	}
	return ps
}
