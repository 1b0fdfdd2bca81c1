package cli

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// The hand-in bench: copies of one hand-in graded as grade grades them
// (a unit-test assignment's: cold, one run of its tests per hand-in),
// each copy's time told in bare starts of the runtime (java -version
// with the toolchain's options), measured beside the batch: on a loaded
// machine only such a ratio, taken in one run, means much.

// bareStarts is how many bare starts are timed before the batch and as
// many after it; beside it, one every besideEvery.
const bareStarts = 10

// handInCopies are n copies of the hand-in, each with a first line of
// its own where the language has line comments (so that no two are the
// same files), named copy01, copy02, ...
func handInCopies(sub submission.Submission, tc *toolchain.Toolchain, n int) []submission.Submission {
	var out []submission.Submission
	for i := range n {
		id := fmt.Sprintf("copy%02d", i+1)
		c := submission.Submission{ID: id}
		for _, f := range sub.Files {
			data := f.Data
			if tc != nil && tc.Syntax != nil && len(tc.Syntax.LineComment) > 0 && len(tc.Sources([]string{f.Name})) > 0 {
				data = append([]byte(tc.Syntax.LineComment[0]+" "+id+"\n"), data...)
			}
			f.Data = data
			c.Files = append(c.Files, f)
		}
		out = append(out, c)
	}
	return out
}

// runHandInBench grades n copies of the hand-in in dir and prints the
// batch's time per hand-in, also in bare starts of the runtime; every
// copy must be graded alike, or the command fails.
func runHandInBench(ctx context.Context, w, errw io.Writer, a *grader.Assignment, dir string, n, jobs int) error {
	sub := submission.Load(dir, submission.DefaultLimits)
	if sub.Problem != "" || len(sub.Files) == 0 {
		return badInputf("bench --hand-in %s: no hand-in there to grade %s", dir, sub.Problem)
	}
	tc := toolchain.Lookup(a.Rubric.Build.Language)
	subs := handInCopies(sub, tc, n)
	fmt.Fprintf(w, "bench --hand-in %s: %d copies; %d cores, %d jobs; sandbox tier %s\n", dir, n, runtime.NumCPU(), jobs, sandbox.Detect())
	start, err := bareStart(ctx, a, tc)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "a bare start: %s\n", strings.Join(start.args, " "))
	before, err := start.time(ctx, bareStarts)
	if err != nil {
		return err
	}
	fmt.Fprintf(errw, "grading %d copies...\n", n)
	during := start.beside(ctx)
	t0 := time.Now()
	results, err := (&grader.Batch{Assignment: a, Runner: suiteRunner(a), Jobs: jobs}).Run(ctx, subs)
	wall := time.Since(t0)
	mid := during()
	if err != nil {
		return err
	}
	after, err := start.time(ctx, bareStarts)
	if err != nil {
		return err
	}
	bare, beside := median(append(before, after...)), median(mid)
	per := wall / time.Duration(n)
	fmt.Fprintf(w, "a bare start: median %s wall of %d, before the batch and after it; beside it, slowed by it too, %s (%d)\n",
		bare.Round(100*time.Microsecond), len(before)+len(after), beside.Round(100*time.Microsecond), len(mid))
	fmt.Fprintf(w, "the batch: %s, %s a hand-in: %.0f bare starts (%.0f of those beside it)\n",
		wall.Round(time.Millisecond), per.Round(time.Millisecond), float64(per)/float64(bare), float64(per)/float64(beside))
	return checkCopies(w, results)
}

// checkCopies fails unless every copy was graded, and alike: the same
// verdict in every case.
func checkCopies(w io.Writer, results []grader.Result) error {
	verdicts := func(r grader.Result) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%s %v/%v", r.Status, r.Score, r.MaxScore)
		for _, c := range r.Cases {
			fmt.Fprintf(&b, "; %s %s", c.ID, c.Verdict)
		}
		return b.String()
	}
	if len(results) == 0 {
		return failed(fmt.Errorf("bench: no hand-in graded"))
	}
	first := verdicts(results[0])
	for _, r := range results[1:] {
		if v := verdicts(r); v != first {
			return failed(fmt.Errorf("bench: %s was graded otherwise than %s:\n  %s\n  %s", r.ID, results[0].ID, v, first))
		}
	}
	fmt.Fprintf(w, "every copy graded alike: %s, %v of %v, %d cases\n", results[0].Status, results[0].Score, results[0].MaxScore, len(results[0].Cases))
	return nil
}

// runTool names the tool that runs a program of tc: the first word of
// its run command (an interpreter whose runtime is named otherwise), or the
// runtime's own name where a program runs as itself.
func runTool(tc *toolchain.Toolchain) string {
	if tc.Commands != nil {
		_, run := tc.Commands("main", []string{"main"})
		if len(run) > 0 && slices.ContainsFunc(tc.Tools, func(t toolchain.Tool) bool { return t.Name == run[0] }) {
			return run[0]
		}
	}
	return tc.Runtime
}

// bare is a bare start of the runtime: its command.
type bare struct{ args []string }

// bareStart is the runtime's bare start, as the toolchain runs it with
// its options in a box of the rubric's memory: started whole and ended
// at once (the tool's Idle arguments), no program run.
func bareStart(ctx context.Context, a *grader.Assignment, tc *toolchain.Toolchain) (bare, error) {
	if tc == nil || tc.Runtime == "" {
		return bare{}, badInputf("bench --hand-in: the rubric's language %q has no runtime to count starts of", a.Rubric.Build.Language)
	}
	runner := runTool(tc)
	i := slices.IndexFunc(tc.Tools, func(t toolchain.Tool) bool { return t.Name == runner })
	if i < 0 {
		return bare{}, fmt.Errorf("bench: the toolchain %s has no tool %s", tc.Name, runner)
	}
	t := tc.Tools[i]
	paths := t.Paths()
	if len(paths) == 0 {
		return bare{}, badInputf("bench --hand-in: no %s on this machine", t.Name)
	}
	out, err := exec.CommandContext(ctx, paths[0], t.Version...).CombinedOutput()
	if err != nil {
		return bare{}, fmt.Errorf("bench: %s: %v\n%s", paths[0], err, out)
	}
	version := ""
	if t.VersionRE != nil {
		if m := t.VersionRE.FindSubmatch(out); m != nil {
			version = string(m[1])
		}
	}
	args := []string{paths[0]}
	if tc.Options != nil {
		args = append(args, tc.Options(t.Name, toolchain.Box{Memory: a.Rubric.Limits.Memory}, version)...)
	}
	idle := t.Idle
	if idle == nil {
		idle = t.Version
	}
	return bare{args: append(args, idle...)}, nil
}

// besideEvery is how often a bare start is timed while the batch runs.
const besideEvery = time.Second

// beside times a bare start every besideEvery until the returned func is
// called, which returns the times (at least one): starts slowed by the
// machine's other work and by the batch's own.
func (b bare) beside(ctx context.Context) func() []time.Duration {
	stop, done := make(chan struct{}), make(chan []time.Duration)
	go func() {
		var out []time.Duration
		for {
			if d, err := b.time(ctx, 1); err == nil {
				out = append(out, d...)
			}
			select {
			case <-stop:
				done <- out
				return
			case <-time.After(besideEvery):
			}
		}
	}()
	return func() []time.Duration {
		close(stop)
		return <-done
	}
}

// time runs the bare start k times, one after another: each one's wall
// time.
func (b bare) time(ctx context.Context, k int) ([]time.Duration, error) {
	var out []time.Duration
	for range k {
		t0 := time.Now()
		if msg, err := exec.CommandContext(ctx, b.args[0], b.args[1:]...).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("bench: %s: %v\n%s", strings.Join(b.args, " "), err, msg)
		}
		out = append(out, time.Since(t0))
	}
	return out, nil
}
