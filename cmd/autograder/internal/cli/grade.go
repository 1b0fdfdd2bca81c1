package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/canvas"
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
		Description: "INPUT is a folder of submissions (sub-folders, zip files, loose source files), a\n" +
			"zip file, or the zip of Canvas's \"Download Submissions\" (one submission per\n" +
			"student). Writes results.json, gradebook.csv (for Canvas's gradebook import),\n" +
			"parts.csv and reports/<id>.md under --out. Finished submissions are kept under\n" +
			"--out/.cache: the same command after an interruption grades only what is left.",
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write results under `DIR`", Required: true},
			rubricFlag(),
			&ucli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "grade `N` submissions at once (default: the number of cores)"},
			&ucli.BoolFlag{Name: "timings", Usage: "record each run's wall time in results.json (makes it differ between runs)"},
			&ucli.BoolFlag{Name: "timestamp", Usage: "record when the batch was graded in results.json"},
			&ucli.BoolFlag{Name: "no-color", Usage: "never colour the output (also: NO_COLOR)"},
			modeFlag(),
			spotCheckFlag(),
			&ucli.StringFlag{Name: "late-csv", Usage: "take submission times from `FILE` (CSV: Canvas user id or submission id, ISO 8601 time) and count days late from the rubric's deadline"},
			&ucli.IntFlag{Name: "late-days-default", Value: 1, Usage: "count a submission Canvas marked LATE (and --late-csv does not list) as `N` days late"},
			&ucli.StringFlag{Name: "canvas-assignment-id", Usage: "the assignment's `ID` in Canvas (from its address), for gradebook.csv's column"},
		},
		Action: func(c *ucli.Context) error {
			if c.NArg() == 0 {
				return badInputf("grade: no INPUT given: name a folder or zip of submissions")
			}
			a, err := loadAssignment(c)
			if err != nil {
				return err
			}
			if err := setSpotCheck(c, a); err != nil {
				return err
			}
			late, err := lateDays(c, a)
			if err != nil {
				return err
			}
			assignmentID := c.String("canvas-assignment-id")
			if strings.Trim(assignmentID, "0123456789") != "" {
				return badInputf("--canvas-assignment-id must be the number in the assignment's Canvas address, not %q", assignmentID)
			}
			subs, warnings, err := canvas.Discover(c.Args().Slice(), sourceExts(a), canvas.DefaultLimits)
			if err != nil {
				return badInput(err)
			}
			if len(subs) == 0 {
				return badInputf("grade: no submissions found in %v", c.Args().Slice())
			}
			for _, w := range warnings {
				fmt.Fprintf(c.App.ErrWriter, "autograder: warning: %s\n", oneLine(w))
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
				LateDays: late.Days,
				Progress: prog.event}
			results, err := b.Run(c.Context, subs)
			prog.finish()
			if err != nil {
				return err
			}
			batch := report.NewBatch(a, Version, results)
			batch.Roster = report.RosterOf(assignmentID, subs)
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

// lateDays is how the batch counts days late: submission times from
// --late-csv against the rubric's deadline, else --late-days-default for a
// submission Canvas marked LATE.
func lateDays(c *ucli.Context, a *grader.Assignment) (canvas.Late, error) {
	l := canvas.Late{Policy: a.Rubric.Late, Default: c.Int("late-days-default")}
	if l.Default < 0 {
		return l, badInputf("--late-days-default must be 0 or more, not %d", l.Default)
	}
	p := c.String("late-csv")
	if p == "" {
		return l, nil
	}
	if a.Rubric.Late.Deadline.IsZero() {
		return l, badInputf("--late-csv %s: the rubric %s names no deadline to count days late from ([late] deadline)", p, a.Rubric.Path)
	}
	f, err := os.Open(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return l, badInputf("--late-csv %s: %w", p, submission.ErrNotFound)
		}
		return l, badInputf("--late-csv %s: %v", p, err)
	}
	defer f.Close()
	if l.Times, err = canvas.ReadTimes(p, f); err != nil {
		return l, badInput(err)
	}
	return l, nil
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
	return &ucli.StringFlag{Name: "rubric", Usage: "the assignment's rubric `FILE` (default: rubric.toml here or in a parent folder, else a release binary's built-in one)"}
}

// loadAssignment finds and loads the rubric and its cases: --rubric, else
// rubric.toml here or in a parent folder, else the assignment built into a
// release binary (package bundle). Any problem with them is bad input
// (exit 2), but for a built-in assignment that does not load, which is
// the grader's own failure.
func loadAssignment(c *ucli.Context) (*grader.Assignment, error) {
	path := c.String("rubric")
	if path == "" {
		var err error
		if path, err = findRubric(); err != nil {
			if bundle.Present() {
				if n := c.Command.Name; n != "check" && n != "ci" {
					// A TA's command would miss the hidden cases unawares.
					fmt.Fprintf(c.App.ErrWriter, "autograder: no rubric.toml here or above: %s uses the built-in assignment, which has the public cases only\n", n)
				}
				return bundle.Load()
			}
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
