package report

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/cs540-tools/autograder/grader"
)

// TestTestMax: for every split of passed and failed cases, the tests'
// max scores add up to the part's points and are the same whatever
// passed; a passed case scores its max score, a failed one nothing; the
// part's score as the rubric rounds it differs from the tests' sum by
// less than a cent per case (what the rounding test carries).
func TestTestMax(t *testing.T) {
	for _, points := range []float64{1, 5, 7.5, 10, 15, 0.01} {
		for n := 1; n <= 7; n++ {
			max := testMax(points, make([]float64, n), false)
			var maxC int64
			for _, m := range max {
				maxC += int64(math.Round(m * 100))
			}
			if maxC != int64(math.Round(points*100)) {
				t.Errorf("%v over %d: max scores %v add up to %d cents", points, n, max, maxC)
			}
			for mask := 0; mask < 1<<n; mask++ {
				k, gotC := 0, int64(0)
				for i := range n {
					credit := 0.0
					if mask&(1<<i) != 0 {
						credit, k = 1, k+1
					}
					got := earned(max[i], credit)
					if (credit == 1) != (got == max[i] && max[i] > 0) && max[i] > 0 {
						t.Errorf("%v over %d: case %d of credit %v scores %v of %v", points, n, i, credit, got, max[i])
					}
					gotC += int64(math.Round(got * 100))
				}
				score := int64(math.Round(points * float64(k) / float64(n) * 100))
				if d := score - gotC; d < -int64(n) || d > int64(n) {
					t.Errorf("%v over %d, %d passed: rounding %d cents", points, n, k, d)
				}
			}
		}
	}
}

// Weighted tests (unit tests' points) get max scores in proportion to
// their weights, the same whatever passed.
func TestTestMaxWeighted(t *testing.T) {
	for _, tc := range []struct {
		points  float64
		weights []float64
		want    []float64
	}{
		{10, []float64{1, 3, 3, 1}, []float64{1.25, 3.75, 3.75, 1.25}},
		{10, []float64{1, 1, 2}, []float64{2.5, 2.5, 5}},
		{10, []float64{1, 1, 1}, []float64{3.33, 3.33, 3.34}},
		{4, []float64{1, 3}, []float64{1, 3}},
		{7, []float64{2, 2, 3}, []float64{2, 2, 3}},
	} {
		if got := testMax(tc.points, tc.weights, true); !slices.Equal(got, tc.want) {
			t.Errorf("testMax(%v, %v) = %v; want %v", tc.points, tc.weights, got, tc.want)
		}
	}
}

// earned: full credit its max, partial credit its share to the cent.
func TestEarned(t *testing.T) {
	for _, tc := range []struct{ max, credit, want float64 }{
		{3.34, 1, 3.34}, {3.33, 0, 0}, {2, 0.5, 1}, {3.33, 0.333, 1.11},
	} {
		if got := earned(tc.max, tc.credit); got != tc.want {
			t.Errorf("earned(%v, %v) = %v; want %v", tc.max, tc.credit, got, tc.want)
		}
	}
}

// TestNegativeDeductionRoundsOneWay: a deduction rounds to the cent the
// same way in the total (grader.Round2), the histogram's caption and
// Gradescope's test of the manual grading: half away from zero, a
// negative number as its positive with a minus.
func TestNegativeDeductionRoundsOneWay(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{
		{-0.3, "-0.3"}, {-0.125, "-0.13"}, {-2.5, "-2.5"}, {-1.005, "-1"}, {-0.333, "-0.33"}, {-0.666, "-0.67"},
		{0.125, "0.13"}, {0.3, "0.3"},
	} {
		if got := num(grader.Round2(tc.x)); got != tc.want {
			t.Errorf("grader.Round2(%v) = %s; want %s", tc.x, got, tc.want)
		}
		if got := grader.FormatPoints(tc.x); got != tc.want {
			t.Errorf("grader.FormatPoints(%v) = %s; want %s", tc.x, got, tc.want)
		}
		if got, want := summary([]float64{tc.x}), fmt.Sprintf("1 scores, mean %s, median %s", tc.want, tc.want); got != want {
			t.Errorf("histogram caption of %v: %q; want %q", tc.x, got, want)
		}
		r := grader.Result{Score: tc.x, Manual: &grader.Manual{Auto: 0, Comments: []grader.ManualComment{{File: "A.java", Line: 1, Text: "x"}}}}
		if got := num(manualTest(r).Score); got != tc.want {
			t.Errorf("Gradescope's manual test of %v: %s; want %s", tc.x, got, tc.want)
		}
	}
}
