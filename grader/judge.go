package grader

import (
	"context"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/sandbox"
)

// Judge decides a finished run of a case: the expected output (judge
// "diff", the default), a token validator, a checker program, or an
// assignment's reference program.
type Judge interface {
	// Judge returns the judgement of a run that ended on its own with
	// status 0 (Grade gives every other run its verdict without asking).
	// An error means the judge itself failed (a checker program crashed):
	// the case's verdict is then GraderFailure, never the student's fault,
	// unless the error is a *FailedOnOutput (JudgeError).
	Judge(ctx context.Context, t Trial) (Judgement, error)
}

// FailedOnOutput is a judge's error when its judge program ran on a
// run's output and failed on it (it crashed, hit a limit, exited with
// neither verdict, or broke its protocol) and the judge is a problem
// package's output validator: the case's verdict is then JudgeError, as
// the contest judges' systems call it. The case earns nothing, the
// submission's other cases are judged, and Err goes to the TA. A judge
// that could not run at all (it does not build, the sandbox failed)
// stays the grader's failure.
type FailedOnOutput struct{ Err error }

func (e *FailedOnOutput) Error() string { return e.Err.Error() }

// Unwrap is the judge program's failure.
func (e *FailedOnOutput) Unwrap() error { return e.Err }

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
	// Waiting are the hooks of the core the run and its judge hold, for
	// a judge's own box (sandbox.Spec.Waiting).
	Waiting sandbox.Hooks
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
	// Words say how the reading answers the handout's open points that
	// matter to the run, in the handout's words, for a student; "" when
	// none does. Reading is the readings' internal names, for a TA.
	Words  string
	Stdout []byte
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
