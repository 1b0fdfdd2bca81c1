package checker

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/sandbox"
)

// multipass is the checker of a multi-pass problem (a problem package's
// type multi-pass, rubric Judge.Passes above 1): the program runs, the
// checker judges the run, and when it accepts and writes nextpass.in to
// its feedback folder the program runs again with that as its input, up
// to passes runs. Each pass runs under the case's limits; the checker's
// testcase.in is the pass's input, and what it wrote to feedback/ is
// there again in the next pass (nextpass.in taken out). With live, each
// pass is an interactive run, the checker beside the program.
type multipass struct {
	*Checker
	passes int
	live   bool
}

// Fingerprint implements grader.Fingerprinter: the checker's, and how
// many passes and how it runs them.
func (mp *multipass) Fingerprint() string {
	return fmt.Sprintf("%s multi-pass %d live %v", mp.Checker.Fingerprint(), mp.passes, mp.live)
}

// Judge implements grader.Judge; the grader asks an Interactor to
// Interact instead.
func (mp *multipass) Judge(context.Context, grader.Trial) (grader.Judgement, error) {
	return grader.Judgement{}, fmt.Errorf("checker %s is multi-pass: it judges only runs it starts", mp.path)
}

// Interact implements grader.Interactor: it runs the passes. The case's
// verdict is the last pass's: a pass that ends badly (a crash, a limit)
// or that the checker rejects ends the case.
func (mp *multipass) Interact(ctx context.Context, t grader.Trial, run func(grader.Input) (grader.Execution, error)) (grader.Execution, grader.Judgement, error) {
	input := t.Case.Stdin
	var kept []sandbox.File
	var cpu time.Duration // the slowest pass's, each under the case's limit
	for n := 1; ; n++ {
		st := &passState{input: input, kept: kept}
		ex, j, err := mp.pass(context.WithValue(ctx, passKey{}, st), t, input, run)
		cpu = max(cpu, ex.CPU)
		ex.CPU = cpu
		if err != nil {
			return ex, j, fmt.Errorf("pass %d: %w", n, err)
		}
		// The checker's judge message holds every pass's (its feedback
		// folder persists); the log is the last pass's.
		j.Log = strings.TrimSpace(fmt.Sprintf("pass %d of at most %d\n%s", n, mp.passes, j.Log))
		next, more := st.next()
		switch {
		case !j.Pass || ex.Limit != grader.None || ex.Signal != "" || ex.ExitCode != 0 || !more:
			return ex, j, nil
		case n >= mp.passes:
			return ex, grader.Judgement{}, mp.onOutput(fmt.Errorf("checker %s wrote %s on pass %d, the last the problem allows (limits.validation_passes)", mp.path, nextPass, n))
		}
		input, kept = next, st.feedback()
	}
}

// pass runs the program once on input and judges the run: beside the
// checker when live, else the checker reads its output afterwards.
func (mp *multipass) pass(ctx context.Context, t grader.Trial, input []byte, run func(grader.Input) (grader.Execution, error)) (grader.Execution, grader.Judgement, error) {
	if mp.live {
		return (&interactor{mp.Checker}).Interact(ctx, t, run)
	}
	ex, err := run(grader.Input{Stdin: input})
	if err != nil || ex.Limit != grader.None || ex.Signal != "" || ex.ExitCode != 0 {
		// How the run ended is the verdict; the checker is not asked.
		return ex, grader.Judgement{Pass: true}, err
	}
	prog, err := mp.program(ctx, t.Waiting)
	if err != nil {
		return ex, grader.Judgement{}, err
	}
	t.Stdout = ex.Stdout
	spec, err := mp.spec(ctx, prog, t, grader.Input{Stdin: ex.Stdout})
	if err != nil {
		return ex, grader.Judgement{}, err
	}
	passOf(ctx).ready(&spec)
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return ex, grader.Judgement{}, fmt.Errorf("checker %s: %w", mp.path, err)
	}
	passOf(ctx).done(res)
	j, err := mp.judgement(res)
	return ex, j, err
}
