package sandbox

import (
	"context"
	"time"
)

type waitingKey struct{}

// WithWaiting returns a context under which Run calls f, once, when the
// box it runs seems to be waiting rather than working: it has used less
// than a twentieth of a core over the last WaitWindow (asleep, blocked on
// input that never comes, waiting out its wall limit). A scheduler gives
// the box's core to other work then (grader.Cores). It is a hint, not a
// verdict: a box may work again afterwards, and how the run ends does not
// depend on it. Only the full tier, whose cgroup counts the box's CPU, can
// tell; the other tiers never call f.
func WithWaiting(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, waitingKey{}, f)
}

// Waiting returns the function WithWaiting put in ctx, or nil. Run calls
// it; so may a runner that knows otherwise that its work waits.
func Waiting(ctx context.Context) func() {
	f, _ := ctx.Value(waitingKey{}).(func())
	return f
}

// WaitWindow is how long a box must use almost no CPU to count as waiting.
const WaitWindow = 250 * time.Millisecond

// idleWatch decides from samples of a box's CPU time whether it waits.
type idleWatch struct {
	at  []time.Duration // wall time of each sample since the box started
	cpu []time.Duration // the box's CPU time then
}

// waiting adds a sample and reports whether, over the last WaitWindow or
// more, the box used less than a twentieth of a core.
func (w *idleWatch) waiting(at, cpu time.Duration) bool {
	w.at = append(w.at, at)
	w.cpu = append(w.cpu, cpu)
	// Drop the samples older than the window needs.
	for len(w.at) > 1 && at-w.at[1] >= WaitWindow {
		w.at, w.cpu = w.at[1:], w.cpu[1:]
	}
	span := at - w.at[0]
	return span >= WaitWindow && (cpu-w.cpu[0])*20 < span
}
