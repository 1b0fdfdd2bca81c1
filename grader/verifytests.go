package grader

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"

	"github.com/cs540-tools/autograder/grader/submission"
)

// Checking a suite part's rubric on the instructor's own tests (`cases
// verify`): above the assignment and its tests parts.

// VerifyTests checks each suite part whose rubric names own tests
// (rubric.Tests.Own) against them (mutation.SuitePart.Verify): a line of
// the error per problem (a rubric.ErrInvalid), each naming the rubric
// and the part; any other error is the grader's own. parts are the IDs of
// the parts found right, in rubric order.
func (a *Assignment) VerifyTests(ctx context.Context) (parts []string, err error) {
	var lines []string
	for _, p := range a.Rubric.Parts {
		sp, ok := a.suiteParts[p.ID]
		if !ok || p.Tests.Own == "" {
			continue
		}
		pre := fmt.Sprintf("%s: part %q: ", a.Rubric.Path, p.ID)
		own, err := ownTests(filepath.Join(a.Rubric.CasesDir, filepath.FromSlash(p.Tests.Own)), p.Tests.Files)
		if err != nil {
			lines = append(lines, pre+err.Error())
			continue
		}
		bad, err := sp.Verify(ctx, own)
		if err != nil {
			return nil, fmt.Errorf("part %s: %w", p.ID, err)
		}
		for _, l := range bad {
			lines = append(lines, pre+l)
		}
		if len(bad) == 0 {
			parts = append(parts, p.ID)
		}
	}
	if len(lines) > 0 {
		return parts, problems(lines)
	}
	return parts, nil
}

// SuitePart reports whether the part id grades the unit-test suites
// students write (a tests part with a folder of implementations run by
// a framework's judge, not programs judged by their output).
func (a *Assignment) SuitePart(id string) bool {
	_, ok := a.suiteParts[id]
	return ok
}

// ownTests reads the instructor's own test files of a suite part: the
// regular files of dir whose name matches pattern, in name order. A
// matching name that is not a regular file (a link, a folder) is an
// error: what it stands for is not the rubric's.
func ownTests(dir, pattern string) ([]submission.File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("own: %w", err)
	}
	var files []submission.File
	for _, e := range entries {
		if ok, _ := path.Match(pattern, e.Name()); !ok {
			continue
		}
		if !e.Type().IsRegular() {
			return nil, fmt.Errorf("own: %s is not a regular file", filepath.Join(dir, e.Name()))
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("own: %w", err)
		}
		files = append(files, submission.File{Name: e.Name(), Data: data})
	}
	return files, nil
}
