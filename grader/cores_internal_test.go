package grader

import (
	"context"
	"runtime"
	"testing"

	"github.com/cs540-tools/autograder/sandbox"
)

// startsNow reports whether work of mem bytes would start at once: take
// with a context already ended starts only what fits.
func startsNow(t *testing.T, c *Cores, mem int64) (context.Context, func(), bool) {
	t.Helper()
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	ctx, done, err := c.take(ended, mem)
	if err != nil {
		return nil, nil, false
	}
	return ctx, done, true
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
	waiting, working := sandbox.Waiting(first)
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
	w, _ := sandbox.Waiting(a)
	w()
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
