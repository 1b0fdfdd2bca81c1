package sandbox

import "time"

// Hooks are what Run calls, when they are set (Spec.Waiting), as the
// box it runs seems to be waiting rather than working: Waiting when it
// has used less than a twentieth of a core over the last WaitWindow
// (asleep, blocked on input that never comes, waiting out its wall
// limit), and none of its threads was kept from running by others for
// long (a box starved of cores on a loaded machine is not waiting); and
// Working (which may be nil) when, after that, it works again: it has
// used a quarter of a core or more over the last WaitWindow, or waited
// for a core. Each may be called again after the other, in turn, Waiting
// first. A scheduler gives the box's core to other work while it waits
// and counts it again once it works (grader.Cores). It is a hint, not a
// verdict: how the run ends does not depend on it. Only the full tier,
// whose cgroup counts the box's CPU, can tell; the other tiers never call
// them.
type Hooks struct{ Waiting, Working func() }

// WaitWindow is how long a box must use almost no CPU to count as waiting.
const WaitWindow = 250 * time.Millisecond

// idleWatch decides from samples of a box's CPU time whether it waits.
type idleWatch struct {
	at   []time.Duration // wall time of each sample since the box started
	cpu  []time.Duration // the box's CPU time then
	idle bool            // the box was last seen waiting
}

// rate adds a sample and returns the wall time of the window (the last
// WaitWindow or more, less when the box is younger) and the CPU time the
// box used in it.
func (w *idleWatch) rate(at, cpu time.Duration) (span, used time.Duration) {
	w.at = append(w.at, at)
	w.cpu = append(w.cpu, cpu)
	// Drop the samples older than the window needs.
	for len(w.at) > 1 && at-w.at[1] >= WaitWindow {
		w.at, w.cpu = w.at[1:], w.cpu[1:]
	}
	return at - w.at[0], cpu - w.cpu[0]
}

// waiting adds a sample and reports whether, over the last WaitWindow or
// more, the box used less than a twentieth of a core.
func (w *idleWatch) waiting(at, cpu time.Duration) bool {
	span, used := w.rate(at, cpu)
	return span >= WaitWindow && used*20 < span
}

// turn adds a sample and reports whether the box has just started to
// wait (waiting) or, having waited, to work again (working): over the
// last WaitWindow, less than a twentieth of a core and, busy false, no
// thread of it ran or waited for a core through half the last span the
// stall clock read (a box starved of cores is not waiting); or a quarter
// of a core or more, or busy.
func (w *idleWatch) turn(at, cpu time.Duration, busy bool) (waiting, working bool) {
	span, used := w.rate(at, cpu)
	switch {
	case span < WaitWindow:
	case !w.idle && used*20 < span && !busy:
		w.idle = true
		return true, false
	case w.idle && (used*4 >= span || busy):
		w.idle = false
		return false, true
	}
	return false, false
}
