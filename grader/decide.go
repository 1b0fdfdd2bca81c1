package grader

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/sandbox"
)

// The verdict rules, each named as the table test names its rows. decide
// applies the rules of one run in this order, the first that holds
// deciding; decideRuns those of a repeated case's runs.
const (
	ruleJudgeFailed   = "the judge failed"
	ruleJudgeError    = "the judge failed on the output"
	ruleExitZero      = "status 0 where an error status is wanted"
	ruleRejectedFirst = "an interactive judge rejected first"
	ruleTime          = "time limit"
	ruleWaited        = "the wall limit, little CPU time used"
	ruleMemory        = "memory limit"
	ruleOutput        = "output limit"
	ruleOutputPast    = "past the output limit, then ended with status 0"
	ruleOtherLimit    = "another limit"
	ruleSignal        = "killed by a signal"
	ruleStatus        = "an error status"
	ruleRejected      = "the judge rejected the run"
	ruleAccepted      = "the judge accepted the run"
	ruleRunsUnjudged  = "a run the judge failed on"
	ruleRunsTooFew    = "fewer runs passed than needed"
	ruleRunsEnough    = "enough runs passed"
)

// judgedRun is one finished run of a case as decide reads it: how it
// ended, and what its judge said of it when asked (see judgeable).
type judgedRun struct {
	exit      string        // the case's exit key (cases.Case.Exit)
	ex        Execution     // how the run ended
	live      bool          // an interactive judge talked with it as it ran
	suite     bool          // a suite's test: its output is none of its own
	judgement Judgement     // its judge's, when asked; zero otherwise
	judgeErr  error         // the judge's own failure
	limits    rubric.Limits // the rubric's limits, to name the one a run hit
}

// decision is what decide makes of a run: its verdict, the rule that gave
// it, and the evidence a result keeps of the run and its judgement.
type decision struct {
	rule string
	RunResult
	Reading string
	Score   *float64 // the judge's partial credit, from 0 to 1
}

// decide is the verdict of a run, by the first rule that holds:
//
//  1. the judge failed: the grader's failure (regrade), never the
//     student's; but for a package's output validator that failed on
//     the run's output (FailedOnOutput): a judge error, which earns
//     nothing, as the contest judges' systems judge it;
//  2. status 0 where the case's exit key wants an error status: a wrong
//     answer, whatever a judge said;
//  3. an interactive judge rejected the run before the program ended: a
//     wrong answer, whatever the program did afterwards (crash, or wait
//     for an answer that never comes), as problemtools and DOMjudge
//     judge it; how the program ended goes to the TA's log;
//  4. how the run ended, when not as the case's correct runs may (see
//     ending): a time, memory or output limit, another limit, a signal,
//     an error status, or, after them, output past the limit that the
//     run ran on from (rubric.DiscardOutput) to status 0; a run stopped
//     at the wall limit having used well under its CPU limit (see
//     waited) waited, for input, in a sleep or for a busy machine's
//     cores, rather than worked: its time limit is marked Waited, for
//     the run stage to run its case again (see rerunWaited);
//  5. the judge rejected the run: a wrong answer;
//  6. the judge accepted it: a pass, with the judge's partial credit.
//
// What a program prints on stderr never changes a verdict, but for the
// output limit, which bounds stderr as it bounds stdout (rule 4).
func decide(r judgedRun) decision {
	d := decision{RunResult: RunResult{ExitCode: r.ex.ExitCode, Signal: r.ex.Signal, Limit: r.ex.Limit, Heap: r.ex.Heap}}
	v, rule := ending(r.exit, r.ex)
	j := r.judgement
	var onOutput *FailedOnOutput
	switch {
	case errors.As(r.judgeErr, &onOutput):
		d.rule, d.Verdict, d.JudgeLog = ruleJudgeError, JudgeError, r.judgeErr.Error()
		return d
	case r.judgeErr != nil:
		d.rule, d.Verdict, d.JudgeLog = ruleJudgeFailed, GraderFailure, r.judgeErr.Error()
		return d
	case rule == ruleExitZero:
		j = Judgement{Violation: &Violation{Rule: "exit status", Msg: "the program exited with status 0, but this case wants it to stop with an error status (as on a usage error)"}, Log: j.Log}
	case r.live && j.DecidedFirst && !j.Pass:
		j.Log = firstRejection(r, j.Log)
		d.ExitCode, d.Signal, d.Limit, d.Heap = 0, "", None, 0
		v, rule = WrongAnswer, ruleRejectedFirst
	case v != Pass:
		d.rule, d.Verdict = rule, v
		if rule == ruleOutputPast {
			d.Limit = Output // for the words: "printed more than the 8 MiB output limit"
		}
		if rule == ruleTime && waited(r.ex, r.limits) {
			d.rule, d.Waited, d.uncrowded = ruleWaited, true, r.ex.StallCounted
		}
		if r.live {
			d.JudgeLog = j.Log // the transcript up to the end
		}
		return d
	case !j.Pass:
		v, rule = WrongAnswer, ruleRejected
	default:
		rule = ruleAccepted
	}
	d.rule, d.Verdict = rule, v
	d.apply(j)
	return d
}

// apply keeps a judgement's evidence, its partial credit within 0 and 1.
func (d *decision) apply(j Judgement) {
	d.Reading, d.Mismatch, d.Violation = j.Reading, j.Mismatch, j.Violation
	d.Feedback, d.JudgeLog = j.Feedback, j.Log
	if j.Score != nil {
		s := min(max(*j.Score, 0), 1)
		d.Score = &s
	}
}

// ending is the verdict of how a run ended, and its rule: Pass when it
// ended as the case's correct runs may (for its judge to decide), with
// status 0 or as the case's exit key allows (an error status, any
// status), on its own (no limit, no signal). A run that exited 0 where an
// error status is wanted is a wrong answer.
func ending(exit string, ex Execution) (Verdict, string) {
	switch {
	case ex.Limit == Wall || ex.Limit == CPU:
		return Timeout, ruleTime
	// The runner reads a program's own report of running out of memory
	// (a JVM's OutOfMemoryError) by its language preset.
	case ex.Limit == Memory:
		return MemoryLimit, ruleMemory
	case ex.Limit == Output:
		return OutputLimit, ruleOutput
	case ex.Limit != None:
		return RuntimeError, ruleOtherLimit
	case ex.Signal != "":
		return RuntimeError, ruleSignal
	case ex.ExitCode < 0, ex.ExitCode != 0 && exit == "":
		return RuntimeError, ruleStatus
	case ex.ExitCode == 0 && exit == cases.ExitNonzero:
		return WrongAnswer, ruleExitZero
	// A run that printed past its output limit and ran on
	// (rubric.DiscardOutput), then ended on its own as its correct runs
	// may: at its output limit, after a time limit and an error status,
	// as DOMjudge and problemtools rank them.
	case ex.OutputCut:
		return OutputLimit, ruleOutputPast
	}
	return Pass, ""
}

// waitedShare is the share of its CPU limit under which a run stopped at
// the wall limit waited rather than worked: a program that works runs
// into its CPU limit first, as each run's wall limit is well above it.
const waitedShare = 0.75

// waited reports whether a run was stopped at the wall limit having used
// well under its CPU limit (waitedShare; the sandbox's default when lim
// sets none), as measured.
func waited(ex Execution, lim rubric.Limits) bool {
	cpu := lim.CPU
	if cpu <= 0 {
		cpu = sandbox.DefaultCPU
	}
	return ex.Limit == Wall && ex.CPUMeasured && float64(ex.CPU) < waitedShare*float64(cpu)
}

// judgeable reports whether a run is its judge's to decide: it ended as
// the case's correct runs may (see ending).
func judgeable(exit string, ex Execution) bool {
	v, _ := ending(exit, ex)
	return v == Pass
}

// firstRejection is the TA's log of a run its interactive judge rejected
// before the program ended: how the program ended afterwards (a crash, or
// stopped by the grader, which need not wait for it), then the judge's.
func firstRejection(r judgedRun, log string) string {
	end := ""
	switch {
	case r.ex.Stopped:
		end = "was stopped: the verdict no longer depended on it"
	case r.ex.Limit != None:
		end = limitText(r.ex.Limit, r.limits)
	case r.ex.Signal != "":
		end = "was killed by a signal (" + r.ex.Signal + ")"
	case r.ex.ExitCode != 0:
		end = fmt.Sprintf("exited with status %d", r.ex.ExitCode)
	}
	if end == "" {
		return log
	}
	return strings.TrimSuffix("the judge rejected the run before the program ended; the program then "+end+"\n\n"+log, "\n\n")
}

// decideRuns is a repeated case's verdict from its runs' verdicts, in run
// order, and its rule: a judge's failure on any run makes it the grader's
// (regrade); else Pass when need runs passed; else the failing runs' most
// frequent verdict (of a tie, the one that reached the count first).
func decideRuns(runs []Verdict, need int) (Verdict, string) {
	counts := map[Verdict]int{}
	passed := 0
	var worst Verdict
	for _, v := range runs {
		if v == Pass {
			passed++
			continue
		}
		counts[v]++
		if counts[v] > counts[worst] {
			worst = v
		}
	}
	switch {
	case counts[GraderFailure] > 0:
		return GraderFailure, ruleRunsUnjudged
	case passed < need:
		return worst, ruleRunsTooFew
	}
	return Pass, ruleRunsEnough
}
