package review

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
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

// Drift is one submission whose hand-given points a rubric change moved:
// its total as the journals gave it and as the rubric gives it now.
type Drift struct {
	Sub      string
	Old, New float64
	Items    []ItemDrift
}

func (d Drift) String() string {
	var its []string
	for _, it := range d.Items {
		its = append(its, it.String())
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

// Drifts are the submissions whose hand-given points the rubric's
// changes move (ItemDrifts), with their totals before and after, in
// results' order. A grader failure has no total and is left out.
func Drifts(r *rubric.Rubric, s *State, results []grader.Result) []Drift {
	items := ItemDrifts(r, s)
	if len(items) == 0 {
		return nil
	}
	before := applyWith(r, s, asSeen(r, s), results, nil)
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
		if len(its) > 0 {
			out = append(out, Drift{Sub: res.ID, Old: before[i].Score, New: after[i].Score, Items: its})
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
// off every submission.
func Accepts(items []ItemDrift) []Action {
	var out []Action
	for _, it := range items {
		a := Action{Op: OpAccept, Item: it.Item}
		if !it.Gone {
			a.Points = it.Now.Points
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

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
