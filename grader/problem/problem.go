package problem

import (
	"context"
	"io"
	"os"
	"path/filepath"

	"github.com/cs540-tools/autograder/grader"
)

// Is reports whether dir is a problem package: a folder holding
// problem.yaml.
func Is(dir string) bool {
	info, err := os.Stat(filepath.Join(dir, File))
	return err == nil && info.Mode().IsRegular()
}

// Load reads the problem package in dir as an assignment whose judge is
// one of js ("checker", for a custom output validator) or the grader's
// own.
func Load(dir string, js grader.Judges) (*grader.Assignment, error) {
	return LoadContext(context.Background(), dir, js, nil)
}

// LoadContext is Load that may run programs: a package whose
// generators/generators.yaml makes its test data has it made in the
// sandbox (Generate) and cached, ctx bounding the runs. warn, when not
// nil, gets what a TA should be told (a package graded on its samples
// alone, the solution chosen for answers).
func LoadContext(ctx context.Context, dir string, js grader.Judges, warn io.Writer) (*grader.Assignment, error) {
	p, err := read(ctx, dir, warn)
	if err != nil {
		return nil, err
	}
	return grader.NewAssignmentOf(p.rubric, p.parts, js)
}
