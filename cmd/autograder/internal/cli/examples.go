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
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
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
	slow := rub
	if slow.Limits, err = problem.TLELimits(dir, slow.Limits); err != nil {
		return badInput(err)
	}
	var bad, judged int
	var rows []juryRow
	for i, ex := range exs {
		if ex.Skip != "" {
			fmt.Fprintf(c.App.Writer, "%s: skipped: %s\n", ex.Name, ex.Skip)
			continue
		}
		r := rub
		if ex.WantsTLE() {
			r = slow
		}
		limit := r.Limits.CPU
		res, ok := done[i]
		if !ok {
			if res, err = gradeExample(c, a, r, ex, true); err != nil {
				return err
			}
		}
		judged++
		if !exampleLine(c.App.Writer, a, ex, res, scoring) {
			bad++
		}
		rows = append(rows, juryRowOf(ex, res, limit))
	}
	fmt.Fprintf(c.App.Writer, "%d of %d labelled submissions judged as labelled\n", judged-bad, judged)
	jurySummary(c.App.Writer, rows, rub.Limits, runner.StackText(sandbox.Limits{Memory: rub.Limits.Memory, Stack: rub.Limits.Stack}, toolchain.All()...))
	if bad > 0 {
		return failed(fmt.Errorf("%d labelled submissions of %s are not judged as labelled", bad, dir))
	}
	return nil
}

// juryRow is a labelled submission's line of the jury summary.
type juryRow struct {
	name, verdict string
	slowest       time.Duration // the slowest case's CPU time
	limit         time.Duration // the CPU limit it ran under
	warnings      []string
}

// nearLimit is how close to its time limit an accepted submission may
// come before the jury summary warns: a judge's machine a fifth slower
// would reject it.
const nearLimit = 0.8

// juryRowOf sums up res, a labelled submission's grading under the CPU
// limit limit: its verdict (the first
// case that is not AC, else AC; or its status when it was not judged),
// its slowest case, and what could make the judges' verdict differ from
// this machine's.
func juryRowOf(ex problem.Example, res grader.Result, limit time.Duration) juryRow {
	row := juryRow{name: ex.Name, verdict: "AC", limit: limit}
	if !problem.Judged(res) {
		row.verdict = string(res.Status)
	}
	for _, cr := range res.Cases {
		if v := problem.Verdict(cr.Verdict); v != "AC" && row.verdict == "AC" {
			row.verdict = v
		}
		if cr.CPUMS != nil {
			row.slowest = max(row.slowest, time.Duration(*cr.CPUMS)*time.Millisecond)
		}
	}
	switch {
	case row.verdict == "AC" && limit > 0 && row.slowest >= time.Duration(nearLimit*float64(limit)):
		row.warnings = append(row.warnings, fmt.Sprintf("accepted within %.0f%% of the time limit: a slower judge machine may reject it", 100*(1-nearLimit)))
	case row.verdict == "RTE" && hasStack(res):
		row.warnings = append(row.warnings, "a run-time error where the stack may have run out: the judges' stack is unlimited")
	}
	for _, tc := range toolchain.All() {
		if tc.JudgesMissing != "" && slices.Contains(res.Flags, tc.JudgesMissing) {
			row.warnings = append(row.warnings, tc.JudgesMissing)
		}
	}
	return row
}

// hasStack reports whether a failing case's error output speaks of the
// stack (a StackOverflowError, a RecursionError, a segmentation fault).
func hasStack(res grader.Result) bool {
	for _, cr := range res.Cases {
		s := strings.ToLower(cr.Stderr + " " + cr.Signal)
		if strings.Contains(s, "stackoverflow") || strings.Contains(s, "recursion") || strings.Contains(s, "segmentation") {
			return true
		}
	}
	return false
}

// jurySummary writes the summary a contest's jury reads: per labelled
// submission, its verdict and its slowest case's CPU time against the
// limit, and a warning where the judges' machines could judge it
// otherwise (speed, stack, runtime); then the stack the runs had.
func jurySummary(w io.Writer, rows []juryRow, lim rubric.Limits, stack string) {
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "jury summary (time limit %s of CPU time; stack %s):\n", lim.CPU, stack)
	width := 0
	for _, r := range rows {
		width = max(width, len(r.name))
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s  %-4s  slowest case %s of %s\n", width, r.name, r.verdict, r.slowest.Round(time.Millisecond), r.limit)
		for _, warn := range r.warnings {
			fmt.Fprintf(w, "  %-*s  WARNING: %s\n", width, "", warn)
		}
	}
}

// gradeExample grades one labelled submission under rub (the package's
// rubric, its limits as the example's label needs them), as the format
// builds it (problem.Example.Submission and Build).
func gradeExample(c *ucli.Context, a *grader.Assignment, rub rubric.Rubric, ex problem.Example, timings bool) (grader.Result, error) {
	sub := ex.Submission(submission.DefaultLimits)
	rub.Build, rub.Parts = ex.Build(rub.Build), ex.Parts(rub.Parts)
	one := *a
	one.Rubric = &rub
	return one.Grade(c.Context, runner.New(&rub), sub, 0, grader.Options{Timings: timings})
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
	var slowest time.Duration
	n := 0
	for i, ex := range exs {
		if ex.Skip != "" || !ex.UsedForTimeLimit() {
			continue
		}
		times := map[string][]time.Duration{} // each accepted case's runs
		for k := range timingRuns {
			res, err := gradeExample(c, a, *a.Rubric, ex, true)
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
	what := fmt.Sprintf("%s, %s/%s", strings.Join(vs, " "), numStr(res.Score), numStr(res.MaxScore))
	if !problem.Judged(res) {
		what = string(res.Status)
	}
	miss := ex.Misfits(a, res, scoring)
	if len(miss) == 0 {
		fmt.Fprintf(w, "%s: as labelled (%s)\n", ex.Name, what)
	} else {
		fmt.Fprintf(w, "%s: NOT as labelled (%s): %s\n", ex.Name, what, strings.Join(miss, "; "))
	}
	return len(miss) == 0
}
