package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/problem"
	"github.com/cs540-tools/autograder/grader/rubric"
	ucli "github.com/urfave/cli/v2"
)

func rubricFlag() ucli.Flag {
	return &ucli.StringFlag{Name: "rubric", Usage: "the assignment's rubric `FILE`, or a problem package's folder (holding problem.yaml) (default: rubric.toml here or in a parent folder, else the built-in assignment)"}
}

func assignmentFlag() ucli.Flag {
	return &ucli.StringFlag{Name: "assignment", Usage: fmt.Sprintf("the built-in assignment `NAME` (%s; default %s when no rubric.toml is here or above)", strings.Join(bundle.Names(), ", "), bundle.Default)}
}

// loadAssignment finds and loads the rubric and its cases: --rubric, else
// --assignment's built-in one, else rubric.toml here or in a parent
// folder, else the default built-in assignment (package bundle), with
// every judge the autograder has (bundle.Judges). Any
// problem with them is bad input (exit 2), but for a built-in assignment
// that does not load, which is the grader's own failure.
func loadAssignment(c *ucli.Context) (*grader.Assignment, error) {
	path, name := c.String("rubric"), c.String("assignment")
	switch {
	case path != "" && name != "":
		return nil, badInputf("--rubric and --assignment both name an assignment: give one")
	case name != "":
		return loadBuiltIn(c, name)
	case path == "":
		var err error
		if path, err = findRubric(); err != nil {
			return loadBuiltIn(c, bundle.Default)
		}
	}
	load := grader.LoadAssignment
	if dir, ok := packageDir(path); ok {
		path, load = dir, func(dir string, js grader.Judges) (*grader.Assignment, error) {
			// A package may generate its test data: runs ctx bounds.
			return problem.LoadContext(c.Context, dir, js, c.App.ErrWriter)
		}
	}
	a, err := load(path, bundle.Judges)
	if err != nil {
		return nil, badInput(err)
	}
	if n := c.Command.Name; !slices.Contains(studentCommands, n) && bundle.HiddenBeside(path) > 0 {
		// A student kit's rubric (found in .autograder/, say): its
		// hidden cases were left out.
		fmt.Fprintf(c.App.ErrWriter, "autograder: warning: %s uses %s, a student kit's rubric, which has the public cases only (the rubric it was made from has %d hidden ones): name the full one with --rubric FILE\n", n, path, bundle.HiddenBeside(path))
	}
	return a, nil
}

// studentCommands are the commands that run the public cases alone: a
// rubric without its hidden cases (a built-in one, a kit's) is theirs.
var studentCommands = []string{"check", "ci", "handout", "kit", "similarity"}

// loadBuiltIn loads the built-in assignment name; a TA's command that
// would miss its hidden cases says so.
func loadBuiltIn(c *ucli.Context, name string) (*grader.Assignment, error) {
	a, err := bundle.Load(name)
	if errors.Is(err, bundle.ErrUnknown) {
		return nil, badInputf("--assignment: %v", err)
	}
	if err != nil {
		return nil, err
	}
	if n := c.Command.Name; !slices.Contains(studentCommands, n) && bundle.Hidden(name) > 0 {
		fmt.Fprintf(c.App.ErrWriter, "autograder: %s uses the built-in assignment %s, which has the public cases only (the rubric.toml it was made from has %d hidden ones)\n", n, name, bundle.Hidden(name))
	}
	return a, nil
}

// packageDir says whether --rubric names a problem package (its folder, or
// its problem.yaml), and returns the package's folder.
func packageDir(path string) (string, bool) {
	if filepath.Base(path) == problem.File {
		return filepath.Dir(path), true
	}
	return path, problem.Is(path)
}

// findRubric looks for rubric.toml in the current folder and its parents,
// and in their .autograder folders (where a student kit keeps it).
func findRubric() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		for _, p := range []string{filepath.Join(dir, "rubric.toml"), filepath.Join(dir, kitDir, "rubric.toml")} {
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no rubric.toml in this folder or its parents: name one with --rubric FILE")
		}
		dir = parent
	}
}

// kitDir is the folder of a student kit that holds the assignment (a
// bundle): a dot folder, which a submission never includes, and where
// check finds the rubric (findRubric).
const kitDir = ".autograder"

// sourceExts are the file endings that make a loose file in a batch folder
// a submission of its own.
func sourceExts(a *grader.Assignment) []string {
	b := a.Rubric.Build
	switch b.Language {
	case rubric.Raw:
	case rubric.Auto:
		var out []string
		for _, l := range b.Languages {
			out = append(out, rubric.SourceExts(l)...)
		}
		return out
	default:
		return rubric.SourceExts(b.Language)
	}
	var out []string
	for _, r := range a.Rubric.Submission.Required {
		if i := strings.LastIndex(r, "."); i > 0 {
			out = append(out, r[i:])
		}
	}
	return out
}
