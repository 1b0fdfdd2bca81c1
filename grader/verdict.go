package grader

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/cs540-tools/autograder/internal/textfmt"
)

// Verdict is the outcome of one case for one submission.
type Verdict string

// The verdicts. Pass needs exit status 0 and accepted stdout; stderr
// changes none, but that printing more than the output limit on it is
// OutputLimit, as on stdout.
const (
	Pass          Verdict = "pass"
	WrongAnswer   Verdict = "wrong-answer"
	Timeout       Verdict = "timeout"
	RuntimeError  Verdict = "runtime-error" // non-zero exit or killed by a signal
	MemoryLimit   Verdict = "memory-limit"
	OutputLimit   Verdict = "output-limit"
	CompileError  Verdict = "compile-error"
	MissingFile   Verdict = "missing-file"
	Rejected      Verdict = "rejected"       // the rubric refuses the submission (e.g. a package statement)
	NotAccepted   Verdict = "not-accepted"   // handed in after the last late day
	Unreadable    Verdict = "unreadable"     // the archive could not be opened
	JudgeError    Verdict = "judge-error"    // a problem package's output validator failed on the program's output: the case earns nothing
	GraderFailure Verdict = "grader-failure" // the grader could not run the case; regrade
	// NotRun is a case of an all-or-nothing part that stops at its first
	// rejected case (rubric.Part.StopAtReject) after such a case: it was
	// not run, and its part earns nothing whatever it would have done.
	NotRun Verdict = "not-run"
)

// Verdicts lists every verdict in report order.
var Verdicts = []Verdict{Pass, WrongAnswer, Timeout, RuntimeError, MemoryLimit, OutputLimit, CompileError, MissingFile, Rejected, NotAccepted, Unreadable, JudgeError, GraderFailure, NotRun}

// Describe is a short phrase for a person.
func (v Verdict) Describe() string {
	switch v {
	case Pass:
		return "passed"
	case WrongAnswer:
		return "wrong output"
	case Timeout:
		return "ran past the time limit"
	case RuntimeError:
		return "crashed or exited with a non-zero status"
	case MemoryLimit:
		return "ran out of memory"
	case OutputLimit:
		return "printed more than the output limit"
	case CompileError:
		return "did not compile"
	case MissingFile:
		return "a required file is missing"
	case Rejected:
		return "refused by the rubric"
	case NotAccepted:
		return "handed in too late to be accepted"
	case Unreadable:
		return "the submission could not be read"
	case JudgeError:
		return "the judge failed on the program's output (a judge error)"
	case GraderFailure:
		return "the grader failed to judge it"
	case NotRun:
		return "not run: an earlier case of its all-or-nothing part was rejected"
	}
	return string(v)
}

// judgeFailed reports whether the judge, not the program, ended the
// case: the grader's failure, or a package validator's failure on the
// output (JudgeError). Such a case names no mistake; its judge's log
// is what the TA reads.
func (v Verdict) judgeFailed() bool { return v == GraderFailure || v == JudgeError }

func sized(size, name string) string {
	if size == "" {
		return name
	}
	return size + " " + name
}

// durationText writes a limit as a rubric would: "5 s", "1.5 s", "250 ms".
func durationText(d time.Duration) string {
	switch {
	case d <= 0:
		return ""
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

// sizeText writes a limit's size as textfmt.Size does, "" for none.
func sizeText(n int64) string {
	if n <= 0 {
		return ""
	}
	return textfmt.Size(n)
}

// Days writes a count of days as a sentence does: "1 day", "3 days".
func Days(n int) string {
	if n == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%d days", n)
}

// FormatPoints writes points as a note does: "2", "0.5", "1.25".
func FormatPoints(x float64) string {
	return textfmt.Decimal(Round2(x))
}

// Cents is x in hundredths of a point, rounded half away from zero (a
// deduction of -0.125 is -13 cents): the one rounding rule of scores, used
// by the totals, the report's histograms, the review page and every
// writer (Gradescope, JUnit XML, CSV, results.json).
func Cents(x float64) int64 { return int64(math.Round(x * 100)) }

// Round2 is x rounded to the cent by Cents' rule.
func Round2(x float64) float64 { return float64(Cents(x)) / 100 }
