package rubric

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
)

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
		m.ID = t.uniqueID(seen, "a manual part")
		t.label = fmt.Sprintf("manual_part %q: ", m.ID)
		p, auto := r.Part(m.ID)
		m.Auto = auto
		if auto {
			m.Name = p.Name
			if t.has("points") || t.has("start") || t.has("name") {
				t.errf("", "names the autograded part %q: only floor, ceiling and where it is graded (file, function, lines) may be given (its name and points are the part's)", m.ID)
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
		m.where(t, r)
		t.done()
		r.ManualParts = append(r.ManualParts, m)
	}
}

var functionRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]{0,99}$`)

// where reads where a part is graded: file, and function or lines.
func (m *ManualPart) where(t *table, r *Rubric) {
	m.File = t.str("file", "")
	if req := r.Submission.Required; m.File != "" && len(req) > 0 && !slices.Contains(req, m.File) {
		t.errf("file", "file %q is not one of the required files (%s)", m.File, strings.Join(req, ", "))
	}
	m.Function = t.str("function", "")
	if m.Function != "" && !functionRE.MatchString(m.Function) {
		t.errf("function", "function %q is not a function's name", m.Function)
	}
	if lines := t.str("lines", ""); lines != "" {
		var a, b int
		if n, err := fmt.Sscanf(lines, "%d-%d", &a, &b); n != 2 || err != nil || a < 1 || b < a || fmt.Sprintf("%d-%d", a, b) != lines {
			t.errf("lines", "lines must be FIRST-LAST, from 1 (\"12-40\"), got %q", lines)
		}
		m.Lines = [2]int{a, b}
	}
	if (m.Function != "" || m.Lines[0] > 0) && m.File == "" {
		t.errf("", "a function or lines need the file that holds them: give file too")
	}
	if m.Function != "" && m.Lines[0] > 0 {
		t.errf("lines", "give function or lines, not both")
	}
}

// manualItems reads the [[manual]] tables, once the parts are known.
func (d *decoder) manualItems(top *table, r *Rubric) {
	ts, _ := top.tables("manual")
	seen := map[string]bool{}
	for _, t := range ts {
		var it ManualItem
		it.ID = t.uniqueID(seen, "a manual item")
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

// uniqueID reads a table's id, which must be made of a-z, 0-9, _ and -
// and not be in seen (ids already read as what); it adds it to seen.
func (t *table) uniqueID(seen map[string]bool, what string) string {
	var id string
	if !t.has("id") {
		t.missing("id")
	} else if id = t.str("id", ""); !idRE.MatchString(id) {
		t.errf("id", "id %q must be made of a-z, 0-9, _ and -", id)
	} else if seen[id] {
		t.errf("id", "id %q is already %s", id, what)
	}
	seen[id] = true
	return id
}
