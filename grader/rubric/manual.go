package rubric

import (
	"fmt"
	"math"
)

// ManualItem is a rubric item a TA applies by hand to a submission
// ([[manual]]): "Meaningful names", +2 points to part "style". Its points
// are the item's, not each application's: changed once (in the rubric or
// by a TA), they rescore every submission the item is applied to.
type ManualItem struct {
	ID     string  `json:"id"`     // [a-z0-9_-]+, unique among the items
	Text   string  `json:"text"`   // what it says, shown to the TA and the student
	Points float64 `json:"points"` // added to its part when applied; negative deducts
	Part   string  `json:"part"`   // an autograded part's id or a manual part's
}

// ManualPart is a part graded by hand ([[manual_part]]) with its own
// points, or, when its ID names an autograded part, the bounds the
// manual items applied to that part keep its score within.
type ManualPart struct {
	ID     string
	Name   string
	Points float64 // a manual part's points (in total); 0 for an autograded part's bounds
	// Start is a manual part's score before any item (0); the bounds'
	// part starts from its autograded score.
	Start float64
	// Floor and Ceiling bound the part's score once items are applied
	// (0 and the part's points).
	Floor, Ceiling float64
	Auto           bool // ID is an autograded part's: these are its bounds
}

// ManualPart returns the manual part (or an autograded part's bounds)
// with the id, as [[manual_part]] declares it; an autograded part that
// none declares has the bounds 0 and its points.
func (r *Rubric) ManualPart(id string) (ManualPart, bool) {
	for _, m := range r.ManualParts {
		if m.ID == id {
			return m, true
		}
	}
	if p, ok := r.Part(id); ok {
		return ManualPart{ID: p.ID, Name: p.Name, Floor: 0, Ceiling: p.Points, Auto: true}, true
	}
	return ManualPart{}, false
}

// manualParts reads the [[manual_part]] tables: new parts graded by hand,
// or bounds for the manual items of an autograded part.
func (d *decoder) manualParts(top *table, r *Rubric) {
	ts, _ := top.tables("manual_part")
	seen := map[string]bool{}
	for _, t := range ts {
		var m ManualPart
		if !t.has("id") {
			t.missing("id")
		} else if m.ID = t.str("id", ""); !idRE.MatchString(m.ID) {
			t.errf("id", "id %q must be made of a-z, 0-9, _ and -", m.ID)
		} else if seen[m.ID] {
			t.errf("id", "id %q is already a manual part", m.ID)
		}
		seen[m.ID] = true
		t.label = fmt.Sprintf("manual_part %q: ", m.ID)
		p, auto := r.Part(m.ID)
		m.Auto = auto
		if auto {
			m.Name = p.Name
			if t.has("points") || t.has("start") || t.has("name") {
				t.errf("", "names the autograded part %q: only floor and ceiling may be given (its name and points are the part's)", m.ID)
			}
			t.get("points")
			t.get("start")
			t.get("name")
			m.Ceiling = p.Points
		} else {
			m.Name = t.str("name", m.ID)
			pts, ok := t.num("points")
			switch {
			case !t.has("points"):
				t.missing("points")
			case ok && pts <= 0:
				t.errf("points", "points must be positive, got %s", formatNum(pts))
			}
			m.Points, m.Ceiling = pts, pts
			m.Start, _ = t.num("start")
		}
		if x, ok := t.num("floor"); ok {
			m.Floor = x
		}
		if x, ok := t.num("ceiling"); ok {
			m.Ceiling = x
		}
		if m.Floor > m.Ceiling {
			t.errf("floor", "floor %s is above ceiling %s", formatNum(m.Floor), formatNum(m.Ceiling))
		}
		t.done()
		r.ManualParts = append(r.ManualParts, m)
	}
}

// manualItems reads the [[manual]] tables, once the parts are known.
func (d *decoder) manualItems(top *table, r *Rubric) {
	ts, _ := top.tables("manual")
	seen := map[string]bool{}
	for _, t := range ts {
		var it ManualItem
		if !t.has("id") {
			t.missing("id")
		} else if it.ID = t.str("id", ""); !idRE.MatchString(it.ID) {
			t.errf("id", "id %q must be made of a-z, 0-9, _ and -", it.ID)
		} else if seen[it.ID] {
			t.errf("id", "id %q is already a manual item", it.ID)
		}
		seen[it.ID] = true
		t.label = fmt.Sprintf("manual %q: ", it.ID)
		if it.Text = t.str("text", ""); it.Text == "" {
			t.errf("text", "text must say what the item is")
		}
		pts, ok := t.num("points")
		if !t.has("points") {
			t.missing("points")
		} else if ok && (pts == 0 || math.Abs(pts) > 1e6) {
			t.errf("points", "points must be a non-zero number of points, got %s", formatNum(pts))
		}
		it.Points = pts
		if it.Part = t.str("part", ""); !t.has("part") {
			t.missing("part")
		} else if _, ok := r.ManualPart(it.Part); !ok {
			t.errf("part", "part %q is neither a [[part]] nor a [[manual_part]]", it.Part)
		}
		t.done()
		r.Manual = append(r.Manual, it)
	}
}

// manualPoints is the points of the parts graded by hand, which the
// rubric's total includes.
func manualPoints(ms []ManualPart) float64 {
	sum := 0.0
	for _, m := range ms {
		if !m.Auto {
			sum += m.Points
		}
	}
	return sum
}
