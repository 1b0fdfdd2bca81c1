package relay

import (
	"errors"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// Config is one run of a test box with its student boxes.
type Config struct {
	// Test is the test box's run. The relay sets its StdinFrom, StdoutTo,
	// StdoutToOnly and Stop, and lifts its output limit (its stdout
	// carries frames); the box's stderr and its collected files are its
	// result's.
	Test sandbox.Spec
	// Student makes the spec of a fresh student box; the relay sets its
	// streams, Stop and Meter, and lifts its output limit (its stdout
	// carries frames, its stderr is counted per test).
	Student func() sandbox.Spec
	// PerTest bounds what the student's code may use in one test.
	PerTest Limits
	// Transcript makes the relay keep a digest of every call and answer
	// that crossed (Result.Transcript).
	Transcript bool
}

// Limits bound the student box in one test.
type Limits struct {
	CPU  time.Duration // the box's CPU time in the test
	Wall time.Duration // time the test side waits for the student in the test
	// Printed is the most bytes the student may print in the test; past
	// it, the box is stopped at the output limit.
	Printed int64
	// Keep is the bytes of what the student printed kept per test, head
	// and tail each.
	Keep int
}

// Test is what the student's side did in one test.
type Test struct {
	ID      string
	Printed string // what the student printed, clipped
	Died    *Died  // why a call of the test was answered with 'X'
	// Failed is how the test side's framework said the test failed:
	// FailedTimer, FailedAssertion, or "" when it said nothing.
	Failed string
}

// How a test side's framework says a test failed (Test.Failed).
const (
	FailedTimer     = "timer"     // the framework's own time limit stopped it
	FailedAssertion = "assertion" // an assertion of the test's failed
)

// Died is an 'X' frame: why the student box ended instead of answering.
type Died struct {
	Why    string `json:"why"`
	Limit  string `json:"limit"` // "cpu", "wall", "memory", "output", "processes" or ""
	Exit   int    `json:"exit"`
	Signal string `json:"signal"`
}

// Result is a relayed run: the test box's result and, in the order the
// test side began them, its tests.
type Result struct {
	Test     sandbox.Result
	Tests    []Test
	Students int // student boxes started
	// Done: the test side said its framework ran to its end ({"op":"done"}).
	Done bool
	// Report is what the test side's "done" said of the report its
	// framework wrote (pytest's: the SHA-256, in hex, of its bytes as the
	// test side read them once the framework had ended); "" if it said
	// nothing.
	Report string

	// Transcript is the SHA-256, in hex, of every 'S' frame that crossed
	// either way and of each 'X' frame the test side was sent (that it
	// was, not why), in the order
	// the relay passed them, each marked with its direction; "" unless
	// Config.Transcript. Two runs whose test sides were given the same
	// answers to the same calls have the same transcript.
	Transcript string
	// Steps are the transcript's first MaxSteps frames, StepSize bytes
	// each: its direction ('>' to the student side, '<' to the test side)
	// and a digest of its payload; where two runs' transcripts part, the
	// first step that differs says which side did otherwise first.
	Steps []byte
}

// The steps a transcript keeps (Result.Steps), and the size of each.
const (
	MaxSteps = 1 << 16
	StepSize = 9
)

// ErrProtocol marks a test box that broke the framing: a grader's fault,
// since the test box runs no student code.
var ErrProtocol = errors.New("relay: the test side broke the bridge protocol")
