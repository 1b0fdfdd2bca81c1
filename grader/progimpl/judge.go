package progimpl

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// Judges is this package's judge, "programs", for a rubric's
// [part.tests] implementations.
var Judges = grader.Judges{"programs": func(r *rubric.Rubric) (grader.Judge, error) {
	return &Judge{build: runner.New(r)}, nil
}}

// Judge is the judge "programs": it judges no case, and provides a tests
// part's implementations from a folder of programs (Programs).
type Judge struct{ build grader.Runner }

// Judge implements grader.Judge: a case may not name this judge.
func (*Judge) Judge(context.Context, grader.Trial) (grader.Judgement, error) {
	return grader.Judgement{}, errors.New(`the judge "programs" provides a tests part's implementations; it judges no case`)
}

// The names in an implementations folder.
const (
	correctName = "correct"
	bugsDir     = "bugs"
	hintFile    = "hint.txt"
)

// Programs implements mutation.FolderProvider: every program of folder
// built. Each program that does not build, and each problem of the
// folder, is a line of the error.
func (j *Judge) Programs(ctx context.Context, folder string) (mutation.Implementations, error) {
	var out mutation.Implementations
	var errs []error
	entries, err := os.ReadDir(folder)
	if err != nil {
		return out, fmt.Errorf("implementations: %w", err)
	}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
		if name != correctName && !strings.HasPrefix(name, correctName+"-") {
			continue
		}
		p, broken, err := j.program(ctx, filepath.Join(folder, e.Name()), e)
		if err != nil {
			return out, err
		}
		if broken != "" {
			errs = append(errs, fmt.Errorf("correct program %s %s", e.Name(), broken))
			continue
		}
		out.Correct = append(out.Correct, mutation.Implementation{Name: name, Program: p})
	}
	if len(out.Correct) == 0 && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("implementations %s: no correct program (a file correct.EXT or a folder correct/)", folder))
	}
	bugs, err := os.ReadDir(filepath.Join(folder, bugsDir))
	if err != nil {
		return out, errors.Join(append(errs, fmt.Errorf("implementations: %w", err))...)
	}
	for _, e := range bugs {
		name := e.Name()
		if !e.IsDir() {
			name = strings.TrimSuffix(name, filepath.Ext(name))
		}
		path := filepath.Join(folder, bugsDir, e.Name())
		p, broken, err := j.program(ctx, path, e)
		if err != nil {
			return out, err
		}
		out.Bugs = append(out.Bugs, mutation.Bug{Name: name, Hint: hint(path, e), Program: p, Broken: broken})
	}
	return out, errors.Join(errs...)
}

// program builds the program at path (a file or a folder, e its entry),
// a folder's hint left out. broken says why there is none (it does not
// build, it is a link: what a link leads to is not the rubric's); an
// error is the grader's own.
func (j *Judge) program(ctx context.Context, path string, e fs.DirEntry) (p mutation.Program, broken string, err error) {
	if e.Type()&fs.ModeSymlink != 0 {
		return nil, "is a link: give the file or folder itself", nil
	}
	sub := submission.Load(path, submission.DefaultLimits)
	if sub.Problem != "" {
		return nil, "cannot be read: " + sub.Problem, nil
	}
	var files []submission.File
	for _, f := range sub.Files {
		if !e.IsDir() || f.Name != hintFile {
			files = append(files, f)
		}
	}
	b, err := j.build.Build(ctx, files, sandbox.Hooks{})
	if err != nil {
		return nil, "", err
	}
	if !b.OK {
		why := b.Note
		if why == "" {
			why = lastLine(b.Log)
		}
		return nil, "does not build: " + clip.Excerpt([]byte(why), 150, 150), nil
	}
	return newProgram(b.Program), "", nil
}

// hint is a bug folder's one-line hint ("" for a file, or a folder
// without one).
func hint(path string, e fs.DirEntry) string {
	if !e.IsDir() {
		return ""
	}
	data, _ := os.ReadFile(filepath.Join(path, hintFile))
	first, _, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
	return first
}

// lastLine is a build log's last line that is not blank.
func lastLine(log string) string {
	lines := strings.Split(strings.TrimSpace(log), "\n")
	if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
		return l
	}
	return "the build failed and printed nothing"
}
