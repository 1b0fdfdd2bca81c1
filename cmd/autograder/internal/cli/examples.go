package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/problem"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	ucli "github.com/urfave/cli/v2"
)

// verifyExamples is `cases verify --rubric PACKAGE` on a problem package:
// it grades the package's labelled submissions and says which are judged
// as their folder and submissions.yaml expect, failing when any is not.
// One that must run out of time gets the format's margin: the time limit
// times time_limit_to_tle. A package that gives no time limit gets the
// format's, from the slowest run of the submissions that must be
// accepted, which are graded first.
func verifyExamples(c *ucli.Context, a *grader.Assignment, dir string) error {
	exs, err := problem.Examples(dir)
	if err != nil {
		return badInput(err)
	}
	scoring, err := problem.Scoring(dir)
	if err != nil {
		return badInput(err)
	}
	unmatched, err := problem.Unmatched(dir, exs)
	if err != nil {
		return badInput(err)
	}
	for _, u := range unmatched {
		fmt.Fprintf(c.App.ErrWriter, "warning: %s\n", u)
	}
	rub := *a.Rubric
	done := map[int]grader.Result{}
	if rub.Limits, err = exampleLimits(c, a, dir, exs, done); err != nil {
		return err
	}
	run := runner.New(&rub)
	slow := rub
	if slow.Limits, err = problem.TLELimits(dir, slow.Limits); err != nil {
		return badInput(err)
	}
	runSlow := runner.New(&slow)
	var bad, judged int
	for i, ex := range exs {
		if ex.Skip != "" {
			fmt.Fprintf(c.App.Writer, "%s: skipped: %s\n", ex.Name, ex.Skip)
			continue
		}
		r := run
		if ex.WantsTLE() {
			r = runSlow
		}
		res, ok := done[i]
		if !ok {
			if res, err = gradeExample(c, a, r, ex, false); err != nil {
				return err
			}
		}
		judged++
		if !exampleLine(c.App.Writer, a, ex, res, scoring) {
			bad++
		}
	}
	fmt.Fprintf(c.App.Writer, "%d of %d labelled submissions judged as labelled\n", judged-bad, judged)
	if bad > 0 {
		return failed(fmt.Errorf("%d labelled submissions of %s are not judged as labelled", bad, dir))
	}
	return nil
}

// gradeExample grades one labelled submission, its constants replaced.
func gradeExample(c *ucli.Context, a *grader.Assignment, r grader.Runner, ex problem.Example, timings bool) (grader.Result, error) {
	sub := submission.Load(ex.Path, submission.DefaultLimits)
	for i := range sub.Files {
		sub.Files[i].Data = ex.Replace(sub.Files[i].Data)
	}
	return a.Grade(c.Context, r, sub, 0, grader.Options{Timings: timings})
}

// timingRuns is how many times each accepted submission runs when a
// package's time limit is derived from their runs: each case's time is
// the median of its runs' CPU time, so that neither a load spike nor
// one lucky run sets the limit.
const timingRuns = 3

// exampleLimits are the limits the examples are graded under: the
// package's, or, when it gives no time limit, the format's from the
// slowest case of the examples that must be accepted (each case's CPU
// time, the median of timingRuns runs), graded first (the first
// grading into done, by index) under the package's default limits.
func exampleLimits(c *ucli.Context, a *grader.Assignment, dir string, exs []problem.Example, done map[int]grader.Result) (rubric.Limits, error) {
	lim := a.Rubric.Limits
	tm, err := problem.TimingOf(dir)
	if err != nil || tm.Given {
		return lim, badInputOrNil(err)
	}
	run := runner.New(a.Rubric)
	var slowest time.Duration
	n := 0
	for i, ex := range exs {
		if ex.Skip != "" || !ex.UsedForTimeLimit() {
			continue
		}
		times := map[string][]time.Duration{} // each accepted case's runs
		for k := range timingRuns {
			res, err := gradeExample(c, a, run, ex, true)
			if err != nil {
				return lim, err
			}
			if k == 0 {
				done[i] = res
			}
			for _, cr := range res.Cases {
				if cr.Verdict == grader.Pass && cr.CPUMS != nil {
					times[cr.ID] = append(times[cr.ID], time.Duration(*cr.CPUMS)*time.Millisecond)
				}
			}
		}
		for _, ts := range times {
			slowest = max(slowest, median(ts))
			n++
		}
	}
	if n == 0 {
		fmt.Fprintf(c.App.Writer, "time limit: %s, the grader's default (the package gives none, and no accepted run to derive one from)\n", lim.CPU)
		return lim, nil
	}
	tl := tm.TimeLimitFrom(slowest)
	fmt.Fprintf(c.App.Writer, "time limit: %s (the package gives none: the slowest accepted case, %s of CPU time (the median of %d runs), times %g, rounded up to %gs)\n",
		tl, slowest, timingRuns, tm.ACToTL, tm.Resolution)
	return problem.WithTimeLimit(lim, tl), nil
}

// median is the middle of ts (of an even count, the upper middle).
func median(ts []time.Duration) time.Duration {
	s := slices.Clone(ts)
	slices.Sort(s)
	return s[len(s)/2]
}

// badInputOrNil is badInput(err), or nil.
func badInputOrNil(err error) error {
	if err == nil {
		return nil
	}
	return badInput(err)
}

// exampleLine writes an example's line: its verdicts and score, and how it
// misses its label if it does; it returns whether it is as labelled.
func exampleLine(w io.Writer, a *grader.Assignment, ex problem.Example, res grader.Result, scoring bool) bool {
	var vs []string
	for _, cr := range res.Cases {
		vs = append(vs, problem.Verdict(cr.Verdict))
	}
	what := fmt.Sprintf("%s, %v/%v", strings.Join(vs, " "), res.Score, res.MaxScore)
	if !problem.Judged(res) {
		what = string(res.Status)
	}
	miss := ex.Misfits(a, res, scoring)
	if len(miss) == 0 {
		fmt.Fprintf(w, "%s: as labelled (%s)\n", ex.Name, what)
	} else {
		fmt.Fprintf(w, "%s: NOT as labelled (%s): %s\n", ex.Name, what, strings.Join(miss, "; "))
	}
	for _, f := range res.Flags {
		fmt.Fprintf(w, "  note: %s\n", f)
	}
	return len(miss) == 0
}
