package report

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
)

// Style colours a terminal's text; the zero value prints plain text.
type Style struct{ Color bool }

func (s Style) paint(code, text string) string {
	if !s.Color {
		return text
	}
	return "\x1b[" + code + "m" + text + "\x1b[0m"
}

func (s Style) verdict(v grader.Verdict) string {
	if v == grader.Pass {
		return s.paint("32", string(v))
	}
	return s.paint("31", string(v))
}

// Table prints one line per submission with its total and part scores,
// each column as wide as its longest cell or title (a long part id), so
// that the columns stay in line.
func Table(w io.Writer, a *grader.Assignment, results []grader.Result, st Style) {
	idw := len("submission")
	for _, r := range results {
		idw = max(idw, utf8.RuneCountInString(escape.ID(r.ID)))
	}
	parts := columns(a)
	cells := make([][]string, len(results)) // each result's part cells, by the rubric's parts
	widths := make([]int, len(parts))
	for i, p := range parts {
		widths[i] = max(6, utf8.RuneCountInString(p.ID))
	}
	for k, r := range results {
		// A grader failure has no score: "-" for it and its parts. By
		// the rubric's parts, so that a result without parts keeps the
		// columns in line.
		for i, p := range parts {
			cell := "-"
			for _, pr := range r.Parts {
				if pr.ID == p.ID && r.Status != grader.StatusFailed {
					cell = num(pr.Score)
				}
			}
			cells[k] = append(cells[k], cell)
			widths[i] = max(widths[i], len(cell))
		}
	}
	fmt.Fprintf(w, "%-*s  %7s", idw, "submission", "score")
	for i, p := range parts {
		fmt.Fprintf(w, "  %*s", widths[i], p.ID)
	}
	fmt.Fprintf(w, "  status\n")
	for k, r := range results {
		score := num(r.Score)
		if r.Status == grader.StatusFailed {
			score = "-"
		}
		fmt.Fprintf(w, "%-*s  %7s", idw, escape.ID(r.ID), score)
		for i, cell := range cells[k] {
			fmt.Fprintf(w, "  %*s", widths[i], cell)
		}
		status := string(r.Status)
		if r.LateDays > 0 {
			status += ", " + grader.Days(r.LateDays) + " late"
		}
		fmt.Fprintf(w, "  %s\n", status)
	}
}

// Check prints a student's self-check: one line per part, the known
// mistakes that explain the failures, then each failed case with its
// first difference and diff, and the count of cases passed.
func Check(w io.Writer, a *grader.Assignment, r grader.Result, st Style) {
	word := a.CaseWord() // "case", or "test" for unit tests
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", escape.TerminalLine(n))
	}
	if moved := builtElsewhere(r.Files); moved != "" {
		fmt.Fprintf(w, "built %s\n", moved)
	}
	if r.BuildLog != "" {
		fmt.Fprintf(w, "%s\n%s\n", st.paint("31", "compile error:"), escape.Terminal(strings.TrimRight(r.BuildLog, "\n")))
	}
	for _, p := range r.Parts {
		if p.Total == 0 {
			continue
		}
		mark := st.paint("32", "ok  ")
		switch {
		case p.Passed < p.Total:
			mark = st.paint("31", "FAIL")
		case p.Score < p.MaxScore && r.Status == grader.Graded:
			mark = st.paint("33", "PART") // every case passed, some with part of its credit
		}
		fmt.Fprintf(w, "%s part %s  %d/%d %ss  %s\n", mark, p.ID, p.Passed, p.Total, word, p.Name)
	}
	// The known mistakes first: the cause of many failures, read before
	// the failures one by one.
	for _, d := range r.Diagnoses {
		fmt.Fprintf(w, "\n%s %s (%d cases)\n%s\n", st.paint("33", "known mistake:"), mistakeNames(d), len(d.Cases), indent(wrap(d.Hint, 76), "  "))
	}
	if testsCheck(w, r) && len(r.Cases) == 0 {
		return // tests parts alone: no case of a program to count
	}
	failed := 0
	for _, c := range r.Cases {
		if c.Verdict == grader.Pass {
			switch {
			case !c.Full():
				checkPartial(w, a, c, st)
			case c.Attempts != nil:
				fmt.Fprintf(w, "\n%s %s: %s\n", st.verdict(c.Verdict), c.ID, explain(a, c).Runs)
			}
			continue
		}
		failed++
		if r.Status != grader.Graded && r.Status != grader.StatusFailed {
			continue
		}
		what := a.Command(c)
		if a.IsTest(c.ID) {
			what = explain(a, c).Headline // the id names the test: say what failed
		}
		fmt.Fprintf(w, "\n%s %s: %s", st.verdict(c.Verdict), c.ID, what)
		if c.Points != nil {
			fmt.Fprintf(w, " (0 of %s points)", num(*c.Points))
		}
		fmt.Fprintln(w)
		checkAbout(w, a, c)
		if c.Verdict == grader.GraderFailure {
			// Not the program's failure: what the judge said of itself.
			fmt.Fprintf(w, "  %s, which says nothing of the program:\n%s\n", explain(a, c).Verdict, indent(c.JudgeLog, "    "))
			continue
		}
		if c.Attempts != nil {
			checkRuns(w, a, c, st)
			continue
		}
		checkDetail(w, a, c, "  ")
	}
	total := len(r.Cases)
	fmt.Fprintf(w, "\n%d of %d %ss passed%s", total-failed, total, word, partly(r))
	if r.Status != grader.Graded {
		fmt.Fprintf(w, " (%s)", r.Status)
	}
	if d := r.Deducted(); d > 0 {
		// Every case passing is not every point: say what the notes
		// above cost, as the grade will, of the parts these cases are of.
		most := 0.0
		for _, p := range r.Parts {
			if p.Total > 0 {
				most += p.MaxScore
			}
		}
		fmt.Fprintf(w, "; score on these cases %s of %s: %s deducted (see the notes above)", num(r.Score), num(most), pointsText(d))
	}
	fmt.Fprintln(w)
}

// builtElsewhere says which files were built under another name than
// their path in the submission: "gradebook/stats.py as stats.py"; "" when
// none was.
func builtElsewhere(files []grader.HandedFile) string {
	var moved []string
	for _, f := range files {
		if f.BuiltAs != "" && f.BuiltAs != f.Path {
			moved = append(moved, escape.TerminalLine(f.Path)+" as "+escape.TerminalLine(f.BuiltAs))
		}
	}
	return strings.Join(moved, ", ")
}

// checkAbout prints what a case's file says of it (its note) and, when
// the command line shows only its start, its whole input, indented.
func checkAbout(w io.Writer, a *grader.Assignment, c grader.CaseResult) {
	if n := a.CaseNote(c.ID); n != "" {
		fmt.Fprintf(w, "  note: %s\n", escape.Terminal(n))
	}
	if in, cut := a.FullInput(c); in != nil {
		fmt.Fprintf(w, "  stdin (%s):\n%s\n", inputSize(in, cut), indent(escape.Terminal(strings.TrimRight(string(in), "\n")), "    "))
	}
}

// checkPartial prints a case that passed with part of its credit: the
// credit, and what its judge said and saw, as for a failed case.
func checkPartial(w io.Writer, a *grader.Assignment, c grader.CaseResult, st Style) {
	what := a.Command(c)
	if a.IsTest(c.ID) {
		what = explain(a, c).Headline
	}
	fmt.Fprintf(w, "\n%s %s: %s\n", st.paint("33", string(c.Verdict)), c.ID, what)
	checkAbout(w, a, c)
	checkDetail(w, a, c, "  ")
}

// checkRuns prints how a repeated case's runs went and each failing run
// kept in full, indented under the case.
func checkRuns(w io.Writer, a *grader.Assignment, c grader.CaseResult, st Style) {
	at, e := c.Attempts, explain(a, c)
	fmt.Fprintf(w, "  %s; failed: %s\n", e.Runs, e.Failed)
	for _, f := range at.Failures {
		fmt.Fprintf(w, "  run %d: %s: %s\n", f.Run, st.verdict(f.Verdict), a.RunCommand(f))
		checkDetail(w, a, attemptResult(f), "    ")
	}
	if more := len(at.Failed) - len(at.Failures); more > 0 {
		fmt.Fprintf(w, "  (the %s not shown)\n", otherRuns(more))
	}
	if e.Mistake != "" {
		fmt.Fprintf(w, "  known mistake: %s\n", e.Mistake)
	}
}

// checkDetail prints why a case (or a run of one) failed, each line
// starting with pre.
func checkDetail(w io.Writer, a *grader.Assignment, c grader.CaseResult, pre string) {
	e := explain(a, c)
	switch {
	case e.Rule != "":
		fmt.Fprintf(w, "%s%s\n", pre, escape.Terminal(e.Rule))
	case c.Mismatch != nil:
		fmt.Fprintf(w, "%[1]s%[2]s\n%[1]s  expected: %[3]s\n%[1]s  got:      %[4]s\n", pre, e.Difference, escape.TerminalLine(c.Mismatch.Expected), escape.TerminalLine(c.Mismatch.Got))
		if c.Mismatch.Diff != "" {
			fmt.Fprintf(w, "%s\n", indent(escape.Terminal(c.Mismatch.Diff), pre))
		}
	case e.Ended != "":
		fmt.Fprintf(w, "%s%s\n", pre, e.Ended)
	case c.Feedback == "" && c.Score == nil:
		// Nothing else says why: the program at least ended on its own.
		fmt.Fprintf(w, "%s%s\n", pre, e.Exit)
	}
	judgeSays(w, c, e, pre)
	if c.Output != nil {
		fmt.Fprintf(w, "%sstdout:\n%s\n", pre, indent(escape.Terminal(printed(*c.Output)), pre+"  "))
	}
	if e.Mistake != "" {
		fmt.Fprintf(w, "%sknown mistake: %s\n", pre, e.Mistake)
	}
	if c.Stderr != "" {
		fmt.Fprintf(w, "%sstderr:\n%s\n", pre, indent(escape.Terminal(c.Stderr), pre+"  "))
	}
}

func indent(s, pre string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = pre + l
		}
	}
	return strings.Join(lines, "\n")
}

// judgeSays prints the credit a judge gave a case and its message for the
// student, when it gave them.
func judgeSays(w io.Writer, c grader.CaseResult, e grader.Explanation, pre string) {
	if e.Credit != "" {
		fmt.Fprintf(w, "%s%s\n", pre, e.Credit)
	}
	if c.Feedback != "" {
		fmt.Fprintf(w, "%sthe judge says:\n%s\n", pre, indent(escape.Terminal(strings.TrimRight(c.Feedback, "\n")), pre+"  "))
	}
}

// pointsText is a number of points in words: "1 point", "2.5 points".
func pointsText(x float64) string {
	if x == 1 {
		return "1 point"
	}
	return num(x) + " points"
}

// partly says how many cases passed with part of their credit (", 1 with
// part of its credit"); "" when none did.
func partly(r grader.Result) string {
	n := 0
	for _, c := range r.Cases {
		if c.Verdict == grader.Pass && !c.Full() {
			n++
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return ", 1 with part of its credit"
	}
	return fmt.Sprintf(", %d with part of their credit", n)
}
