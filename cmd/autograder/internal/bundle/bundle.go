// Package bundle is the assignment built into every autograder binary: the
// rubric and its public cases, so that a student needs only the binary and
// a JDK to check their work (autograder check, with no rubric.toml in
// sight). Hidden cases are never bundled, only counted (Hidden), so that
// check can say how many more the grading runs.
//
// The bundle is this package's data folder, committed in git so that any
// build embeds it (go install included, with no tag and no generated file
// to miss). The generator writes it from rubric.toml and cases/:
//
//	go generate ./cmd/autograder/internal/bundle   # or: make bundle
//
// and a test fails when the committed copy is not what the generator
// writes today.
package bundle

//go:generate go run ./gen -rubric ../../../../rubric.toml -out data

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	_ "github.com/cs540-tools/autograder/grader/checker"   // [judge] name = "checker" in a rubric
	_ "github.com/cs540-tools/autograder/reference/oracle" // reference = "eightqueen" in a rubric
)

// RubricName is the rubric's file name in the bundle; its cases folder
// sits beside it, where the rubric's cases key says.
const RubricName = "rubric.toml"

// Path is how messages name the built-in rubric.
const Path = "rubric.toml (built in)"

// hiddenName is the bundle's file that counts the rubric's hidden cases,
// which are never bundled: a student's check says how many more the
// grading runs.
const hiddenName = "hidden-cases"

// files is the bundle: RubricName and its cases (embed.go). Tests may
// swap it.
var files fs.FS

// Load loads the bundled assignment. It writes the bundle to a temporary
// folder, loads it and removes the folder: an assignment holds its cases
// in memory. The rubric's Path is then Path.
func Load() (*grader.Assignment, error) {
	if files == nil {
		return nil, errors.New("this autograder has no built-in assignment")
	}
	dir, err := os.MkdirTemp("", "autograder-bundle-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := extract(files, dir); err != nil {
		return nil, fmt.Errorf("the built-in assignment: %w", err)
	}
	a, err := grader.LoadAssignment(filepath.Join(dir, RubricName))
	if err != nil {
		return nil, fmt.Errorf("the built-in assignment: %w", err)
	}
	a.Rubric.Path = Path
	return a, nil
}

// Hidden is how many hidden cases the rubric the bundle was made from has
// (the bundle holds none of them); 0 when it cannot tell.
func Hidden() int {
	if files == nil {
		return 0
	}
	data, err := fs.ReadFile(files, hiddenName)
	if err != nil {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// extract writes every file of fsys under dir.
func extract(fsys fs.FS, dir string) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// Generate writes the bundle of the rubric at rubricPath into the folder
// out: the rubric file as it is and, under the cases folder it names, the
// public cases' files as they are. The rubric must load, its cases folder
// must lie inside the rubric's folder, and every part must have a public
// case (a bundle without any could check nothing). out is replaced whole;
// a folder that is not empty and holds no RubricName is refused, so that a
// wrong path cannot wipe anything else. The bundle is checked to load
// before it replaces out.
func Generate(rubricPath, out string) error {
	a, err := grader.LoadAssignment(rubricPath)
	if err != nil {
		return err
	}
	rubricDir, err := filepath.Abs(filepath.Dir(rubricPath))
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(rubricDir, a.Rubric.CasesDir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return fmt.Errorf("%s: the cases folder %s is not inside the rubric's folder", rubricPath, a.Rubric.CasesDir)
	}
	if entries, err := os.ReadDir(out); err == nil && len(entries) > 0 {
		if _, err := os.Stat(filepath.Join(out, RubricName)); err != nil {
			return fmt.Errorf("%s: not empty and not a bundle (no %s): not replacing it", out, RubricName)
		}
	}
	if err := os.MkdirAll(filepath.Dir(filepath.Clean(out)), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(out)), ".bundle-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	data, err := os.ReadFile(rubricPath)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, RubricName), data, 0o644); err != nil {
		return err
	}
	for i, p := range a.Rubric.Parts {
		n := 0
		for _, c := range a.Parts[i] {
			if c.Visibility != cases.Public {
				continue
			}
			if c.Path == "" {
				return fmt.Errorf("%s: case %s has no file", rubricPath, c.ID)
			}
			src, err := os.ReadFile(c.Path)
			if err != nil {
				return err
			}
			dst := filepath.Join(tmp, rel, filepath.FromSlash(p.Cases), filepath.Base(c.Path))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(dst, src, 0o644); err != nil {
				return err
			}
			n++
		}
		if n == 0 {
			return fmt.Errorf("%s: part %q has no public case: a bundle of it could check nothing", rubricPath, p.ID)
		}
	}
	hidden := 0
	for _, cs := range a.Parts {
		for _, c := range cs {
			if c.Visibility != cases.Public {
				hidden++
			}
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, hiddenName), []byte(fmt.Sprintln(hidden)), 0o644); err != nil {
		return err
	}
	b, err := grader.LoadAssignment(filepath.Join(tmp, RubricName))
	if err != nil {
		return fmt.Errorf("the bundle does not load: %w", err)
	}
	if got, want := publicIDs(b), publicIDs(a); !slices.Equal(got, want) {
		return fmt.Errorf("the bundle holds the cases %v, want the public %v", got, want)
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	return os.Rename(tmp, out)
}

// publicIDs are the ids of an assignment's public cases, in order: a
// bundle must hold those of its rubric and no other cases.
func publicIDs(a *grader.Assignment) []string {
	var ids []string
	for _, cs := range a.Parts {
		for _, c := range cs {
			if c.Visibility == cases.Public {
				ids = append(ids, c.ID)
			}
		}
	}
	return ids
}
