package grader

import (
	"context"
	"fmt"

	"github.com/cs540-tools/autograder/grader/cases"
)

// runRepeated runs a repeated case (runs: R) R times, run n with
// Input.Attempt n and the case's {run} and {seed} replaced, judging each
// run with the case's judge as if it were a case of its own. The case
// passes when MinPass runs pass (every one by default); with score:
// fraction it earns the share of its runs' credit. Its evidence is its
// failing runs'. A randomized program's wrong answers are its own each
// time, so no run is matched against a catalogued mistake's output; a
// RunsDiagnoser may name the mistakes that explain the runs as a whole.
func (a *Assignment) runRepeated(ctx context.Context, prog Program, cr *CaseResult, c cases.Case, opt Options) error {
	t := tally{at: &Attempts{Runs: c.Runs}, counts: map[Verdict]int{}}
	if c.Score == "" {
		t.at.MinPass = c.Need()
	}
	for n := 1; n <= c.Runs; n++ {
		run := CaseResult{ID: cr.ID, Part: cr.Part}
		var stdin []byte
		run.Args, stdin = c.Attempt(opt.Secret, n)
		stdout, err := a.runOnce(ctx, prog, &run, c, n, opt)
		if err != nil {
			return err
		}
		t.add(n, run, stdin, stdout)
	}
	cr.Attempts, cr.TimeMS, cr.JudgeLog = t.at, t.slowest, t.judgeLog
	cr.Verdict = t.verdict(c.Need())
	if dg, ok := a.Reference.(RunsDiagnoser); ok && cr.Verdict != Pass && cr.Verdict != GraderFailure {
		cr.Mistakes = dg.DiagnoseRuns(c, t.at)
	}
	if c.Score == cases.ScoreFraction {
		s := t.credit / float64(c.Runs)
		cr.Score = &s
	}
	if opt.KeepStdout {
		cr.Stdout = t.stdout
	}
	return nil
}

// tally adds up the runs of a repeated case.
type tally struct {
	at       *Attempts
	credit   float64 // the runs' credit, as caseCredit counts it
	slowest  *int64  // the slowest run's time, when timed
	counts   map[Verdict]int
	worst    Verdict // the most frequent failing verdict, the earliest on a tie
	judgeLog string  // the first judge failure, for the TA
	stdout   []byte  // the first failing run's output, else the last run's
}

func (t *tally) add(n int, run CaseResult, stdin, stdout []byte) {
	t.credit += caseCredit(run)
	if run.TimeMS != nil && (t.slowest == nil || *run.TimeMS > *t.slowest) {
		t.slowest = run.TimeMS
	}
	if len(t.at.Failed) == 0 {
		t.stdout = stdout
	}
	if run.Verdict == Pass {
		t.at.Passed++
		return
	}
	t.at.fail(n, run, stdin)
	t.counts[run.Verdict]++
	if t.counts[run.Verdict] > t.counts[t.worst] {
		t.worst = run.Verdict
	}
	if run.Verdict == GraderFailure && t.judgeLog == "" {
		t.judgeLog = fmt.Sprintf("run %d: %s", n, run.JudgeLog)
	}
}

// verdict is the case's: a judge's failure on any run makes it the
// grader's (regrade); else Pass when need runs passed, or the failing
// runs' most frequent verdict.
func (t *tally) verdict(need int) Verdict {
	switch {
	case t.counts[GraderFailure] > 0:
		return GraderFailure
	case t.at.Passed < need:
		return t.worst
	}
	return Pass
}

// fail records failing run n, with its evidence (and the stdin it was
// given) while fewer than MaxFailures are kept.
func (at *Attempts) fail(n int, run CaseResult, stdin []byte) {
	at.Failed = append(at.Failed, n)
	if len(at.Failures) == MaxFailures {
		return
	}
	at.Failures = append(at.Failures, Attempt{Run: n, Args: run.Args, Stdin: string(stdin), RunResult: run.RunResult})
}

// caseCredit is the share of a case's credit a judged run earns: its
// judge's partial credit, else all for a pass and none otherwise.
func caseCredit(c CaseResult) float64 {
	switch {
	case c.Score != nil:
		return *c.Score
	case c.Verdict == Pass:
		return 1
	}
	return 0
}
