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
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// withManual counts the batch's manual grading (DIR/review, kept by
// autograder review) in its results: what grade writes carries every item
// and comment, however often it is re-run. What the journals held that
// could not be used is said on errw.
func withManual(errw io.Writer, a *grader.Assignment, dir string, results []grader.Result, subs []submission.Submission) ([]grader.Result, error) {
	manualPart := slices.ContainsFunc(a.Rubric.ManualParts, func(m rubric.ManualPart) bool { return !m.Auto })
	if _, err := os.Stat(filepath.Join(dir, review.Folder)); errors.Is(err, fs.ErrNotExist) && !manualPart {
		return results, nil
	}
	st, notes, err := review.Load(dir, a.Rubric)
	if err != nil {
		return nil, fmt.Errorf("the manual grading in %s: %w", filepath.Join(dir, review.Folder), err)
	}
	for _, n := range notes {
		fmt.Fprintf(errw, "autograder: warning: manual grading: %s\n", escape.TerminalLine(n))
	}
	files := map[string]review.Hashes{}
	for _, s := range subs {
		files[s.ID] = review.HashFiles(s.Files)
	}
	return review.Apply(a.Rubric, st, results, files), nil
}
