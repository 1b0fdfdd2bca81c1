package review

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/internal/textfmt"
)

// ItemDrift is an applied item that the rubric changed since the
// journals last saw it: its points or its part changed, or it is gone
// (dropped or renamed).
type ItemDrift struct {
	Item     string
	Was, Now rubric.ManualItem
	Gone     bool
}

func (d ItemDrift) String() string {
	was := signed(d.Was.Points)
	if d.Was.Points == 0 {
		was = "?"
	}
	if d.Gone {
		return fmt.Sprintf("item %s %s → gone from the rubric", d.Item, was)
	}
	s := fmt.Sprintf("item %s %s → %s", d.Item, was, signed(d.Now.Points))
	if d.Was.Part != d.Now.Part {
		s += fmt.Sprintf(" (part %s → %s)", d.Was.Part, d.Now.Part)
	}
	return s
}

// PartDrift is a part graded by hand whose bounds (points, start,
// floor, ceiling) the rubric changed since the journals last saw them,
// or that is gone from the rubric.
type PartDrift struct {
	Part     string
	Was, Now Bound
	Gone     bool
}

func (d PartDrift) String() string {
	if d.Gone {
		return fmt.Sprintf("part %s → gone from the rubric", d.Part)
	}
	var ch []string
	for _, f := range []struct {
		name     string
		was, now float64
	}{{"points", d.Was.Points, d.Now.Points}, {"start", d.Was.Start, d.Now.Start}, {"floor", d.Was.Floor, d.Now.Floor}, {"ceiling", d.Was.Ceiling, d.Now.Ceiling}} {
		if f.was != f.now {
			ch = append(ch, fmt.Sprintf("%s %s → %s", f.name, num(f.was), num(f.now)))
		}
	}
	return fmt.Sprintf("part %s %s", d.Part, strings.Join(ch, ", "))
}

// Drift is one submission whose hand-given points a rubric change moved:
// its total as the journals gave it and as the rubric gives it now.
type Drift struct {
	Sub      string
	Old, New float64
	Items    []ItemDrift
	Parts    []PartDrift
}

func (d Drift) String() string {
	var its []string
	for _, it := range d.Items {
		its = append(its, it.String())
	}
	for _, p := range d.Parts {
		its = append(its, p.String())
	}
	return fmt.Sprintf("%s: %s → %s (%s)", d.Sub, num(d.Old), num(d.New), strings.Join(its, ", "))
}

// ItemDrifts are the items applied to some submission that the rubric
// changed since the journals last saw them, by id.
func ItemDrifts(r *rubric.Rubric, s *State) []ItemDrift {
	applied := map[string]bool{}
	for _, ids := range s.Applied {
		for _, id := range ids {
			applied[id] = true
		}
	}
	var out []ItemDrift
	for id := range applied {
		was, seen := s.Seen[id]
		now, ok := s.Item(r, id)
		switch {
		case !ok:
			out = append(out, ItemDrift{Item: id, Was: was, Gone: true})
		case seen && (was.Points != now.Points || was.Part != now.Part):
			out = append(out, ItemDrift{Item: id, Was: was, Now: now})
		}
	}
	slices.SortFunc(out, func(x, y ItemDrift) int { return strings.Compare(x.Item, y.Item) })
	return out
}

// PartDrifts are the parts graded by hand whose bounds the rubric
// changed since the journals last saw them, by id.
func PartDrifts(r *rubric.Rubric, s *State) []PartDrift {
	var out []PartDrift
	for id, was := range s.SeenParts {
		now, ok := r.ManualPart(id)
		switch {
		case !ok:
			out = append(out, PartDrift{Part: id, Was: was, Gone: true})
		case boundOf(now) != was:
			out = append(out, PartDrift{Part: id, Was: was, Now: boundOf(now)})
		}
	}
	slices.SortFunc(out, func(x, y PartDrift) int { return strings.Compare(x.Part, y.Part) })
	return out
}

// seenRubric is r with the drifted parts bounded as the journals saw
// them (a gone one back).
func seenRubric(r *rubric.Rubric, parts []PartDrift) *rubric.Rubric {
	if len(parts) == 0 {
		return r
	}
	c := *r
	c.ManualParts = slices.Clone(r.ManualParts)
	for _, d := range parts {
		b := d.Was
		i := slices.IndexFunc(c.ManualParts, func(m rubric.ManualPart) bool { return m.ID == d.Part })
		if i < 0 {
			c.ManualParts = append(c.ManualParts, rubric.ManualPart{ID: b.Part, Name: b.Part, Auto: b.Auto})
			i = len(c.ManualParts) - 1
		}
		m := &c.ManualParts[i]
		m.Points, m.Start, m.Floor, m.Ceiling, m.Auto = b.Points, b.Start, b.Floor, b.Ceiling, b.Auto
	}
	return &c
}

// Drifts are the submissions whose hand-given points the rubric's
// changes move (ItemDrifts, and PartDrifts of a part graded by hand on
// them), with their totals before and after, in results' order. A
// grader failure has no total and is left out.
func Drifts(r *rubric.Rubric, s *State, results []grader.Result) []Drift {
	items, parts := ItemDrifts(r, s), PartDrifts(r, s)
	if len(items) == 0 && len(parts) == 0 {
		return nil
	}
	before := applyWith(seenRubric(r, parts), s, asSeen(r, s), results, nil)
	after := Apply(r, s, results, nil)
	var out []Drift
	for i, res := range results {
		if res.Status == grader.StatusFailed {
			continue
		}
		var its []ItemDrift
		for _, it := range items {
			if slices.Contains(s.Applied[res.ID], it.Item) {
				its = append(its, it)
			}
		}
		var ps []PartDrift
		for _, p := range parts {
			if _, ok := s.Graded[res.ID][p.Part]; ok && before[i].Score != after[i].Score {
				ps = append(ps, p) // a part's change that moves nothing is none
			}
		}
		if len(its) > 0 || len(ps) > 0 {
			out = append(out, Drift{Sub: res.ID, Old: before[i].Score, New: after[i].Score, Items: its, Parts: ps})
		}
	}
	return out
}

// asSeen are the items as the journals last saw them: the state's, each
// one seen replaced by how it was seen, and those the rubric dropped.
func asSeen(r *rubric.Rubric, s *State) []rubric.ManualItem {
	items := s.Items(r)
	for i, it := range items {
		if was, ok := s.Seen[it.ID]; ok {
			items[i] = was
		}
	}
	ids := make([]string, 0, len(s.Seen))
	for id := range s.Seen {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if !slices.ContainsFunc(items, func(x rubric.ManualItem) bool { return x.ID == id }) {
			items = append(items, s.Seen[id])
		}
	}
	return items
}

// Accepts are the actions that take the rubric's changes as the
// journals' own: each drifted item worth its new points, or (gone) taken
// off every submission; each drifted part bounded as it is now, or
// (gone) forgotten.
func Accepts(items []ItemDrift, parts []PartDrift) []Action {
	var out []Action
	for _, it := range items {
		a := Action{Op: OpAccept, Item: it.Item}
		if !it.Gone {
			a.Points = it.Now.Points
		}
		out = append(out, a)
	}
	if len(parts) > 0 {
		a := Action{Op: OpAccept}
		for _, p := range parts {
			a.Parts = append(a.Parts, p.Part)
			if !p.Gone {
				a.Bounds = append(a.Bounds, p.Now)
			}
		}
		out = append(out, a)
	}
	return out
}

func signed(x float64) string {
	if x > 0 {
		return "+" + num(x)
	}
	return num(x)
}

func num(x float64) string { return textfmt.Decimal(x) }
