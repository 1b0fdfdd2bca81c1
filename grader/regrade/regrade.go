// Package regrade compares a batch's results before and after a regrade
// (a rubric, case or checker changed): which submissions and parts
// change verdict or score, so that a TA sees the set before it is
// written, and keeps a regrade from lowering a score when asked.
package regrade

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
)

// Change is one submission's difference between two gradings.
type Change struct {
	ID         string
	Old, New   *grader.Result // nil: not in that grading
	Parts      []PartChange
	Kept       bool // never lower: the new total was lower, the old result stands
	StatusDiff bool
}

// PartChange is one part's difference.
type PartChange struct {
	ID                   string
	OldScore, NewScore   float64
	OldPassed, NewPassed string // "3/5"; "" when the part is missing
}

// Diff lists the submissions whose status, total or a part's score or
// cases passed differ between old and new, by id; those in one grading
// only too.
func Diff(old, new []grader.Result) []Change {
	byID := map[string]*grader.Result{}
	for i := range old {
		byID[old[i].ID] = &old[i]
	}
	var out []Change
	seen := map[string]bool{}
	for i := range new {
		n := &new[i]
		seen[n.ID] = true
		o := byID[n.ID]
		if c, changed := compare(o, n); changed {
			out = append(out, c)
		}
	}
	for i := range old {
		if !seen[old[i].ID] {
			out = append(out, Change{ID: old[i].ID, Old: &old[i]})
		}
	}
	slices.SortFunc(out, func(x, y Change) int { return strings.Compare(x.ID, y.ID) })
	return out
}

func compare(o, n *grader.Result) (Change, bool) {
	c := Change{ID: n.ID, Old: o, New: n}
	if o == nil {
		return c, true
	}
	c.StatusDiff = o.Status != n.Status
	ids := []string{}
	for _, p := range append(slices.Clone(o.Parts), n.Parts...) {
		if !slices.Contains(ids, p.ID) {
			ids = append(ids, p.ID)
		}
	}
	for _, id := range ids {
		op, on := part(o, id), part(n, id)
		pc := PartChange{ID: id, OldScore: op.Score, NewScore: on.Score, OldPassed: passed(o, id), NewPassed: passed(n, id)}
		if pc.OldScore != pc.NewScore || pc.OldPassed != pc.NewPassed {
			c.Parts = append(c.Parts, pc)
		}
	}
	return c, c.StatusDiff || o.Score != n.Score || len(c.Parts) > 0
}

func part(r *grader.Result, id string) grader.PartResult {
	for _, p := range r.Parts {
		if p.ID == id {
			return p
		}
	}
	return grader.PartResult{}
}

func passed(r *grader.Result, id string) string {
	for _, p := range r.Parts {
		if p.ID == id {
			return fmt.Sprintf("%d/%d", p.Passed, p.Total)
		}
	}
	return ""
}

// NeverLower is new with each submission whose total would drop below
// its old one keeping its old result (marked Kept in changes). A grader
// failure (no score) never replaces a score, nor is one kept over a score.
// When the rubric's points changed, the old result is first rescaled to
// the new one (Rescale): what is compared, and kept, is out of the new
// points, so that a kept result agrees with the rubric it is written
// under.
func NeverLower(old, new []grader.Result, changes []Change) []grader.Result {
	out := slices.Clone(new)
	byID := map[string]grader.Result{}
	for _, r := range old {
		byID[r.ID] = r
	}
	for i, n := range out {
		o, ok := byID[n.ID]
		if !ok || o.Status == grader.StatusFailed {
			continue
		}
		o = Rescale(o, n)
		if n.Status == grader.StatusFailed || n.Score < o.Score {
			out[i] = o
			for j := range changes {
				if changes[j].ID == n.ID {
					changes[j].Kept = true
				}
			}
		}
	}
	return out
}

// Rescale is old (an earlier result) out of the points like's parts and
// total are out of: each part like has is its old fraction of like's
// points (one old lacked: like's score), like's parts in like's order, the
// total their sum less what old took off its parts (lateness,
// deductions); without parts, its old fraction of like's total. An old
// result already out of like's points is returned as it is.
func Rescale(old, like grader.Result) grader.Result {
	if sameScale(old, like) {
		return old
	}
	sum := 0.0
	for _, p := range old.Parts {
		sum += p.Score
	}
	parts := make([]grader.PartResult, 0, len(like.Parts))
	total := 0.0
	for _, np := range like.Parts {
		p := np
		if j := slices.IndexFunc(old.Parts, func(x grader.PartResult) bool { return x.ID == np.ID }); j >= 0 {
			op := old.Parts[j]
			p.Score, p.Passed, p.Total = scaled(op.Score, op.MaxScore, np.MaxScore), op.Passed, op.Total
		}
		parts = append(parts, p)
		total += p.Score
	}
	out := old
	out.Parts, out.MaxScore = parts, like.MaxScore
	if len(old.Parts) == 0 {
		out.Score = scaled(old.Score, old.MaxScore, like.MaxScore)
		return out
	}
	// What was taken off the parts (lateness, deductions) stays taken off.
	out.Score = max(0, grader.Round2(total-(sum-old.Score)))
	return out
}

// sameScale reports whether two results are out of the same points, part
// by part.
func sameScale(a, b grader.Result) bool {
	if a.MaxScore != b.MaxScore || len(a.Parts) != len(b.Parts) {
		return false
	}
	for i := range a.Parts {
		if a.Parts[i].ID != b.Parts[i].ID || a.Parts[i].MaxScore != b.Parts[i].MaxScore {
			return false
		}
	}
	return true
}

// scaled is x out of from as out of to, to two decimals (x itself when
// from is 0).
func scaled(x, from, to float64) float64 {
	if from == 0 {
		return x
	}
	return grader.Round2(x * to / from)
}

// Text writes the changes as the preview prints them: per submission its
// status and total, old → new, then each part that changed.
func Text(changes []Change, show func(string) string) string {
	var b strings.Builder
	for _, c := range changes {
		switch {
		case c.Old == nil:
			fmt.Fprintf(&b, "%s: new: %s %s\n", show(c.ID), c.New.Status, grader.FormatPoints(c.New.Score))
			continue
		case c.New == nil:
			fmt.Fprintf(&b, "%s: no longer in the batch (was %s %s)\n", show(c.ID), c.Old.Status, grader.FormatPoints(c.Old.Score))
			continue
		}
		fmt.Fprintf(&b, "%s: %s → %s", show(c.ID), verdict(c.Old), verdict(c.New))
		if c.Kept {
			b.WriteString(" (kept: never lower)")
		}
		b.WriteString("\n")
		for _, p := range c.Parts {
			fmt.Fprintf(&b, "  part %s: %s (%s passed) → %s (%s passed)\n", p.ID, grader.FormatPoints(p.OldScore), dash(p.OldPassed), grader.FormatPoints(p.NewScore), dash(p.NewPassed))
		}
	}
	return b.String()
}

func verdict(r *grader.Result) string {
	if r.Status == grader.StatusFailed {
		return string(r.Status)
	}
	return string(r.Status) + " " + grader.FormatPoints(r.Score)
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
