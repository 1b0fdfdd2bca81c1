package rubric

import (
	"testing"
	"time"
)

// The handout's policy: 10% off for up to 1 day late, 25% up to 2, 50% up
// to 3, not accepted after.
var handout = Late{
	Given:     true,
	Deadline:  time.Date(2025, 3, 5, 9, 30, 0, 0, time.FixedZone("CST", -6*3600)),
	Penalties: []float64{10, 25, 50},
}

func TestPenalty(t *testing.T) {
	for _, tc := range []struct {
		late     Late
		days     int
		percent  float64
		accepted bool
	}{
		{handout, -1, 0, true},
		{handout, 0, 0, true},
		{handout, 1, 10, true},
		{handout, 2, 25, true},
		{handout, 3, 50, true},
		{handout, 4, 100, false},
		{handout, 365, 100, false},
		{Late{Given: true}, 0, 0, true},
		{Late{Given: true}, 1, 100, false},
		{Late{Given: true, Penalties: []float64{0, 0}}, 2, 0, true},
		// No [late] table: no policy, late work is graded as on time.
		{Late{}, 1, 0, true},
		{Late{Penalties: []float64{10}}, 5, 0, true},
	} {
		percent, accepted := tc.late.Penalty(tc.days)
		if percent != tc.percent || accepted != tc.accepted {
			t.Errorf("%v.Penalty(%d) = %v, %v; want %v, %v", tc.late.Penalties, tc.days, percent, accepted, tc.percent, tc.accepted)
		}
	}
}

func TestDaysLate(t *testing.T) {
	d := handout.Deadline
	for _, tc := range []struct {
		submitted time.Time
		want      int
	}{
		{d.Add(-72 * time.Hour), 0},
		{d.Add(-time.Nanosecond), 0},
		{d, 0},
		{d.Add(time.Nanosecond), 1},
		{d.Add(time.Second), 1},
		{d.Add(24 * time.Hour), 1},
		{d.Add(24*time.Hour + time.Second), 2},
		{d.Add(48 * time.Hour), 2},
		{d.Add(71 * time.Hour), 3},
		{d.Add(72*time.Hour + time.Minute), 4},
		{d.AddDate(1, 0, 0), 365},
		// The same instant in another zone.
		{time.Date(2025, 3, 5, 15, 30, 1, 0, time.UTC), 1},
		{time.Date(2025, 3, 5, 15, 30, 0, 0, time.UTC), 0},
		// Across the start of daylight saving time (9 March 2025 in the
		// US): days are 24-hour periods, not calendar days.
		{time.Date(2025, 3, 10, 10, 30, 0, 0, time.FixedZone("CDT", -5*3600)), 5},
		// A timestamp centuries away saturates instead of overflowing.
		{time.Date(2900, 1, 1, 0, 0, 0, 0, time.UTC), int((1<<63-1)/int64(24*time.Hour)) + 1},
	} {
		if got := handout.DaysLate(tc.submitted); got != tc.want {
			t.Errorf("DaysLate(%v) = %d, want %d", tc.submitted, got, tc.want)
		}
	}
	if got := (Late{}).DaysLate(d.AddDate(1, 0, 0)); got != 0 {
		t.Errorf("DaysLate without a deadline = %d, want 0", got)
	}
}

func TestPenaltyFromRubric(t *testing.T) {
	r, err := Load("testdata/full.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !r.Late.Deadline.Equal(handout.Deadline) {
		t.Errorf("deadline %v, want %v", r.Late.Deadline, handout.Deadline)
	}
	submitted := time.Date(2025, 3, 7, 9, 0, 0, 0, time.FixedZone("CST", -6*3600)) // 47.5 hours late
	days := r.Late.DaysLate(submitted)
	if percent, ok := r.Late.Penalty(days); days != 2 || percent != 25 || !ok {
		t.Errorf("47.5 hours late: %d days, %v%%, accepted %v; want 2 days, 25%%, accepted", days, percent, ok)
	}
}
