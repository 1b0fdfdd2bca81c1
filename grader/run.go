package grader

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// The run stage: the build, the suites, then every case's runs, side by
// side as far as the cores allow, each run decided (decide) as it ends
// and a wrong answer diagnosed (diagnose) while its output is at hand.

// run is the run stage: it builds the files and, when they built, runs
// the suites and every case of res, each run decided as it ends. A failed
// build is no error: the stage's outcome says why.
func (a *Assignment) run(ctx context.Context, runner Runner, files []submission.File, res *Result, opt Options) (runStage, error) {
	b, err := build(ctx, opt.Cores, a.memory(), runner, files)
	if err != nil {
		return runStage{}, fmt.Errorf("build: %w", err)
	}
	if b.Runtime != "" {
		res.Provenance.Runtime = b.Runtime
	}
	if !b.OK {
		res.BuildLog = b.Log
		return runStage{note: b.Note}, nil
	}
	defer b.Program.Close()
	if opt.outcomes, err = a.runSuites(ctx, runner, b.Program, res, opt.Cores); err != nil {
		return runStage{}, err
	}
	opt.stop = newStops(a, res.Cases)
	if err := a.runCases(ctx, b.Program, res.Cases, opt); err != nil {
		return runStage{}, err
	}
	opt.stop.settle(res.Cases)
	res.Notes = append(res.Notes, opt.stop.notes(res.Cases)...)
	for _, cr := range res.Cases {
		if cr.Rerun == "" {
			continue
		}
		what := "case " + cr.ID
		if cr.Visibility == cases.Hidden { // the notes are the student's too
			what = "a hidden case"
		}
		res.Notes = append(res.Notes, fmt.Sprintf("%s was %s; the rerun's verdict counts: %s", what, cr.Rerun, cr.Verdict.Describe()))
	}
	if n, ok := b.Program.(Noter); ok {
		res.Notes = append(res.Notes, n.Notes()...)
	}
	st := runStage{built: true}
	if f, ok := b.Program.(Flagger); ok {
		st.flags = f.Flags()
	}
	return st, nil
}

// runStage is how the run stage ended: whether the files built (else the
// note that says why), and what the program has to tell the TA alone
// (Flagger).
type runStage struct {
	built bool
	note  string
	flags []string
}

// build builds the files on a core of cores, with mem bytes of its memory
// budget.
func build(ctx context.Context, cores *Cores, mem int64, run Runner, files []submission.File) (Build, error) {
	w, done, err := cores.take(ctx, mem)
	if err != nil {
		return Build{}, err
	}
	defer done()
	return run.Build(ctx, files, w)
}

// runSuites runs each Suite once for the cases of res that name it, on a
// core of opt.Cores, and returns every such case's outcome; its notes and
// flags go into res.
func (a *Assignment) runSuites(ctx context.Context, run Runner, prog Program, res *Result, cores *Cores) (map[string]Outcome, error) {
	out := map[string]Outcome{}
	for k, s := range a.suites() {
		var cs []cases.Case
		for _, cr := range res.Cases {
			if c := a.caseByID(cr.ID); suiteKey(c) == k {
				cs = append(cs, c)
			}
		}
		if len(cs) == 0 {
			continue
		}
		sr, err := runSuite(ctx, cores, a.memory(), s, run, prog, cs)
		if err != nil {
			return nil, err
		}
		res.Notes = append(res.Notes, sr.Notes...)
		res.Flags = append(res.Flags, sr.Flags...)
		for _, c := range cs {
			o, ok := sr.Outcomes[c.ID]
			if !ok {
				o = Outcome{Execution: Execution{ExitCode: -1, Stderr: []byte("the test run reported nothing of this test\n")}}
			}
			out[c.ID] = o
		}
	}
	return out, nil
}

// runSuite runs s on a core of cores, with mem bytes of its memory budget.
func runSuite(ctx context.Context, cores *Cores, mem int64, s Suite, run Runner, prog Program, cs []cases.Case) (SuiteRun, error) {
	w, done, err := cores.take(ctx, mem)
	if err != nil {
		return SuiteRun{}, err
	}
	defer done()
	return s.RunSuite(ctx, run, prog, cs, w)
}

// runCases runs and judges the cases into crs, side by side as far as
// opt.Cores allow (each run takes a core, see runOnce); each case writes
// only its own CaseResult, so the order they finish in changes nothing
// but which cases after a rejected one of a part that stops there
// (opt.stop) run: none of them changes a score. Such a part's cases
// start in case order. The public cases run, and run again where they
// waited (rerunWaited), before any hidden case starts: whatever runs
// share (the host's page cache of the files every box reads, locks on
// them) could otherwise carry a hidden case's input to a public run's
// output, which the student sees. The error is the first case's, in
// case order, of the public cases, then of the hidden.
func (a *Assignment) runCases(ctx context.Context, prog Program, crs []CaseResult, opt Options) error {
	errs := make([]error, len(crs))
	var (
		mu   sync.Mutex
		done int
	)
	one := func(i int) {
		c := a.caseByID(crs[i].ID)
		if err := a.runCase(ctx, prog, &crs[i], c, opt); err != nil {
			errs[i] = fmt.Errorf("case %s: %w", c.ID, err)
			return
		}
		if opt.Progress != nil {
			mu.Lock()
			defer mu.Unlock()
			done++
			opt.Progress(CaseEvent{Done: done, Total: len(crs), Case: crs[i]})
		}
	}
	for _, hidden := range []bool{false, true} {
		in := func(i int) bool { return (crs[i].Visibility == cases.Hidden) == hidden }
		runSideBySide(crs, opt, in, one)
		for i, err := range errs {
			if err != nil && in(i) {
				return err
			}
		}
		if err := a.rerunWaited(ctx, prog, crs, opt, in); err != nil {
			return err
		}
	}
	return nil
}

// runSideBySide calls one for each case of crs that in takes, side by
// side, and returns when all have returned; the cases of a part that
// stops at its first rejected case (opt.stop) are taken in case order,
// as many at a time as there are cores, so that a case after a rejected
// one is seldom started before it ends.
func runSideBySide(crs []CaseResult, opt Options, in func(int) bool, one func(int)) {
	var wg sync.WaitGroup
	for i := range crs {
		if in(i) && !opt.stop.stops(crs[i].ID) {
			wg.Go(func() { one(i) })
		}
	}
	for _, places := range opt.stop.parts() {
		places = slices.DeleteFunc(places, func(k int) bool { return !in(k) })
		var next atomic.Int64
		for range min(opt.Cores.count(), len(places)) {
			wg.Go(func() {
				for k := int(next.Add(1) - 1); k < len(places); k = int(next.Add(1) - 1) {
					one(places[k])
				}
			})
		}
	}
	wg.Wait()
}

// rerunWaited runs again, one at a time after the others, each case run
// once whose run waited past the wall-time limit (RunResult.Waited) where
// the sandbox could not leave the time it waited for a core out of that
// limit (no run delays from the kernel; see sandbox.Result.StallCounted):
// there a busy machine can make a program wait for a core until its wall
// limit while using little CPU time, and lose a case it would pass alone.
// Where the sandbox did, a wall limit is the program's own waiting (a
// sleep, input that never comes), and running it again would only cost
// the batch another wall limit. The rerun's
// verdict is the case's, and the case says it was rerun (Rerun). A
// repeated case's runs are not rerun: their count is the verdict. Only
// the cases in takes are.
func (a *Assignment) rerunWaited(ctx context.Context, prog Program, crs []CaseResult, opt Options, in func(int) bool) error {
	for i := range crs {
		cr := &crs[i]
		if !in(i) || !cr.Waited || cr.uncrowded || cr.Attempts != nil || opt.stop.skips(cr.ID) {
			continue // a case its part stopped before needs no second run
		}
		first := ended(cr.RunResult, a.Rubric.Limits)
		*cr = CaseResult{ID: cr.ID, Part: cr.Part, Visibility: cr.Visibility, Points: cr.Points}
		c := a.caseByID(cr.ID)
		if err := a.runCase(ctx, prog, cr, c, opt); err != nil {
			return fmt.Errorf("case %s: %w", c.ID, err)
		}
		cr.Rerun = "rerun after the other cases, one at a time: its first run " + first + " (a busy machine can make a program wait)"
	}
	return nil
}

// runCase runs the program on case c and decides the run, or each run of
// a repeated case (see runRepeated). A case run once whose answer is
// wrong is diagnosed.
func (a *Assignment) runCase(ctx context.Context, prog Program, cr *CaseResult, c cases.Case, opt Options) error {
	if c.Repeated() {
		return a.runRepeated(ctx, prog, cr, c, opt)
	}
	t := a.trial(c, cr.Part, 0, opt.Secret)
	cr.Args = t.Case.Args
	r, err := a.runOnce(ctx, prog, t, opt)
	if errors.Is(err, errNotRun) {
		cr.Verdict, cr.ExitCode = NotRun, 0
		return nil
	}
	if err != nil {
		return err
	}
	settle(cr, r, opt)
	opt.stop.judged(cr)
	if v := cr.Verdict; v != Pass && !v.judgeFailed() && cr.Score == nil {
		a.diagnose(cr, r.ex.Stdout, t.Readings)
	}
	return nil
}

// runRepeated runs a repeated case (runs: R) R times, run n with
// Input.Attempt n and the case's {run} and {seed} replaced, deciding each
// run as if it were a case of its own, and the case by its runs
// (decideRuns). With score: fraction it earns the share of its runs'
// credit. Its evidence is its failing runs'. A randomized program's wrong
// answers are its own each time, so no run is matched against a
// catalogued mistake's output; a RunsDiagnoser may name the mistakes that
// explain the runs as a whole.
func (a *Assignment) runRepeated(ctx context.Context, prog Program, cr *CaseResult, c cases.Case, opt Options) error {
	t := newTally(c)
	for n := 1; n <= c.Runs; n++ {
		tr := a.trial(c, cr.Part, n, opt.Secret)
		r, err := a.runOnce(ctx, prog, tr, opt)
		if err != nil {
			return err
		}
		run := CaseResult{ID: cr.ID, Part: cr.Part, Args: tr.Case.Args}
		settle(&run, r, opt)
		t.add(n, run, tr.Case.Stdin, r.ex.Stdout)
	}
	t.into(cr, c, opt)
	a.diagnoseRuns(cr, c)
	return nil
}

// runOnce runs the program once for trial t on a core of opt.Cores,
// beside its judge when the judge talks with it, and returns the run as
// decide reads it, its judge asked. A suite's test takes its share of the
// suite's run instead (opt.outcomes). The error is the run's, never the
// judge's (that is the run's judgeErr).
func (a *Assignment) runOnce(ctx context.Context, prog Program, t Trial, opt Options) (judgedRun, error) {
	jd := a.judgeFor(t.Case)
	if o, ok := opt.outcomes[t.Case.ID]; ok {
		r := a.ask(ctx, decided{o.Judgement}, t, o.Execution)
		r.suite = true
		return r, ctx.Err()
	}
	w, done, err := opt.Cores.take(ctx, a.memory())
	if err != nil {
		return judgedRun{}, err
	}
	defer done()
	if t.Attempt == 0 && opt.stop.skips(t.Case.ID) {
		return judgedRun{}, errNotRun
	}
	t.Waiting = w
	in := Input{Args: t.Case.Args, Stdin: t.Case.Stdin, Attempt: t.Attempt, Case: t.Case.ID, Secret: opt.Secret, Waiting: w}
	var r judgedRun
	if inter, live := jd.(Interactor); live {
		ex, j, judgeErr := inter.Interact(ctx, t, func(li Input) (Execution, error) {
			li.Args, li.Attempt, li.Case, li.Secret, li.Waiting = in.Args, in.Attempt, in.Case, in.Secret, in.Waiting
			return prog.Run(ctx, li)
		})
		r = a.ended(t, ex)
		r.live, r.judgement, r.judgeErr = true, j, judgeErr
	} else {
		ex, err := prog.Run(ctx, in)
		if err != nil {
			return judgedRun{}, err
		}
		r = a.ask(ctx, jd, t, ex)
	}
	return r, ctx.Err()
}

// memory is what a build or run of the assignment counts in its Cores'
// memory budget: the rubric's memory limit of a run.
func (a *Assignment) memory() int64 {
	if a.Rubric == nil {
		return 0
	}
	return a.Rubric.Limits.Memory
}

// settle decides run r into cr, with the evidence a result keeps: the
// start and end of stderr, the output where it shows what was judged,
// the run's time and whole output when opt asks.
func settle(cr *CaseResult, r judgedRun, opt Options) {
	d := decide(r)
	cr.RunResult, cr.Reading, cr.Score = d.RunResult, d.Reading, d.Score
	cr.Stderr = excerpt(r.ex.Stderr, KeptStderr)
	if !r.live && !r.suite { // an interactive run's output went to its judge: the transcript is in JudgeLog
		cr.Output = shownOutput(d, r.ex.Stdout)
	}
	if opt.Timings {
		ms, cpu := r.ex.Time.Milliseconds(), r.ex.CPU.Milliseconds()
		cr.TimeMS, cr.CPUMS = &ms, &cpu
	}
	if opt.KeepStdout {
		cr.Stdout = r.ex.Stdout
	}
}

// shownOutput is what a result keeps of a run's own output (nil: none):
// for a run stopped at the output limit, a glimpse of its start and end,
// enough to see what it repeats (limitExcerpt); for a judged run its
// judge failed, or gave part of the credit, without a difference or a
// broken rule to show for it (a checker program's verdict), its start
// and end: a diff-judged case shows the output in its diff, and this one
// must show it too.
func shownOutput(d decision, stdout []byte) *string {
	var out string
	switch {
	case d.Verdict == OutputLimit:
		out = limitExcerpt(stdout)
	case d.Mismatch != nil || d.Violation != nil:
		return nil
	case d.Verdict == WrongAnswer, d.Verdict == JudgeError, d.Verdict == Pass && d.Score != nil && *d.Score < 1:
		out = excerpt(stdout, KeptOutput)
	default:
		return nil
	}
	return &out
}

// Checkable reports whether Decide can judge a run of case c on its own:
// a case run once (no runs key) whose judge does not talk with the
// program while it runs, nor runs a test suite (Suite). A repeated case
// is judged over all its runs, and an interactive one only beside its
// judge.
func (a *Assignment) Checkable(c cases.Case) bool {
	jd := a.judgeFor(c)
	_, live := jd.(Interactor)
	_, suite := jd.(Suite)
	return c.Runs == 0 && !live && !suite
}

// Decide judges a finished run of the case with that ID by the rules
// Grade judges it by (decide), and returns its verdict and the share of
// the case's credit it earns (a pass 1, a judge's partial credit, else
// 0). Warm mode's spot checks decide a warm and a cold run of a case
// alike through it: two runs agree when their verdicts and credit do,
// whatever the case's judge (expected output, a checker, the reference's
// rules on a random run). A judge's failure is the verdict GraderFailure;
// the error is an unknown or uncheckable case (see Checkable), or ctx's.
// w are the hooks of the core the caller holds, for a judge's box.
func (a *Assignment) Decide(ctx context.Context, caseID string, ex Execution, w sandbox.Hooks) (Verdict, float64, error) {
	c, part, ok := a.find(caseID)
	switch {
	case !ok:
		return "", 0, fmt.Errorf("grader: no case %q", caseID)
	case !a.Checkable(c):
		return "", 0, fmt.Errorf("grader: case %s is repeated or interactive: a single run of it cannot be decided alone", caseID)
	}
	t := a.trial(c, part, 0, nil)
	t.Waiting = w
	r := a.ask(ctx, a.judgeFor(c), t, ex)
	if err := ctx.Err(); err != nil {
		return "", 0, err
	}
	d := decide(r)
	return d.Verdict, caseCredit(d.Verdict, d.Score), nil
}

// ask is a run of trial t as decide reads it, its judge jd asked when the
// run is its to decide (judgeable).
func (a *Assignment) ask(ctx context.Context, jd Judge, t Trial, ex Execution) judgedRun {
	r := a.ended(t, ex)
	if judgeable(r.exit, ex) {
		t.Stdout, t.ExitCode, t.Stderr = ex.Stdout, ex.ExitCode, ex.Stderr
		r.judgement, r.judgeErr = jd.Judge(ctx, t)
	}
	return r
}

// ended is a run of trial t that ended as ex, before its judge speaks.
func (a *Assignment) ended(t Trial, ex Execution) judgedRun {
	return judgedRun{exit: t.Case.Exit, ex: ex, limits: a.Rubric.Limits}
}

// trial is run n of case c of part (0: a case run once) as its judge is
// handed it, {run} and {seed} replaced in its args and stdin.
func (a *Assignment) trial(c cases.Case, part string, n int, secret []byte) Trial {
	p, _ := a.Rubric.Part(part)
	c.Args, c.Stdin = c.Attempt(secret, max(n, 1))
	return Trial{Case: c, Readings: p.Readings, Attempt: n}
}
