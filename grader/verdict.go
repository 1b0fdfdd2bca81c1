package grader

// Verdict is the outcome of one case for one submission.
type Verdict string

// The verdicts. Pass needs exit status 0 and accepted stdout; stderr never
// changes a verdict.
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
	GraderFailure Verdict = "grader-failure" // the grader could not run the case; regrade
)

// Verdicts lists every verdict in report order.
var Verdicts = []Verdict{Pass, WrongAnswer, Timeout, RuntimeError, MemoryLimit, OutputLimit, CompileError, MissingFile, Rejected, NotAccepted, Unreadable, GraderFailure}

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
	case GraderFailure:
		return "the grader failed to run it"
	}
	return string(v)
}
