package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/internal/atomicfile"
	ucli "github.com/urfave/cli/v2"
)

func ciCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "ci",
		Usage:     "check a submission in continuous integration: check, plus JUnit XML and a GitHub job summary",
		ArgsUsage: "[PATH]",
		Description: "Does what check does (the public cases; --all for every case) and also writes\n" +
			"the cases as JUnit XML to --junit FILE (one testcase per case, a failure with\n" +
			"the first difference and the diff) and, when GITHUB_STEP_SUMMARY names a file\n" +
			"(as in GitHub Actions), appends a Markdown summary to it. Exit status 1 when a\n" +
			"case fails.",
		Flags: []ucli.Flag{
			rubricFlag(), assignmentFlag(),
			&ucli.StringFlag{Name: "junit", Value: "autograder-junit.xml", Usage: "write JUnit XML to `FILE` (empty: none)"},
			&ucli.BoolFlag{Name: "all", Usage: "run the hidden cases too (for TAs)"},
			&ucli.BoolFlag{Name: "no-color", Usage: "never colour the output (also: NO_COLOR)"},
			modeFlag(),
		},
		Action: func(c *ucli.Context) error {
			sc, err := newSelfCheck(c)
			if err != nil {
				return err
			}
			a, path := sc.a, sc.path
			res, err := sc.grade(c.Context, c.App.ErrWriter, isTerminal(c.App.ErrWriter))
			if err != nil {
				return err
			}
			report.Check(c.App.Writer, a, res, style(c, c.App.Writer))
			sc.hiddenNote(c.App.Writer, res)
			sc.noTestsNote(c.App.Writer, res)
			if f := c.String("junit"); f != "" {
				data, err := report.JUnit(a, res)
				if err != nil {
					return err
				}
				if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
					return err
				}
				if err := atomicfile.WriteFile(f, data); err != nil {
					return err
				}
			}
			if f := os.Getenv("GITHUB_STEP_SUMMARY"); f != "" {
				if err := appendFile(f, report.GitHubSummary(a, res)); err != nil {
					return fmt.Errorf("GITHUB_STEP_SUMMARY: %w", err)
				}
			}
			return passed(a, path, res)
		},
	}
}

// appendFile appends data to the file name, creating it: GitHub gives each
// step a summary file that several commands may add to. A blank line
// keeps data apart from what is there already.
func appendFile(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if info, err := f.Stat(); err == nil && info.Size() > 0 {
		data = append([]byte("\n"), data...)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
