package report

import (
	"math"
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
