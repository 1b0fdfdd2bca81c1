package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/canvas"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/warm"
	"github.com/cs540-tools/autograder/internal/atomicfile"
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
			"parts.csv, index.html and reports/<id>.md under --out, a new or empty folder\n" +
			"or an earlier run's (which is replaced), never one inside an INPUT. Finished\n" +
			"submissions are kept under --out/.cache: the same command after an\n" +
			"interruption grades only what is left. Exit status 4 when the grader failed on\n" +
			"some submissions (grader-failure, e.g. a checker that crashed): they are listed\n" +
			"on stderr, have no score, and the same command grades them again. Exit status 5\n" +
			"when most submissions miss the rubric's required files (probably the wrong\n" +
			"rubric: the message names the one used), unless --allow-missing.",
		Flags: append([]ucli.Flag{
			&ucli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write results under `DIR`", Required: true},
			rubricFlag(), assignmentFlag(),
			jobsFlag(),
			&ucli.BoolFlag{Name: "timings", Usage: "record each run's wall time in results.json (makes it differ between runs)"},
			&ucli.BoolFlag{Name: "timestamp", Usage: "record when the batch was graded in results.json"},
			&ucli.BoolFlag{Name: "no-color", Usage: "never colour the output (also: NO_COLOR)"},
			modeFlag(),
			spotCheckFlag(),
			&ucli.StringFlag{Name: "late-csv", Usage: "take submission times from `FILE` (CSV: Canvas user id or submission id, ISO 8601 time) and count days late from the rubric's deadline"},
			&ucli.IntFlag{Name: "late-days-default", Value: 1, Usage: "count a submission Canvas marked LATE (and --late-csv does not list) as `N` days late"},
			&ucli.StringFlag{Name: "canvas-assignment-id", Usage: "the assignment's `ID` in Canvas (from its address), for gradebook.csv's column"},
			shardFlag(),
			&ucli.BoolFlag{Name: "allow-missing", Usage: "the batch is meant to miss the rubric's required files: exit 0 even when most submissions miss them (else exit 5: probably the wrong rubric)"},
			&ucli.BoolFlag{Name: "similarity", Usage: "also look for copied code among the submissions (as the similarity command does; its flags below), into similarity.html and a column of index.html"},
		}, append(previewFlags(), similarityFlags()...)...),
		Action: runGrade,
	}
}

// runGrade is grade's action: the job read from the command line, its
// batch graded into the store, then the batch's files written (a shard
// writes none: the finish job does).
func runGrade(c *ucli.Context) error {
	g, err := gradeInputs(c)
	if err != nil {
		return err
	}
	results, err := g.run(c)
	if c.Context.Err() != nil {
		return errResume // what is finished is in the store
	}
	if err != nil {
		return err
	}
	errw := c.App.ErrWriter
	if g.sh.on() {
		g.sh.done(errw, len(results), g.all, g.out.path)
		// Exit 0: a shard's grader failures are not cached, and the
		// plain grade that follows (slurm's finish job, which runs
		// only when every shard succeeds) grades them again, and
		// exits 4 if they fail again.
		if err := incomplete(errw, results); err != nil {
			fmt.Fprintf(errw, "autograder: %v\n", err)
		}
		return nil
	}
	results, done, err := g.staged(c, results)
	if err != nil || done {
		return err
	}
	if err := writeBatch(c, g.a, g.out, results, g.subs); err != nil {
		return err
	}
	if err := incomplete(errw, results); err != nil {
		return err
	}
	if c.Bool("allow-missing") {
		return nil
	}
	return wrongRubric(g.a, results)
}

// wrongRubric is exit status 5 when most of a batch (two submissions or
// more) misses the rubric's required files: a batch graded with another
// assignment's rubric (grade run away from the assignment's folder, which
// falls back on the built-in one) would otherwise be a gradebook of
// zeros with exit status 0. The message names the rubric used and how to
// name another.
func wrongRubric(a *grader.Assignment, results []grader.Result) error {
	n := 0
	for _, r := range results {
		if r.Status == grader.StatusMissing {
			n++
		}
	}
	if len(results) < 2 || 2*n <= len(results) {
		return nil
	}
	used := "the rubric " + a.Rubric.Path
	if name, ok := bundle.Name(a.Rubric.Path); ok {
		used = "the built-in assignment " + name
	}
	files := ""
	if req := a.Rubric.Submission.Required; len(req) > 0 {
		files = " (" + strings.Join(req, ", ") + ")"
	}
	return &exitError{ExitWrongRubric, fmt.Errorf("%d of %d submissions miss the files%s that %s requires: is it the right rubric? "+
		"Name the assignment's with --rubric FILE (or run grade in its folder, where rubric.toml is), "+
		"or pass --allow-missing if this batch is meant to miss them", n, len(results), files, used)}
}

// gradeInputs reads and checks grade's command line and finds the
// submissions, warning on stderr of what it could not use; nothing is
// written yet.
func gradeInputs(c *ucli.Context) (*gradeJob, error) {
	if c.NArg() == 0 {
		return nil, badInputf("grade: no INPUT given: name a folder or zip of submissions")
	}
	g := &gradeJob{}
	var err error
	if g.sh, err = shardOf(c); err != nil {
		return nil, err
	}
	if g.a, err = loadAssignment(c); err != nil {
		return nil, err
	}
	if err := setSpotCheck(c, g.a); err != nil {
		return nil, err
	}
	if g.late, err = lateDays(c, g.a); err != nil {
		return nil, err
	}
	if assignmentID := c.String("canvas-assignment-id"); strings.Trim(assignmentID, "0123456789") != "" {
		return nil, badInputf("--canvas-assignment-id must be the number in the assignment's Canvas address, not %q", assignmentID)
	}
	subs, warnings, err := canvas.Discover(c.Args().Slice(), sourceExts(g.a), canvas.DefaultLimits)
	if err != nil {
		return nil, badInput(err)
	}
	if len(subs) == 0 {
		return nil, badInputf("grade: no submissions found in %v", c.Args().Slice())
	}
	if g.out, err = claimOut(c.String("out"), c.Args().Slice()); err != nil {
		return nil, err
	}
	warnings = append(warnings, g.late.Unmatched(subs)...)
	if w := lateWithoutPolicy(g.a, g.late, subs); w != "" {
		warnings = append(warnings, w)
	}
	for _, w := range warnings {
		fmt.Fprintf(c.App.ErrWriter, "autograder: warning: %s\n", oneLine(w))
	}
	g.all, g.subs = len(subs), g.sh.pick(subs)
	if err := checkMode(c.String("mode")); err != nil {
		return nil, err
	}
	if err := similarityAlone(c); err != nil {
		return nil, err
	}
	if _, _, err := rubricSecret(g.a); err != nil {
		return nil, err
	}
	return g, nil
}

// run makes the output folder and its store, and grades the batch into
// it, with progress on stderr.
func (g *gradeJob) run(c *ucli.Context) ([]grader.Result, error) {
	if err := g.out.create(); err != nil {
		return nil, err
	}
	st, err := g.sh.openStore(filepath.Join(g.out.path, ".cache"))
	if err != nil {
		return nil, err
	}
	secret, err := batchSecret(g.a, filepath.Join(g.out.path, ".cache"))
	if err != nil {
		return nil, err
	}
	errw := c.App.ErrWriter
	run, err := runnerWith(c.String("mode"), g.a, "", warm.Options{Secret: secret, HandOff: handOff}, errw)
	if err != nil {
		return nil, err
	}
	jobs := jobsOr(c)
	fmt.Fprintf(errw, "grading %s, %d at a time\n", count(len(g.subs), "submission"), jobs)
	prog := newProgress(errw, len(g.subs))
	b := grader.Batch{Assignment: g.a, Runner: run, Store: st, Jobs: jobs, Version: buildVersion(),
		Options:  grader.Options{Timings: c.Bool("timings"), Secret: secret},
		LateDays: g.late.Days,
		Progress: prog.event}
	results, err := b.Run(c.Context, g.subs)
	prog.finish()
	return results, err
}

// writeBatch writes the batch's files under --out, replacing an earlier
// run's and removing the reports of submissions no longer in the batch,
// and prints the class table; then, with --similarity, compares the
// batch: every grade and report is written before, whatever similarity
// costs or however it ends.
func writeBatch(c *ucli.Context, a *grader.Assignment, out outDir, results []grader.Result, subs []submission.Submission) error {
	results, byHand, err := withManual(c.App.ErrWriter, a, out.path, results, subs, driftModeOf(c))
	if err != nil {
		return err
	}
	batch := report.NewBatch(a, buildVersion(), results)
	batch.ByHand = byHand
	batch.Roster = report.RosterOf(c.String("canvas-assignment-id"), subs)
	if c.Bool("timestamp") {
		batch.Stamp(time.Now())
	}
	werr := writeReports(c, a, out, batch, results)
	if !c.Bool("similarity") {
		return werr
	}
	return errors.Join(werr, addSimilarity(c, a, out, batch, subs))
}

// addSimilarity compares the batch's submissions into similarity.html
// and .csv, then writes index.html again with a column of each one's
// most similar other.
func addSimilarity(c *ucli.Context, a *grader.Assignment, out outDir, batch report.Batch, subs []submission.Submission) error {
	closest, err := runSimilarity(c, a, subs, out.path)
	if errors.Is(err, errSimilarityStopped) {
		return errGradeSimilarityStopped
	}
	if err != nil {
		return err
	}
	batch.Similar = similarColumn(closest)
	page, err := report.Page(a, batch)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(filepath.Join(out.path, "index.html"), page)
}

// writeReports writes the batch's files and prints the class table.
func writeReports(c *ucli.Context, a *grader.Assignment, out outDir, batch report.Batch, results []grader.Result) error {
	names := report.ReportNames(results)
	replaced, reports := out.existing(names)
	// A report that could not be written stops no other file: the table
	// is printed, then the error.
	werr := report.WriteAll(out.path, a, batch)
	os.Remove(filepath.Join(out.path, previewFile)) // what a preview showed is not what is written now
	stale, err := out.removeStale(names)
	if err != nil {
		return errors.Join(werr, err)
	}
	errw := c.App.ErrWriter
	if len(replaced) > 0 || reports > 0 {
		fmt.Fprintf(errw, "autograder: replaced the earlier %s in %s\n", replacedText(replaced, reports), out.path)
	}
	if len(stale) > 0 {
		fmt.Fprintf(errw, "autograder: removed %s of submissions not in this batch: %s\n", count(len(stale), "report"), escape.TerminalLine(strings.Join(stale, ", ")))
	}
	report.Table(c.App.Writer, a, results, style(c, c.App.Writer))
	if w := report.LoadWarning(results); w != "" {
		fmt.Fprintf(errw, "autograder: warning: %s\n", w)
	}
	if w := judgeErrors(results); w != "" {
		fmt.Fprintf(errw, "autograder: warning: %s\n", w)
	}
	fmt.Fprintf(errw, "graded %s; results in %s\n", count(len(results), "submission"), out.path)
	return werr
}

// errGradeSimilarityStopped is how grade --similarity says that
// similarity was interrupted, the grades and reports written.
var errGradeSimilarityStopped = &exitError{ExitInterrupted, errors.New("interrupted: the grades and reports are written, similarity.html is not: run the same command again (it grades nothing again)")}

// incomplete lists on w each submission the grader failed on (status
// grader-failure: no score, none in gradebook.csv) with why, and returns
// exit status 4 when there is one: the batch is not all graded.
func incomplete(w io.Writer, results []grader.Result) error {
	n := 0
	for _, r := range results {
		if r.Status != grader.StatusFailed {
			continue
		}
		n++
		fmt.Fprintf(w, "autograder: not graded: %s: %s\n", escape.ID(r.ID), oneLine(failedWhy(r)))
	}
	if n == 0 {
		return nil
	}
	return &exitError{ExitIncomplete, fmt.Errorf("%s of %d not graded (grader-failure, no score in gradebook.csv): fix the cause and run the same command again to grade them", count(n, "submission"), len(results))}
}

// judgeErrors says which submissions have a judge error (a problem
// package's output validator failed on the program's output: the case
// earns nothing, as the judges' systems judge it), for the TA to look at
// the validator; "" for none.
func judgeErrors(results []grader.Result) string {
	cases := 0
	var ids []string
	for _, r := range results {
		n := 0
		for _, c := range r.Cases {
			if c.Verdict == grader.JudgeError {
				n++
			}
		}
		if n > 0 {
			cases += n
			ids = append(ids, escape.ID(r.ID))
		}
	}
	if cases == 0 {
		return ""
	}
	subs := count(len(ids), "submission")
	if len(ids) > 5 {
		ids = append(ids[:5], "...")
	}
	return fmt.Sprintf("the package's output validator failed on the output of %s of %s (%s): judge-error, which earns nothing, as the judges' systems judge it; what it said is in results.json and index.html (flags): if the validator is at fault, fix it and run the same command again",
		count(cases, "case"), subs, strings.Join(ids, ", "))
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
	if err := l.Read(p, f); err != nil {
		return l, badInput(err)
	}
	return l, nil
}

// lateWithoutPolicy warns, when the rubric has no late policy and some
// submissions are late, that they are graded as on time, how many, and
// how to add a policy; "" otherwise.
func lateWithoutPolicy(a *grader.Assignment, late canvas.Late, subs []submission.Submission) string {
	if a.Rubric.Late.Given {
		return ""
	}
	n := 0
	for _, s := range subs {
		if late.Days(s) > 0 {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	verb := "are"
	if n == 1 {
		verb = "is"
	}
	return fmt.Sprintf("%s marked late %s graded as on time: the rubric %s has no late policy; "+
		"to deduct for lateness, add to it [late] penalties = [10, 25] (percent of the total off for 1 and 2 days late; later is not accepted)",
		count(n, "submission"), verb, a.Rubric.Path)
}

// progress prints a line per submission started and finished, or one
// updating line on a terminal: something shows within a submission's
// time, however slow its runs (a cold JVM per case).
type progress struct {
	w        io.Writer
	total    int
	terminal bool
	running  []string // started, not finished, in order
	done     int
}

func newProgress(w io.Writer, total int) *progress {
	return &progress{w: w, total: total, terminal: isTerminal(w)}
}

func (p *progress) event(ev grader.Event) {
	if ev.Started {
		p.running = append(p.running, ev.ID)
		if !p.terminal {
			fmt.Fprintf(p.w, "%s: grading\n", escape.ID(ev.ID))
		}
		p.redraw()
		return
	}
	p.running = slices.DeleteFunc(p.running, func(id string) bool { return id == ev.ID })
	p.done = ev.Done
	line := fmt.Sprintf("[%d/%d] %s: %s/%s %s", ev.Done, ev.Total, escape.ID(ev.ID), numStr(ev.Result.Score), numStr(ev.Result.MaxScore), ev.Result.Status)
	if ev.Result.Status == grader.StatusFailed {
		line = fmt.Sprintf("[%d/%d] %s: not graded (%s)", ev.Done, ev.Total, escape.ID(ev.ID), ev.Result.Status)
	}
	if ev.Cached {
		line += " (done before, not regraded)"
	}
	if p.terminal {
		// Finished lines stay above the bar, as on a log.
		fmt.Fprintf(p.w, "\r\x1b[K%s\n", line)
	} else {
		fmt.Fprintln(p.w, line)
	}
	p.redraw()
}

// redraw rewrites a terminal's last line: a bar, the count done and the
// submissions being graded.
func (p *progress) redraw() {
	if !p.terminal {
		return
	}
	const width = 30
	filled := width * p.done / max(1, p.total)
	bar := strings.Repeat("#", filled) + strings.Repeat(" ", width-filled)
	line := fmt.Sprintf("[%s] %d/%d", bar, p.done, p.total)
	if n := len(p.running); n > 0 {
		const shown = 3 // keep the line short enough not to wrap
		line += " grading " + escape.TerminalLine(strings.Join(p.running[:min(n, shown)], ", "))
		if n > shown {
			line += fmt.Sprintf(" and %d more", n-shown)
		}
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
}

func (p *progress) finish() {
	if p.terminal {
		fmt.Fprintln(p.w)
	}
}
