package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
)

func TestIdleWatch(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, tc := range []struct {
		name    string
		samples [][2]int // wall, CPU in ms
		want    bool     // after the last sample
	}{
		{"too early to tell", [][2]int{{50, 0}, {100, 0}, {150, 0}, {200, 0}}, false},
		{"asleep for a window", [][2]int{{50, 0}, {100, 0}, {150, 0}, {200, 0}, {300, 0}}, true},
		{"working", [][2]int{{50, 40}, {100, 90}, {150, 140}, {200, 190}, {300, 290}}, false},
		{"a JVM's start, then asleep", [][2]int{{50, 50}, {100, 100}, {150, 110}, {200, 110}, {300, 111}, {400, 112}}, true},
		{"asleep, then working again", [][2]int{{50, 0}, {100, 0}, {150, 0}, {200, 0}, {250, 30}, {300, 80}, {350, 130}}, false},
		{"a twentieth of a core is working", [][2]int{{0, 0}, {100, 5}, {200, 10}, {300, 15}}, false},
		{"less is waiting", [][2]int{{0, 0}, {100, 4}, {200, 8}, {300, 12}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w idleWatch
			got := false
			for _, s := range tc.samples {
				got = w.waiting(ms(s[0]), ms(s[1]))
			}
			if got != tc.want {
				t.Errorf("waiting = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestIdleTurns: a box seen waiting, then working again, in turn; a box
// starved of cores (busy: a thread of it waited for one) is not waiting.
func TestIdleTurns(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	type sample struct {
		at, cpu int // ms
		busy    bool
		turn    string // "waiting", "working" or ""
	}
	for _, tc := range []struct {
		name    string
		samples []sample
	}{
		{"asleep, then working, then asleep", []sample{{0, 0, false, ""}, {300, 1, false, "waiting"}, {350, 1, false, ""}, {600, 100, false, "working"}, {900, 101, false, "waiting"}}},
		{"starved of cores is not waiting", []sample{{0, 0, true, ""}, {300, 1, true, ""}, {600, 2, true, ""}}},
		{"waiting, then starved, counts as working", []sample{{0, 0, false, ""}, {300, 1, false, "waiting"}, {600, 2, true, "working"}}},
		{"a little work is not working again", []sample{{0, 0, false, ""}, {300, 1, false, "waiting"}, {600, 30, false, ""}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w idleWatch
			for i, s := range tc.samples {
				waits, works := w.turn(ms(s.at), ms(s.cpu), s.busy)
				got := ""
				if waits {
					got = "waiting"
				}
				if works {
					got = "working"
				}
				if got != s.turn {
					t.Fatalf("sample %d: turn %q, want %q", i+1, got, s.turn)
				}
			}
		})
	}
}

// TestWaitingBox: a box that sleeps is seen waiting long before its wall
// limit (the hook cancels the run). Whether a working box is ever taken
// for a waiting one depends on the machine's load; it changes only which
// run starts next, and is left untested.
func TestWaitingBox(t *testing.T) {
	if Detect() < TierFull {
		testenv.Missing(t, "tier %s: only the full tier's cgroup tells a waiting box", Detect())
	}
	seen := errors.New("seen waiting")
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	spec := sh("sleep 100")
	spec.Limits.Wall = time.Minute
	spec.Waiting = Hooks{Waiting: func() { cancel(seen) }}
	_, err := Run(ctx, spec)
	if err == nil || !errors.Is(context.Cause(ctx), seen) {
		t.Fatalf("a sleeping box ran to its wall limit unseen (err %v)", err)
	}
}
