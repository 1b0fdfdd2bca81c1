package review

import (
	"fmt"
	"testing"

	"github.com/cs540-tools/autograder/grader/rubric"
)

func testRubric() *rubric.Rubric {
	return &rubric.Rubric{
		Total: 23,
		Parts: []rubric.Part{{ID: "a", Name: "A", Points: 10}, {ID: "b", Name: "B", Points: 10}},
		ManualParts: []rubric.ManualPart{
			{ID: "style", Name: "Style", Points: 3, Start: 3, Floor: 0, Ceiling: 3},
			{ID: "b", Name: "B", Floor: 2, Ceiling: 12, Auto: true},
		},
		Manual: []rubric.ManualItem{
			{ID: "names", Text: "Poor names", Points: -1, Part: "style"},
			{ID: "nocomments", Text: "No comments", Points: -2.5, Part: "style"},
			{ID: "hard", Text: "Hard-coded", Points: -8, Part: "a"},
			{ID: "bonus", Text: "Elegant", Points: 4, Part: "b"},
			{ID: "bcut", Text: "Copied", Points: -9, Part: "b"},
		},
	}
}

func TestPartScores(t *testing.T) {
	r := testRubric()
	item := func(id string) rubric.ManualItem {
		for _, it := range r.Manual {
			if it.ID == id {
				return it
			}
		}
		panic(id)
	}
	for _, tc := range []struct {
		name  string
		auto  map[string]float64
		items []string
		want  string
		delta float64
	}{
		{"none: the manual part's start", map[string]float64{"a": 5, "b": 5}, nil, "[style 3→3]", 3},
		{"a deduction", map[string]float64{"a": 5}, []string{"names"}, "[style 3→2]", 2},
		{"floor of a manual part", nil, []string{"names", "nocomments"}, "[style 3→0]", 0},
		{"an autograded part's default floor", map[string]float64{"a": 5}, []string{"hard"}, "[a 5→0 style 3→3]", -5 + 3},
		{"an autograded part's ceiling", map[string]float64{"b": 10}, []string{"bonus"}, "[b 10→12 style 3→3]", 2 + 3},
		{"an autograded part's floor", map[string]float64{"b": 5}, []string{"bcut"}, "[b 5→2 style 3→3]", -3 + 3},
		{"two items on one part add", map[string]float64{"b": 5}, []string{"bonus", "bcut"}, "[b 5→2 style 3→3]", -3 + 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var items []rubric.ManualItem
			for _, id := range tc.items {
				items = append(items, item(id))
			}
			ps := PartScores(r, tc.auto, items)
			var got []string
			for _, p := range ps {
				got = append(got, fmt.Sprintf("%s %v→%v", p.ID, p.Auto, p.Score))
			}
			if s := fmt.Sprint(got); s != tc.want {
				t.Errorf("PartScores = %s, want %s", s, tc.want)
			}
			if d := Delta(ps); d != tc.delta {
				t.Errorf("Delta = %v, want %v", d, tc.delta)
			}
		})
	}
}
