package warm

import (
	"testing"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// never is a clock whose time never comes: await decides on what the
// sandbox said before it asked.
func never(time.Duration) <-chan time.Time { return nil }

// now is a clock whose time has come.
func now(time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	ch <- time.Time{}
	return ch
}

// The sandbox's word reaches both the hooks asleep watches (the batch's
// cores') and asleep, in turn.
func TestAsleepFollowsTheSandbox(t *testing.T) {
	var told []string
	h := sandbox.Hooks{Waiting: func() { told = append(told, "waiting") }, Working: func() { told = append(told, "working") }}
	a := newAsleep()
	w := a.watch(h)
	waiting, working := w.Waiting, w.Working
	if a.await(0, now) {
		t.Fatal("seen waiting before the sandbox said so")
	}
	waiting()
	if !a.await(0, never) {
		t.Fatal("not seen waiting once the sandbox said so")
	}
	working()
	if a.await(0, now) {
		t.Fatal("seen waiting after the sandbox said the box works again")
	}
	waiting()
	if !a.await(0, never) {
		t.Fatal("not seen waiting once the sandbox said so again")
	}
	if want := []string{"waiting", "working", "waiting"}; len(told) != 3 || told[0] != want[0] || told[1] != want[1] || told[2] != want[2] {
		t.Errorf("the watched hooks were told %q, want %q", told, want)
	}
}

// A word that comes while await waits counts; without one, await gives
// up when its time comes. Watching no hooks is no matter.
func TestAsleepAwait(t *testing.T) {
	a := newAsleep()
	waiting := a.watch(sandbox.Hooks{}).Waiting
	late := make(chan time.Time)
	go func() {
		waiting() // while await waits; its time never comes
	}()
	if !a.await(0, func(time.Duration) <-chan time.Time { return late }) {
		t.Fatal("a word that came while await waited did not count")
	}
}
