package warm

import (
	"fmt"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// The limits of a warm case are the grader's to enforce, from outside the
// box: the harness watches them too, but it shares its JVM with the
// submission, which can stop it (hold a monitor its watch waits on, say).
// A case's CPU time is what the whole box used from the case's request to
// its answer, by the box's Meter; its wall time is the grader's clock over
// the same span less the time the box waited for a core in it (its stall,
// by the same Meter), as a cold run's wall limit leaves that time out
// (sandbox.Limits.Wall), and ends at sandbox.StallCap times the limit
// whatever the stall. A case over either limit ends at it, whatever the
// JVM answered, and its JVM is left (the next one runs the rest of the
// cases).
//
// A warm box has, besides, one cold run's CPU limit for its whole life
// (limits.Life, the rubric's CPU limit, hand-off or not): its start, every
// case it ran and everything they left behind, all counted from the box's
// start. A case after the box's first that ends with the box past it has
// no answer, unless it ran into a limit of its own (keptPastLife): it runs
// again as the first case of a fresh box (the next JVM), which starts no
// case once past its life. So whatever a warm answer rests on (a JVM's
// start, the cases before it, the state they kept, the code the JIT
// compiled for them) was done within the CPU time a cold run of that case
// alone is given, its own JVM's start included: CPU time spent in slices
// over many cases cannot add up to more than one case's. A box's first
// case keeps nothing from another: its limits are its own, as before.

// startCPU is the CPU time a harness JVM may use to start, up to its
// first frame (it needs about half a second): counted, not timed, so
// that a loaded machine, which makes a start slow, does not make it
// fail; the box's own limits (harnessSpec) bound a start that hangs.
const startCPU = 20 * time.Second

// awaitReady returns the harness's first frame, once it comes; false when
// its box ends first or uses startCPU of CPU time (meter: the box's,
// false before the box starts).
func awaitReady(s *sink, meter func() (time.Duration, bool)) (frame, bool) {
	for {
		if f, got := s.next(time.Now().Add(time.Second)); got {
			return f, true
		}
		if used, _ := meter(); s.ended() || used > startCPU {
			return frame{}, false
		}
	}
}

// The slack past a limit before the grader kills the box of a case that
// has not answered: the harness's own watch, when it works, answers first.
const (
	cpuGrace  = 500 * time.Millisecond
	wallGrace = time.Second
	// watchTick is how often the watch reads the box's CPU time.
	watchTick = 50 * time.Millisecond
)

// watch measures the cases of one warm box, one at a time, and kills the
// box when the case under way passes its CPU limit by cpuGrace.
type watch struct {
	meter     func() (time.Duration, bool) // the box's CPU time; false when it is gone
	cpu, wall time.Duration                // a case's limits
	life      time.Duration                // the box's, from its start; 0 for none
	kill      func()
	// stall reads the time the box has waited for a core (a
	// sandbox.Meter's Stall); nil, or false, counts none.
	stall func() (time.Duration, bool)

	mu     sync.Mutex
	n      int           // the cases started in the box
	sent   time.Time     // the request of the case under way; zero between cases
	cpu0   time.Duration // the box's CPU time then
	stall0 time.Duration // and its stall
	claim  time.Duration // the harness's count of the case's stall, or -1 (bound)
	last   time.Duration // the box's CPU time when last read
	over   int           // the limit the watch killed the box at, or limitNone
}

// newWatch watches a box whose CPU time meter reads (a sandbox.Meter's
// CPU), and calls kill to kill it.
func newWatch(meter func() (time.Duration, bool), l limits, kill func()) *watch {
	return &watch{meter: meter, cpu: l.CPU, wall: l.Wall, life: l.Life, kill: kill}
}

// read reads the box's CPU time; false when the box is gone.
func (w *watch) read() (time.Duration, bool) {
	used, ok := w.meter()
	if ok {
		w.mu.Lock()
		w.last = max(w.last, used)
		w.mu.Unlock()
	}
	return used, ok
}

// start marks the request of a case; false when the box is gone or has
// spent its life.
func (w *watch) start() bool {
	used, ok := w.read()
	if !ok || w.spent(used) {
		return false
	}
	stalled := w.stalled()
	w.mu.Lock()
	w.sent, w.cpu0, w.stall0, w.claim = time.Now(), used, stalled, -1
	w.n++
	w.mu.Unlock()
	return true
}

// stalled reads the box's stall so far (0 when none is counted).
func (w *watch) stalled() time.Duration {
	if w.stall == nil {
		return 0
	}
	d, _ := w.stall()
	return d
}

// bound takes the harness's count of the stall of the case under way
// (its answer's Stall) where it is less than the box's: the harness
// leaves out its own thread's waits, which a cold run does not have (the
// box's stall counts them), but its count is the box's word, so it can
// only make the case's wall time longer.
func (w *watch) bound(claim time.Duration) {
	w.mu.Lock()
	w.claim = max(claim, 0)
	w.mu.Unlock()
}

// counted is the wall time of the case under way, elapsed since its
// request, as its wall limit counts it: less the box's stall since then,
// or the harness's count if less (bound), never below zero. w.mu is held.
func (w *watch) counted(elapsed, stalled time.Duration) time.Duration {
	stall := max(stalled-w.stall0, 0)
	if w.claim >= 0 {
		stall = min(stall, w.claim)
	}
	return elapsed - min(stall, elapsed)
}

// deadline is when the case under way reaches its wall limit and grace,
// the box's stall so far left out, and at the latest sandbox.StallCap
// times its limit and grace after its request.
func (w *watch) deadline() time.Time {
	stalled := w.stalled()
	w.mu.Lock()
	defer w.mu.Unlock()
	stall := max(stalled-w.stall0, 0)
	return w.sent.Add(min(w.wall+wallGrace+stall, w.wall*sandbox.StallCap+wallGrace))
}

// await returns the answer to the case under way from s; false when the
// stream ends or breaks, or nothing comes by the case's deadline, which
// moves on while the box waits for a core.
func (w *watch) await(s *sink) (frame, bool) {
	for {
		d := w.deadline()
		f, got := s.next(d)
		if got || time.Now().Before(d) || !w.deadline().After(d) {
			return f, got // an answer, the stream's end, or the deadline
		}
	}
}

// end ends the case under way, answered or not: its CPU and wall time
// (counted: the box's stall left out), and the limit it broke
// (limitNone when none): the wall limit too once sandbox.StallCap times
// it has passed, whatever the stall.
func (w *watch) end() (cpu, wall time.Duration, broke int) {
	w.read()
	stalled := w.stalled()
	w.mu.Lock()
	defer w.mu.Unlock()
	elapsed := time.Since(w.sent)
	cpu, wall, broke = w.last-w.cpu0, w.counted(elapsed, stalled), w.over
	w.sent = time.Time{}
	switch {
	case broke != limitNone:
	case cpu > w.cpu:
		broke = limitCPU
	case wall > w.wall || elapsed > w.wall*sandbox.StallCap:
		broke = limitWall
	}
	return cpu, wall, broke
}

// lifeSpent reports whether the box has passed its life.
func (w *watch) lifeSpent() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.spent(w.last)
}

// pastLife reports whether the case that last ended, after the box's
// first, left the box past its life: then its answer is none, unless it
// ran into a limit (see keptPastLife).
func (w *watch) pastLife() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n > 1 && w.spent(w.last)
}

// keptPastLife reports whether an answer stands though its box passed its
// life: a case that ran into a limit (its CPU or wall time, by the
// grader's watch or the harness's, or its output) fails, and a warm JVM's
// state can make a case fail, never to its program's gain.
func keptPastLife(f frame, got bool, broke int) bool {
	return broke != limitNone || got && f.Type == frameCase && f.Kind == kindLimit
}

// spent reports whether a box that has used this much CPU time has passed
// its life.
func (w *watch) spent(used time.Duration) bool { return w.life > 0 && used > w.life }

// run reads the box's CPU time every watchTick until stop is closed, and
// kills the box when the case under way passes its CPU limit and grace.
func (w *watch) run(stop <-chan struct{}) {
	t := time.NewTicker(watchTick)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		used, ok := w.read()
		if ok && w.overran(used) {
			w.kill()
			return
		}
	}
}

// overran records whether the case under way has passed its CPU limit
// and grace.
func (w *watch) overran(used time.Duration) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.sent.IsZero() || used-w.cpu0 <= w.cpu+cpuGrace {
		return false
	}
	w.over = limitCPU
	return true
}

// enforce makes f, the answer to the case the watch measured, say the
// limit the case broke when it broke one: a CASE frame then ends at that
// limit, whatever the JVM said, and its JVM is left. Its wall time is the
// grader's measure. A case the harness stopped at its wall limit, by its
// own count of the JVM's waits for a core, that this measure has not
// reached runs cold: its verdict is the sandbox's.
func enforce(f *frame, cpu, wall time.Duration, broke int) {
	if f.Type != frameCase {
		return // a FALLBACK: the case runs cold
	}
	f.Wall, f.CPU = wall, cpu
	if broke == limitNone {
		if f.Kind == kindLimit && f.Limit == limitWall {
			f.Flags |= flagRerun
		}
		return
	}
	f.Kind, f.Code, f.Limit = kindLimit, -1, broke
	f.Flags = f.Flags&^flagRerun | flagHalt
}

// A warm case's time is its own, from its request to its answer; a cold
// run's includes its JVM's start. So near a limit the two can end apart: a
// program that sleeps 9.9 s against a 10 s wall limit passes warm and
// fails cold. The rule is cold's: a warm answer that did not reach a limit
// but came within nearMargin of one (its CPU time of the rubric's CPU
// limit, its wall time of the wall limit) is not taken, and the case runs
// cold, whose verdict stands. A case that reached a limit warm keeps it: a
// cold run, its JVM's start added, reaches it too.

// nearMargin is how close to a limit a warm answer is confirmed cold: a
// quarter of the limit, and at least floor (a JVM's start costs about half
// a second of CPU time and more of wall time on a loaded machine).
func nearMargin(limit, floor time.Duration) time.Duration { return max(limit/4, floor) }

// nearLimit reports whether a warm answer that reached no limit came
// within nearMargin of the rubric's CPU limit (l.Life: the harness's own
// CPU limit may be the hand-off) or its wall limit.
func nearLimit(f frame, l limits) bool {
	if f.Type != frameCase || f.Kind == kindLimit {
		return false
	}
	return f.CPU > l.Life-nearMargin(l.Life, 500*time.Millisecond) || f.Wall > l.Wall-nearMargin(l.Wall, time.Second)
}

// overrun is the answer the grader gives for case i, which never
// answered: it broke a limit, and its JVM was killed for it.
func overrun(i int, wall time.Duration, broke int) frame {
	return frame{Type: frameCase, Index: i, Kind: kindLimit, Code: -1, Limit: broke, Flags: flagHalt, Wall: wall}
}

// metered fails when the sandbox cannot count a box's CPU time from
// outside it (the basic tier): warm mode cannot enforce a case's limits
// there, and the grader runs cold, where the sandbox limits each run.
func metered() error {
	if t := sandbox.Detect(); !t.Metered() {
		return fmt.Errorf("warm mode needs a sandbox that counts a box's CPU time from outside it; tier %q cannot", t)
	}
	return nil
}
