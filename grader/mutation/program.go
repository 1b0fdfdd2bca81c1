package mutation

import "context"

// Program is one implementation a student's tests run on: a correct one or
// a bug. Run must be safe to call from several goroutines at once and
// deterministic: the same args and stdin give the same Run.
type Program interface {
	// Run runs the program on a command line and its stdin. Failed says
	// why it did not end on its own with status 0 and an output that can
	// be expected (a command line it rejects, a limit reached, an
	// unseeded run); "" when it did. An error is the grader's own.
	Run(ctx context.Context, args []string, stdin []byte) (Run, error)
}

// Run is how one run of a Program ended.
type Run struct {
	Stdout []byte
	Failed string
}

// Implementation is a correct program of a part, by name ("the reference
// under reading cool-before").
type Implementation struct {
	Name    string
	Program Program
}

// Bug is a wrong implementation of the catalogue: its name, a one-line
// hint (what it gets wrong; may be empty), and the program.
type Bug struct {
	Name    string
	Hint    string
	Program Program
	// Broken, when set, says why the bug has no program (it does not
	// build): a part that uses it is a wrong rubric.
	Broken string
}

// Implementations are a part's correct programs, at least one, and its
// bugs, in a fixed order.
type Implementations struct {
	Correct []Implementation
	Bugs    []Bug
}

// Provider is a judge of the program's list (grader.Judges) that stands
// for the implementations a rubric's tests part names by its name: a
// reference program's readings and its catalogue of wrong programs.
type Provider interface {
	Implementations() Implementations
}

// FolderProvider is a judge that builds a part's implementations from a
// folder of programs (the rubric's [part.tests] folder, an absolute
// path): its correct programs and its bugs. An error says, a line each,
// what of the folder is wrong (a program that does not build).
type FolderProvider interface {
	Programs(ctx context.Context, folder string) (Implementations, error)
}
