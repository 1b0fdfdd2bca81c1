package review

import (
	"math"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/rubric"
)

// TestCheckBounds: an item's points are a sane number of hundredths, and
// a comment's text is more than blanks; the refusal says so.
func TestCheckBounds(t *testing.T) {
	item := func(p float64) Action {
		return Action{TA: "t", Op: OpItem, New: &rubric.ManualItem{ID: "x", Text: "X", Points: p, Part: "a"}}
	}
	for _, tc := range []struct {
		a  Action
		ok bool
	}{
		{Action{TA: "t", Op: OpPoints, Item: "names", Points: -0.5}, true},
		{Action{TA: "t", Op: OpPoints, Item: "names", Points: 1e6}, true},
		{Action{TA: "t", Op: OpPoints, Item: "names", Points: 1e-300}, false},
		{Action{TA: "t", Op: OpPoints, Item: "names", Points: 1e300}, false},
		{Action{TA: "t", Op: OpPoints, Item: "names", Points: 0.005}, false},
		{Action{TA: "t", Op: OpPoints, Item: "names", Points: math.NaN()}, false},
		{item(2.25), true},
		{item(1e-300), false},
		{item(-1e300), false},
		{Action{TA: "t", Op: OpComment, Subs: []string{"a"}, ID: "c", File: "A", Line: 1, Text: " \n\t"}, false},
		{Action{TA: "t", Op: OpComment, Subs: []string{"a"}, ID: "c", File: "A", Line: 1, Text: " ok"}, true},
	} {
		err := tc.a.Check()
		if (err == nil) != tc.ok {
			t.Errorf("%s %v %q: %v", tc.a.Op, tc.a.Points, tc.a.Text, err)
		}
		if err != nil && tc.a.Op != OpComment && !strings.Contains(err.Error(), "0.01 to 1000000") {
			t.Errorf("unclear refusal: %v", err)
		}
	}
}
