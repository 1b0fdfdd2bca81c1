package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/problem"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	ucli "github.com/urfave/cli/v2"
)

// verifyExamples is `cases verify --rubric PACKAGE` on a problem package:
// it grades the package's labelled submissions and says which are judged
// as their folder and submissions.yaml expect, failing when any is not.
// One that must run out of time gets the format's margin: the time limit
// times time_limit_to_tle.
func verifyExamples(c *ucli.Context, a *grader.Assignment, dir string) error {
	exs, err := problem.Examples(dir)
	if err != nil {
		return badInput(err)
	}
	scoring, err := problem.Scoring(dir)
	if err != nil {
		return badInput(err)
	}
	run := runner.New(a.Rubric)
	slow := *a.Rubric
	if slow.Limits, err = problem.TLELimits(dir, slow.Limits); err != nil {
		return badInput(err)
	}
	runSlow := runner.New(&slow)
	var bad, judged int
	for _, ex := range exs {
		if ex.Skip != "" {
			fmt.Fprintf(c.App.Writer, "%s: skipped: %s\n", ex.Name, ex.Skip)
			continue
		}
		sub := submission.Load(ex.Path, submission.DefaultLimits)
		for i := range sub.Files {
			sub.Files[i].Data = ex.Replace(sub.Files[i].Data)
		}
		r := run
		if ex.WantsTLE() {
			r = runSlow
		}
		res, err := a.Grade(c.Context, r, sub, 0, grader.Options{})
		if err != nil {
			return err
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
		return true
	}
	fmt.Fprintf(w, "%s: NOT as labelled (%s): %s\n", ex.Name, what, strings.Join(miss, "; "))
	return false
}
