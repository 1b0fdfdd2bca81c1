package grader_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/sandbox"
)

// meeting is a program whose runs say they wait, as the sandbox says of a
// sleeping box, then wait until n of them run at once: with one core that
// happens only if a waiting run gives its core to the next.
type meeting struct {
	n     int
	mu    sync.Mutex
	here  int
	met   chan struct{}
	waits bool
}

func (m *meeting) Run(ctx context.Context, in grader.Input) (grader.Execution, error) {
	if f := sandbox.Waiting(ctx); f != nil && m.waits {
		f()
	}
	m.mu.Lock()
	m.here++
	if m.here == m.n {
		close(m.met)
	}
	m.mu.Unlock()
	// Far above need: the runs meet at once or never.
	select {
	case <-m.met:
		return correct(in.Args, in.Stdin)
	case <-time.After(time.Minute):
		return grader.Execution{}, errors.New("the runs never met")
	case <-ctx.Done():
		return grader.Execution{}, ctx.Err()
	}
}

func (*meeting) Close() error { return nil }

func TestWaitingRunsShareCores(t *testing.T) {
	a := testAssignment(t)
	m := &meeting{n: 2, met: make(chan struct{}), waits: true}
	res, err := a.Grade(context.Background(), run(m), eightQueen("correct"), 0, grader.Options{Cores: grader.NewCores(1)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != res.MaxScore {
		t.Errorf("score %v of %v", res.Score, res.MaxScore)
	}
}

// A run that works keeps its core: with one core the runs never meet
// (the test gives up waiting after 2 s, whatever the machine's speed).
func TestWorkingRunsHoldCores(t *testing.T) {
	a := testAssignment(t)
	m := &meeting{n: 2, met: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := a.Grade(ctx, run(m), eightQueen("correct"), 0, grader.Options{Cores: grader.NewCores(1)})
	if err == nil {
		t.Fatal("two runs met on one core")
	}
}
