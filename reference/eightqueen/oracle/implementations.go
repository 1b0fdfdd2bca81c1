package oracle

import (
	"context"

	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/reference/eightqueen"
)

var _ mutation.Provider = EightQueen{}

// Implementations implements mutation.Provider, for a rubric's tests part
// (implementations = "eightqueen"): the correct implementations are the
// reference under every reading of the handout, since a correct program
// may follow any of them; the bugs are the catalogue's mistakes, each
// under the default reading, hinted by its summary.
func (EightQueen) Implementations() mutation.Implementations {
	var im mutation.Implementations
	for _, r := range eightqueen.Readings() {
		im.Correct = append(im.Correct, mutation.Implementation{Name: "reading " + r.String(), Program: program{opt: eightqueen.Options{Reading: r}}})
	}
	for _, m := range eightqueen.Catalogue() {
		im.Bugs = append(im.Bugs, mutation.Bug{Name: m.Name, Hint: m.Summary, Program: program{opt: eightqueen.Options{Mistakes: []eightqueen.Mistake{m}}}})
	}
	return im
}

// program is the reference, or a catalogued wrong program, as a
// mutation.Program: it reads no stdin.
type program struct{ opt eightqueen.Options }

// Run implements mutation.Program: what the program prints for args; a
// command line the handout does not allow, or an unseeded run (whose
// output no test can expect), is a failed run.
func (p program) Run(_ context.Context, args []string, _ []byte) (mutation.Run, error) {
	cmd, err := eightqueen.ParseArgs(args)
	switch {
	case err != nil:
		return mutation.Run{Failed: "the command line is not one the handout allows: " + err.Error()}, nil
	case !cmd.Seeded():
		return mutation.Run{Failed: "seed -1 is an unseeded run: no output can be expected of it"}, nil
	}
	return mutation.Run{Stdout: eightqueen.Output(cmd, p.opt)}, nil
}
