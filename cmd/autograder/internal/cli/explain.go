package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/escape"
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

// explain runs the submission on one case, through Grade as grading
// does, and shows why it passed or failed: with a reference that can
// trace a correct run, its trace beside the submission's output, line by
// line, up to the first line where they differ; otherwise the judge's
// evidence. It returns whether the case passed. What it prints quotes
// the program's output: control characters in it are shown
// (escape.TerminalWriter).
func explain(ctx context.Context, w io.Writer, a *grader.Assignment, run grader.Runner, sub submission.Submission, c cases.Case, partID string) (bool, error) {
	w = escape.TerminalWriter(w)
	if sub.Problem != "" {
		return false, failed(fmt.Errorf("%s: %s", sub.Source, sub.Problem))
	}
	res, err := a.Grade(ctx, run, sub, 0, grader.Options{Cases: []string{c.ID}, KeepStdout: true})
	if err != nil {
		return false, err
	}
	switch res.Status {
	case grader.Graded:
	case grader.StatusCompile:
		for _, n := range res.Notes { // compiled, but no main class
			fmt.Fprintln(w, escape.TerminalLine(n))
		}
		if res.BuildLog != "" {
			fmt.Fprintf(w, "compile error:\n%s\n", escape.Terminal(strings.TrimRight(res.BuildLog, "\n")))
		}
		return false, nil
	default:
		return false, failed(fmt.Errorf("%s: nothing to run: %s", sub.Source, strings.Join(res.Notes, "; ")))
	}
	if len(res.Cases) == 0 {
		return false, fmt.Errorf("--explain: case %s was not run", c.ID)
	}
	cr := res.Cases[0]
	e := a.Explain(cr)
	fmt.Fprintf(w, "case %s: %s\n", c.ID, grader.CommandLine(a.Rubric.Build, c.Args, c.Stdin))
	if cr.Verdict != grader.Pass && cr.Verdict != grader.WrongAnswer {
		fmt.Fprintf(w, "%s: %s\n", cr.Verdict, e.Verdict)
		if e.Ended != "" {
			fmt.Fprintln(w, e.Ended)
		}
		if cr.Stderr != "" {
			fmt.Fprintf(w, "stderr:\n%s\n", strings.TrimRight(cr.Stderr, "\n"))
		}
	}
	tracer, traced := a.Reference.(grader.Tracer)
	switch {
	case cr.Violation != nil || c.Check == cases.CheckReference:
		// No one correct output: the rules speak.
		fmt.Fprintln(w, "every run differs, so there is no one correct run to show; the rules every correct run obeys judge it")
		fmt.Fprint(w, numbered(cr.Stdout))
		if e.Rule != "" {
			fmt.Fprintln(w, e.Rule)
		} else if cr.Verdict == grader.Pass {
			fmt.Fprintln(w, "the run obeys every rule")
		}
	case traced && c.Check == "":
		part, _ := a.Rubric.Part(partID)
		if err := showTrace(w, tracer, a.Rubric.Compare.Mode, c, part.Readings, cr.Stdout); err != nil {
			return false, err
		}
	case cr.Verdict == grader.Pass:
		fmt.Fprintln(w, "your output is accepted")
	case cr.Mismatch != nil:
		m := cr.Mismatch
		fmt.Fprintf(w, "%s: expected %s, got %s\n%s", e.Difference, m.Expected, m.Got, m.Diff)
	}
	if e.Credit != "" {
		fmt.Fprintln(w, e.Credit)
	}
	if cr.Feedback != "" {
		fmt.Fprintf(w, "the judge says:\n%s\n", indentLines(cr.Feedback, "  "))
	}
	return cr.Verdict == grader.Pass, nil
}

// showTrace prints the reference's trace of case c beside the output
// got, under the accepted reading whose output agrees longest.
func showTrace(w io.Writer, tracer grader.Tracer, modeName string, c cases.Case, readings []string, got []byte) error {
	mode, err := compare.ParseMode(modeName)
	if err != nil {
		return err
	}
	var best grader.Trace
	bestLine := -1
	for _, reading := range readingCandidates(c, readings) {
		tr, err := tracer.Trace(c.Args, reading)
		if err != nil {
			continue
		}
		line := len(strings.Split(string(tr.Stdout), "\n")) + 1
		if !compare.Equal(tr.Stdout, got, mode) {
			line = compare.Explain(tr.Stdout, got, mode).Line
		}
		if line > bestLine {
			best, bestLine = tr, line
		}
	}
	if bestLine < 0 {
		return fmt.Errorf("the reference cannot explain %s", strings.Join(c.Args, " "))
	}
	if best.Words != "" {
		fmt.Fprintf(w, "the reference reads the handout as: %s\n\n", best.Words)
	}
	want := strings.Split(strings.TrimSuffix(string(best.Stdout), "\n"), "\n")
	lines := strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(got), "\r\n", "\n"), "\n"), "\n")
	agree := compare.Equal(best.Stdout, got, mode)
	var m compare.Mismatch
	last := len(want)
	if !agree {
		m = compare.Explain(best.Stdout, got, mode)
		last = min(m.Line, max(len(want), len(lines)))
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
		if i < len(lines) {
			g = lines[i]
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
		return nil
	}
	fmt.Fprintf(w, "\nfirst difference at line %d: expected %s, got %s\n", m.Line, m.Expected, m.Got)
	return nil
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
