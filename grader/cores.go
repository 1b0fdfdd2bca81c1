package grader

import (
	"context"
	"slices"
	"sync"

	"github.com/cs540-tools/autograder/sandbox"
)

// Cores shares the machine among the builds and runs of a batch, so that
// waiting is not working: how many run at once is bounded by the CPU they
// use and the memory they may hold, not by their count.
//
//   - CPU: each takes a core before it starts, and gives it back when it
//     ends, or as soon as the sandbox sees its box waiting (asleep,
//     blocked on input, a pipe or a lock; see sandbox.WithWaiting), when
//     the next may start. One that works again counts on a core again at
//     once (it runs whether or not one is free) and nothing new starts
//     until the working ones are within the cores.
//   - Memory: the memory limits of all that are under way, working or
//     waiting, add up to at most the budget (one alone may exceed it).
//
// A program that sleeps in every case then costs the batch one wall limit
// for all its cases at once, and one that loops costs its CPU limits on
// the cores. How a run ends never depends on this: a waiting run keeps
// running to its own end, under its own limits; its CPU limit counts CPU
// time, and its wall limit does not count the time it waited for a core
// while more worked than there are cores (see sandbox.Limits.Wall).
type Cores struct {
	n      int
	budget int64 // bytes; 0: no bound

	mu     sync.Mutex
	busy   int       // work counted on a core: started, or seen working again
	held   int64     // the memory limits of the work under way
	live   int       // work under way
	peak   int       // the most under way at once
	queued []*waiter // work waiting to start, first come first served
}

// waiter is work waiting for Cores to start it: ready is closed once it
// may.
type waiter struct {
	mem   int64
	ready chan struct{}
}

// NewCores shares n cores (at least 1), with a memory budget of three
// quarters of the memory the machine has available now
// (sandbox.AvailableMemory; none where it cannot tell).
func NewCores(n int) *Cores {
	return NewCoresMemory(n, sandbox.AvailableMemory()/4*3)
}

// NewCoresMemory shares n cores (at least 1) and a memory budget in bytes
// (0: no bound).
func NewCoresMemory(n int, budget int64) *Cores {
	return &Cores{n: max(n, 1), budget: max(budget, 0)}
}

// Peak is the most builds and runs that were under way at once.
func (c *Cores) Peak() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.peak
}

// take waits for a core and mem bytes of the budget (a run's memory
// limit); the context it returns gives the core back when the sandbox
// sees the work waiting, and counts it again when it works again, and
// done ends the work's share.
func (c *Cores) take(ctx context.Context, mem int64) (_ context.Context, done func(), err error) {
	c.mu.Lock()
	if len(c.queued) == 0 && c.fits(mem) {
		c.start(mem)
		c.mu.Unlock()
	} else {
		w := &waiter{mem: mem, ready: make(chan struct{})}
		c.queued = append(c.queued, w)
		c.mu.Unlock()
		select {
		case <-w.ready:
		case <-ctx.Done():
			c.mu.Lock()
			defer c.mu.Unlock()
			select {
			case <-w.ready: // started meanwhile: give it back
				c.busy--
				c.end(mem)
			default:
				c.queued = slices.DeleteFunc(c.queued, func(x *waiter) bool { return x == w })
				c.wake()
			}
			return ctx, nil, ctx.Err()
		}
	}
	onCore := true
	waiting := func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if onCore {
			onCore = false
			c.busy--
			c.wake()
		}
	}
	working := func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if !onCore {
			onCore = true
			c.busy++
		}
	}
	var once sync.Once
	done = func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if onCore {
				c.busy--
			}
			c.end(mem)
		})
	}
	return sandbox.WithWaiting(ctx, waiting, working), done, nil
}

// fits reports whether work of mem bytes may start now.
func (c *Cores) fits(mem int64) bool {
	return c.busy < c.n && (c.budget == 0 || c.live == 0 || c.held+mem <= c.budget)
}

// start counts work of mem bytes started.
func (c *Cores) start(mem int64) {
	c.busy++
	c.held += mem
	c.live++
	c.peak = max(c.peak, c.live)
}

// end counts work of mem bytes ended, and starts what may start.
func (c *Cores) end(mem int64) {
	c.held -= mem
	c.live--
	c.wake()
}

// wake starts the work waiting, in order, while the first fits.
func (c *Cores) wake() {
	for len(c.queued) > 0 && c.fits(c.queued[0].mem) {
		w := c.queued[0]
		c.queued = c.queued[1:]
		c.start(w.mem)
		close(w.ready)
	}
}
