package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/store"
	"github.com/cs540-tools/autograder/grader/submission"
	ucli "github.com/urfave/cli/v2"
)

func gradeCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "grade",
		Usage:     "grade a batch of submissions (a TA's job)",
		ArgsUsage: "INPUT...",
		Description: "INPUT is a folder of submissions (sub-folders, zip files, loose source files) or a\n" +
			"zip file. Writes results.json, gradebook.csv and reports/<id>.md under --out.\n" +
			"Finished submissions are kept under --out/.cache: the same command after an\n" +
			"interruption grades only what is left.",
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write results under `DIR`", Required: true},
			rubricFlag(),
			&ucli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "grade `N` submissions at once (default: the number of cores)"},
			&ucli.BoolFlag{Name: "timings", Usage: "record each run's wall time in results.json (makes it differ between runs)"},
			&ucli.BoolFlag{Name: "timestamp", Usage: "record when the batch was graded in results.json"},
			&ucli.BoolFlag{Name: "no-color", Usage: "never colour the output (also: NO_COLOR)"},
			modeFlag(),
		},
		Action: func(c *ucli.Context) error {
			if c.NArg() == 0 {
				return badInputf("grade: no INPUT given: name a folder or zip of submissions")
			}
			a, err := loadAssignment(c)
			if err != nil {
				return err
			}
			subs, err := submission.Discover(c.Args().Slice(), sourceExts(a), submission.DefaultLimits)
			if err != nil {
				return badInput(err)
			}
			if len(subs) == 0 {
				return badInputf("grade: no submissions found in %v", c.Args().Slice())
			}
			run, err := runnerFor(c.String("mode"), a, "", c.App.ErrWriter)
			if err != nil {
				return err
			}
			out := c.String("out")
			st, err := store.Open(filepath.Join(out, ".cache"))
			if err != nil {
				return err
			}
			jobs := c.Int("jobs")
			if jobs <= 0 {
				jobs = runtime.NumCPU()
			}
			errw := c.App.ErrWriter
			prog := newProgress(errw, len(subs))
			b := grader.Batch{Assignment: a, Runner: run, Store: st, Jobs: jobs, Version: Version,
				Options:  grader.Options{Timings: c.Bool("timings")},
				Progress: prog.event}
			results, err := b.Run(c.Context, subs)
			prog.finish()
			if err != nil {
				return err
			}
			batch := report.NewBatch(a, Version, results)
			if c.Bool("timestamp") {
				batch.Stamp(time.Now())
			}
			if err := report.WriteAll(out, a, batch); err != nil {
				return err
			}
			report.Table(c.App.Writer, a, results, style(c, c.App.Writer))
			fmt.Fprintf(errw, "graded %d submissions; results in %s\n", len(results), out)
			return nil
		},
	}
}

// progress prints a line per finished submission, or one updating line on a terminal.
type progress struct {
	w        io.Writer
	total    int
	terminal bool
}

func newProgress(w io.Writer, total int) *progress {
	return &progress{w: w, total: total, terminal: isTerminal(w)}
}

func (p *progress) event(ev grader.Event) {
	how := "graded"
	if ev.Cached {
		how = "done before, not regraded"
	}
	line := fmt.Sprintf("[%d/%d] %s: %s/%s %s (%s)", ev.Done, ev.Total, ev.Result.ID, numStr(ev.Result.Score), numStr(ev.Result.MaxScore), ev.Result.Status, how)
	if p.terminal {
		width := 30
		filled := width * ev.Done / max(1, ev.Total)
		bar := make([]byte, width)
		for i := range bar {
			bar[i] = ' '
			if i < filled {
				bar[i] = '#'
			}
		}
		fmt.Fprintf(p.w, "\r\x1b[K[%s] %s", bar, line)
		return
	}
	fmt.Fprintln(p.w, line)
}

func (p *progress) finish() {
	if p.terminal {
		fmt.Fprintln(p.w)
	}
}

func numStr(x float64) string { return fmt.Sprint(x) }

func rubricFlag() ucli.Flag {
	return &ucli.StringFlag{Name: "rubric", Usage: "the assignment's rubric `FILE` (default: rubric.toml here or in a parent folder)"}
}

// loadAssignment finds and loads the rubric and its cases; any problem with
// them is bad input (exit 2).
func loadAssignment(c *ucli.Context) (*grader.Assignment, error) {
	path := c.String("rubric")
	if path == "" {
		var err error
		if path, err = findRubric(); err != nil {
			return nil, badInput(err)
		}
	}
	a, err := grader.LoadAssignment(path)
	if err != nil {
		return nil, badInput(err)
	}
	return a, nil
}

// findRubric looks for rubric.toml in the current folder and its parents.
func findRubric() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "rubric.toml")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no rubric.toml in this folder or its parents: name one with --rubric FILE")
		}
		dir = parent
	}
}

func style(c *ucli.Context, w io.Writer) report.Style {
	_, noColor := os.LookupEnv("NO_COLOR")
	return report.Style{Color: !noColor && !c.Bool("no-color") && isTerminal(w)}
}
