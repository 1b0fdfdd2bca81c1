package grader

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/internal/textfmt"
)

// Explanation is why a case, or one run of a repeated case, ended as it
// did, in the words every report uses (Markdown, the terminal's check,
// JUnit, Gradescope, the GitHub summary, index.html, check --explain):
// each writer escapes and lays them out its own way, but says the same
// thing. A field with nothing to say is "".
type Explanation struct {
	// Verdict is the verdict's phrase: "wrong output".
	Verdict string
	// Headline is the one phrase a title gives the case: the limit's
	// sentence for a run a limit stopped, with nothing else to show (no
	// difference, no broken rule, not repeated), else Verdict.
	Headline string
	// Runs says how a repeated case's runs went: "17/20 runs passed
	// (needs 15)"; Failed names its failing runs: "runs 3, 5 and 7".
	Runs, Failed string
	// Rule is the rule a checked run broke, where, and why: `line 7
	// breaks the rule "move": ...`; RuleBrief the same without the why.
	Rule, RuleBrief string
	// Difference is where a wrong answer's output first differs: "first
	// difference at line 3".
	Difference string
	// Ended is how the run ended, when not on its own with status 0: the
	// limit it hit, with its size ("ran past the 5 s CPU limit"), the
	// signal that killed it ("killed by signal segmentation fault"), its
	// exit status ("exit status 3").
	Ended string
	// Exit is the run's exit status in words, 0 included: "exit status 0".
	Exit string
	// Reason is the evidence in one line, for a message beside the
	// verdict: Runs, else RuleBrief, Difference, Ended, else Verdict.
	Reason string
	// Credit is a judge's partial credit: "partial credit: 0.5 of the
	// case".
	Credit string
	// Rerun says the case was run again, and why (CaseResult.Rerun).
	Rerun string
	// Mistake says what the case's known mistakes explain: "this is what
	// a program with X prints", "a program with X fails runs like these".
	Mistake string
}

// Explain says why case c (or a failing run of a repeated case, as a
// CaseResult holding its RunResult) ended as it did, the limits' sizes
// as lim sets them. It is the one place a report's words about a case
// come from.
func Explain(c CaseResult, lim rubric.Limits) Explanation {
	e := Explanation{Verdict: c.Verdict.Describe(), Exit: fmt.Sprintf("exit status %d", c.ExitCode)}
	if at := c.Attempts; at != nil {
		e.Runs, e.Failed = at.Summary(), runList(at.Failed)
	}
	if v := c.Violation; v != nil {
		e.Rule, e.RuleBrief = v.String(), v.brief()
	}
	if c.Mismatch != nil {
		e.Difference = fmt.Sprintf("first difference at line %d", c.Mismatch.Line)
	}
	e.Ended = ended(c.RunResult, lim)
	e.Headline = e.Verdict
	if c.Limit != None && c.Attempts == nil && c.Violation == nil && c.Mismatch == nil {
		e.Headline = e.Ended
	}
	e.Reason = firstOf(e.Runs, e.RuleBrief, e.Difference, e.Ended, e.Verdict)
	if c.Score != nil {
		e.Credit = "partial credit: " + textfmt.Decimal(*c.Score) + " of the case"
	}
	e.Mistake = mistakeText(c)
	e.Rerun = c.Rerun
	return e
}

// ended says how run r ended when not on its own with status 0: the
// limit it hit, the signal that killed it, its exit status.
func ended(r RunResult, lim rubric.Limits) string {
	switch {
	case r.Limit == Wall && r.Waited:
		return "waited until the " + sized(durationText(lim.Wall), "wall-time limit") + ", having used little CPU time"
	case r.Limit == Memory && r.Heap > 0:
		return "ran out of its " + sizeText(r.Heap) + " heap, the cap its runtime has within the " + sized(sizeText(lim.Memory), "memory limit")
	case r.Limit != None:
		return limitText(r.Limit, lim)
	case r.Signal != "":
		return "killed by signal " + r.Signal
	case r.ExitCode != 0:
		return fmt.Sprintf("exit status %d", r.ExitCode)
	}
	return ""
}

// firstOf is the first of texts that says something.
func firstOf(texts ...string) string {
	for _, t := range texts {
		if t != "" {
			return t
		}
	}
	return ""
}

// mistakeText says what a case's known mistakes explain: its output
// ("this is what a program with X prints"), how it ended (a program with
// X runs out of time, or crashes, here too), or a repeated case's runs
// as a whole; "" for none.
func mistakeText(c CaseResult) string {
	names := orList(c.Mistakes)
	switch {
	case len(c.Mistakes) == 0:
		return ""
	case c.Attempts != nil:
		return "a program with " + names + " fails runs like these"
	case c.Verdict == Timeout:
		return "a program with " + names + " runs out of time here too"
	case c.Verdict == RuntimeError:
		return "a program with " + names + " crashes here too"
	}
	return "this is what a program with " + names + " prints"
}

// limitText says, for a person, that a run went past limit l, with the
// limit's size as lim sets it: "ran past the 5 s CPU limit", "ran past
// the 10 s wall-time limit", "used more than the 512 MiB memory limit",
// "printed more than the 1 MiB output limit"; "" for None. A size lim
// leaves at zero goes unsaid.
func limitText(l Limit, lim rubric.Limits) string {
	switch l {
	case None:
		return ""
	case CPU:
		return "ran past the " + sized(durationText(lim.CPU), "CPU limit")
	case Wall:
		return "ran past the " + sized(durationText(lim.Wall), "wall-time limit")
	case Memory:
		return "used more than the " + sized(sizeText(lim.Memory), "memory limit")
	case Output:
		return "printed more than the " + sized(sizeText(lim.Output), "output limit")
	case Procs:
		return "started more processes than the limit allows"
	}
	return "hit the " + l.String() + " limit"
}

// runList writes run numbers as "run 3" or "runs 3, 5 and 7".
func runList(runs []int) string {
	words := make([]string, len(runs))
	for i, n := range runs {
		words[i] = strconv.Itoa(n)
	}
	if len(runs) == 1 {
		return "run " + words[0]
	}
	return "runs " + joinList(words, "and")
}

// orList joins names as "a", "a or b", "a, b or c".
func orList(names []string) string { return joinList(names, "or") }

// joinList joins names as "a", "a and b", "a, b and c", with the
// conjunction given.
func joinList(names []string, conj string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}
