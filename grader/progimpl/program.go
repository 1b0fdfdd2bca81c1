package progimpl

import (
	"context"
	"fmt"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/sandbox"
)

// program is a built program as a mutation.Program.
type program struct{ p grader.Program }

// Run implements mutation.Program: one run in a fresh box, under the
// rubric's limits. A run that does not end on its own with status 0 is
// Failed, saying how it ended.
func (g program) Run(ctx context.Context, args []string, stdin []byte) (mutation.Run, error) {
	ex, err := g.p.Run(ctx, grader.Input{Args: args, Stdin: stdin})
	if err != nil {
		return mutation.Run{}, err
	}
	r := mutation.Run{Stdout: ex.Stdout}
	switch {
	case ex.Limit != sandbox.None:
		r.Failed = fmt.Sprintf("stopped at the %s limit", ex.Limit)
	case ex.OutputCut:
		r.Failed = "printed more than the output limit"
	case ex.Signal != "":
		r.Failed = "killed by a signal (" + ex.Signal + ")"
	case ex.ExitCode != 0:
		r.Failed = fmt.Sprintf("ended with status %d", ex.ExitCode)
	}
	if r.Failed != "" {
		r.Stdout = nil
	}
	return r, nil
}
