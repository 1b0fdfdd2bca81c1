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
//     blocked on input, a pipe or a lock; see sandbox.Hooks), when
//     the next may start. One that works again counts on a core again at
//     once (it runs whether or not one is free) and nothing new starts
//     until the working ones are within the cores.
//   - Memory: the memory limits of all that are under way, working or
//     waiting, add up to at most the budget (one alone may exceed it).
//   - Order: a batch gives each submission a Share of the cores; a freed
//     core goes to the share with the least work on a core, so that the
//     runs of one that waits never queue behind those of one that works.
//
// A program that sleeps in every case then costs the batch one wall limit
// for all its cases at once, and one that loops costs its CPU limits on
// the cores. How a run ends never depends on this: a waiting run keeps
// running to its own end, under its own limits; its CPU limit counts CPU
// time, and its wall limit does not count the time it waited for a core
// while more worked than there are cores (see sandbox.Limits.Wall).
type Cores struct {
	*pool
	share *share // whose work this is (Share)
}

// pool is what all the Cores of a batch share.
type pool struct {
	n      int
	budget int64 // bytes; 0: no bound

	mu     sync.Mutex
	busy   int       // work counted on a core: started, or seen working again
	held   int64     // the memory limits of the work under way
	live   int       // work under way
	peak   int       // the most under way at once
	queued []*waiter // work waiting to start, in the order it came
}

// share is the work of one Cores (one submission's, say), counted on the
// cores; see Share.
type share struct{ busy int }

// waiter is work waiting for Cores to start it: ready is closed once it
// may.
type waiter struct {
	mem   int64
	share *share
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
	return &Cores{pool: &pool{n: max(n, 1), budget: max(budget, 0)}, share: &share{}}
}

// Share returns the same cores for work of its own (a submission's), to
// be started fairly beside the others': when a core is free, the work
// that waited longest of those whose share has the least work on a core
// starts first. So a submission whose runs wait (asleep, their cores
// given back) never queues behind the runs of one that works on every
// core, and its wall limits run out beside that one's CPU limits, not
// after them.
func (c *Cores) Share() *Cores {
	return &Cores{pool: c.pool, share: &share{}}
}

// count is how many cores c shares (1 for a nil c).
func (c *Cores) count() int {
	if c == nil {
		return 1
	}
	return c.n
}

// Peak is the most builds and runs that were under way at once.
func (c *Cores) Peak() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.peak
}

// take waits for a core and mem bytes of the budget (a run's memory
// limit); the hooks it returns, which the work's boxes are to be given
// (sandbox.Spec.Waiting), give the core back when the sandbox sees the
// work waiting, and count it again when it works again, and done ends
// the work's share.
func (c *Cores) take(ctx context.Context, mem int64) (_ sandbox.Hooks, done func(), err error) {
	c.mu.Lock()
	if len(c.queued) == 0 && c.fits(mem) {
		c.start(mem, c.share)
		c.mu.Unlock()
	} else {
		w := &waiter{mem: mem, share: c.share, ready: make(chan struct{})}
		c.queued = append(c.queued, w)
		c.mu.Unlock()
		select {
		case <-w.ready:
		case <-ctx.Done():
			c.mu.Lock()
			defer c.mu.Unlock()
			select {
			case <-w.ready: // started meanwhile: give it back
				c.onCore(c.share, -1)
				c.end(mem)
			default:
				c.queued = slices.DeleteFunc(c.queued, func(x *waiter) bool { return x == w })
				c.wake()
			}
			return sandbox.Hooks{}, nil, ctx.Err()
		}
	}
	onCore := true
	waiting := func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if onCore {
			onCore = false
			c.onCore(c.share, -1)
			c.wake()
		}
	}
	working := func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if !onCore {
			onCore = true
			c.onCore(c.share, +1)
		}
	}
	var once sync.Once
	done = func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if onCore {
				c.onCore(c.share, -1)
			}
			c.end(mem)
		})
	}
	return sandbox.Hooks{Waiting: waiting, Working: working}, done, nil
}

// fits reports whether work of mem bytes may start now.
func (p *pool) fits(mem int64) bool {
	return p.busy < p.n && (p.budget == 0 || p.live == 0 || p.held+mem <= p.budget)
}

// onCore counts d more of sh's work on a core.
func (p *pool) onCore(sh *share, d int) {
	p.busy += d
	sh.busy += d
}

// start counts work of mem bytes of sh started.
func (p *pool) start(mem int64, sh *share) {
	p.onCore(sh, +1)
	p.held += mem
	p.live++
	p.peak = max(p.peak, p.live)
}

// end counts work of mem bytes ended, and starts what may start.
func (p *pool) end(mem int64) {
	p.held -= mem
	p.live--
	p.wake()
}

// wake starts the work waiting, the next first (next), while it fits.
func (p *pool) wake() {
	for len(p.queued) > 0 {
		i := p.next()
		w := p.queued[i]
		if !p.fits(w.mem) {
			return
		}
		p.queued = slices.Delete(p.queued, i, i+1)
		p.start(w.mem, w.share)
		close(w.ready)
	}
}

// next is the index in queued of the work to start next: the first of a
// share with the least work on a core.
func (p *pool) next() int {
	best := 0
	for i, w := range p.queued {
		if w.share.busy < p.queued[best].share.busy {
			best = i
		}
	}
	return best
}
