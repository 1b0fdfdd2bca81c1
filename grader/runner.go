package grader

import (
	"context"
	"io"
	"time"

	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// Runner builds a submission's program; it is the one door between the
// grader and untrusted code (package sandbox behind it, or a warm JVM).
type Runner interface {
	// Build compiles the files. A compile failure is a Build with OK false,
	// not an error.
	// w are the hooks of the core the build holds, for its boxes
	// (sandbox.Spec.Waiting).
	Build(ctx context.Context, files []submission.File, w sandbox.Hooks) (Build, error)
}

// Preparer is a Runner that can build many submissions ahead, faster
// together than one at a time (a warm compile service). Batch.Run gives it
// the files of the submissions it will build in chunks, a few at once
// beside the grading of those prepared before, and builds a submission
// once its chunk's Prepare has returned: Build then takes what was
// prepared. Preparing never changes a result, and its error is only a
// cancelled ctx.
type Preparer interface {
	Prepare(ctx context.Context, builds [][]submission.File, w sandbox.Hooks) error
}

// Describer is a Runner that can name the runtime it runs programs with
// ("java 17.0.15"), for each result's provenance.
type Describer interface {
	Runtime() string
}

// StackDescriber is a Runner that can say what stack its programs run
// with ("unlimited; Java threads 32 MiB"), for each result's provenance:
// a deep recursion's verdict depends on it.
type StackDescriber interface {
	Stack() string
}

// Keyer is a Runner whose way of running can change a verdict (warm mode
// answers from a JVM it spot-checks, cold mode runs each case in a fresh
// box): its Key names that way, and goes into the key a batch caches
// results by, so that a regrade another way runs again.
type Keyer interface {
	Key() string
}

// Flagger is a Program with something to tell the TA alone (that its
// warm and cold runs disagreed). Grade puts the flags in Result.Flags,
// which no student-facing output shows.
type Flagger interface {
	Flags() []string
}

// Noter is a Program with something to tell the student of its runs as a
// whole (what a language's runtime does that a failed run's verdict
// rests on). Grade puts the notes in Result.Notes, after the cases'.
type Noter interface {
	Notes() []string
}

// Build is the outcome of building a submission.
type Build struct {
	OK      bool
	Log     string  // what the compiler printed, for the student
	Program Program // set when OK
	// Note, when OK is false, says what the compiler did not: that the
	// build made no program to run ("compiled, but no class EightQueen:
	// ..."). Grade gives it as the submission's note.
	Note string
	// Runtime names the runtime this build used ("gcc 12.2.0") when the
	// runner picks one per submission (a rubric's language "auto");
	// "" leaves the runner's (Describer) in the result's provenance.
	Runtime string
}

// Program runs one built submission on one case at a time.
type Program interface {
	Run(ctx context.Context, in Input) (Execution, error)
	// Close releases the build (temporary files, a warm JVM).
	Close() error
}

// Input is what one run of a program is given.
type Input struct {
	Args  []string
	Stdin []byte
	// StdinFrom, when set, is the program's stdin instead of Stdin, read
	// as the program reads it, and StdoutTo is given its stdout as it
	// arrives: an interactive judge talks with the program through them.
	StdinFrom io.Reader
	StdoutTo  io.Writer
	// Stop, when it is closed, ends the run early: its judge has decided
	// without it (an interactive judge that rejected the program first).
	// The Execution then says Stopped.
	Stop <-chan struct{}
	// Attempt numbers the runs of a repeated case from 1 (0: a case run
	// once). A runner starts each attempt's clock at a different time, so
	// that a program seeding its generator from the clock differs from
	// run to run.
	Attempt int
	// Case is the case's ID: a runner starts its runs' clocks at times
	// drawn from it and Secret, the same on every grading with that
	// secret.
	Case string
	// Secret is the batch's secret (Options.Secret); nil for check.
	Secret []byte
	// Waiting are the hooks of the core the run holds, for its box
	// (sandbox.Spec.Waiting).
	Waiting sandbox.Hooks
}

// Live reports whether the run talks with a judge while it runs.
func (in Input) Live() bool { return in.StdinFrom != nil || in.StdoutTo != nil }

// Execution is what one run of a program did.
type Execution struct {
	ExitCode int    // -1 when killed by a signal
	Signal   string // e.g. "killed", when a signal ended it
	Limit    Limit
	// Heap is, when Limit is Memory by the program's runtime's own word
	// (a JVM's OutOfMemoryError), the heap cap it ran out of (a JVM's
	// -Xmx), in bytes: the box did not reach its memory limit. 0
	// otherwise.
	Heap int64
	// Stopped says the run was ended by its Input's Stop, not by itself.
	Stopped bool
	// OutputCut says the run printed more than its output limit on
	// stdout and ran on (rubric.DiscardOutput): Stdout is cut there.
	OutputCut bool
	Stdout    []byte
	Stderr    []byte
	Time      time.Duration // wall time of the run
	// CPU is the CPU time the run used, all its processes together, when
	// CPUMeasured says it was measured (a runner's sandbox does).
	CPU         time.Duration
	CPUMeasured bool
	// StallCounted says the sandbox left the time the run waited for a
	// core out of its wall limit, so that a loaded machine never stopped
	// it there.
	StallCounted bool
}
