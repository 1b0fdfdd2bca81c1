package relay

import (
	"context"
	"fmt"
	"math"
	"os"
	"sync"

	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/sandbox"
)

// student is a live student box.
type student struct {
	gen   int
	in    *sender
	stop  chan struct{}
	meter *sandbox.Meter
	out   *stderr
	why   *Died // why the relay stopped it; nil while it runs or when it ended quietly
	ended bool  // end was called
	quiet bool  // ended at a lifecycle boundary: the test side is not told
	ooms  int64 // the box's OOM kills already laid to a test (oomKilled)
}

// launch starts a student box of generation gen from spec, what it
// prints counted into p (the current test's), its frames and its end
// sent to events as the box's.
func launch(ctx context.Context, spec sandbox.Spec, gen int, p *printed, events chan<- event) (*student, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("relay: %w", err)
	}
	st := &student{gen: gen, in: newSender(inW), stop: make(chan struct{}), meter: &sandbox.Meter{}}
	st.out = &stderr{p: p, over: func() { events <- event{kind: studentOver, gen: gen} }}
	spec.StdinFrom = inR
	spec.StdoutTo = &parser{
		emit: func(b []byte) { events <- event{kind: fromStudent, gen: gen, payload: b} },
		bad:  func(why string) { events <- event{kind: studentBad, gen: gen, why: why} },
	}
	spec.StdoutToOnly = true
	spec.StderrTo = st.out
	spec.Stop = st.stop
	spec.Meter = st.meter
	spec.Limits.Output = math.MaxInt64
	go func() {
		res, err := sandbox.Run(ctx, spec)
		inR.Close()
		events <- event{kind: studentEnded, gen: gen, res: res, err: err}
	}()
	return st, nil
}

// end stops the box: why says for the test side, nil for a quiet end.
func (s *student) end(why *Died) {
	if s.ended {
		return
	}
	s.ended, s.why, s.quiet = true, why, why == nil
	close(s.stop)
	s.in.close()
}

// diedOf says how a student box ended on its own.
func diedOf(res sandbox.Result) *Died {
	d := &Died{Exit: res.ExitCode, Signal: res.Signal}
	switch res.Limit {
	case sandbox.None:
		d.Why = fmt.Sprintf("the student's process ended (exit status %d)", res.ExitCode)
		if res.Signal != "" {
			d.Why = "the student's process was killed by a signal (" + res.Signal + ")"
		}
	default:
		d.Why = "the student's process was stopped at its " + res.Limit.String() + " limit"
		d.Limit = limitKey(res.Limit)
	}
	return d
}

func limitKey(l sandbox.Limit) string {
	switch l {
	case sandbox.CPU:
		return "cpu"
	case sandbox.Wall:
		return "wall"
	case sandbox.Memory:
		return "memory"
	case sandbox.Output:
		return "output"
	case sandbox.Procs:
		return "processes"
	}
	return ""
}

// printed is what the student printed in one test: clipped, counted.
type printed struct {
	buf *clip.Buffer
	max int64
}

func newPrinted(l Limits) *printed {
	return &printed{buf: clip.New(l.Keep, l.Keep), max: l.Printed}
}

func (p *printed) String() string {
	if p == nil {
		return ""
	}
	return p.buf.String()
}

// stderr is a student box's stderr: it writes into the current test's
// printed, and calls over once when a test's count passes its cap.
type stderr struct {
	mu    sync.Mutex
	p     *printed
	over  func()
	fired bool
}

func (s *stderr) Write(b []byte) (int, error) {
	s.mu.Lock()
	s.p.buf.Write(b)
	fire := s.p.max > 0 && s.p.buf.Len() > s.p.max && !s.fired
	if fire {
		s.fired = true
	}
	s.mu.Unlock()
	if fire {
		s.over()
	}
	return len(b), nil
}

// swap starts counting a new test.
func (s *stderr) swap(p *printed) {
	s.mu.Lock()
	s.p = p
	s.mu.Unlock()
}
