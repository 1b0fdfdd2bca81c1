package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/unittest"
	"github.com/cs540-tools/autograder/internal/textfmt"
	"github.com/cs540-tools/autograder/reference/eightqueen/casegen"
	ucli "github.com/urfave/cli/v2"
)

func casesCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "cases",
		Usage: "make and check an assignment's cases",
		Subcommands: []*ucli.Command{
			{
				Name:  "generate",
				Usage: "write cases: the Eight Queens set from the reference, or any assignment's expected outputs from a model solution",
				Description: "Without --solution, writes the 24 Eight Queens handout examples as public cases\n" +
					"and hidden cases chosen so that every catalogued mistake fails at least one hidden\n" +
					"case of each part it concerns, and prints the kill matrix. With --solution FILE,\n" +
					"runs the model solution on every case of the rubric and writes each case with the\n" +
					"solution's output as its expected output. Either way the same command writes the\n" +
					"same files, into --out, which must be new or empty unless --force.\n" +
					"With --rubric naming a problem package whose generators/generators.yaml makes its\n" +
					"test data, makes that data in the sandbox and writes it into --out/data (without\n" +
					"--out, into the grader's cache, whose folder it prints).",
				Flags: []ucli.Flag{
					&ucli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the case files under `DIR` (required, but for a problem package)"},
					&ucli.BoolFlag{Name: "force", Usage: "write into --out even when it holds files (cases there not generated are removed)"},
					&ucli.StringFlag{Name: "solution", Usage: "the model solution `FILE` or folder: its outputs become the expected ones"},
					rubricFlag(), assignmentFlag(),
				},
				Action: generateCases,
			},
			{
				Name:      "verify",
				Usage:     "check an assignment's cases: they load, their judges exist, the reference or a model solution agrees; a tests part's bugs load and its own tests tell them apart; a problem package's labelled submissions are judged as labelled",
				ArgsUsage: "[DIR]",
				Flags: []ucli.Flag{
					&ucli.StringFlag{Name: "solution", Usage: "a model solution `FILE` or folder that must pass every case"},
					rubricFlag(), assignmentFlag(),
				},
				Action: verifyCases,
			},
		},
	}
}

// generateCases is `cases generate`.
func generateCases(c *ucli.Context) error {
	if c.NArg() > 0 {
		return badInputf("cases generate takes no arguments, got %q", c.Args().Slice())
	}
	if dir, ok := packageDir(c.String("rubric")); ok && c.String("solution") == "" {
		return generatePackage(c, dir)
	}
	out := c.String("out")
	if out == "" {
		return badInputf(`Required flag "out" not set`) // as urfave/cli says it, but for a package
	}
	if err := freshFolder(out, c.Bool("force")); err != nil {
		return err
	}
	if done, err := generateUnitTests(c, out); done || err != nil {
		return err
	}
	if c.String("solution") == "" {
		cs, rep := casegen.Generate()
		if err := cases.Write(out, cs); err != nil {
			return err
		}
		fmt.Fprint(c.App.Writer, rep.Format())
		fmt.Fprintf(c.App.ErrWriter, "wrote %d cases under %s\n", len(cs), out)
		if u := rep.Uncaught(); len(u) > 0 {
			return failed(fmt.Errorf("%d (mistake, part) pairs are caught by no hidden case", len(u)))
		}
		return nil
	}
	a, err := loadAssignment(c)
	if err != nil {
		return err
	}
	res, err := gradeSolution(c, a)
	if err != nil {
		return err
	}
	var cs []cases.Case
	for _, cr := range res.Cases {
		if cr.Verdict != grader.Pass && cr.Verdict != grader.WrongAnswer {
			why := cr.Verdict.Describe()
			if cr.Verdict == grader.OutputLimit {
				why += " (limits.output, " + textfmt.Size(a.Rubric.Limits.Output) + ": raise [limits] output above what it prints)"
			}
			return failed(fmt.Errorf("--solution %s: case %s: %s; nothing written", c.String("solution"), cr.ID, why))
		}
		k := caseNamed(a, cr.ID)
		if k.Check == cases.CheckReference {
			cs = append(cs, k) // its reference judges it; no output to write
			continue
		}
		k.Outputs = []cases.Output{{Stdout: cr.Stdout}}
		cs = append(cs, k)
	}
	if err := cases.Write(out, cs); err != nil {
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "wrote %d cases under %s, with the outputs of %s\n", len(cs), out, c.String("solution"))
	return nil
}

// verifyCases is `cases verify`.
func verifyCases(c *ucli.Context) error {
	if c.NArg() > 1 {
		return badInputf("cases verify takes one DIR, got %d", c.NArg())
	}
	a, err := loadAssignment(c)
	if err != nil {
		return err
	}
	cs := allCases(a)
	if dir := c.Args().First(); dir != "" {
		if cs, err = cases.Load(dir); err != nil {
			return badInput(err)
		}
		if len(cs) == 0 {
			return badInputf("%s: no case files", dir)
		}
	}
	overOutputLimit(c.App.Writer, a.Rubric.Limits.Output, cs)
	if dir, ok := packageDir(c.String("rubric")); ok && c.NArg() == 0 && c.String("solution") == "" {
		return verifyExamples(c, a, dir)
	}
	var checked, verified []string
	if c.NArg() == 0 { // the rubric's own tests, not a DIR's cases
		verified, err = a.VerifyTests(c.Context)
		if errors.Is(err, rubric.ErrInvalid) {
			return badInput(err)
		} else if err != nil {
			return err
		}
	}
	if v, ok := a.Reference.(grader.CaseVerifier); ok {
		if err := v.VerifyCases(cs); err != nil {
			return failed(err)
		}
		checked = append(checked, "agree with the reference")
	}
	if c.String("solution") != "" {
		if c.NArg() > 0 {
			return badInputf("--solution runs the rubric's cases: give no DIR")
		}
		if err := solutionPasses(c, a); err != nil {
			return err
		}
		checked = append(checked, "pass "+c.String("solution"))
	}
	if len(checked) == 0 {
		checked = []string{"load and name judges the grader has (give --solution FILE to check their outputs)"}
	}
	fmt.Fprintf(c.App.Writer, "%d cases %s\n", len(cs), strings.Join(checked, " and "))
	for _, n := range a.SetupNotes() {
		fmt.Fprintf(c.App.Writer, "note: %s\n", n)
	}
	for _, id := range verified {
		fmt.Fprintf(c.App.Writer, "part %s: every implementation loads; its own tests pass on the correct ones and tell the bugs apart\n", id)
	}
	if c.NArg() == 0 {
		noOwnTestsNotes(c, a)
	}
	return nil
}

// overOutputLimit warns, a line a case, of each case whose expected
// output (its shortest, of several) is larger than the output limit: a
// program that prints it is cut at the limit and fails. It warns, and
// does not refuse: a judge that reads the output less strictly (tokens,
// a float tolerance, a checker's answer file) may accept a shorter one.
func overOutputLimit(w io.Writer, limit int64, cs []cases.Case) {
	for _, k := range cs {
		if n, ok := k.ShortestOutput(); ok && int64(n) > limit {
			fmt.Fprintf(w, "warning: case %s: its expected output is %s, more than limits.output (%s): a program that prints it is stopped at the limit and fails (output-limit); raise [limits] output above it\n",
				k.ID, textfmt.Size(int64(n)), textfmt.Size(limit))
		}
	}
}

// noOwnTestsNotes notes each part of students' suites without own tests
// ([part.tests] own): nothing checks its bugs, so a bug equal to the
// correct implementation, or two bugs alike, pass cases verify unseen.
func noOwnTestsNotes(c *ucli.Context, a *grader.Assignment) {
	for _, p := range a.Rubric.Parts {
		if a.SuitePart(p.ID) && p.Tests.Own == "" {
			fmt.Fprintf(c.App.Writer, "note: part %s has no own tests ([part.tests] own): its bugs are not checked (that each fails one of your tests, and no two answer them alike)\n", p.ID)
		}
	}
}

// solutionPasses grades the model solution on every case and fails
// naming each case it does not pass.
func solutionPasses(c *ucli.Context, a *grader.Assignment) error {
	res, err := gradeSolution(c, a)
	if err != nil {
		return err
	}
	var bad []string
	for _, cr := range res.Cases {
		if cr.Verdict != grader.Pass {
			bad = append(bad, fmt.Sprintf("%s (%s)", cr.ID, cr.Verdict))
		}
	}
	if len(bad) > 0 {
		return failed(fmt.Errorf("--solution %s fails %d of %d cases: %s", c.String("solution"), len(bad), len(res.Cases), strings.Join(bad, ", ")))
	}
	return nil
}

// gradeSolution grades the --solution on every case, cold, keeping its
// outputs.
func gradeSolution(c *ucli.Context, a *grader.Assignment) (grader.Result, error) {
	path := c.String("solution")
	if _, err := os.Stat(path); err != nil {
		return grader.Result{}, badInputf("--solution %s: no such file or folder", path)
	}
	sub := submission.Load(path, submission.DefaultLimits)
	if st, err := os.Stat(path); err == nil && !st.IsDir() && !strings.EqualFold(filepath.Ext(path), ".zip") {
		sub.ID = filepath.Base(path)
	}
	res, err := a.Grade(c.Context, runner.New(a.Rubric), sub, 0, grader.Options{KeepStdout: true})
	if err != nil {
		return res, err
	}
	if res.Status == grader.StatusFailed {
		return res, judgeFailed(c.App.ErrWriter, path, res)
	}
	if res.Status != grader.Graded {
		return res, failed(fmt.Errorf("--solution %s: %s: %s%s", path, res.Status, strings.Join(res.Notes, "; "), res.BuildLog))
	}
	return res, nil
}

// judgeFailed prints, for each case of the solution's result that the
// grader failed to judge, what the judge said of itself (a checker's exit
// status and stderr), and returns exit status 4: the cases are not
// verified.
func judgeFailed(w io.Writer, path string, res grader.Result) error {
	var ids []string
	for _, cr := range res.Cases {
		if cr.Verdict == grader.GraderFailure {
			ids = append(ids, cr.ID)
			fmt.Fprintf(w, "case %s: the grader failed to judge --solution %s:\n%s\n", cr.ID, path, indentLines(cr.JudgeLog, "  "))
		}
	}
	return &exitError{ExitIncomplete, fmt.Errorf("--solution %s: the grader failed to judge %d of %d cases (%s): not verified; fix the judge (above) and run it again",
		path, len(ids), len(res.Cases), strings.Join(ids, ", "))}
}

// caseNamed returns the assignment's case called id.
func caseNamed(a *grader.Assignment, id string) cases.Case {
	all := allCases(a)
	return all[slices.IndexFunc(all, func(c cases.Case) bool { return c.ID == id })]
}

// allCases lists the assignment's cases in rubric order.
func allCases(a *grader.Assignment) []cases.Case {
	return slices.Concat(a.Parts...)
}

// generateUnitTests is `cases generate --rubric RUBRIC` for a unit-test
// assignment (judge junit or pytest): a case file per test its parts'
// test files declare (package grader/unittest). done is false when the
// rubric is not one, and another generator's turn.
func generateUnitTests(c *ucli.Context, out string) (done bool, err error) {
	path := c.String("rubric")
	if path == "" || c.String("solution") != "" {
		return false, nil
	}
	if _, ok := packageDir(path); ok {
		return false, nil
	}
	r, err := rubric.LoadToGenerate(path)
	if err != nil {
		// Without --solution the only other generator is Eight Queens',
		// which reads no rubric: it would write its cases for this one.
		return true, badInput(err)
	}
	cs, notes, ok, err := unittest.GenerateCases(c.Context, r, runner.New(r))
	if !ok {
		return false, nil
	}
	if err != nil {
		return true, failed(err)
	}
	if err := cases.Write(out, cs); err != nil {
		return true, err
	}
	for _, n := range notes {
		fmt.Fprintf(c.App.ErrWriter, "note: %s\n", n)
	}
	fmt.Fprintf(c.App.ErrWriter, "wrote %d cases under %s, one per test of the test files\n", len(cs), out)
	return true, nil
}
