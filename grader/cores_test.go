package grader_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
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
	if f := in.Waiting.Waiting; f != nil && m.waits {
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

// Waiting runs are not bounded by the cores: on one core, all the runs of
// a submission's public cases wait at once, then all its hidden ones
// (hidden cases start once the public ones have ended: see
// TestPublicBeforeHidden), each group more than twice the cores.
func TestManyWaitingRuns(t *testing.T) {
	a := testAssignment(t)
	all := grade(t, a, run(correct), eightQueen("s"), 0, grader.Options{})
	groups := map[bool]*meeting{}
	hidden := map[string]bool{}
	for _, cr := range all.Cases {
		h := cr.Visibility == cases.Hidden
		hidden[strings.Join(cr.Args, " ")] = h
		if groups[h] == nil {
			groups[h] = &meeting{met: make(chan struct{}), waits: true}
		}
		groups[h].n++
	}
	for h, m := range groups {
		if m.n < 3 {
			t.Fatalf("the test assignment has %d cases with hidden %v; want 3 or more", m.n, h)
		}
	}
	byGroup := runnerFunc(func(ctx context.Context, in grader.Input) (grader.Execution, error) {
		return groups[hidden[strings.Join(in.Args, " ")]].Run(ctx, in)
	})
	res, err := a.Grade(context.Background(), run(byGroup), eightQueen("correct"), 0, grader.Options{Cores: grader.NewCores(1)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != res.MaxScore {
		t.Errorf("score %v of %v", res.Score, res.MaxScore)
	}
}

// runnerFunc is a program that runs as its function says.
type runnerFunc func(ctx context.Context, in grader.Input) (grader.Execution, error)

func (f runnerFunc) Run(ctx context.Context, in grader.Input) (grader.Execution, error) {
	return f(ctx, in)
}

func (runnerFunc) Close() error { return nil }

// The memory limits of the runs under way, waiting or not, stay within
// the budget: with room for two runs' limits, three waiting runs never
// meet (the test gives up after 2 s, whatever the machine's speed); with
// room for three, they do.
func TestMemoryBudget(t *testing.T) {
	a := testAssignment(t)
	mem := a.Rubric.Limits.Memory
	for _, tc := range []struct {
		runs int64
		meet bool
	}{{2, false}, {3, true}} {
		m := &meeting{n: 3, met: make(chan struct{}), waits: true}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := a.Grade(ctx, run(m), eightQueen("correct"), 0, grader.Options{Cores: grader.NewCoresMemory(4, tc.runs*mem)})
		cancel()
		if met := err == nil; met != tc.meet {
			t.Errorf("a budget of %d runs' memory: three waiting runs met: %v, want %v (err %v)", tc.runs, met, tc.meet, err)
		}
	}
}
