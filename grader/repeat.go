package grader

import (
	"fmt"

	"github.com/cs540-tools/autograder/grader/cases"
)

// tally adds up the decided runs of a repeated case into its result.
type tally struct {
	at         *Attempts
	verdicts   []Verdict // each run's, in run order
	credit     float64   // the runs' credit
	slowest    *int64    // the slowest run's time, when timed
	slowestCPU *int64    // the most CPU time a run used, when timed
	judgeLog   string    // the first judge failure, for the TA
	stdout     []byte    // the first failing run's output, else the last run's
}

// newTally is the tally of case c's runs: MinPass of them must pass,
// unless the case earns the fraction that passed (score: fraction).
func newTally(c cases.Case) *tally {
	t := &tally{at: &Attempts{Runs: c.Runs}}
	if c.Score == "" {
		t.at.MinPass = c.Need()
	}
	return t
}

// add counts run n, decided into run, which read stdin and printed stdout.
// A run its judge accepted with part of the credit is no passed run: it
// counts as a wrong answer, its credit in the case's fraction.
func (t *tally) add(n int, run CaseResult, stdin, stdout []byte) {
	t.credit += run.Credit()
	if run.Verdict == Pass && !run.Full() {
		run.Verdict = WrongAnswer
	}
	t.verdicts = append(t.verdicts, run.Verdict)
	if run.TimeMS != nil && (t.slowest == nil || *run.TimeMS > *t.slowest) {
		t.slowest = run.TimeMS
	}
	if run.CPUMS != nil && (t.slowestCPU == nil || *run.CPUMS > *t.slowestCPU) {
		t.slowestCPU = run.CPUMS
	}
	if len(t.at.Failed) == 0 {
		t.stdout = stdout
	}
	if run.Verdict == Pass {
		t.at.Passed++
		return
	}
	t.at.fail(n, run, stdin)
	if run.Verdict.judgeFailed() && t.judgeLog == "" {
		t.judgeLog = fmt.Sprintf("run %d: %s", n, run.JudgeLog)
	}
}

// into writes the case's result: its verdict by its runs' (decideRuns),
// how they went, its credit under score: fraction.
func (t *tally) into(cr *CaseResult, c cases.Case, opt Options) {
	cr.Attempts, cr.TimeMS, cr.CPUMS, cr.JudgeLog = t.at, t.slowest, t.slowestCPU, t.judgeLog
	cr.Verdict, _ = decideRuns(t.verdicts, c.Need())
	if c.Score == cases.ScoreFraction {
		s := t.credit / float64(c.Runs)
		cr.Score = &s
	}
	if opt.KeepStdout {
		cr.Stdout = t.stdout
	}
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
