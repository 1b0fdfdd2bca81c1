package similarity

import (
	"math"
	"testing"
)

// TestSuggest: a clear gap between the independent and the copied is
// the threshold; without one, the two-group split; too few, none.
func TestSuggest(t *testing.T) {
	for _, tt := range []struct {
		name    string
		highest []float64
		want    float64
		gap     bool
		ok      bool
	}{
		{"gap", []float64{0.05, 0.07, 0.08, 0.1, 0.12, 0.9, 0.95, 0.97}, 0.51, true, true},
		{"gap above those sharing nothing ignored", []float64{0, 0.3, 0.32, 0.35, 0.36, 0.37, 0.4, 0.8, 0.82}, 0.6, true, true},
		{"no gap: two groups", []float64{0.2, 0.22, 0.24, 0.26, 0.3, 0.38, 0.4, 0.42, 0.44}, 0.34, false, true},
		{"one group: the default", []float64{0.97, 0.98, 0.985, 0.99, 1, 1}, 0.5, false, true},
		{"too few", []float64{0.1, 0.9, 0.95}, 0, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Suggest(tt.highest)
			if ok != tt.ok || math.Abs(got.Score-tt.want) > 1e-9 || ok && (got.Above > 0) != tt.gap {
				t.Errorf("Suggest(%v) = %+v, %v; want %v (gap %v), %v", tt.highest, got, ok, tt.want, tt.gap, tt.ok)
			}
		})
	}
}
