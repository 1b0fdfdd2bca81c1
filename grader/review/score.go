package review

import (
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// PartScore is a part's score before and after its manual items.
type PartScore struct {
	ID    string
	Name  string
	Max   float64 // the part's points
	Auto  float64 // the autograded score; a manual part's start
	Score float64 // after the items, within the part's bounds
	Items float64 // the items' points, before the bounds
	// Manual says the part is graded by hand alone ([[manual_part]]).
	Manual bool
}

// PartScores are a submission's part scores once the items applied to
// it are counted: each autograded part that an item names, from auto
// (its autograded score, by part id), and every manual part, from its
// start, each kept within its floor and ceiling. Autograded parts come
// first in the rubric's order, then the manual parts; an autograded part
// no item names is left out (its score stands).
func PartScores(r *rubric.Rubric, auto map[string]float64, applied []rubric.ManualItem) []PartScore {
	sum := map[string]float64{}
	named := map[string]bool{}
	for _, it := range applied {
		sum[it.Part] += it.Points
		named[it.Part] = true
	}
	var out []PartScore
	for _, p := range r.Parts {
		if !named[p.ID] {
			continue
		}
		b, _ := r.ManualPart(p.ID)
		out = append(out, bounded(PartScore{ID: p.ID, Name: p.Name, Max: p.Points, Auto: auto[p.ID], Items: sum[p.ID]}, b))
	}
	for _, m := range r.ManualParts {
		if !m.Auto {
			out = append(out, bounded(PartScore{ID: m.ID, Name: m.Name, Max: m.Points, Auto: m.Start, Items: sum[m.ID], Manual: true}, m))
		}
	}
	return out
}

func bounded(p PartScore, b rubric.ManualPart) PartScore {
	p.Score = grader.Round2(min(max(p.Auto+p.Items, b.Floor), b.Ceiling))
	return p
}

// Delta is what the manual grading adds to a submission's total: each
// part's change from its autograded score, and the manual parts'
// scores.
func Delta(ps []PartScore) float64 {
	d := 0.0
	for _, p := range ps {
		if p.Manual {
			d += p.Score
		} else {
			d += p.Score - p.Auto
		}
	}
	return grader.Round2(d)
}
