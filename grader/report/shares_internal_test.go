package report

import (
	"math"
	"slices"
	"testing"
)

// TestFitShares: for every split of passed and failed cases, the tests'
// max scores add up to the part's points and their scores to the part's
// score as the rubric rounds it, a passed case scoring its max score and a
// failed one nothing (issue 28, item 5); with partial credit, the scores
// still add up, each within its max score.
func TestFitShares(t *testing.T) {
	for _, points := range []float64{1, 5, 7.5, 10, 15, 0.01} {
		for n := 1; n <= 7; n++ {
			for mask := 0; mask < 1<<n; mask++ {
				credits := make([]float64, n)
				k := 0
				for i := range credits {
					if mask&(1<<i) != 0 {
						credits[i], k = 1, k+1
					}
				}
				score := math.Round(points*float64(k)/float64(n)*100) / 100
				max, got := fitShares(points, score, credits)
				checkFit(t, points, score, credits, max, got, true)
			}
		}
	}
	for _, credits := range [][]float64{{0.5, 1, 0.333}, {0.999, 1, 1}, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7}, {1, 0.25, 0, 0.75}} {
		sum := 0.0
		for _, c := range credits {
			sum += c
		}
		score := math.Round(10*sum/float64(len(credits))*100) / 100
		max, got := fitShares(10, score, credits)
		checkFit(t, 10, score, credits, max, got, false)
	}
}

func checkFit(t *testing.T, points, score float64, credits, max, got []float64, whole bool) {
	t.Helper()
	var maxC, gotC int64
	for i := range credits {
		maxC += int64(math.Round(max[i] * 100))
		gotC += int64(math.Round(got[i] * 100))
		if got[i] < 0 || got[i] > max[i] {
			t.Errorf("%v of %v over %v: case %d scores %v of %v", score, points, credits, i, got[i], max[i])
		}
		if whole && max[i] > 0 && (credits[i] == 1) != (got[i] == max[i]) {
			t.Errorf("%v of %v over %v: case %d scores %v of %v", score, points, credits, i, got[i], max[i])
		}
	}
	if maxC != int64(math.Round(points*100)) || gotC != int64(math.Round(score*100)) {
		t.Errorf("%v of %v over %v: max scores %v add up to %d cents, scores %v to %d", score, points, credits, max, maxC, got, gotC)
	}
}

// Weighted tests (unit tests' points) get max scores in proportion to
// their weights and scores adding up to the part's score, a failed test
// none.
func TestFitWeighted(t *testing.T) {
	for _, tc := range []struct {
		points, score    float64
		credits, weights []float64
		wantMax, wantGot []float64
	}{
		{10, 6.25, []float64{1, 0, 1, 1}, []float64{1, 3, 3, 1}, []float64{1.25, 3.75, 3.75, 1.25}, []float64{1.25, 0, 3.75, 1.25}},
		{10, 3.33, []float64{1, 0, 0}, []float64{1, 1, 1}, []float64{3.33, 3.33, 3.34}, []float64{3.33, 0, 0}},
		{4, 1, []float64{1, 0}, []float64{1, 3}, []float64{1, 3}, []float64{1, 0}},
		{7, 7, []float64{1, 1, 1}, []float64{2, 2, 3}, []float64{2, 2, 3}, []float64{2, 2, 3}},
	} {
		max, got := fitWeighted(tc.points, tc.score, tc.credits, tc.weights)
		if !slices.Equal(max, tc.wantMax) || !slices.Equal(got, tc.wantGot) {
			t.Errorf("fitWeighted(%v, %v, %v, %v) = %v, %v; want %v, %v", tc.points, tc.score, tc.credits, tc.weights, max, got, tc.wantMax, tc.wantGot)
		}
	}
}
