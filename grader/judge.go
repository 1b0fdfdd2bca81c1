package grader

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// Judge decides a finished run of a case: the expected output (judge
// "diff", the default), a token validator, a checker program, or an
// assignment's reference program.
type Judge interface {
	// Judge returns the judgement of a run that ended on its own with
	// status 0 (Grade gives every other run its verdict without asking).
	// An error means the judge itself failed (a checker program crashed):
	// the case's verdict is then GraderFailure, never the student's fault.
	Judge(ctx context.Context, t Trial) (Judgement, error)
}

// Interactor is a Judge that talks with the program while it runs (an
// interactive problem). Grade calls Interact instead of running the
// program itself; run starts the program with the Input's StdinFrom and
// StdoutTo set by the interactor, and returns when it has ended.
type Interactor interface {
	Judge
	Interact(ctx context.Context, t Trial, run func(Input) (Execution, error)) (Execution, Judgement, error)
}

// Diagnoser is a Judge that knows the usual wrong programs: Grade names
// the catalogued mistakes that print exactly a wrong answer, with a hint.
type Diagnoser interface {
	// Mistakes lists the known wrong programs and what each prints for
	// args under each of the readings (nil: every reading). A mistake may
	// appear once per reading.
	Mistakes(args []string, readings []string) []KnownMistake
	Hinter
}

// Hinter gives the hint for a named mistake: the paragraph for a student
// whose program the mistake explains, pointing at the handout's words.
type Hinter interface {
	Hint(mistake string) string
}

// RunsDiagnoser is a Judge that knows the usual wrong programs of a
// randomized assignment by how their runs go: after a repeated case fails,
// Grade asks it which mistakes explain its runs (how many passed, the
// rules the failing ones broke), and names them with a hint. A mistake
// named from a success rate is a likely cause, not a proof: the judge
// names only those whose measured rate makes that many passes plausible.
type RunsDiagnoser interface {
	DiagnoseRuns(c cases.Case, at *Attempts) []string
	Hinter
}

// Tracer is a Judge that can explain a correct run line by line, for
// `check --explain`.
type Tracer interface {
	// Trace explains what a correct program prints for args under the
	// given reading ("" for the default): Why[i] is why line i+1 of
	// Stdout is what it is.
	Trace(args []string, reading string) (Trace, error)
}

// CaseVerifier is a Judge that can check cases against the program it
// stands for: that each expected output is what that program prints, that
// each case is one the assignment allows (`autograder cases verify`).
type CaseVerifier interface {
	VerifyCases(cs []cases.Case) error
}

// Trial is a run handed to a judge.
type Trial struct {
	Case cases.Case
	// Readings are the readings the case's part accepts (nil: every one).
	Readings []string
	// Stdout is what the program printed (empty for an Interactor).
	Stdout []byte
	// Attempt is the run's attempt of a repeated case (0: run once).
	Attempt int
	// ExitCode and Stderr are how the run ended: status 0, or, for a
	// case with exit: nonzero, the status the program chose.
	ExitCode int
	Stderr   []byte
}

// Judgement is a judge's decision on one run.
type Judgement struct {
	Pass bool
	// Score, when set, is the share of the case's credit earned, from 0
	// to 1 (a scoring problem's partial credit); nil: all when Pass,
	// nothing otherwise.
	Score *float64
	// Reading names the accepted reading whose output matched.
	Reading   string
	Mismatch  *Mismatch
	Violation *Violation
	// Feedback is for the student; Log is for the TA alone (a checker's
	// judge message).
	Feedback string
	Log      string
	// DecidedFirst says an interactive judge decided before the program
	// ended: its rejection then stands whatever the program does
	// afterwards (a program left waiting for an answer that never comes
	// runs out of time because of it).
	DecidedFirst bool
}

// Violation is the line of a checked run that broke a rule.
type Violation struct {
	Line int    `json:"line"`
	Rule string `json:"rule"`
	Msg  string `json:"message"`
}

// String says what broke: "line 7 breaks the rule "move": ..."; a
// violation of no one line (Line 0) names only the rule.
func (v Violation) String() string { return v.brief() + ": " + v.Msg }

// brief says what broke without why: "line 7 breaks the rule "move"".
func (v Violation) brief() string {
	if v.Line <= 0 {
		return fmt.Sprintf("the run breaks the rule %q", v.Rule)
	}
	return fmt.Sprintf("line %d breaks the rule %q", v.Line, v.Rule)
}

// KnownMistake is a catalogued wrong program and what it does on one
// command line: prints Stdout (a wrong answer), or, when Verdict is set,
// ends so (Timeout: a program too slow for the case; RuntimeError: one
// that crashes on it).
type KnownMistake struct {
	Name    string
	Stdout  []byte
	Verdict Verdict
}

// Trace is a correct run explained.
type Trace struct {
	Reading string
	Stdout  []byte
	// Why has one entry per line of Stdout ("" when a line needs none),
	// and one more when how the run ended needs saying.
	Why []string
}

// Fingerprinter is a Judge whose decisions depend on files of its own
// beyond the rubric and the cases (a checker program's source): its
// Fingerprint, a hash of them, goes into every result's provenance and
// into the key a batch caches results by, so a changed checker regrades.
type Fingerprinter interface {
	Fingerprint() string
}

// JudgeMaker makes a judge for an assignment; r's [judge] section holds
// its options (Flags). Its error names the problem in a line.
type JudgeMaker func(r *rubric.Rubric) (Judge, error)

// Judges are the judges an assignment may name, by name ([judge] name,
// reference, a case's check key): the program lists every judge it has
// in one value (the autograder command in its package bundle, a test its
// own) and passes it when it loads an assignment. The grader's own judges,
// "diff" and "tokens", need no listing.
type Judges map[string]JudgeMaker

// JoinJudges is the judges of every list, which name no judge twice
// (that panics: the program's lists are wrong).
func JoinJudges(lists ...Judges) Judges {
	all := Judges{}
	for _, js := range lists {
		for name, mk := range js {
			if _, dup := all[name]; dup {
				panic("grader: judge " + name + " listed twice")
			}
			all[name] = mk
		}
	}
	return all
}

// ownJudges are the judges every assignment may name.
var ownJudges = Judges{
	"diff": func(r *rubric.Rubric) (Judge, error) {
		mode, err := compare.ParseMode(r.Compare.Mode)
		return Expected{Mode: mode}, err
	},
	"tokens": func(r *rubric.Rubric) (Judge, error) {
		opt, err := compare.ParseValidatorFlags(r.Judge.Flags)
		return Tokens{Options: opt}, err
	},
}

// maker is the judge js or the grader has by name.
func (js Judges) maker(name string) (JudgeMaker, bool) {
	if mk, ok := ownJudges[name]; ok {
		return mk, true
	}
	mk, ok := js[name]
	return mk, ok
}

// makeJudge makes the judge called name, one of js or the grader's own.
func (js Judges) makeJudge(name string, r *rubric.Rubric) (Judge, error) {
	mk, ok := js.maker(name)
	if !ok {
		known := slices.Sorted(maps.Keys(ownJudges))
		for n := range js {
			if _, own := ownJudges[n]; !own {
				known = append(known, n)
			}
		}
		slices.Sort(known)
		return nil, fmt.Errorf("no judge %q in this grader (it has %s)", name, strings.Join(known, ", "))
	}
	return mk(r)
}

// Expected is the judge "diff": a run passes when its output is one the
// case accepts under the part's readings, compared as Mode says.
type Expected struct{ Mode compare.Mode }

// Judge implements Judge.
func (e Expected) Judge(_ context.Context, t Trial) (Judgement, error) {
	accepted := t.Case.Accepts(t.Readings)
	for _, o := range accepted {
		if compare.Equal(o.Stdout, t.Stdout, e.Mode) {
			return Judgement{Pass: true, Reading: strings.Join(o.Readings, ",")}, nil
		}
	}
	var j Judgement
	if len(accepted) > 0 {
		m := compare.Explain(accepted[0].Stdout, t.Stdout, e.Mode)
		j.Mismatch = &Mismatch{Line: m.Line, Expected: m.Expected, Got: m.Got, Diff: m.Diff}
	}
	return j, nil
}

// Tokens is the judge "tokens": a run passes when its output matches one
// the case accepts token by token, as contest packages' default output
// validator compares (compare.Tokens; the rubric's [judge] flags are its
// validator flags: case_sensitive, space_change_sensitive,
// float_tolerance E, float_absolute_tolerance E, float_relative_tolerance E).
type Tokens struct{ Options compare.TokenOptions }

// Judge implements Judge. A case with its own JudgeArgs is compared under
// those flags instead.
func (tk Tokens) Judge(_ context.Context, t Trial) (Judgement, error) {
	if t.Case.JudgeArgs != nil {
		opt, err := compare.ParseValidatorFlags(t.Case.JudgeArgs)
		if err != nil {
			return Judgement{}, fmt.Errorf("case %s: %w", t.Case.ID, err)
		}
		tk.Options = opt
	}
	accepted := t.Case.Accepts(t.Readings)
	var first *compare.TokenMismatch
	for i, o := range accepted {
		m := compare.Tokens(o.Stdout, t.Stdout, tk.Options)
		if m == nil {
			return Judgement{Pass: true, Reading: strings.Join(o.Readings, ",")}, nil
		}
		if i == 0 {
			first = m
		}
	}
	var j Judgement
	if first != nil {
		j.Mismatch = &Mismatch{Line: first.Line, Expected: first.Expected, Got: first.Got, Diff: first.String()}
	}
	return j, nil
}

// judgeFor returns the judge of case c: its check key's, or the rubric's.
func (a *Assignment) judgeFor(c cases.Case) Judge {
	if c.Check == cases.CheckReference {
		return a.Reference
	}
	return a.judges[c.Check]
}

// runCase runs the program on case c and judges the run, or each run of
// a repeated case (see runRepeated). A case run once whose answer is
// wrong is diagnosed.
func (a *Assignment) runCase(ctx context.Context, prog Program, cr *CaseResult, c cases.Case, opt Options) error {
	if c.Repeated() {
		return a.runRepeated(ctx, prog, cr, c, opt)
	}
	cr.Args, _ = c.Attempt(opt.Secret, 1)
	stdout, err := a.runOnce(ctx, prog, cr, c, 0, opt)
	if err != nil {
		return err
	}
	if v := cr.Verdict; v != Pass && v != GraderFailure && cr.Score == nil {
		part, _ := a.Rubric.Part(cr.Part)
		a.diagnose(cr, stdout, part.Readings)
	}
	return nil
}

// runOnce runs the program once on case c (run n of a repeated case, 0
// for a case run once) on a core of the context's Cores, beside its judge
// when the judge talks with it, judges the run into cr and returns its
// stdout. A judge's failure is the case's GraderFailure, with the judge's
// error for the TA; a run's is Grade's.
//
// How the run ended decides first (a time limit, a crash); a run that
// ended on its own with status 0 (or as its case's exit key allows) is
// its judge's to decide. An interactive judge that rejects before the
// program ends decides alone: the run is a wrong answer whatever the
// program does afterwards (crash, or wait for an answer that never
// comes until its time limit), as problemtools and DOMjudge judge it.
func (a *Assignment) runOnce(ctx context.Context, prog Program, cr *CaseResult, c cases.Case, n int, opt Options) ([]byte, error) {
	if cores := coresOf(ctx); cores != nil {
		cctx, done, err := cores.take(ctx)
		if err != nil {
			return nil, err
		}
		defer done()
		ctx = cctx
	}
	part, _ := a.Rubric.Part(cr.Part)
	c.Args, c.Stdin = c.Attempt(opt.Secret, max(n, 1))
	t := Trial{Case: c, Readings: part.Readings, Attempt: n}
	var (
		ex       Execution
		j        Judgement
		judgeErr error
	)
	jd := a.judgeFor(c)
	o, suite := opt.outcomes[c.ID]
	if suite { // a suite's test: its share of the suite's run, which printed nothing of its own
		prog, jd = replay{o.Execution}, decided{o.Judgement}
	}
	inter, live := jd.(Interactor)
	if live {
		ex, j, judgeErr = inter.Interact(ctx, t, func(in Input) (Execution, error) {
			in.Args, in.Attempt, in.Case, in.Secret = c.Args, n, c.ID, opt.Secret
			return prog.Run(ctx, in)
		})
	} else {
		var err error
		if ex, err = prog.Run(ctx, Input{Args: c.Args, Stdin: c.Stdin, Attempt: n, Case: c.ID, Secret: opt.Secret}); err != nil {
			return nil, err
		}
		if expectedEnd(c, ex) {
			t.Stdout, t.ExitCode, t.Stderr = ex.Stdout, ex.ExitCode, ex.Stderr
			j, judgeErr = jd.Judge(ctx, t)
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	a.record(cr, ex, opt)
	if c.Exit != "" {
		exitRule(c, cr, ex, &j)
	}

	switch v := cr.Verdict; {
	case judgeErr != nil:
		cr.Verdict, cr.JudgeLog = GraderFailure, judgeErr.Error()
		return ex.Stdout, nil
	case live && j.DecidedFirst && !j.Pass:
		a.rejectedFirst(cr, &j, ex.Stopped)
	case v != Pass:
		if live {
			cr.JudgeLog = j.Log // the transcript up to the end
		} else if v == OutputLimit && !suite {
			// What it printed up to the limit: a glimpse of its start
			// and end, enough to see what it repeats.
			out := limitExcerpt(ex.Stdout)
			cr.Output = &out
		}
		return ex.Stdout, nil
	case !j.Pass:
		cr.Verdict = WrongAnswer
	}
	a.apply(cr, j)
	if !live && !suite { // an interactive run's output went to its judge: the transcript is in JudgeLog
		keepOutput(cr, ex.Stdout)
	}
	return ex.Stdout, nil
}

// keepOutput keeps the start of what a judged run printed when its judge
// failed it, or gave it part of the credit, without a difference or a
// broken rule to show for it (a checker program's verdict): a diff-judged
// case shows the output in its diff, and this one must show it too.
func keepOutput(cr *CaseResult, stdout []byte) {
	if cr.Mismatch != nil || cr.Violation != nil {
		return
	}
	if cr.Verdict == WrongAnswer || cr.Score != nil && *cr.Score < 1 {
		out := excerpt(stdout, KeptOutput)
		cr.Output = &out
	}
}

// rejectedFirst makes cr a wrong answer: its interactive judge rejected
// the run before the program ended. How the program ended afterwards (a
// crash, or stopped by the grader, which need not wait for it) did not
// decide it: it goes to the TA's log, not into the case's result.
func (a *Assignment) rejectedFirst(cr *CaseResult, j *Judgement, stopped bool) {
	end := ""
	switch {
	case stopped:
		end = "was stopped: the verdict no longer depended on it"
	case cr.Limit != None:
		end = limitText(cr.Limit, a.Rubric.Limits)
	case cr.Signal != "":
		end = "was killed by a signal (" + cr.Signal + ")"
	case cr.ExitCode != 0:
		end = fmt.Sprintf("exited with status %d", cr.ExitCode)
	}
	if end != "" {
		j.Log = strings.TrimSuffix("the judge rejected the run before the program ended; the program then "+end+"\n\n"+j.Log, "\n\n")
	}
	cr.Verdict, cr.ExitCode, cr.Signal, cr.Limit = WrongAnswer, 0, "", None
}

// record keeps what the run did and gives the case the verdict of how
// the run ended.
func (a *Assignment) record(cr *CaseResult, ex Execution, opt Options) {
	cr.ExitCode, cr.Signal, cr.Limit = ex.ExitCode, ex.Signal, ex.Limit
	cr.Stderr = excerpt(ex.Stderr, KeptStderr)
	if opt.Timings {
		ms := ex.Time.Milliseconds()
		cr.TimeMS = &ms
	}
	if opt.KeepStdout {
		cr.Stdout = ex.Stdout
	}
	cr.Verdict = verdictOf(ex)
}

// expectedEnd reports whether a run ended as case c's correct runs may,
// for its judge to decide: on its own (not killed, within its limits),
// with status 0 or as the case's exit key says.
func expectedEnd(c cases.Case, ex Execution) bool {
	onItsOwn := ex.Limit == None && ex.Signal == "" && ex.ExitCode >= 0
	switch c.Exit {
	case cases.ExitNonzero:
		return onItsOwn && ex.ExitCode != 0
	case cases.ExitAny:
		return onItsOwn
	}
	return verdictOf(ex) == Pass
}

// exitRule readies the verdict of a case with an exit key: a run that
// ended as the key allows is its judge's to decide, one that exited 0
// where an error status was wanted a wrong answer (j is then no pass,
// with the reason).
func exitRule(c cases.Case, cr *CaseResult, ex Execution, j *Judgement) {
	switch {
	case expectedEnd(c, ex):
		cr.Verdict = Pass
	case cr.Verdict == Pass:
		*j = Judgement{Violation: &Violation{Rule: "exit status", Msg: "the program exited with status 0, but this case wants it to stop with an error status (as on a usage error)"}, Log: j.Log}
	}
}

// verdictOf is the verdict of how a run ended: Pass when it ended on its
// own with status 0, for its judge to decide.
func verdictOf(ex Execution) Verdict {
	switch {
	case ex.Limit == Wall || ex.Limit == CPU:
		return Timeout
	// The runner reads a program's own report of running out of memory
	// (a JVM's OutOfMemoryError) by its language preset.
	case ex.Limit == Memory:
		return MemoryLimit
	case ex.Limit == Output:
		return OutputLimit
	case ex.Limit != None || ex.ExitCode != 0 || ex.Signal != "":
		return RuntimeError
	}
	return Pass
}

// apply puts a judgement's evidence into the case's result.
func (a *Assignment) apply(cr *CaseResult, j Judgement) {
	cr.Reading, cr.Mismatch, cr.Violation = j.Reading, j.Mismatch, j.Violation
	cr.Feedback, cr.JudgeLog = j.Feedback, j.Log
	if j.Score != nil {
		s := min(max(*j.Score, 0), 1)
		cr.Score = &s
	}
}

// diagnoses gathers the cases' mistakes into the result, with hints: the
// mistake that explains the most cases first, and none whose cases are a
// strict part of another's (several mistakes can print the same wrong
// output on some command line; the one that explains more is the likely
// one). Mistakes that explain exactly the same cases are one diagnosis,
// the first named and the others its alternatives.
func (a *Assignment) diagnoses(res *Result) {
	var all []Diagnosis
	for _, cr := range res.Cases {
		for _, name := range cr.Mistakes {
			i := slices.IndexFunc(all, func(d Diagnosis) bool { return d.Mistake == name })
			if i < 0 {
				all = append(all, Diagnosis{Mistake: name})
				i = len(all) - 1
			}
			all[i].Cases = append(all[i].Cases, cr.ID)
		}
	}
	slices.SortStableFunc(all, func(x, y Diagnosis) int { return len(y.Cases) - len(x.Cases) })
	for _, d := range all {
		covered := slices.ContainsFunc(res.Diagnoses, func(k Diagnosis) bool {
			return len(k.Cases) > len(d.Cases) && !slices.ContainsFunc(d.Cases, func(id string) bool { return !slices.Contains(k.Cases, id) })
		})
		if covered {
			continue
		}
		i := slices.IndexFunc(res.Diagnoses, func(k Diagnosis) bool { return slices.Equal(k.Cases, d.Cases) })
		if i < 0 {
			d.Hint = a.hint(d.Mistake)
			res.Diagnoses = append(res.Diagnoses, d)
			continue
		}
		k := &res.Diagnoses[i]
		k.Alternatives = append(k.Alternatives, d.Mistake)
		if h := a.hint(d.Mistake); h != "" && !slices.Contains(strings.Split(k.Hint, "\n\n"), h) {
			k.Hint = strings.TrimPrefix(k.Hint+"\n\n"+h, "\n\n")
		}
	}
}

// diagnose names the known mistakes whose output, under a reading the
// part accepts, is the wrong answer got, as the comparison sees it, or
// that end as the run did (a time limit, a crash). A seed -1 run is
// random: a mistake can only be named when its output does not depend on
// the seed.
func (a *Assignment) diagnose(cr *CaseResult, got []byte, readings []string) {
	dg, ok := a.Reference.(Diagnoser)
	if !ok {
		return
	}
	for _, m := range dg.Mistakes(cr.Args, readings) {
		var match bool
		if m.Verdict == "" {
			match = cr.Verdict == WrongAnswer && compare.Equal(m.Stdout, got, a.mode)
		} else {
			match = cr.Verdict == m.Verdict
		}
		if match && !slices.Contains(cr.Mistakes, m.Name) {
			cr.Mistakes = append(cr.Mistakes, m.Name)
		}
	}
}

// hint is the reference's hint for a mistake.
func (a *Assignment) hint(mistake string) string {
	if h, ok := a.Reference.(Hinter); ok {
		return h.Hint(mistake)
	}
	return ""
}
