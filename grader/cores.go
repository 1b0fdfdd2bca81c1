package grader

import (
	"context"
	"sync"

	"github.com/cs540-tools/autograder/sandbox"
)

// Cores shares the machine's cores among the builds and runs of a batch,
// so that waiting is not working: each takes a core before it starts and
// gives it back when it ends, or as soon as the sandbox sees its box
// waiting (asleep, blocked, waiting out its wall limit; see
// sandbox.WithWaiting), when the next run may start. A program that
// sleeps in every case then costs the batch its wall limits side by side,
// not one after the other, and one that loops costs its CPU limits: the
// cores stay busy with work. How a run ends never depends on this: a
// waiting run keeps running to its own end, under its own limits.
type Cores struct {
	busy chan struct{} // a token per core in use
	live chan struct{} // a token per build or run under way, waiting or not
}

// NewCores shares n cores (at least 1). At most n builds and runs wait
// beyond the n that work: a program that waits, then works again, keeps
// its box running without a core, and this bounds the machine's load it
// can cause to twice its cores (each run's wall limit is well above its
// CPU limit).
func NewCores(n int) *Cores {
	n = max(n, 1)
	return &Cores{busy: make(chan struct{}, n), live: make(chan struct{}, 2*n)}
}

// take waits for a core; the context it returns gives the core back when
// the sandbox sees the work waiting, and done gives it back, if that has
// not happened, and ends the work's share.
func (c *Cores) take(ctx context.Context) (_ context.Context, done func(), err error) {
	select {
	case c.live <- struct{}{}:
	case <-ctx.Done():
		return ctx, nil, ctx.Err()
	}
	select {
	case c.busy <- struct{}{}:
	case <-ctx.Done():
		<-c.live
		return ctx, nil, ctx.Err()
	}
	var once sync.Once
	free := func() { once.Do(func() { <-c.busy }) }
	return sandbox.WithWaiting(ctx, free), func() { free(); <-c.live }, nil
}
