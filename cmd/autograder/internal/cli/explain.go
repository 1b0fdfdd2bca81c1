package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/submission"
)

// findCase returns the case called id ("c/public-02", or "public-02" when
// only one part has it) among those of the given visibility ("" for all).
func findCase(a *grader.Assignment, id, visibility string) (cases.Case, string, error) {
	var found []cases.Case
	var part []string
	for i, cs := range a.Parts {
		for _, c := range cs {
			if visibility != "" && string(c.Visibility) != visibility {
				continue
			}
			if c.ID == id || strings.HasSuffix(c.ID, "/"+id) {
				found = append(found, c)
				part = append(part, a.Rubric.Parts[i].ID)
			}
		}
	}
	switch len(found) {
	case 1:
		return found[0], part[0], nil
	case 0:
		what := "public case"
		if visibility == "" {
			what = "case"
		}
		return cases.Case{}, "", fmt.Errorf("--explain: no %s %q (case ids look like c/public-02)", what, id)
	}
	var ids []string
	for _, c := range found {
		ids = append(ids, c.ID)
	}
	return cases.Case{}, "", fmt.Errorf("--explain: %q is %s: name one", id, strings.Join(ids, " or "))
}

// explain runs the submission on one case and prints the reference's
// trace beside the submission's output, line by line, up to the first line
// where they differ. It returns whether the outputs agree.
func explain(ctx context.Context, w io.Writer, a *grader.Assignment, run grader.Runner, sub submission.Submission, c cases.Case, partID string) (bool, error) {
	if a.Oracle == nil {
		return false, badInputf("--explain needs the rubric's reference program (reference = ...), and %s names none", a.Rubric.Path)
	}
	if sub.Problem != "" {
		return false, failed(fmt.Errorf("%s: %s", sub.Source, sub.Problem))
	}
	files := a.BuildFiles(sub, 0)
	if files == nil {
		return false, failed(fmt.Errorf("%s: nothing to build (a required file is missing, or the rubric rejects it)", sub.Source))
	}
	b, err := run.Build(ctx, files)
	if err != nil {
		return false, err
	}
	if !b.OK {
		if b.Note != "" { // compiled, but no main class
			fmt.Fprintln(w, b.Note)
		}
		if b.Log != "" {
			fmt.Fprintf(w, "compile error:\n%s\n", strings.TrimRight(b.Log, "\n"))
		}
		return false, nil
	}
	defer b.Program.Close()
	ex, err := b.Program.Run(ctx, grader.Input{Args: c.Args, Stdin: c.Stdin})
	if err != nil {
		return false, err
	}
	mode, err := compare.ParseMode(a.Rubric.Compare.Mode)
	if err != nil {
		return false, err
	}
	fmt.Fprintf(w, "case %s: %s\n", c.ID, grader.CommandLine(a.Rubric.Build, c.Args, c.Stdin))
	part, _ := a.Rubric.Part(partID)

	if c.Check != "" {
		// No one correct output: the rules speak.
		fmt.Fprintln(w, "seed -1: every run differs, so there is no one correct run to show; the rules every correct run obeys judge it")
		fmt.Fprint(w, numbered(ex.Stdout))
		if v := a.Oracle.Check(c.Args, ex.Stdout, part.Readings); v != nil {
			fmt.Fprintf(w, "line %d breaks the rule %q: %s\n", v.Line, v.Rule, v.Msg)
			return false, nil
		}
		fmt.Fprintln(w, "the run obeys every rule")
		return true, nil
	}

	// The reading to show: the accepted one whose output agrees longest.
	var best grader.Trace
	bestLine := -1
	for _, reading := range readingCandidates(c, part.Readings) {
		tr, err := a.Oracle.Trace(c.Args, reading)
		if err != nil {
			continue
		}
		line := len(strings.Split(string(tr.Stdout), "\n")) + 1
		if !compare.Equal(tr.Stdout, ex.Stdout, mode) {
			line = compare.Explain(tr.Stdout, ex.Stdout, mode).Line
		}
		if line > bestLine {
			best, bestLine = tr, line
		}
	}
	if bestLine < 0 {
		return false, fmt.Errorf("the reference cannot explain %s", strings.Join(c.Args, " "))
	}
	fmt.Fprintf(w, "reference reading: %s\n\n", best.Reading)
	want := strings.Split(strings.TrimSuffix(string(best.Stdout), "\n"), "\n")
	got := strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(ex.Stdout), "\r\n", "\n"), "\n"), "\n")
	agree := compare.Equal(best.Stdout, ex.Stdout, mode)
	var m compare.Mismatch
	last := len(want)
	if !agree {
		m = compare.Explain(best.Stdout, ex.Stdout, mode)
		last = min(m.Line, max(len(want), len(got)))
	}
	width := 0
	for i := range min(last, len(want)) {
		width = max(width, len(want[i]))
	}
	fmt.Fprintf(w, "%5s  %-*s | %s\n", "line", width, "reference", "yours")
	for i := range last {
		e, g := "", ""
		if i < len(want) {
			e = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		mark := " "
		if !agree && i+1 == m.Line {
			mark, e, g = "≠", m.Expected, m.Got
		}
		fmt.Fprintf(w, "%5d%s %-*s | %s\n", i+1, mark, width, e, g)
		if i < len(best.Why) && best.Why[i] != "" && i < len(want) {
			fmt.Fprintf(w, "%7s%s\n", "", best.Why[i])
		}
	}
	if len(best.Why) > len(want) && (agree || last >= len(want)) {
		fmt.Fprintf(w, "%7s%s\n", "", best.Why[len(want)])
	}
	if agree {
		fmt.Fprintf(w, "\nyour output agrees with the reference\n")
		return true, nil
	}
	fmt.Fprintf(w, "\nfirst difference at line %d: expected %s, got %s\n", m.Line, m.Expected, m.Got)
	return false, nil
}

// readingCandidates are the readings worth showing a case under: the
// default, each reading the part accepts, and each case output's label.
func readingCandidates(c cases.Case, accepted []string) []string {
	out := []string{""}
	add := func(r string) {
		for _, o := range out {
			if o == r {
				return
			}
		}
		out = append(out, r)
	}
	for _, r := range accepted {
		add(r)
	}
	for _, o := range c.Outputs {
		if len(o.Readings) > 0 {
			add(strings.Join(o.Readings, ","))
		}
	}
	return out
}

// numbered prefixes each line of out with its number.
func numbered(out []byte) string {
	var b strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, l)
	}
	return b.String()
}
