package report

import (
	"math"
	"slices"
	"testing"
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
