package relay

import (
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
}

// start starts a fresh student box, its counters those of the current
// test from now.
func (r *relay) start() error {
	inR, inW, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("relay: %w", err)
	}
	r.gen++
	r.live++
	r.result.Students++
	t := r.cur()
	if t.printed == nil {
		t.printed = newPrinted(r.cfg.PerTest)
	}
	t.cpuBase = 0
	st := &student{gen: r.gen, in: newSender(inW), stop: make(chan struct{}), meter: &sandbox.Meter{}}
	st.out = &stderr{p: t.printed, over: func() { r.events <- event{kind: studentOver, gen: st.gen} }}
	spec := r.cfg.Student()
	spec.StdinFrom = inR
	spec.StdoutTo = &parser{
		emit: func(p []byte) { r.events <- event{kind: fromStudent, gen: st.gen, payload: p} },
		bad:  func(why string) { r.events <- event{kind: studentBad, gen: st.gen, why: why} },
	}
	spec.StdoutToOnly = true
	spec.StderrTo = st.out
	spec.Stop = st.stop
	spec.Meter = st.meter
	spec.Limits.Output = math.MaxInt64
	r.st = st
	go func() {
		res, err := sandbox.Run(r.ctx, spec)
		inR.Close()
		r.events <- event{kind: studentEnded, gen: st.gen, res: res, err: err}
	}()
	return nil
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

// studentEnded handles the end of a student box: unless the relay ended
// it quietly, the waiting call (or the next one of the test) is told.
func (r *relay) studentEnded(ev event) {
	st := r.st
	byRelay := st == nil || st.gen != ev.gen || st.ended
	if ev.err != nil && r.err == nil && !byRelay {
		// A box the relay had ended (at a boundary, or at a limit) may
		// end as an error when it was stopped while starting: its end
		// decides nothing, and is no failure of the grader's.
		r.err = fmt.Errorf("relay: a student box: %w", ev.err)
	}
	if st == nil || st.gen != ev.gen {
		return // ended quietly, or a box before the live one
	}
	r.st = nil
	st.in.close()
	d := st.why
	if d == nil {
		d = diedOf(ev.res)
	}
	if r.owed {
		r.tell(d)
	} else {
		r.pending = d
	}
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
