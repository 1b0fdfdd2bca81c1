package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	ucli "github.com/urfave/cli/v2"
)

// withManual counts the batch's manual grading (DIR/review, kept by
// autograder review) in its results: what grade writes carries every item
// and comment, however often it is re-run. What the journals held that
// could not be used is said on errw.
//
// A rubric change that moved points given by hand (an applied item
// dropped, renamed, or worth other points: review.Drifts) is printed on
// errw, each submission with its totals; then, as drift says, shown
// only (a preview), accepted into the journals (the grade's own,
// journal-grade.jsonl) or refused with ExitRubricChanged.
func withManual(errw io.Writer, a *grader.Assignment, dir string, results []grader.Result, subs []submission.Submission, drift driftMode) ([]grader.Result, *report.ByHand, error) {
	m, err := manualGrading(errw, a, dir, results, subs, drift)
	if err != nil {
		return nil, nil, err
	}
	var by *report.ByHand
	if m.st != nil {
		if done, todo := review.Progress(a.Rubric, m.st, results); done+todo > 0 {
			by = &report.ByHand{Graded: done, ToGrade: todo}
			fmt.Fprintf(errw, "autograder: graded by hand: %d of %d; %s still to grade (autograder review)\n", done, done+todo, count(todo, "submission"))
		}
	}
	return m.apply(results), by, nil
}

// manual is a batch's manual grading, read once.
type manual struct {
	a     *grader.Assignment
	st    *review.State // nil: there is none
	files map[string]review.Hashes
}

// apply counts the manual grading in a set of results.
func (m manual) apply(rs []grader.Result) []grader.Result {
	if m.st == nil {
		return rs
	}
	return review.Apply(m.a.Rubric, m.st, rs, m.files)
}

// manualGrading reads the batch's manual grading, says what it could
// not use, and checks it against the rubric (as withManual).
func manualGrading(errw io.Writer, a *grader.Assignment, dir string, results []grader.Result, subs []submission.Submission, drift driftMode) (manual, error) {
	manualPart := slices.ContainsFunc(a.Rubric.ManualParts, func(m rubric.ManualPart) bool { return !m.Auto })
	if _, err := os.Stat(filepath.Join(dir, review.Folder)); errors.Is(err, fs.ErrNotExist) && !manualPart {
		return manual{a: a}, nil
	}
	st, notes, err := review.Load(dir, a.Rubric)
	if err != nil {
		return manual{}, fmt.Errorf("the manual grading in %s: %w", filepath.Join(dir, review.Folder), err)
	}
	for _, n := range notes {
		fmt.Fprintf(errw, "autograder: warning: manual grading: %s\n", escape.TerminalLine(n))
	}
	if err := checkDrift(errw, a, dir, st, results, drift); err != nil {
		return manual{}, err
	}
	files := map[string]review.Hashes{}
	for _, s := range subs {
		files[s.ID] = review.HashFiles(s.Files)
	}
	for _, n := range review.Unknown(st, results, files, escape.ID) {
		fmt.Fprintf(errw, "autograder: warning: manual grading: %s\n", escape.TerminalLine(n))
	}
	return manual{a: a, st: st, files: files}, nil
}

// driftMode is what grade does with a rubric change that moves points
// given by hand.
type driftMode int

const (
	driftRefuse driftMode = iota // say so, write nothing
	driftShow                    // say so (a preview writes nothing anyway)
	driftAccept                  // say so, journal it, write the new points
)

// driftModeOf is the mode grade's flags ask for.
func driftModeOf(c *ucli.Context) driftMode {
	switch {
	case c.Bool("preview"):
		return driftShow
	case c.Bool("accept-rubric-changes"):
		return driftAccept
	}
	return driftRefuse
}

// checkDrift prints the submissions whose hand-given points the rubric's
// changes move, and refuses or accepts them as mode says (an accepted
// change is folded into st too).
func checkDrift(errw io.Writer, a *grader.Assignment, dir string, st *review.State, results []grader.Result, mode driftMode) error {
	drifts := review.Drifts(a.Rubric, st, results)
	if len(drifts) == 0 {
		return nil
	}
	for _, d := range drifts {
		d.Sub = escape.ID(d.Sub) // as grade's table shows it
		fmt.Fprintf(errw, "autograder: rubric change: %s\n", escape.TerminalLine(d.String()))
	}
	switch mode {
	case driftShow:
		return nil
	case driftRefuse:
		return &exitError{ExitRubricChanged, fmt.Errorf("the rubric changed items applied by hand, or parts graded by hand, since they were graded: the totals of %s move (above); nothing written: "+
			"put the items and parts back as they were, or run the same command with --accept-rubric-changes to write the new points", count(len(drifts), "submission"))}
	}
	j, err := review.Open(dir, "grade")
	if err != nil {
		return err
	}
	for _, act := range review.Accepts(review.ItemDrifts(a.Rubric, st), review.PartDrifts(a.Rubric, st)) {
		if act, err = j.Append(act); err != nil {
			return err
		}
		if err := st.Do(a.Rubric, act); err != nil {
			return err
		}
	}
	fmt.Fprintf(errw, "autograder: rubric change accepted for %s (journaled in %s)\n", count(len(drifts), "submission"), filepath.Join(dir, review.Folder, "journal-grade.jsonl"))
	return nil
}
