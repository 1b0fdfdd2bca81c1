package cli

import (
	"fmt"
	"os"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/submission"
	_ "github.com/cs540-tools/autograder/reference/oracle" // reference = "eightqueen" in a rubric
	ucli "github.com/urfave/cli/v2"
)

func checkCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "check",
		Usage:     "check your own submission on the public cases before you hand it in",
		ArgsUsage: "[PATH]",
		Description: "PATH is a folder, a source file or a zip (default: the current folder).\n" +
			"Builds it, runs the public cases, prints a table and the first difference of\n" +
			"each failure. Exit status 0 only if every case passes. --explain CASE runs one\n" +
			"case and prints the reference's run beside yours, each line with the step\n" +
			"that made it, up to the first line where they differ.",
		Flags: []ucli.Flag{
			rubricFlag(),
			&ucli.BoolFlag{Name: "all", Usage: "run the hidden cases too (for TAs)"},
			&ucli.BoolFlag{Name: "no-color", Usage: "never colour the output (also: NO_COLOR)"},
			modeFlag(),
			&ucli.StringFlag{Name: "explain", Usage: "run one `CASE` (e.g. c/public-02) and show the reference's run beside yours, step by step, up to the first difference"},
		},
		Action: func(c *ucli.Context) error {
			if c.NArg() > 1 {
				return badInputf("check takes one PATH, got %d", c.NArg())
			}
			path := "."
			if c.NArg() == 1 {
				path = c.Args().First()
			}
			a, err := loadAssignment(c)
			if err != nil {
				return err
			}
			if _, err := os.Stat(path); err != nil {
				return badInputf("check: %s: no such file or folder", path)
			}
			sub := submission.Load(path, submission.DefaultLimits)
			opt := grader.Options{Visibility: "public"}
			if c.Bool("all") {
				opt.Visibility = ""
			}
			run, err := runnerFor(c.String("mode"), a, opt.Visibility, c.App.ErrWriter)
			if err != nil {
				return err
			}
			if id := c.String("explain"); id != "" {
				cs, part, err := findCase(a, id, opt.Visibility)
				if err != nil {
					return badInput(err)
				}
				ok, err := explain(c.Context, c.App.Writer, a, run, sub, cs, part)
				if err != nil || ok {
					return err
				}
				return failed(fmt.Errorf("%s: case %s differs", path, cs.ID))
			}
			res, err := a.Grade(c.Context, run, sub, 0, opt)
			if err != nil {
				return err
			}
			report.Check(c.App.Writer, a, res, style(c, c.App.Writer))
			if res.Status != grader.Graded {
				return failed(fmt.Errorf("%s: %s", path, res.Status))
			}
			for _, cr := range res.Cases {
				if cr.Verdict != grader.Pass {
					return failed(fmt.Errorf("%s: some cases failed", path))
				}
			}
			return nil
		},
	}
}
