// Package bundle is the assignments built into every autograder binary:
// each one's rubric, handout and public cases, so that a student needs
// only the binary (and the language's compiler) to check their work
// (autograder check, with no rubric.toml in sight; --assignment picks one).
// Hidden cases are never bundled, only counted (Hidden), so that check can
// say how many more the grading runs.
//
// The bundle is this package's data folder, one folder per assignment,
// committed in git so that any build embeds it (go install included, with
// no tag and no generated file to miss). The generator writes it from the
// rubrics that Sources lists:
//
//	go generate ./cmd/autograder/internal/bundle   # or: make bundle
//
// and a test fails when the committed copy is not what the generator
// writes today.
//
// A TA's own assignment is built in the same way, without a compiler, by
// `autograder kit --binary`: Generate writes its bundle, and AppendKit
// appends it to a copy of an autograder binary, which finds it at start
// and makes it its default assignment.
package bundle

//go:generate go run ./gen -root ../../../.. -out data

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/checker"
	"github.com/cs540-tools/autograder/grader/progimpl"
	"github.com/cs540-tools/autograder/grader/unittest"
	eightqueen "github.com/cs540-tools/autograder/reference/eightqueen/oracle"
	nim "github.com/cs540-tools/autograder/reference/nim/oracle"
	nqueens "github.com/cs540-tools/autograder/reference/nqueens/oracle"
)

// Source is a built-in assignment: its name, its rubric's path in the
// repository, slash-separated, and the judges of its own its rubric
// names (its reference program's), if any.
type Source struct {
	Name   string
	Rubric string
	Judges grader.Judges
}

// Sources are the assignments built in, the default first: a list of
// values, where adding an assignment is adding a line (its rubric, its
// cases in cases/<name>, and its reference's Judges from
// reference/<name>/oracle); nothing registers itself from an init
// function or a blank import.
var Sources = []Source{
	{"eightqueen", "rubric.toml", eightqueen.Judges},         // reference = "eightqueen"
	{"nim", "cases/nim/rubric.toml", nim.Judges},             // reference = "nim"
	{"nqueens", "cases/nqueens/rubric.toml", nqueens.Judges}, // reference = "nqueens"
	{"unittest-python", "cases/unittest-python/rubric.toml", nil},
	{"eightqueen-tests", "cases/eightqueen-tests/rubric.toml", nil}, // [part.tests] implementations = "eightqueen"
}

// Judges are every judge the autograder has beside the grader's own
// (diff, tokens): the general ones and each built-in assignment's. A
// rubric names one by its name, and every command loads its assignment
// with these.
var Judges = grader.JoinJudges(append([]grader.Judges{
	checker.Judges,  // [judge] name = "checker" in a rubric
	unittest.Judges, // check: junit, check: pytest in a case
	progimpl.Judges, // [part.tests] implementations = "programs"
}, sourceJudges()...)...)

// sourceJudges are the judges of each of Sources.
func sourceJudges() []grader.Judges {
	var js []grader.Judges
	for _, src := range Sources {
		js = append(js, src.Judges)
	}
	return js
}

// Default is the assignment a command uses when nothing names one: the
// one a kit's binary has appended (see AppendKit), else Eight Queens.
var Default = "eightqueen"

// RubricName is the rubric's file name in each assignment's folder of the
// bundle; its cases folder sits beside it, where the rubric's cases key
// says.
const RubricName = "rubric.toml"

// hiddenName is the file of an assignment's folder that counts the
// rubric's hidden cases, which are never bundled: a student's check says
// how many more the grading runs. Its first line is the count; each
// further line, "weight PART W", the weight of a part's hidden cases
// (grader.Assignment.HiddenWeight), so that check gives a case the worth
// the grade does, or "show PART nothing|count", a tests part's show that
// keeps the bugs from the students (ShowsBeside).
const hiddenName = "hidden-cases"

// files is the bundle: a folder per assignment (embed.go). Tests may swap
// it.
var files fs.FS

// Path is how messages name the built-in rubric of the assignment name.
func Path(name string) string { return name + " (built in)" }

// Name is the built-in assignment whose rubric a message names path
// (Path), if it is one.
func Name(path string) (string, bool) {
	name, ok := strings.CutSuffix(path, " (built in)")
	return name, ok && slices.Contains(Names(), name)
}

// Names lists the assignments built in, sorted.
func Names() []string {
	if files == nil {
		return nil
	}
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if _, err := fs.Stat(files, e.Name()+"/"+RubricName); e.IsDir() && err == nil {
			names = append(names, e.Name())
		}
	}
	return names
}

// ErrUnknown is the error of a name no built-in assignment has.
var ErrUnknown = errors.New("no such built-in assignment")

// sub is the bundle's folder of the assignment name.
func sub(name string) (fs.FS, error) {
	if !slices.Contains(Names(), name) {
		if len(Names()) == 0 {
			return nil, errors.New("this autograder has no built-in assignment")
		}
		return nil, fmt.Errorf("%w %q (built in: %s)", ErrUnknown, name, strings.Join(Names(), ", "))
	}
	return fs.Sub(files, name)
}

// Load loads the built-in assignment name. It writes the assignment's
// folder to a temporary folder, loads it and removes the folder: an
// assignment holds its cases in memory. The rubric's Path is then
// Path(name), and its Handout empty (Handout reads it).
func Load(name string) (*grader.Assignment, error) {
	var a *grader.Assignment
	err := extracted(name, func(dir string) error {
		var err error
		a, err = grader.LoadAssignment(filepath.Join(dir, RubricName), Judges)
		return err
	})
	if err != nil {
		return nil, err
	}
	a.Rubric.Path, a.Rubric.Handout = Path(name), ""
	return a, nil
}

// Handout is the handout of the built-in assignment name; nil when its
// rubric names none.
func Handout(name string) ([]byte, error) {
	var text []byte
	err := extracted(name, func(dir string) error {
		a, err := grader.LoadAssignment(filepath.Join(dir, RubricName), Judges)
		if err == nil && a.Rubric.Handout != "" {
			text, err = os.ReadFile(a.Rubric.Handout)
		}
		return err
	})
	return text, err
}

// extracted calls f with the folder the assignment name is written to for
// the call.
func extracted(name string, f func(dir string) error) error {
	fsys, err := sub(name)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "autograder-bundle-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := extract(fsys, dir); err != nil {
		return fmt.Errorf("the built-in assignment %s: %w", name, err)
	}
	if err := f(dir); err != nil {
		return fmt.Errorf("the built-in assignment %s: %w", name, err)
	}
	return nil
}

// Hidden is how many hidden cases the rubric the assignment name was
// bundled from has (the bundle holds none of them); 0 when it cannot
// tell.
func Hidden(name string) int {
	fsys, err := sub(name)
	if err != nil {
		return 0
	}
	return hiddenIn(fsys)
}

// hiddenIn reads the count of hidden cases in a bundle's folder.
func hiddenIn(fsys fs.FS) int {
	data, err := fs.ReadFile(fsys, hiddenName)
	if err != nil {
		return 0
	}
	first, _, _ := strings.Cut(string(data), "\n")
	n, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// weightsIn reads the weights of each part's hidden cases in a bundle's
// folder; nil when it records none.
func weightsIn(fsys fs.FS) map[string]float64 {
	data, err := fs.ReadFile(fsys, hiddenName)
	if err != nil {
		return nil
	}
	var m map[string]float64
	for _, line := range strings.Split(string(data), "\n")[1:] {
		f := strings.Fields(line)
		if len(f) != 3 || f[0] != "weight" {
			continue
		}
		if w, err := strconv.ParseFloat(f[2], 64); err == nil && w > 0 && !math.IsInf(w, 0) {
			if m == nil {
				m = map[string]float64{}
			}
			m[f[1]] = w
		}
	}
	return m
}

// ShowsBeside is, by part, the show a tests part of the rubric a bundle
// written by Generate had, where it kept the bugs from the students
// (nothing, count); nil when it records none. A student who edits the
// bundle's rubric does not edit this.
func ShowsBeside(rubricPath string) map[string]string {
	data, err := os.ReadFile(filepath.Join(filepath.Dir(rubricPath), hiddenName))
	if err != nil {
		return nil
	}
	var m map[string]string
	for _, line := range strings.Split(string(data), "\n")[1:] {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "show" {
			if m == nil {
				m = map[string]string{}
			}
			m[f[1]] = f[2]
		}
	}
	return m
}

// HiddenWeights is the weight of each part's hidden cases of the
// assignment name, as Hidden counts them; nil when it cannot tell.
func HiddenWeights(name string) map[string]float64 {
	fsys, err := sub(name)
	if err != nil {
		return nil
	}
	return weightsIn(fsys)
}

// HiddenWeightsBeside is HiddenWeights for a bundle written by Generate,
// as HiddenBeside counts.
func HiddenWeightsBeside(rubricPath string) map[string]float64 {
	return weightsIn(os.DirFS(filepath.Dir(rubricPath)))
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

// GenerateAll writes the bundle of every assignment Sources lists, with
// root the repository's folder, into out (a folder per assignment). out
// is replaced whole; a folder that is not empty and holds anything but
// bundled assignments is refused, so that a wrong path cannot wipe
// anything else.
func GenerateAll(root, out string) error {
	_, oneAssignment := os.Stat(filepath.Join(out, RubricName)) // the bundle of one assignment, as it was before
	if entries, err := os.ReadDir(out); err == nil && oneAssignment != nil {
		for _, e := range entries {
			if _, err := os.Stat(filepath.Join(out, e.Name(), RubricName)); err != nil {
				return fmt.Errorf("%s: holds %s, not a bundled assignment: not replacing it", out, e.Name())
			}
		}
	}
	tmp, err := tempBeside(out)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, src := range Sources {
		if err := Generate(filepath.Join(root, filepath.FromSlash(src.Rubric)), filepath.Join(tmp, src.Name)); err != nil {
			return err
		}
	}
	return replace(tmp, out)
}

// Generate writes the bundle of the rubric at rubricPath into the folder
// out: the rubric file as it is, its handout and, under the cases folder
// it names, the public cases' files as they are, and the files of its
// judges a student may see (grader.PublicFiler: public unit tests, a
// checker program's source). The rubric must load,
// its cases folder must lie inside the rubric's folder, and every part
// must have a public case (a bundle without any could check nothing). out
// is replaced whole; a folder that is not empty and holds no RubricName is
// refused, so that a wrong path cannot wipe anything else. The bundle is
// checked to load before it replaces out.
func Generate(rubricPath, out string) error {
	a, err := grader.LoadAssignment(rubricPath, Judges)
	if err != nil {
		return err
	}
	rubricDir, err := filepath.Abs(filepath.Dir(rubricPath))
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(rubricDir, a.Rubric.CasesDir)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return fmt.Errorf("%s: the cases folder %s is not inside the rubric's folder", rubricPath, a.Rubric.CasesDir)
	}
	if entries, err := os.ReadDir(out); err == nil && len(entries) > 0 {
		if _, err := os.Stat(filepath.Join(out, RubricName)); err != nil {
			return fmt.Errorf("%s: not empty and not a bundle (no %s): not replacing it", out, RubricName)
		}
	}
	tmp, err := tempBeside(out)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := copyFile(rubricPath, filepath.Join(tmp, RubricName)); err != nil {
		return err
	}
	if h := a.Rubric.Handout; h != "" {
		hrel, err := filepath.Rel(rubricDir, h)
		if err != nil {
			return err
		}
		if err := copyFile(h, filepath.Join(tmp, hrel)); err != nil {
			return err
		}
	}
	if err := copyPublic(a, rubricPath, filepath.Join(tmp, rel)); err != nil {
		return err
	}
	if err := copyJudgeFiles(a, rubricDir, tmp); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, hiddenName), hiddenText(a), 0o644); err != nil {
		return err
	}
	b, err := grader.LoadAssignment(filepath.Join(tmp, RubricName), Judges)
	if err != nil {
		return fmt.Errorf("the bundle does not load: %w", err)
	}
	if got, want := publicIDs(b), publicIDs(a); !slices.Equal(got, want) {
		return fmt.Errorf("the bundle holds the cases %v, want the public %v", got, want)
	}
	return replace(tmp, out)
}

// copyPublic copies the public cases of each part of a into casesDir,
// under the part's folder; a part without one is refused.
func copyPublic(a *grader.Assignment, rubricPath, casesDir string) error {
	for i, p := range a.Rubric.Parts {
		n := 0
		for _, c := range a.Parts[i] {
			if c.Visibility != cases.Public {
				continue
			}
			if c.Path == "" {
				return fmt.Errorf("%s: case %s has no file", rubricPath, c.ID)
			}
			if err := copyFile(c.Path, filepath.Join(casesDir, filepath.FromSlash(p.Cases), filepath.Base(c.Path))); err != nil {
				return err
			}
			n++
		}
		if n == 0 {
			return fmt.Errorf("%s: part %q has no public case: a bundle of it could check nothing", rubricPath, p.ID)
		}
	}
	return nil
}

// copyJudgeFiles copies the files of a's judges a student may see (a
// unit-test suite's public tests and helpers, a checker program's
// source: grader.PublicFiler) to where they are under the rubric's
// folder.
func copyJudgeFiles(a *grader.Assignment, rubricDir, out string) error {
	for _, f := range a.PublicFiles() {
		rel, err := filepath.Rel(rubricDir, f)
		if err != nil || !filepath.IsLocal(rel) {
			return fmt.Errorf("%s: a judge's file outside the rubric's folder", f)
		}
		if err := copyFile(f, filepath.Join(out, rel)); err != nil {
			return err
		}
	}
	return nil
}

// hiddenText is the hidden-cases file of a (see hiddenName).
func hiddenText(a *grader.Assignment) []byte {
	s := fmt.Sprintln(countHidden(a))
	for i, p := range a.Rubric.Parts {
		w := 0.0
		for _, c := range a.Parts[i] {
			if c.Visibility != cases.Public && a.Weighs(c.ID) {
				w += a.Weight(c.ID)
			}
		}
		if w > 0 {
			s += fmt.Sprintf("weight %s %s\n", p.ID, strconv.FormatFloat(w, 'g', -1, 64))
		}
		if p.Tests != nil && (p.Tests.Show == "nothing" || p.Tests.Show == "count") {
			s += fmt.Sprintf("show %s %s\n", p.ID, p.Tests.Show)
		}
	}
	return []byte(s)
}

// countHidden counts a's hidden cases a hand-in runs: a tests part's own
// cases check its rubric and never run on one.
func countHidden(a *grader.Assignment) int {
	n := 0
	for i, cs := range a.Parts {
		if a.Rubric.Parts[i].Tests != nil {
			continue
		}
		for _, c := range cs {
			if c.Visibility != cases.Public {
				n++
			}
		}
	}
	return n
}

// copyFile copies the file src to dst, making dst's folder.
func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// tempBeside makes a temporary folder beside out, to be renamed to it.
func tempBeside(out string) (string, error) {
	parent := filepath.Dir(filepath.Clean(out))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	return os.MkdirTemp(parent, ".bundle-")
}

// replace puts the folder tmp in out's place.
func replace(tmp, out string) error {
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

// HiddenBeside is how many hidden cases a bundle written by Generate
// (a student kit's .autograder folder) says its rubric at rubricPath
// left out; 0 when there is no such count beside it.
func HiddenBeside(rubricPath string) int {
	return hiddenIn(os.DirFS(filepath.Dir(rubricPath)))
}
