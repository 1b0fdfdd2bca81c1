package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/submission"
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
			rubricFlag(), assignmentFlag(),
			&ucli.BoolFlag{Name: "all", Usage: "run the hidden cases too (for TAs)"},
			&ucli.BoolFlag{Name: "no-color", Usage: "never colour the output (also: NO_COLOR)"},
			modeFlag(),
			&ucli.StringFlag{Name: "explain", Usage: "run one `CASE` (e.g. c/public-02) and show the reference's run beside yours, step by step, up to the first difference"},
		},
		Action: func(c *ucli.Context) error {
			sc, err := newSelfCheck(c)
			if err != nil {
				return err
			}
			a, path, sub, opt, run := sc.a, sc.path, sc.sub, sc.opt, sc.run
			if id := c.String("explain"); id != "" {
				cs, part, err := findCase(a, id, opt.Visibility)
				if err != nil {
					return badInput(err)
				}
				if rp, ok := a.Rubric.Part(part); ok && rp.Tests != nil {
					return badInputf("--explain: %s is a case of part %s, which grades your tests and runs no program of yours: check %s shows each of your tests, valid or not and why", cs.ID, part, path)
				}
				ok, err := explain(c.Context, c.App.Writer, a, run, sub, cs, part)
				if err != nil || ok {
					return err
				}
				return failed(fmt.Errorf("%s: case %s differs", path, cs.ID))
			}
			res, err := sc.grade(c.Context, c.App.ErrWriter, isTerminal(c.App.ErrWriter))
			if err != nil {
				return err
			}
			report.Check(c.App.Writer, a, res, style(c, c.App.Writer))
			sc.hiddenNote(c.App.Writer, res)
			sc.noTestsNote(c.App.Writer, res)
			return passed(a, path, res)
		},
	}
}

// hiddenNote ends a check by saying how many hidden cases the grading
// runs besides those it ran: passing every public case is not the grade.
// The built-in assignment and a student kit hold none of them, only their
// count, so that a check --all of them still runs the public cases alone.
// Where cases have points, it says what the hidden ones are worth: each
// case's points in the check are its share of its whole part, as in the
// grade.
func (sc selfCheck) hiddenNote(w io.Writer, res grader.Result) {
	held := 0
	for i, cs := range sc.a.Parts {
		if sc.a.Rubric.Parts[i].Tests != nil {
			continue // a tests part's own cases check its rubric; a hand-in never runs them
		}
		for _, c := range cs {
			if c.Visibility != cases.Public {
				held++
			}
		}
	}
	absent := bundle.HiddenBeside(sc.a.Rubric.Path) // a student kit's
	if name, ok := bundle.Name(sc.a.Rubric.Path); ok {
		absent = bundle.Hidden(name)
	}
	word := sc.a.CaseWord()
	worth := hiddenWorth(res, word)
	switch {
	case sc.opt.Visibility == "public" && held+absent > 0:
		fmt.Fprintf(w, "%s will also be run when your work is graded%s\n", count(held+absent, "hidden "+word), worth)
	case sc.opt.Visibility == "" && absent > 0:
		fmt.Fprintf(w, "%s not in this copy of the assignment will also be run when the work is graded%s\n", count(absent, "hidden "+word), worth)
	case sc.opt.Visibility == "" && held > 0:
		fmt.Fprintf(w, "these include the %s (--all)\n", count(held, "hidden "+word))
	}
}

// noTestsNote says, for each tests part no file of the submission is a
// test of, which files it saw and which names the part wants.
func (sc selfCheck) noTestsNote(w io.Writer, res grader.Result) {
	for _, p := range res.Parts {
		rp, ok := sc.a.Rubric.Part(p.ID)
		if p.Tests == nil || len(p.Tests.Tests) > 0 || !ok || rp.Tests == nil {
			continue
		}
		var names []string
		for i, f := range sc.sub.Files {
			if i == 10 {
				names = append(names, fmt.Sprintf("... (%d more)", len(sc.sub.Files)-i))
				break
			}
			names = append(names, escape.TerminalLine(f.Name))
		}
		saw := "no file"
		if len(names) > 0 {
			saw = count(len(sc.sub.Files), "file") + ": " + strings.Join(names, ", ")
		}
		fmt.Fprintf(w, "note: part %s has no tests: its tests are the files named %s, and %s holds %s\n", p.ID, rp.Tests.Files, escape.TerminalLine(sc.path), saw)
	}
}

// hiddenWorth says what the cases a check did not run are worth, where its
// cases have points: " (worth 6.15 points: ...)"; "" otherwise.
func hiddenWorth(res grader.Result, word string) string {
	rest, any := 0.0, false
	for _, p := range res.Parts {
		shown, weighed := 0.0, false
		for _, c := range res.Cases {
			if c.Part == p.ID && c.Points != nil {
				shown, weighed = shown+*c.Points, true
			}
		}
		if weighed {
			rest, any = rest+max(p.MaxScore-shown, 0), true
		}
	}
	if !any || rest < 0.005 {
		return ""
	}
	return fmt.Sprintf(" (worth %s: each %s's points above are its share of its whole part, as in the grade)", count2(rest, "point"), word)
}

// selfCheck is what check and ci set up from their command line: the
// assignment, the one submission at PATH (default: here), the cases to run
// (public, or all with --all) and the runner (--mode).
type selfCheck struct {
	a    *grader.Assignment
	path string
	sub  submission.Submission
	opt  grader.Options
	run  grader.Runner
}

func newSelfCheck(c *ucli.Context) (selfCheck, error) {
	name := c.Command.Name
	if c.NArg() > 1 {
		return selfCheck{}, badInputf("%s takes one PATH, got %d", name, c.NArg())
	}
	sc := selfCheck{path: ".", opt: grader.Options{Visibility: "public"}}
	if c.NArg() == 1 {
		sc.path = c.Args().First()
	}
	var err error
	if sc.a, err = loadAssignment(c); err != nil {
		return sc, err
	}
	sc.a.HiddenWeight = bundle.HiddenWeightsBeside(sc.a.Rubric.Path) // a student kit's
	if name, ok := bundle.Name(sc.a.Rubric.Path); ok {
		sc.a.HiddenWeight = bundle.HiddenWeights(name)
	}
	if _, err := os.Stat(sc.path); err != nil {
		return sc, badInputf("%s: %s: no such file or folder", name, sc.path)
	}
	sc.sub = submission.Load(sc.path, submission.DefaultLimits)
	if c.Bool("all") {
		sc.opt.Visibility = ""
	}
	mode := c.String("mode")
	if (mode == "auto" || mode == "") && c.String("explain") != "" {
		mode = "cold" // one case: a warm JVM would run them all
	}
	sc.run, err = runnerFor(mode, sc.a, sc.opt.Visibility, handOff, c.App.ErrWriter)
	return sc, err
}

// grade grades the submission on the machine's cores, its cases side by
// side (a program that loops in six cases costs its CPU limits two or
// more at a time, not one after the other), and shows its progress on
// errw when that is a terminal (isTerminal(errw)).
func (sc selfCheck) grade(ctx context.Context, errw io.Writer, terminal bool) (grader.Result, error) {
	p := &caseProgress{w: errw, terminal: terminal}
	opt := sc.opt
	opt.Cores = grader.NewCores(runtime.NumCPU())
	opt.Progress = p.event
	p.start()
	defer p.finish()
	res, err := sc.a.Grade(ctx, sc.run, sc.sub, 0, opt)
	keepShow(res, bundle.ShowsBeside(sc.a.Rubric.Path))
	return res, err
}

// keepShow holds each tests part of res to the show its kit recorded
// (bundle.ShowsBeside) where that shows less than the kit's rubric says:
// a student who sets show = "all" in the kit's rubric alone sees no bug's
// name or hint. It keeps nothing secret (the bugs run on the student's
// machine; kit warns so), but check shows no more than the TA chose.
func keepShow(res grader.Result, shows map[string]string) {
	rank := map[mutation.Show]int{mutation.ShowNothing: 0, mutation.ShowCount: 1, mutation.ShowExposed: 2, mutation.ShowAll: 3}
	for _, p := range res.Parts {
		if s, ok := shows[p.ID]; ok && p.Tests != nil && rank[mutation.Show(s)] < rank[p.Tests.Show] {
			p.Tests.Show = mutation.Show(s)
		}
	}
}

// caseProgress shows a check under way on a terminal: one line, which
// each case judged rewrites ("case 12/24 c/public-03: timeout, 2
// failed"), erased before the report. Elsewhere (a pipe, a CI log) it
// prints nothing: the report alone, the same bytes every time.
type caseProgress struct {
	w        io.Writer
	terminal bool
	failed   int
}

func (p *caseProgress) start() {
	if p.terminal {
		fmt.Fprint(p.w, "\r\x1b[Kbuilding and running...")
	}
}

func (p *caseProgress) event(ev grader.CaseEvent) {
	if ev.Case.Verdict != grader.Pass {
		p.failed++
	}
	if !p.terminal {
		return
	}
	line := fmt.Sprintf("case %d/%d %s: %s", ev.Done, ev.Total, ev.Case.ID, ev.Case.Verdict)
	if p.failed > 0 {
		line += fmt.Sprintf(", %d failed", p.failed)
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
}

func (p *caseProgress) finish() {
	if p.terminal {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// passed is check's and ci's exit status: 0 only when every case passed
// and no point is deducted, 4 when the grader failed to judge one (a
// checker that crashed). The message says in words what failed: "2 of
// 24 cases failed", "the program did not compile", "10 points deducted".
func passed(a *grader.Assignment, path string, res grader.Result) error {
	word := a.CaseWord()
	where := path + ": "
	if path == "." {
		where = ""
	}
	if res.Status == grader.StatusFailed {
		return &exitError{ExitIncomplete, fmt.Errorf("%snot all judged: the grader failed on a case (above); fix the assignment's judge and run it again", where)}
	}
	if res.Status != grader.Graded {
		return failed(fmt.Errorf("%s%s (%s)", where, res.Status.Describe(), res.Status))
	}
	n, part := 0, 0
	for _, cr := range res.Cases {
		switch {
		case cr.Verdict != grader.Pass:
			n++
		case !cr.Full():
			part++
		}
	}
	var what []string
	if n > 0 {
		what = append(what, fmt.Sprintf("%d of %s failed", n, count(len(res.Cases), word)))
	}
	if part > 0 {
		their := "their"
		if part == 1 {
			their = "its"
		}
		what = append(what, fmt.Sprintf("%s earned part of %s credit", count(part, word), their))
	}
	for _, p := range res.Parts { // tests parts: no tests, or invalid ones
		if p.Tests != nil && len(p.Tests.Tests) == 0 {
			what = append(what, fmt.Sprintf("part %s: no tests handed in", p.ID))
		}
		if p.Tests != nil && p.Tests.Valid < len(p.Tests.Tests) {
			what = append(what, fmt.Sprintf("%d of %s invalid", len(p.Tests.Tests)-p.Tests.Valid, count(len(p.Tests.Tests), "test")))
		}
	}
	if d := res.Deducted(); d > 0 {
		what = append(what, fmt.Sprintf("%s deducted (see the notes above)", count2(d, "point")))
	}
	if len(what) == 0 {
		return nil
	}
	return failed(fmt.Errorf("%s%s", where, strings.Join(what, "; ")))
}

// count2 is count for a number of points, which may have cents.
func count2(x float64, thing string) string {
	if n := numStr(x); n != "1" {
		return n + " " + thing + "s"
	}
	return "1 " + thing
}
