package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/warm"
	"github.com/cs540-tools/autograder/internal/atomicfile"
	ucli "github.com/urfave/cli/v2"
)

func gradescopeCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "gradescope",
		Usage: "grade one submission as Gradescope's run_autograder",
		Description: "Reads ROOT/submission (the student's files) and ROOT/submission_metadata.json,\n" +
			"grades every case of the rubric on time (Gradescope applies its own late\n" +
			"policy), and writes ROOT/results/results.json in Gradescope's format: the\n" +
			"score and one test per case, public cases visible, hidden ones as the\n" +
			"rubric's [report] gradescope_hidden says (after_due_date). The rubric is\n" +
			"--rubric FILE, else ROOT/source/rubric.toml (the autograder zip's), else\n" +
			"found as for check. A program that fails is a result (exit 0); when the\n" +
			"grader itself fails, results.json says so with a score of 0 (exit 3).",
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "root", Value: "/autograder", Usage: "Gradescope's autograder `DIR`, which holds submission/, submission_metadata.json and results/"},
			rubricFlag(), assignmentFlag(),
			modeFlag(),
		},
		Action: func(c *ucli.Context) error {
			if c.NArg() > 0 {
				return badInputf("gradescope takes no arguments (the submission is ROOT/submission), got %q", c.Args().First())
			}
			switch m := c.String("mode"); m {
			case "warm", "cold", "auto":
			default:
				return badInputf("--mode must be warm, cold or auto, not %q", m)
			}
			root := c.String("root")
			metaPath := filepath.Join(root, "submission_metadata.json")
			data, err := os.ReadFile(metaPath)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				return badInputf("%s: no such file: Gradescope writes it; --root names another place", metaPath)
			case err != nil:
				return badInputf("%s: %v", metaPath, err)
			}
			meta, err := report.ParseGradescopeMetadata(metaPath, data)
			if err != nil {
				return badInput(err)
			}
			subDir := filepath.Join(root, "submission")
			if info, err := os.Stat(subDir); err != nil || !info.IsDir() {
				return badInputf("%s: no such folder: Gradescope puts the student's files there; --root names another place", subDir)
			}
			if c.String("rubric") == "" && c.String("assignment") == "" {
				if p := filepath.Join(root, "source", "rubric.toml"); fileExists(p) {
					if err := c.Set("rubric", p); err != nil {
						return err
					}
				}
			}
			a, err := loadAssignment(c)
			if err != nil {
				return err
			}
			results := filepath.Join(root, "results", "results.json")
			w := c.App.Writer
			fmt.Fprintf(w, "gradescope: %s; rubric %s\n", escape.TerminalLine(describeMeta(meta)), a.Rubric.Path)

			secret, err := oneOffSecret(a, c.App.ErrWriter)
			if err != nil {
				return err
			}
			// A runner that cannot start (no JDK) is the grader's failure.
			run, err := runnerWith(c.String("mode"), a, "", warm.Options{Secret: secret}, c.App.ErrWriter)
			if err != nil {
				return gradescopeFailed(results, err)
			}
			sub := submission.Load(subDir, submission.DefaultLimits)
			res, err := a.Grade(c.Context, run, sub, 0, grader.Options{Secret: secret})
			if err != nil {
				return gradescopeFailed(results, err)
			}
			if res.Status == grader.StatusFailed {
				// The judge's own words (a checker's stderr) are for the
				// course staff's log, not results.json, which the student sees.
				fmt.Fprintf(c.App.ErrWriter, "autograder: not graded: %s\n", oneLine(failedWhy(res)))
				return gradescopeFailed(results, fmt.Errorf("%s", strings.Join(res.Notes, "; ")))
			}
			out, err := report.Gradescope(a, res).JSON()
			if err == nil {
				err = report.ValidateGradescope(out)
			}
			if err != nil {
				return gradescopeFailed(results, fmt.Errorf("results.json: %w", err))
			}
			if err := writeResults(results, out); err != nil {
				return err
			}
			// Gradescope keeps stdout for the course staff: the whole check.
			report.Check(w, a, res, report.Style{})
			fmt.Fprintf(w, "score %s of %s; written to %s\n", numStr(res.Score), numStr(res.MaxScore), results)
			return nil
		},
	}
}

// gradescopeFailed writes the results that say the grader failed (a score
// of 0 and the reason) and returns the error with exit status 3.
func gradescopeFailed(results string, cause error) error {
	out, err := report.GradescopeFailure(cause).JSON()
	if err == nil {
		err = writeResults(results, out)
	}
	if err != nil {
		return fmt.Errorf("%v; and writing %s failed too: %w", cause, results, err)
	}
	return &exitError{ExitInternal, fmt.Errorf("the grader failed (%s says so): %w", results, cause)}
}

// writeResults writes results.json atomically, making its folder.
func writeResults(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data)
}

// describeMeta names the submission for the course staff's log.
func describeMeta(m report.GradescopeMetadata) string {
	s := "submission"
	if m.ID != "" {
		s += " " + m.ID.String()
	}
	var names []string
	for _, u := range m.Users {
		if u.Name != "" {
			names = append(names, u.Name)
		}
	}
	if len(names) > 0 {
		s += " by " + strings.Join(names, ", ")
	}
	if m.CreatedAt != "" {
		s += " at " + m.CreatedAt
	}
	if m.Assignment.Title != "" {
		s += " for " + m.Assignment.Title
	}
	return s
}

func fileExists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && !info.IsDir()
}
