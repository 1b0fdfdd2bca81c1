package progimpl

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/sandbox"
)

// program is a built program as a mutation.Program, its runs kept by
// input: a program of the folder is deterministic (mutation.Program's
// contract; every run is a fresh box whose clock starts at the same
// second, clockCase), so a command line and stdin it ran on before, in
// the instructor's own cases or another student's test, is not run
// again.
type program struct {
	p    grader.Program
	memo *memo
}

// memo is a program's runs by input, at most memoBytes of output kept.
type memo struct {
	mu    sync.Mutex
	runs  map[[sha256.Size]byte]mutation.Run
	bytes int
}

// memoBytes bounds the output a program's memo keeps; past it, runs are
// no longer kept (each still made). A variable: the benchmark measures
// without the memo (0).
var memoBytes = 64 << 20

func newProgram(p grader.Program) program {
	return program{p: p, memo: &memo{runs: map[[sha256.Size]byte]mutation.Run{}}}
}

// inputKey identifies a command line and stdin: each argument and the
// stdin length-prefixed, so that no two inputs share a key.
func inputKey(args []string, stdin []byte) [sha256.Size]byte {
	h := sha256.New()
	for _, a := range args {
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(a))))
		h.Write([]byte(a))
	}
	h.Write([]byte{0xff}) // the arguments end
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(stdin))))
	h.Write(stdin)
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// Run implements mutation.Program: one run in a fresh box, under the
// rubric's limits, or the run kept of the same input. A run that does
// not end on its own with status 0 is Failed, saying how it ended.
func (g program) Run(ctx context.Context, args []string, stdin []byte) (mutation.Run, error) {
	key := inputKey(args, stdin)
	g.memo.mu.Lock()
	r, ok := g.memo.runs[key]
	g.memo.mu.Unlock()
	if ok {
		return r, nil
	}
	r, err := g.run(ctx, args, stdin)
	if err != nil {
		return r, err
	}
	g.memo.mu.Lock()
	if memoBytes > 0 && g.memo.bytes+len(r.Stdout) <= memoBytes {
		g.memo.runs[key] = r
		g.memo.bytes += len(r.Stdout)
	}
	g.memo.mu.Unlock()
	return r, nil
}

// clockCase names every run's clock: each starts at the same second
// (runner.RunStart of it, with libfaketime where installed), so that a
// program seeding its generator from the clock in seconds prints the
// same on the same input, run after run.
const clockCase = "progimpl"

// run runs the program once.
func (g program) run(ctx context.Context, args []string, stdin []byte) (mutation.Run, error) {
	ex, err := g.p.Run(ctx, grader.Input{Args: args, Stdin: stdin, Case: clockCase, Attempt: 1})
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
