package relay

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"math"
	"os"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// Run runs the test box and, on demand, student boxes, relaying frames
// between them until the test box ends and every student box is gone. The
// error is non-nil when the sandbox failed or the test side broke the
// protocol; a student's failure is in the tests' results.
func Run(ctx context.Context, cfg Config) (Result, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return Result{}, fmt.Errorf("relay: %w", err)
	}
	r := &relay{cfg: cfg, ctx: ctx, events: make(chan event, 64), toTest: newSender(inW), testStop: make(chan struct{}), testMeter: &sandbox.Meter{}}
	r.tests = []*testState{{}}
	if cfg.Transcript {
		r.sum = sha256.New()
	}
	spec := cfg.Test
	spec.StdinFrom = inR
	spec.StdoutTo = &parser{
		emit: func(p []byte) { r.events <- event{kind: fromTest, payload: p} },
		bad:  func(why string) { r.events <- event{kind: testBad, why: why} },
	}
	spec.StdoutToOnly = true
	spec.Stop = r.testStop
	if spec.Meter == nil {
		spec.Meter = r.testMeter
	} else {
		r.testMeter = spec.Meter
	}
	spec.Limits.Output = math.MaxInt64
	go func() {
		res, err := sandbox.Run(ctx, spec)
		inR.Close()
		r.events <- event{kind: testEnded, res: res, err: err}
	}()
	return r.loop()
}

// relay is the loop's state; only the loop touches it.
type relay struct {
	cfg       Config
	ctx       context.Context
	events    chan event
	toTest    *sender
	testStop  chan struct{}
	testMeter *sandbox.Meter // the test box's CPU time
	st        *student       // the live student box, nil when none
	live      int            // student boxes not yet ended
	gen       int
	tests     []*testState // the first is before any test
	pending   *Died        // a death no call was waiting for
	owed      bool         // the test side waits for the student
	owedAt    time.Time
	result    Result
	err       error
	ended     bool      // the test box
	sum       hash.Hash // the transcript's, nil unless asked for
	steps     []byte    // the transcript's steps (Result.Steps)
	self      sandbox.SelfStall
	selfAt    time.Time // self's last reading
	framed    bool      // a frame or a box's end came since self's last reading
}

// testState is a test's counters. A test's limits hold over the whole
// test once it has called the student (called): its wall time, and the
// CPU time of both boxes, so that a ping-pong of calls and callbacks
// between them, where neither side waits long for the other, is bounded
// as one test.
type testState struct {
	id       string
	began    time.Time     // when the test began
	cpuBase  time.Duration // the live student box's CPU time when the test began
	testBase time.Duration // the test box's CPU time when the test began
	testCPU  bool          // testBase was read
	// The boxes' stalls (time waiting for a core) when the test began:
	// the test's wall time leaves them out, as a box's wall limit does.
	stallBase, testStallBase time.Duration
	lag                      time.Duration // the grader's own waits for a core that held up its frames (lag)
	called                   bool          // the test has called the student
	waited                   time.Duration // time waited for the student, but for the current wait
	printed                  *printed
	died                     *Died
	failed                   string // how the test side's framework said the test failed ("timer", "assertion"), "" if it said nothing
	between                  bool   // calls between a boundary and the next test (a class's @BeforeAll): bounded as a test, recorded as none
}

func (r *relay) cur() *testState { return r.tests[len(r.tests)-1] }

// loop reacts to events until the test box and every student box ended.
func (r *relay) loop() (Result, error) {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !r.ended || r.live > 0 {
		select {
		case ev := <-r.events:
			framed := r.lag(ev)
			if framed && frameWork != nil {
				frameWork()
			}
			r.handle(ev)
			// The waits in its handling (a box started) are the frame's too.
			r.framed = r.framed || framed
		case <-tick.C:
			if time.Since(r.selfAt) >= lagIdle {
				r.readSelf()
			}
			r.watch()
		}
	}
	r.toTest.close()
	if r.sum != nil {
		r.result.Transcript = hex.EncodeToString(r.sum.Sum(nil))
		r.result.Steps = r.steps
	}
	for _, t := range r.tests[1:] {
		if !t.between {
			r.result.Tests = append(r.result.Tests, Test{ID: t.id, Printed: t.printed.String(), Died: t.died, Failed: t.failed})
		}
	}
	return r.result, r.err
}

func (r *relay) handle(ev event) {
	switch ev.kind {
	case fromTest:
		r.fromTest(ev.payload)
	case testBad:
		r.fail(fmt.Errorf("%w: %s", ErrProtocol, ev.why))
	case testEnded:
		r.ended = true
		r.result.Test = ev.res
		if ev.err != nil && r.err == nil {
			r.err = fmt.Errorf("relay: the test box: %w", ev.err)
		}
		r.quiet()
	case fromStudent:
		if r.st != nil && ev.gen == r.st.gen && !r.st.ended {
			r.fromStudent(ev.payload)
		}
	case studentBad:
		r.stop(ev.gen, &Died{Why: "the student's process broke the bridge protocol (" + ev.why + ")"})
	case studentOver:
		r.stop(ev.gen, &Died{Why: fmt.Sprintf("the student's code printed more than %d bytes in one test", r.cfg.PerTest.Printed), Limit: "output"})
	case studentEnded:
		r.live--
		r.studentEnded(ev)
	}
}

// fail ends the run as the grader's failure.
func (r *relay) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.stopTest()
	r.quiet()
}

// stopTest kills the test box, once.
func (r *relay) stopTest() {
	select {
	case <-r.testStop:
	default:
		close(r.testStop)
	}
}

// fromTest handles a frame of the test side.
func (r *relay) fromTest(p []byte) {
	if r.err != nil {
		return
	}
	switch p[0] {
	case chanStudent:
		r.record('>', p)
		r.call(p)
	case chanControl:
		r.control(p[1:])
	default:
		r.fail(fmt.Errorf("%w: a frame on channel %q", ErrProtocol, p[0]))
	}
}

// call forwards a test side's 'S' frame, starting a student box if none
// is live, or answers it with a death no call has heard of yet.
func (r *relay) call(p []byte) {
	if d := r.pending; d != nil {
		r.pending = nil
		r.tell(d)
		return
	}
	if r.st != nil && r.st.ended {
		// Being stopped: its end answers this call.
		if !r.owed {
			r.owed, r.owedAt = true, time.Now()
		}
		return
	}
	if r.st == nil {
		if err := r.start(); err != nil {
			r.fail(err)
			return
		}
	}
	if !r.st.in.send(frame(p)) {
		r.stop(r.st.gen, &Died{Why: "the student's process does not read its calls"})
		return
	}
	if !r.owed {
		r.owed, r.owedAt = true, time.Now()
	}
	if t := r.cur(); t.between && !t.called {
		// Between tests, the count starts at the first call.
		t.began = time.Now()
		t.testBase, t.testCPU = r.testMeter.CPU()
		t.testStallBase, _ = r.testMeter.Stall()
		t.stallBase, _ = r.st.meter.Stall()
		t.lag = 0
	}
	r.cur().called = true
}

// fromStudent forwards a student's 'S' frame to the test side.
func (r *relay) fromStudent(p []byte) {
	if !studentMessage(p) {
		r.stop(r.st.gen, &Died{Why: "the student's process broke the bridge protocol (a frame that is not a JSON call)"})
		return
	}
	r.answered()
	r.record('<', p)
	if !r.toTest.send(frame(p)) {
		// More than the test side reads: the student's flood, not the
		// grader's failure. The test side is taken to be waiting, and is
		// told (a stale 'X' costs it one call at most).
		r.owed, r.owedAt = true, time.Now()
		r.stop(r.st.gen, &Died{Why: "the student's process sent more than the tests asked for"})
	}
}

// record adds a frame that crossed to the transcript: its direction
// ('>' to the student side, '<' to the test side), length and payload.
func (r *relay) record(dir byte, p []byte) {
	if r.sum == nil {
		return
	}
	var head [5]byte
	head[0] = dir
	binary.BigEndian.PutUint32(head[1:], uint32(len(p)))
	r.sum.Write(head[:])
	r.sum.Write(p)
	if len(r.steps) < MaxSteps*StepSize {
		d := sha256.Sum256(p)
		r.steps = append(append(r.steps, dir), d[:StepSize-1]...)
	}
}

// answered ends a wait for the student.
func (r *relay) answered() {
	if r.owed {
		r.cur().waited += time.Since(r.owedAt)
		r.owed = false
	}
}

// tell answers the waiting call with an 'X' frame, and keeps it for the
// test.
func (r *relay) tell(d *Died) {
	r.answered()
	if t := r.cur(); t.died == nil {
		t.died = d
	}
	b, _ := json.Marshal(d)
	// Which limit stopped it depends on the machine: the transcript
	// says only that the student's side ended.
	r.record('<', []byte{chanExit})
	r.toTest.sendAlways(frame(append([]byte{chanExit}, b...)))
}

// control handles a 'G' frame.
func (r *relay) control(p []byte) {
	var c struct {
		Op     string `json:"op"`
		ID     string `json:"id"`
		Report string `json:"report"`
		Depth  int    `json:"depth"`
		By     string `json:"by"`
	}
	if err := json.Unmarshal(p, &c); err != nil {
		r.fail(fmt.Errorf("%w: control %q: %v", ErrProtocol, clipID(string(p)), err))
		return
	}
	if c.Op == "test" || c.Op == "reset" || c.Op == "done" {
		r.oomKilled() // the test ends here
	}
	switch c.Op {
	case "test":
		r.begin(&testState{id: clipID(c.ID)})
	case "waiting":
		r.waiting()
	case "failed":
		r.failed(clipID(c.ID), c.By)
	case "nested":
		if c.Depth < 1 || c.Depth > MaxNested {
			r.fail(fmt.Errorf("%w: nested depth %d", ErrProtocol, c.Depth))
			return
		}
		// The test side's doing, in the transcript as such: the student's
		// end that follows is not the student's own.
		r.record('>', p)
		r.nested(c.Depth)
	case "ended":
		// What comes before the next test (its test class's instance,
		// made before the test begins: a field initializer's call) is
		// bounded on its own, never counted to the test that ended.
		r.begin(&testState{between: true})
	case "reset", "done":
		if c.Op == "reset" {
			r.record('>', p)
		}
		r.result.Done = r.result.Done || c.Op == "done"
		if c.Op == "done" {
			r.result.Report = clipID(c.Report)
		}
		r.quiet()
		// What comes before the next test (a JUnit class's @BeforeAll)
		// is bounded on its own, never counted to the test before.
		r.begin(&testState{between: true})
	default:
		r.fail(fmt.Errorf("%w: control op %q", ErrProtocol, clipID(c.Op)))
	}
}

// oomKilled lays to the current test the processes of the live student
// box the kernel killed at its memory limit since the last look: a child
// of the student's code, while the box's first process lives on and
// answers (which no end of the box would tell). The test fails at the
// memory limit, as a cold run whose child the same befell, unless it
// already failed otherwise. Below the full tier no cgroup counts them,
// and the grader's own meter stops the whole box instead.
func (r *relay) oomKilled() {
	st := r.st
	if st == nil || st.ended {
		return
	}
	n, ok := st.meter.OOMKills()
	if !ok || n <= st.ooms {
		return
	}
	st.ooms = n
	if t := r.cur(); !t.between && t.died == nil {
		t.died = &Died{Why: "a process of your code was stopped at its memory limit", Limit: "memory", Exit: -1, Signal: "killed"}
	}
}

// failed: the test side's framework ended the test id, the current
// one, by how (its own timer or an assertion of the test's), as the
// test side knows from the failure's class and where it was raised,
// never from text. The verdict reads it: the report's text is the
// student's to write. Another test's, or another how, is ignored.
func (r *relay) failed(id, how string) {
	if t := r.cur(); !t.between && t.id == id && (how == FailedTimer || how == FailedAssertion) {
		t.failed = how
	}
}

// waiting: the test side skipped an 'S' frame of the student's that
// answers none of its calls (a forgery) and still waits, though the relay
// took that frame for its answer. It waits again from now, so the test's
// limits reach it; a death no call has heard of answers it at once.
func (r *relay) waiting() {
	if d := r.pending; d != nil {
		r.pending = nil
		r.tell(d)
		return
	}
	if !r.owed {
		r.owed, r.owedAt = true, time.Now()
	}
}

// MaxNested bounds the depth a test side may say it stopped at.
const MaxNested = 1 << 20

// nested: the test side was about to call the student's code more than
// n calls deep (test -> student -> test -> ...), counted on its side of
// the bridge, which runs no student code, and waits instead. The
// student's process is stopped, and that is the test's verdict: the
// same at every speed and stack size, as a limit of depth (unlike a
// stack overflow or a time limit, whichever would come first).
func (r *relay) nested(n int) {
	d := &Died{Why: fmt.Sprintf("calls between the test and your code nested more than %d deep", n)}
	if r.pending != nil || r.st == nil {
		r.pending = nil
		r.tell(d)
		return
	}
	if !r.owed {
		r.owed, r.owedAt = true, time.Now()
	}
	r.overLimit(d) // its end answers the wait, as d, unless already stopped
}

// begin starts counting for t from now.
func (r *relay) begin(t *testState) {
	r.answered()
	t.printed, t.began = newPrinted(r.cfg.PerTest), time.Now()
	t.testBase, t.testCPU = r.testMeter.CPU()
	t.testStallBase, _ = r.testMeter.Stall()
	if r.st != nil {
		t.cpuBase, _ = r.st.meter.CPU()
		t.stallBase, _ = r.st.meter.Stall()
		r.st.out.swap(t.printed)
	}
	r.tests = append(r.tests, t)
	r.pending = nil
}

// clipID bounds an ID the test side gives.
func clipID(s string) string {
	if len(s) > 1024 {
		return s[:1024]
	}
	return s
}

// quiet ends the live student box without telling the test side: a
// lifecycle boundary.
func (r *relay) quiet() {
	r.answered()
	r.pending = nil
	if r.st != nil {
		r.st.end(nil)
		r.st = nil
	}
}

// stop ends the student box gen for a reason the test side is told.
func (r *relay) stop(gen int, d *Died) {
	if r.st == nil || r.st.gen != gen || r.st.why != nil {
		return
	}
	r.st.end(d)
}

// watch stops the live student box past the current test's limits: the
// student's CPU time and its waits in the test; once the test has called
// the student, the test's whole wall time and both boxes' CPU time (a
// ping-pong of calls and callbacks). A test stopped at a limit is marked
// at once, whether or not a call waits: that limit is its verdict.
func (r *relay) watch() {
	if r.st == nil || r.st.why != nil {
		return
	}
	t, l := r.cur(), r.cfg.PerTest
	used, ok := r.st.meter.CPU()
	if ok {
		used -= t.cpuBase
	}
	if test, tok := r.testMeter.CPU(); tok && t.called && t.testCPU {
		used += test - t.testBase
		ok = true
	}
	if ok && l.CPU > 0 && used > l.CPU {
		r.overLimit(&Died{Why: fmt.Sprintf("the student's code ran past its CPU time limit (%v) in this test", l.CPU), Limit: "cpu"})
		return
	}
	waited := t.waited
	if r.owed {
		waited += time.Since(r.owedAt)
	}
	if t.called && !t.began.IsZero() {
		waited = max(waited, time.Since(t.began))
	}
	over := waited > l.Wall*sandbox.StallCap // however long the machine kept it waiting
	waited -= r.stalled(t)
	if l.Wall > 0 && (waited > l.Wall || over) {
		r.overLimit(&Died{Why: fmt.Sprintf("the student's code ran past its time limit (%v) in this test", l.Wall), Limit: "wall"})
	}
}

// stalled is how long the boxes waited for a core in test t: the
// student's box, and the test's once the test called the student (its
// own time then counts). A crowded machine never stops a test at its
// wall limit that would have ended in time alone.
func (r *relay) stalled(t *testState) time.Duration {
	var d time.Duration
	if s, ok := r.st.meter.Stall(); ok {
		d += max(s-t.stallBase, 0)
	}
	if s, ok := r.testMeter.Stall(); ok && t.called {
		d += max(s-t.testStallBase, 0)
	}
	return d + t.lag
}

// frameWork, a test's, is more work for each frame the loop handles
// (nil): a grader slowed down on purpose.
var frameWork func()

// lagTick is how often at most the grader's own threads are read for
// their waits while frames come (lag); lagIdle, while none does.
const lagTick, lagIdle = 10 * time.Millisecond, 250 * time.Millisecond

// lag: a frame of either box, or a box's end, came (true). Every frame passes
// through the grader's threads, and while they wait for a core both boxes
// wait on their pipes, asleep: neither box's stall counts that wait, and
// on a crowded machine it may be the most of a test's wall time. The
// grader's waits are read (sandbox.SelfStall) in spans; a span with a
// frame in it is the current test's (its wall time leaves it out), one
// without is not: a student that sleeps, or never answers, sends nothing,
// and its test reaches its wall limit whatever the grader waited.
func (r *relay) lag(ev event) bool {
	switch ev.kind {
	case fromTest, fromStudent, studentEnded:
		r.framed = true
		if time.Since(r.selfAt) >= lagTick {
			r.readSelf()
		}
		return true
	}
	return false
}

// readSelf reads the grader's waits since the last reading; the current
// test's if a frame came (lag).
func (r *relay) readSelf() {
	d, _ := r.self.Read()
	r.selfAt = time.Now()
	if r.framed {
		r.cur().lag += d
	}
	r.framed = false
}

// overLimit stops the live student box at one of the current test's
// limits.
func (r *relay) overLimit(d *Died) {
	if t := r.cur(); t.died == nil {
		t.died = d
	}
	r.stop(r.st.gen, d)
}

// start starts a fresh student box, its counters those of the current
// test from now.
func (r *relay) start() error {
	t := r.cur()
	if t.printed == nil {
		t.printed = newPrinted(r.cfg.PerTest)
	}
	st, err := launch(r.ctx, r.cfg.Student(), r.gen+1, t.printed, r.events)
	if err != nil {
		return err
	}
	r.gen++
	r.live++
	r.result.Students++
	t.cpuBase, t.stallBase = 0, 0
	r.st = st
	return nil
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
