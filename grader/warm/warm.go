package warm

import (
	"bytes"
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// Inputs lists the runs Grade asks of a program under the assignment: the
// cases of the given visibility ("" for all), in rubric order.
func Inputs(a *grader.Assignment, visibility string) []Input {
	var out []Input
	for i, cs := range a.Parts {
		for _, c := range cs {
			if visibility == "" || string(c.Visibility) == visibility {
				out = append(out, Input{Args: c.Args, Stdin: c.Stdin, ID: c.ID, Hidden: c.Visibility != cases.Public, Varies: c.Check != "", ColdOnly: !a.Checkable(c), Part: a.Rubric.Parts[i].ID})
			}
		}
	}
	return out
}

// Options tune a Runner.
type Options struct {
	// CacheDir holds the compiled harness (default: the user's cache
	// folder, autograder/warm).
	CacheDir string
	// SpotCheck is how many of a submission's warm answers are checked
	// against a cold run (the rubric's build.spot_check); 0 checks none.
	SpotCheck int
	// Secret is the batch's secret (grader.Options.Secret): the spot
	// checks are chosen by it, the submission's files and the case, so
	// that no student can compute which cases are checked. nil (check,
	// ci: public cases) chooses by the files and the inputs alone.
	Secret []byte
	// Decider judges a spot check's warm and cold runs of a case whose
	// output varies (Input.Varies; grader.Assignment.Decide): they agree
	// when they end alike or earn the same verdict and credit, so that
	// such a case (the reference's rules on a random run) is checked as
	// well as the others. Without it, every two runs must end alike.
	Decider Decider
	// HandOff, when set below the CPU limit, hands a case that has used
	// this much CPU time in a warm JVM, and every case after it of the
	// same part (Input.Part), to cold runs, which Grade runs side by side
	// as its Cores allow, beside the other submissions' work; a new JVM
	// runs the other parts' cases warm. A program that loops or is slow
	// in a part then costs its limits there two or more at a time, not
	// one after the other in a JVM, and the cores a batch has idle run
	// them. A part's cases test the same code, so one that loops in a
	// case mostly loops in the others; when it does not, those cases run
	// cold for nothing, which changes no verdict. A case that waits
	// (asleep, by the sandbox's word too) hands its part off likewise
	// (asleep.go).
	HandOff time.Duration
	// Answers bounds the bytes of stdout and stderr the warm answers of
	// one submission hold until they are judged (0: grader.WarmAnswers);
	// past it, its cases run cold.
	Answers int64
}

// Supports reports whether warm mode runs the rubric's submissions: those
// of the Java toolchain's preset (package grader/toolchain), whose JVM
// the harness is.
func Supports(r *rubric.Rubric) bool {
	return toolchain.Lookup(r.Build.Language) == toolchain.Java
}

// New returns a warm Runner for the rubric, which runs inputs ahead in
// Build. It fails, saying why, when warm mode cannot run this rubric's
// submissions: not the Java preset, or no JDK 17 to 23 on PATH (see
// FindJDK); the caller then uses grader/runner (cold mode).
func New(r *rubric.Rubric, inputs []Input, opt Options) (*Runner, error) {
	if !Supports(r) {
		return nil, fmt.Errorf("warm mode runs Java only; the rubric's language is %q", r.Build.Language)
	}
	// The toolchain's commands: one compiler step, then "java -cp . Main".
	build, run := r.Build.Commands()
	if len(build) != 1 || len(build[0]) < 2 || len(run) != 4 {
		return nil, fmt.Errorf("warm mode: the rubric's commands are not the Java preset (%q, %q)", build, run)
	}
	if err := metered(); err != nil {
		return nil, err
	}
	jdk, err := FindJDK(opt.CacheDir)
	if err != nil {
		return nil, err
	}
	l := r.Limits
	w := &Runner{
		jdk:    jdk,
		cold:   runner.New(r),
		inputs: slices.Clone(inputs),
		javac:  build[0][1:],
		main:   run[3],
		cp:     run[2],
		lim: limits{
			CPU:       orDefault(l.CPU, sandbox.DefaultCPU),
			Wall:      orDefault(l.Wall, sandbox.DefaultWall),
			BuildWall: orDefault(l.BuildWall, time.Minute),
			Output:    l.Output,
			Life:      orDefault(l.CPU, sandbox.DefaultCPU),
		},
		memory:   l.Memory,
		spot:     max(opt.SpotCheck, 0),
		decide:   opt.Decider,
		keep:     cmp.Or(max(opt.Answers, 0), defaultAnswers),
		prepared: map[string]*prepEntry{},
	}
	w.secret = secretOf(opt.Secret, inputs)
	if opt.HandOff > 0 && opt.HandOff < w.lim.CPU {
		w.lim.CPU, w.hand = opt.HandOff, true
	}
	if w.lim.Output <= 0 {
		w.lim.Output = sandbox.DefaultOutput
	}
	return w, nil
}

// secretOf is what the spot checks are chosen by, besides a submission's
// files and the case: an HMAC, keyed by the batch's secret, of all the
// inputs, hidden ones included.
func secretOf(secret []byte, inputs []Input) []byte {
	h := hmac.New(sha256.New, secret)
	for _, in := range inputs {
		h.Write([]byte(inputKey(in.Args, in.Stdin)))
	}
	return h.Sum(nil)
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// JDK is the JDK the Runner uses.
func (w *Runner) JDK() *JDK { return w.jdk }

// Stats returns the Runner's counters.
func (w *Runner) Stats() *Stats { return &w.stats }

// outcome is what became of one input.
type outcome struct {
	ex   grader.Execution
	done bool // ex is the warm answer
}

// Program is a built submission: the warm answers to the Runner's inputs,
// and what it needs to run anything else cold.
type Program struct {
	w       *Runner
	src     []submission.File
	built   []sandbox.File // sources and classes, when the harness handed them back
	results []outcome
	index   map[string]int
	flags   []string      // for the TA: why it ran cold, a spot check's disagreement
	kept    answers       // what results hold
	waiting sandbox.Hooks // Build's, for the boxes it runs

	mu   sync.Mutex
	cold grader.Program
}

func inputKey(args []string, stdin []byte) string {
	var b strings.Builder
	for _, a := range args {
		fmt.Fprintf(&b, "%d:%s,", len(a), a)
	}
	fmt.Fprintf(&b, "|%d:%s", len(stdin), stdin)
	return b.String()
}

// Build compiles the files (in the compile service, see Prepare) and runs
// every input in a warm JVM, public inputs first. A compile failure is a
// Build with OK false and javac's messages.
func (w *Runner) Build(ctx context.Context, files []submission.File, wh sandbox.Hooks) (grader.Build, error) {
	w.stats.Submissions.Add(1)
	p := &Program{w: w, src: files, results: make([]outcome, len(w.inputs)), index: map[string]int{}, kept: answers{max: w.keep}, waiting: wh}
	for i, in := range w.inputs {
		k := inputKey(in.Args, in.Stdin)
		if _, ok := p.index[k]; !ok {
			p.index[k] = i
		}
	}
	if !submission.Flat(files) { // nothing the compiler would take for a configuration (META-INF/services) comes along
		return w.buildCold(ctx, p, "its files are in subfolders")
	}
	started := time.Now()
	c := w.takePrepared(ctx, files, wh)
	if c == nil {
		if ctx.Err() != nil {
			return grader.Build{}, ctx.Err()
		}
		return w.buildCold(ctx, p, "the compile service did not answer")
	}
	w.stats.Compile.Since(started)
	if c.rc != 0 {
		w.stats.CompileFails.Add(1)
		return grader.Build{OK: false, Log: c.log}, nil
	}
	// As cold mode's Build: javac succeeding is not yet a program to run.
	if note := w.cold.NoProgram(c.files); note != "" {
		w.stats.CompileFails.Add(1)
		return grader.Build{OK: false, Log: c.log, Note: note}, nil
	}
	p.built = c.files
	if err := w.runWarm(ctx, p); err != nil {
		return grader.Build{}, err
	}
	if err := w.spotCheck(ctx, p); err != nil {
		return grader.Build{}, err
	}
	return grader.Build{OK: true, Log: c.log, Program: p}, nil
}

// order is the inputs in the order they reach a warm JVM: public first.
func (w *Runner) order() []int {
	var pub, hid []int
	for i, in := range w.inputs {
		if in.Hidden {
			hid = append(hid, i)
		} else {
			pub = append(pub, i)
		}
	}
	return append(pub, hid...)
}

// runWarm runs the inputs in warm JVMs, as many as it takes, and records
// their answers.
func (w *Runner) runWarm(ctx context.Context, p *Program) error {
	pending := w.order()
	deaths := 0
	for len(pending) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		frames, spent, err := w.harness(ctx, p.built, pending, &p.kept, p.waiting)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("warm harness: %w", err)
		}
		halted, done := false, false
	answers:
		for _, f := range frames {
			switch f.Type {
			case frameCase:
				if w.hand && f.Kind == kindWait && f.Asleep {
					// Asleep by the sandbox's word too: its part waits
					// out its wall limits cold, side by side (asleep.go).
					w.stats.Waited.Add(1)
					pending, halted = w.handOff(pending[1:], f.Index), true
					break answers
				}
				if w.hand && f.Kind == kindLimit && f.Limit == limitCPU {
					p.flags = append(p.flags, w.handOffFlag(f.Index))
					w.stats.Fallbacks.Add(1)
					pending, halted = w.handOff(pending[1:], f.Index), true
					break answers
				}
				pending = pending[1:]
				if ex, ok := execution(f); ok && !nearLimit(f, w.lim) {
					p.results[f.Index] = outcome{ex: ex, done: true}
				} else if ok {
					w.stats.Near.Add(1) // confirmed cold, whose verdict stands
				}
				w.stats.Cases.Add(f.Wall)
				if f.Kind == kindWait {
					w.stats.Waited.Add(1)
				}
				halted = f.Flags&flagHalt != 0
			case frameFallback:
				// The rest of the cases run cold.
				if f.Index < 0 || len(pending) == len(w.inputs) {
					p.flags = append(p.flags, "warm mode: ran cold: "+f.Reason)
				} else {
					p.flags = append(p.flags, fmt.Sprintf("warm mode: ran cold from its run %d on: %s", len(w.inputs)-len(pending)+1, f.Reason))
				}
				w.stats.Fallbacks.Add(1)
				pending = nil
				done = true
			case frameDone:
				done = true
			}
		}
		switch {
		case done, len(pending) == 0:
			pending = nil
		case halted, spent:
			// A limit ended that JVM, or its life (limits.Life) ran out
			// during pending[0]: the next one runs the rest.
		default:
			// It died, or overran, during pending[0]: that case runs cold.
			deaths++
			pending = pending[1:]
			if deaths >= 2 {
				p.flags = append(p.flags, "warm mode: ran cold from some run on: the warm JVM died twice")
				w.stats.Fallbacks.Add(1)
				pending = nil
			}
		}
	}
	return nil
}

// handOff is what stays pending after input i is handed off: the inputs
// of other parts, for the next warm JVM; i's part runs cold.
func (w *Runner) handOff(pending []int, i int) []int {
	part := w.inputs[i].Part
	return slices.DeleteFunc(pending, func(j int) bool { return w.inputs[j].Part == part })
}

// handOffFlag tells the TA that input i was handed off, and the rest of
// its part. It names the part, not the run: which run of a looping part
// reaches the hand-off first can depend on the machine's load (a JVM
// that overran its wall limit during an earlier one runs that one cold).
func (w *Runner) handOffFlag(i int) string {
	what := "ran its runs cold from the first that used"
	if part := w.inputs[i].Part; part != "" {
		what = fmt.Sprintf("ran part %s cold: a run of it used", part)
	}
	return fmt.Sprintf("warm mode: %s %v of CPU time (the hand-off)", what, w.lim.CPU)
}

// buildCold builds the submission cold, for all its runs.
func (w *Runner) buildCold(ctx context.Context, p *Program, why string) (grader.Build, error) {
	w.stats.Fallbacks.Add(1)
	w.stats.ColdBuilds.Add(1)
	b, err := w.cold.Build(ctx, p.src, p.waiting)
	if err != nil || !b.OK {
		return b, err
	}
	p.cold = b.Program
	p.results = make([]outcome, len(p.results))
	p.flags = append(p.flags, "warm mode: ran cold: "+why)
	return grader.Build{OK: true, Log: b.Log, Program: p}, nil
}

// identityHash matches what Object.toString prints: [I@1b6d3586, Node@5a07e868.
// A lambda's class name ("Main$$Lambda$14/0x0000000800c03000"), printed,
// is named by how many lambdas the JVM spun before: such a case reruns
// cold too.
var identityHash = regexp.MustCompile(`(?:\[+(?:[BCDFIJSZ]|L[\w$.]+;)|[A-Za-z_$][\w$]*)@[0-9a-f]{1,8}\b`)

// execution turns a CASE frame into what a cold run would have said; ok is
// false when only a cold run can say it.
func execution(f frame) (grader.Execution, bool) {
	if f.Flags&flagRerun != 0 {
		return grader.Execution{}, false
	}
	for _, b := range [][]byte{f.Out, f.Err} {
		if identityHash.Match(b) || strings.Contains(string(b), "java.lang.OutOfMemoryError") || strings.Contains(string(b), "$$Lambda") {
			return grader.Execution{}, false
		}
	}
	ex := grader.Execution{Stdout: f.Out, Stderr: f.Err, Time: f.Wall, ExitCode: f.Code}
	switch f.Kind {
	case kindReturn:
		ex.ExitCode = 0
	case kindLimit:
		// As the sandbox reports a kill: SIGKILL from the parent, or
		// SIGXCPU from RLIMIT_CPU, which usually beats the cgroup's count.
		ex.ExitCode, ex.Signal = -1, "killed"
		switch f.Limit {
		case limitWall:
			ex.Limit = grader.Wall
		case limitCPU:
			ex.Limit, ex.Signal = grader.CPU, sandbox.CPULimitSignal
		case limitOutput:
			ex.Limit = grader.Output
		default:
			return grader.Execution{}, false
		}
	case kindExit, kindThrow:
	default:
		return grader.Execution{}, false
	}
	if ex.Stdout == nil {
		ex.Stdout = []byte{}
	}
	return ex, true
}

// harness runs one warm JVM on the pending inputs, sending each only after
// the reply to the one before, and returns the replies: one CASE frame per
// input it answered, in order, and maybe a FALLBACK or DONE. It stops at
// the first reply that is not the answer to the case it asked for, and
// kills the JVM when a case passes its CPU or wall limit, as measured
// outside the box (limits.go). spent says the box passed its life
// (limits.Life) before it answered the input after the frames' (which a
// fresh JVM then runs again, first). kept bounds the answers held.
func (w *Runner) harness(ctx context.Context, files []sandbox.File, pending []int, kept *answers, wh sandbox.Hooks) (frames []frame, spent bool, err error) {
	w.stats.JVMs.Add(1)
	started := time.Now()
	defer func() { w.stats.Harness.Since(started) }()
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, false, err
	}
	defer pw.Close()
	sink := newSink()
	sink.max = frameMax(w.lim.Output)
	spec := w.harnessSpec(files, len(pending), kept, pr, sink)
	sleep := newAsleep()
	spec.Waiting = sleep.watch(wh)
	bctx, kill := context.WithCancel(ctx)
	defer kill()
	type ran struct {
		res sandbox.Result
		err error
	}
	done := make(chan ran, 1)
	go func() {
		res, err := sandbox.Run(bctx, spec)
		pr.Close()
		sink.close()
		done <- ran{res, err}
	}()
	send := func(b []byte, d time.Duration) bool {
		pw.SetWriteDeadline(time.Now().Add(d))
		_, err := pw.Write(b)
		return err == nil
	}
	// Each case's limits hold from outside the box (see limits.go).
	watch := newWatch(spec.Meter.CPU, w.lim, kill)
	watch.stall = spec.Meter.Stall
	stop := make(chan struct{})
	defer close(stop)
	go watch.run(stop)
	// The JVM has its start's CPU time (awaitReady), then each case its
	// limits.
	slack := 5 * time.Second
	ok := send(encodeHeader(w.mode, nil, w.main, w.cp, w.lim), slack)
	if f, got := awaitReady(sink, spec.Meter.CPU); !got || f.Type != frameReady {
		ok = false
	} else {
		ready := time.Since(started)
		w.stats.Ready.Add(ready)
		// Bounded by what this side measured: the box's word is a claim.
		w.stats.Setup.Add(min(max(f.Setup, 0), ready))
		w.stats.Scan.Add(min(max(f.Scan, 0), ready))
	}
	for _, i := range pending {
		if !ok {
			break
		}
		if !watch.start() {
			// Past its life between cases (a first case that used it up):
			// a fresh JVM runs the rest. Always after an answer: each JVM
			// makes progress.
			spent, ok = watch.lifeSpent() && len(frames) > 0, false
			break
		}
		in := w.inputs[i]
		if !send(encodeCase(i, in.Args, in.Stdin), time.Until(watch.deadline())) {
			break
		}
		f, got := watch.await(sink)
		if got && f.Type == frameCase {
			watch.bound(f.Stall)
		}
		cpu, wall, broke := watch.end()
		if len(frames) == 0 {
			w.stats.Start.Since(started)
		}
		if len(frames) > 0 && watch.pastLife() && !keptPastLife(f, got, broke) {
			// Its answer rests on more CPU time than a cold run has: a
			// fresh JVM runs it again, first.
			spent, ok = true, false
			break
		}
		f = kept.admit(f)
		if !got && broke != limitNone {
			f, got = overrun(i, wall, broke), true
		}
		if !got || f.Type == frameCompile || f.Type == frameReady || f.Type == frameCase && f.Index != i {
			break // dead, or not an answer to this case
		}
		if f.Type == frameFallback {
			f.Index = i
		}
		enforce(&f, cpu, wall, broke)
		if f.Type == frameCase && f.Kind == kindWait && w.hand && sandbox.Detect() >= sandbox.TierFull {
			f.Asleep = sleep.await(confirmWait, time.After)
		}
		frames = append(frames, f)
		if f.Type != frameCase || f.Flags&flagHalt != 0 {
			ok = false
		}
	}
	if ok {
		if send(encodeEnd(), slack) {
			if f, got := sink.next(time.Now().Add(slack)); got && f.Type == frameDone {
				frames = append(frames, f)
			}
		}
	}
	pw.Close()
	// Whatever it is doing now, it has said all the grader will hear.
	used, _ := spec.Meter.CPU()
	kill()
	r := <-done
	w.stats.HarnessCPU.Add(max(used, r.res.CPU))
	if r.err != nil && ctx.Err() == nil && !errors.Is(r.err, context.Canceled) {
		return nil, false, r.err
	}
	return frames, spent, nil
}

// harnessSpec is the box of a harness JVM that runs n cases, reading
// its requests from in and writing its frames to frames. The harness
// watches each case's limits itself, and so does this side; the box's
// are a backstop for the JVM as a whole, all its threads counted: a
// tighter backstop costs only a restart.
func (w *Runner) harnessSpec(files []sandbox.File, n int, kept *answers, in *os.File, frames *sink) sandbox.Spec {
	k := time.Duration(min(n, 8))
	out := int64(n)*(2*w.lim.Output+4096) + 4<<20
	return sandbox.Spec{
		Path:      w.jdk.Java,
		Args:      w.javaArgs(harnessMain),
		Files:     files,
		StdinFrom: in,
		StdoutTo:  frames,
		Meter:     &sandbox.Meter{},
		// The frames are kept as they come, bounded by kept: once only.
		StdoutToOnly: true,
		Limits: sandbox.Limits{
			Wall:   k*(w.lim.Wall+time.Second) + 10*time.Second,
			CPU:    k*(w.lim.CPU+time.Second) + 10*time.Second,
			Memory: w.memory,
			Output: min(out, streamMax(kept, w.lim.Output), 1<<30),
		},
		ReadOnly: []string{w.jdk.dir, toolchain.JDKHome(w.jdk.Java)},
	}
}

// Run answers a run from the warm results, or runs it cold.
// A live run (an interactive case) or a repeated case's attempt always
// runs cold: the warm harness runs each input once, with no judge beside it.
func (p *Program) Run(ctx context.Context, in grader.Input) (grader.Execution, error) {
	if i, ok := p.index[inputKey(in.Args, in.Stdin)]; ok && p.results[i].done && !in.Live() && in.Attempt == 0 {
		p.w.stats.WarmCases.Add(1)
		ex := p.results[i].ex
		ex.Stdout = slices.Clone(ex.Stdout)
		ex.Stderr = slices.Clone(ex.Stderr)
		return ex, nil
	}
	p.w.stats.ColdCases.Add(1)
	cold, err := p.coldProgram(ctx, in.Waiting)
	if err != nil {
		return grader.Execution{}, err
	}
	return cold.Run(ctx, in)
}

// coldProgram is the submission built cold, built now (its boxes given
// the hooks wh) when it is not yet.
func (p *Program) coldProgram(ctx context.Context, wh sandbox.Hooks) (grader.Program, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cold != nil {
		return p.cold, nil
	}
	if p.built != nil {
		p.cold = p.w.cold.Prebuilt(p.built)
		return p.cold, nil
	}
	p.w.stats.ColdBuilds.Add(1)
	b, err := p.w.cold.Build(ctx, p.src, wh)
	if err != nil {
		return nil, err
	}
	if !b.OK {
		return nil, fmt.Errorf("warm mode compiled the submission but javac did not: %s", b.Log)
	}
	p.cold = b.Program
	return p.cold, nil
}

// Flags says, for the TA alone, when and why the submission, or part of
// it, ran cold, and when a spot check found the warm and cold runs
// disagreeing (the submission was then graded cold); nil when it all ran
// warm. How a program was run is the grader's business: the student's
// report speaks of the program alone.
func (p *Program) Flags() []string { return slices.Clone(p.flags) }

// Close releases the program.
func (p *Program) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cold != nil {
		return p.cold.Close()
	}
	return nil
}

// Runtime implements grader.Describer, as the cold runner names it.
func (w *Runner) Runtime() string { return "java " + w.jdk.Version }

// Stack implements grader.StackDescriber, as the cold runner says it: the
// harness's box and JVM get the same stack (the sandbox's, and the Java
// toolchain's -Xss for the box's memory).
func (w *Runner) Stack() string { return w.cold.Stack() }

// Key implements grader.Keyer: warm mode, with how many answers of each
// submission are spot-checked (a batch's secret, which chooses them, is
// in its key already).
func (w *Runner) Key() string {
	return fmt.Sprintf("warm spot-check=%d hand-off=%v decided=%v", w.spot, w.hand, w.decide != nil)
}

// spotCheck runs a few of the warm answers again cold (w.spot of them,
// see spotPicks), and when one disagrees throws every warm answer away:
// the whole submission runs cold, flagged.
func (w *Runner) spotCheck(ctx context.Context, p *Program) error {
	if w.spot == 0 {
		return nil
	}
	warm := w.spotPicks(p)
	cold, err := p.coldProgram(ctx, p.waiting)
	if err != nil {
		return err
	}
	for _, i := range warm {
		in := w.inputs[i]
		w.stats.SpotChecks.Add(1)
		started := time.Now()
		ex, err := cold.Run(ctx, grader.Input{Args: in.Args, Stdin: in.Stdin, Waiting: p.waiting})
		w.stats.SpotCheck.Since(started)
		w.stats.SpotCheckCPU.Add(ex.CPU)
		if err != nil {
			return err
		}
		ok, err := w.agrees(ctx, in, p.results[i].ex, ex, p.waiting)
		if err != nil {
			return err
		}
		if ok {
			continue
		}
		w.stats.Disagreed.Add(1)
		name := in.ID
		if name == "" {
			name = fmt.Sprintf("run %d (%q)", i+1, in.Args)
		}
		p.flags = append(p.flags, "fast and safe runs disagreed on case "+name+": graded cold")
		p.results = make([]outcome, len(p.results))
		p.results[i] = outcome{ex: ex, done: true}
		return nil
	}
	return nil
}

// spotPicks chooses the answers a spot check runs again: w.spot of the
// warm ones, ranked by an HMAC of the batch's secret over the submission's
// files and each case, so that a student, who knows neither the secret
// nor the hidden cases, cannot tell which. Every kind of case may be
// picked, whatever its judge, but for those Grade never takes a warm
// answer of (Input.ColdOnly) and timeouts: checking one would cost a whole
// CPU or wall limit, and a forged one only costs its program the case.
func (w *Runner) spotPicks(p *Program) []int {
	var warm []int
	for i, o := range p.results {
		if o.done && !w.inputs[i].ColdOnly && !timeout(o.ex) {
			warm = append(warm, i)
		}
	}
	m := hmac.New(sha256.New, w.secret)
	m.Write([]byte(submission.Key(p.src)))
	seed := m.Sum(nil)
	rank := func(i int) []byte {
		h := hmac.New(sha256.New, seed)
		fmt.Fprintf(h, "%d:%s#%d", len(w.inputs[i].ID), w.inputs[i].ID, i)
		return h.Sum(nil)
	}
	slices.SortFunc(warm, func(a, b int) int { return bytes.Compare(rank(a), rank(b)) })
	warm = warm[:min(w.spot, len(warm))]
	slices.Sort(warm)
	return warm
}

// agrees reports whether a warm and a cold run of an input agree: they
// end alike, or, when its output varies and a Decider can say, they earn
// the same verdict and credit.
func (w *Runner) agrees(ctx context.Context, in Input, warm, cold grader.Execution, wh sandbox.Hooks) (bool, error) {
	if agree(warm, cold) {
		return true, nil
	}
	if !in.Varies || w.decide == nil || in.ID == "" {
		return false, nil
	}
	wv, wc, err := w.decide.Decide(ctx, in.ID, warm, wh)
	if err != nil {
		return false, err
	}
	cv, cc, err := w.decide.Decide(ctx, in.ID, cold, wh)
	if err != nil {
		return false, err
	}
	return wv == cv && wc == cc, nil
}

// timeout reports whether a run ended at its CPU or wall limit.
func timeout(ex grader.Execution) bool { return ex.Limit == grader.Wall || ex.Limit == grader.CPU }

// agree reports whether a warm and a cold run of a case end alike: the
// same exit, signal, limit, stdout and stderr; two timeouts agree whatever
// they printed before (where a run is stopped depends on the machine).
func agree(warm, cold grader.Execution) bool {
	if timeout(warm) || timeout(cold) {
		return timeout(warm) && timeout(cold)
	}
	return warm.ExitCode == cold.ExitCode && warm.Signal == cold.Signal && warm.Limit == cold.Limit &&
		bytes.Equal(warm.Stdout, cold.Stdout) && bytes.Equal(warm.Stderr, cold.Stderr)
}
