package grader

import (
	"context"
	"runtime"
	"testing"

	"github.com/cs540-tools/autograder/sandbox"
)

// startsNow reports whether work of mem bytes would start at once: take
// with a context already ended starts only what fits.
func startsNow(t *testing.T, c *Cores, mem int64) (sandbox.Hooks, func(), bool) {
	t.Helper()
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	w, done, err := c.take(ended, mem)
	if err != nil {
		return sandbox.Hooks{}, nil, false
	}
	return w, done, true
}

// A run that waits gives its core to the next; once it works again it
// counts on a core again, and nothing new starts until one is free.
func TestCoresWaitingAndWorkingAgain(t *testing.T) {
	c := NewCoresMemory(1, 0)
	first, doneFirst, ok := startsNow(t, c, 1)
	if !ok {
		t.Fatal("the first run did not start on a free core")
	}
	if _, _, ok := startsNow(t, c, 1); ok {
		t.Fatal("a second run started while the first worked on the only core")
	}
	waiting, working := first.Waiting, first.Working
	waiting()
	_, doneSecond, ok := startsNow(t, c, 1)
	if !ok {
		t.Fatal("a run did not start on the core a waiting run gave back")
	}
	doneSecond()
	working()
	if _, _, ok := startsNow(t, c, 1); ok {
		t.Fatal("a run started while the first, working again, counts on the only core")
	}
	waiting()
	waiting() // twice is once
	_, doneThird, ok := startsNow(t, c, 1)
	if !ok {
		t.Fatal("a run did not start once the first waited again")
	}
	doneFirst()
	doneFirst() // twice is once
	doneThird()
	if _, _, ok := startsNow(t, c, 1); !ok {
		t.Fatal("a run did not start once all had ended")
	}
	if got := c.Peak(); got != 2 {
		t.Errorf("peak %d under way at once, want 2", got)
	}
}

// The memory budget bounds the work under way, waiting or not; work
// larger than the budget starts alone.
func TestCoresMemory(t *testing.T) {
	c := NewCoresMemory(8, 100)
	a, doneA, _ := startsNow(t, c, 60)
	a.Waiting()
	if _, _, ok := startsNow(t, c, 60); ok {
		t.Fatal("two runs of 60 started within a budget of 100")
	}
	_, doneB, ok := startsNow(t, c, 40)
	if !ok {
		t.Fatal("a run of 40 did not start beside one of 60 in a budget of 100")
	}
	doneA()
	doneB()
	_, doneBig, ok := startsNow(t, c, 500)
	if !ok {
		t.Fatal("a run larger than the budget did not start alone")
	}
	if _, _, ok := startsNow(t, c, 1); ok {
		t.Fatal("a run started beside one larger than the budget")
	}
	doneBig()
}

// Work that gave up waiting to start leaves the queue, and what it held
// up starts.
func TestCoresGiveUp(t *testing.T) {
	c := NewCoresMemory(1, 100)
	_, doneA, _ := startsNow(t, c, 10)
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan error)
	go func() {
		_, _, err := c.take(ctx, 10)
		started <- err
	}()
	for { // until it is queued
		c.mu.Lock()
		n := len(c.queued)
		c.mu.Unlock()
		if n == 1 {
			break
		}
		runtime.Gosched()
	}
	cancel()
	if err := <-started; err == nil {
		t.Fatal("take did not give up with its context")
	}
	doneA()
	if _, _, ok := startsNow(t, c, 10); !ok {
		t.Fatal("a run did not start after the one queued gave up")
	}
}

// queued is work waiting in take for a core.
type queued struct {
	w    *waiter
	done chan func()
}

// started reports whether the queued work has started: take closes its
// ready under the lock, as the core is freed.
func (q queued) started() bool {
	select {
	case <-q.w.ready:
		return true
	default:
		return false
	}
}

// end ends the work once started.
func (q queued) end() { (<-q.done)() }

// queue has take wait for a core in a goroutine, and returns once the
// work is queued.
func queue(t *testing.T, c *Cores) queued {
	t.Helper()
	q := queued{done: make(chan func(), 1)}
	c.mu.Lock()
	n := len(c.queued)
	c.mu.Unlock()
	go func() {
		_, done, err := c.take(context.Background(), 1)
		if err != nil {
			panic(err)
		}
		q.done <- done
	}()
	for { // until it is queued
		c.mu.Lock()
		if len(c.queued) > n {
			q.w = c.queued[len(c.queued)-1]
		}
		c.mu.Unlock()
		if q.w != nil {
			return q
		}
		runtime.Gosched()
	}
}

// A freed core goes to the share with the least work on a core, not to
// the work that came first: a submission whose runs wait starts its next
// run before one that works on every core starts another.
func TestCoresFairShares(t *testing.T) {
	pool := NewCoresMemory(2, 0)
	looper, sleeper := pool.Share(), pool.Share()
	s1, _, _ := startsNow(t, sleeper, 1)
	s1.Waiting() // asleep: its core given back
	_, l1, ok1 := startsNow(t, looper, 1)
	_, l2, ok2 := startsNow(t, looper, 1)
	if !ok1 || !ok2 {
		t.Fatal("the looper's two runs did not start on the cores the sleeper left")
	}
	l3 := queue(t, looper) // came first
	s2 := queue(t, sleeper)
	l1()
	if l3.started() || !s2.started() {
		t.Fatalf("a freed core: the looper's third run started %v, the sleeper's second %v; want the sleeper's, whose share had none on a core",
			l3.started(), s2.started())
	}
	s2.end()
	if !l3.started() {
		t.Fatal("the looper's third run did not start once a core was free")
	}
	l3.end()
	l2()
}

// Between shares alike on the cores, and within a share, work starts in
// the order it came.
func TestCoresFairInOrder(t *testing.T) {
	pool := NewCoresMemory(1, 0)
	a, b := pool.Share(), pool.Share()
	_, first, _ := startsNow(t, a, 1)
	b1 := queue(t, b)
	a2 := queue(t, a)
	b2 := queue(t, b)
	first() // neither has work on a core: b1 came first
	if !b1.started() || a2.started() || b2.started() {
		t.Fatalf("started: b1 %v, a2 %v, b2 %v; want b1 alone", b1.started(), a2.started(), b2.started())
	}
	b1.end() // neither has work on a core: a2 came before b2
	if !a2.started() || b2.started() {
		t.Fatalf("started: a2 %v, b2 %v; want a2 alone", a2.started(), b2.started())
	}
	a2.end()
	if !b2.started() {
		t.Fatal("b2 did not start once the core was free")
	}
	b2.end()
}
