package report

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/internal/textfmt"
)

// Markdown is what a student may be shown: per-part scores, each failed
// public case with its diff, hidden cases by verdict only (or only counted,
// as the rubric says), compile errors verbatim, limits hit.
func Markdown(a *grader.Assignment, r grader.Result) []byte {
	var b bytes.Buffer
	headline(&b, a, r)
	manualMarkdown(&b, r)
	diagnoses(&b, a, r)
	passedHow(&b, a, r)
	testsMarkdown(&b, r)
	var hidden []grader.CaseResult
	for _, c := range r.Cases {
		if c.Visibility == cases.Hidden {
			hidden = append(hidden, c)
			continue
		}
		if c.Full() || r.Status != grader.Graded {
			continue
		}
		if a.IsTest(c.ID) {
			fmt.Fprintf(&b, "## Test %s: %s\n\n", c.ID, explain(a, c).Verdict)
		} else {
			fmt.Fprintf(&b, "## Case %s: %s\n\n", c.ID, explain(a, c).Verdict)
			fmt.Fprintf(&b, "Command: %s\n\n", inlineCode(a.Command(c)))
		}
		if c.Points != nil {
			fmt.Fprintf(&b, "Points: %s of %s.\n\n", num(earnedPoints(c)), num(*c.Points))
		}
		caseAbout(&b, a, c)
		caseDetail(&b, a, c)
		runsDetail(&b, a, c)
	}
	if len(hidden) > 0 && r.Status == grader.Graded {
		hiddenCases(&b, a, r, hidden)
	}
	handedIn(&b, r)
	return b.Bytes()
}

// handedIn lists the files handed in and what each was built as.
func handedIn(b *bytes.Buffer, r grader.Result) {
	if len(r.Files) == 0 {
		return
	}
	b.WriteString("## Files handed in\n\n| file | size | built as |\n|---|---|---|\n")
	for _, f := range r.Files {
		as := "not built"
		if f.BuiltAs != "" {
			as = escape.Markdown(f.BuiltAs)
		}
		fmt.Fprintf(b, "| %s | %s | %s |\n", escape.Markdown(f.Path), textfmt.Size(int64(f.Bytes)), as)
	}
	b.WriteString("\n")
}

// headline writes the title, the score, the late days, the notes, the
// parts' table and the compiler's messages.
func headline(b *bytes.Buffer, a *grader.Assignment, r grader.Result) {
	fmt.Fprintf(b, "# %s: %s\n\n", a.Rubric.Name, escape.Markdown(escape.ID(r.ID)))
	switch r.Status {
	case grader.StatusFailed: // never a score
		fmt.Fprintf(b, "**Score: none yet, out of %s** (%s: %s)", num(r.MaxScore), r.Status, r.Status.Describe())
	default:
		fmt.Fprintf(b, "**Score: %s / %s**", num(r.Score), num(r.MaxScore))
	}
	if r.Status != grader.Graded && r.Status != grader.StatusFailed {
		fmt.Fprintf(b, " (%s)", r.Status)
	}
	b.WriteString("\n\n")
	switch {
	case r.LateDays > 0 && r.Status == grader.Graded:
		fmt.Fprintf(b, "Handed in %d day(s) late: %s points deducted.\n\n", r.LateDays, num(r.Penalty))
	case r.LateDays > 0:
		// Not graded (not accepted, did not compile): no deduction to speak of.
		fmt.Fprintf(b, "Handed in %d day(s) late.\n\n", r.LateDays)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(b, "- %s\n", escape.Markdown(n))
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("| part | name | passed | score |\n|---|---|---|---|\n")
	for _, p := range r.Parts {
		fmt.Fprintf(b, "| %s | %s | %d / %d | %s / %s |\n", p.ID, p.Name, p.Passed, p.Total, num(p.Score), num(p.MaxScore))
	}
	b.WriteString("\n")
	if r.BuildLog != "" {
		b.WriteString("## Compile errors\n\n")
		fence(b, r.BuildLog)
	}
}

// diagnoses writes the known mistakes the wrong answers point to.
func diagnoses(b *bytes.Buffer, a *grader.Assignment, r grader.Result) {
	if len(r.Diagnoses) == 0 {
		return
	}
	b.WriteString("## Known mistakes\n\n")
	if slices.ContainsFunc(r.Diagnoses, func(d grader.Diagnosis) bool { return !byRuns(r, d) }) {
		b.WriteString("Your program does exactly what a program with this mistake does:\n\n")
	} else {
		b.WriteString("Your program's runs go as a program's with this mistake go:\n\n")
	}
	for _, d := range r.Diagnoses {
		switch {
		case len(d.Alternatives) > 0 && byRuns(r, d):
			fmt.Fprintf(b, "### One of these: %s\n\nA program with any of them fails runs as yours does, so the runs cannot tell which one your program has.\n\n",
				strings.Join(append([]string{d.Mistake}, d.Alternatives...), ", "))
		case len(d.Alternatives) > 0:
			fmt.Fprintf(b, "### One of these: %s\n\nEach of them prints exactly this output, so it cannot tell which one your program has.\n\n",
				strings.Join(append([]string{d.Mistake}, d.Alternatives...), ", "))
		default:
			fmt.Fprintf(b, "### %s\n\n", d.Mistake)
		}
		fmt.Fprintf(b, "%s\n\nCases: %s.\n\n", strings.TrimSpace(d.Hint), caseList(a, r, d.Cases))
	}
}

// passedHow names the cases passed under a reading of the handout, and
// those passed over repeated runs, where the rubric shows them.
func passedHow(b *bytes.Buffer, a *grader.Assignment, r grader.Result) {
	var readings, repeated []string
	for _, c := range r.Cases {
		if c.Verdict != grader.Pass || c.Visibility == cases.Hidden && a.Rubric.Report.Hidden == "count" {
			continue
		}
		if c.Reading != "" {
			readings = append(readings, fmt.Sprintf("%s (%s)", c.ID, c.Reading))
		}
		if c.Attempts != nil {
			repeated = append(repeated, c.ID+": "+explain(a, c).Runs)
		}
	}
	if len(readings) > 0 {
		fmt.Fprintf(b, "Passed under one of the readings the handout allows: %s.\n\n", strings.Join(readings, ", "))
	}
	if len(repeated) > 0 {
		fmt.Fprintf(b, "Passed over repeated runs: %s.\n\n", strings.Join(repeated, "; "))
	}
}

// hiddenCases writes the hidden cases' verdicts, or only how many of each
// part passed, as the rubric says.
func hiddenCases(b *bytes.Buffer, a *grader.Assignment, r grader.Result, hidden []grader.CaseResult) {
	b.WriteString("## Hidden cases\n\n")
	defer b.WriteString("\n")
	if a.Rubric.Report.Hidden == "count" {
		for _, p := range r.Parts {
			n, pass := 0, 0
			for _, c := range hidden {
				if c.Part == p.ID {
					n++
					if c.Full() {
						pass++
					}
				}
			}
			if n > 0 {
				fmt.Fprintf(b, "- part %s: %d of %d passed\n", p.ID, pass, n)
			}
		}
		return
	}
	pointed := slices.ContainsFunc(hidden, func(c grader.CaseResult) bool { return c.Points != nil })
	if pointed {
		b.WriteString("| case | part | verdict | points |\n|---|---|---|---|\n")
	} else {
		b.WriteString("| case | part | verdict |\n|---|---|---|\n")
	}
	for _, c := range hidden {
		v := string(c.Verdict)
		if c.Attempts != nil {
			v += ": " + explain(a, c).Runs
		}
		if c.Verdict == grader.Pass && !c.Full() {
			v += " (" + explain(a, c).Credit + ")"
		}
		if pointed {
			fmt.Fprintf(b, "| %s | %s | %s | %s |\n", c.ID, c.Part, v, pointsOf(c))
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %s |\n", c.ID, c.Part, v)
	}
}

// caseAbout writes what a public case's file says of it (its note) and,
// when the command line shows only its start, its whole input.
func caseAbout(b *bytes.Buffer, a *grader.Assignment, c grader.CaseResult) {
	if n := a.CaseNote(c.ID); n != "" {
		fmt.Fprintf(b, "Note: %s\n\n", escape.Markdown(n))
	}
	if in, cut := a.FullInput(c); in != nil {
		fmt.Fprintf(b, "Input (stdin, %s):\n\n", inputSize(in, cut))
		fence(b, string(in))
	}
}

// caseDetail writes why a case (or a run of one) failed.
func caseDetail(b *bytes.Buffer, a *grader.Assignment, c grader.CaseResult) {
	e := explain(a, c)
	switch {
	case e.Rule != "":
		fmt.Fprintf(b, "%s\n\n", escape.Markdown(capitalize(e.Rule)))
	case c.Mismatch != nil:
		fmt.Fprintf(b, "%s:\n\n", capitalize(e.Difference))
		fmt.Fprintf(b, "    expected: %s\n    got:      %s\n\n", escape.TerminalLine(c.Mismatch.Expected), escape.TerminalLine(c.Mismatch.Got))
		if c.Mismatch.Diff != "" {
			b.WriteString(escape.CodeBlock("diff", c.Mismatch.Diff))
		}
	case e.Ended != "":
		fmt.Fprintf(b, "%s.\n\n", capitalize(e.Ended))
	}
	if e.Mistake != "" {
		fmt.Fprintf(b, "Known mistake: %s.\n\n", e.Mistake)
	}
	if c.Score != nil || c.Feedback != "" {
		var w bytes.Buffer
		judgeSays(&w, c, e, "")
		fence(b, w.String())
	}
	if c.Output != nil {
		b.WriteString("stdout:\n\n")
		fence(b, printed(*c.Output))
	}
	if c.Stderr != "" {
		b.WriteString("stderr:\n\n")
		fence(b, c.Stderr)
	}
}

// runsDetail says how a repeated case's runs went and shows the failing
// runs kept in full, each as a case of its own.
func runsDetail(b *bytes.Buffer, a *grader.Assignment, c grader.CaseResult) {
	at := c.Attempts
	if at == nil {
		return
	}
	e := explain(a, c)
	fmt.Fprintf(b, "%s; failed: %s.\n\n", e.Runs, e.Failed)
	for _, f := range at.Failures {
		fmt.Fprintf(b, "### Run %d: %s\n\n", f.Run, explain(a, attemptResult(f)).Verdict)
		fmt.Fprintf(b, "Command: %s\n\n", inlineCode(a.RunCommand(f)))
		caseDetail(b, a, attemptResult(f))
	}
	if more := len(at.Failed) - len(at.Failures); more > 0 {
		fmt.Fprintf(b, "The %s not shown.\n\n", otherRuns(more))
	}
}

// caseList names the cases, the hidden ones only by number when the
// rubric shows hidden cases as counts.
func caseList(a *grader.Assignment, r grader.Result, ids []string) string {
	var names []string
	hidden := 0
	for _, id := range ids {
		i := slices.IndexFunc(r.Cases, func(c grader.CaseResult) bool { return c.ID == id })
		if i >= 0 && r.Cases[i].Visibility == cases.Hidden && a.Rubric.Report.Hidden == "count" {
			hidden++
			continue
		}
		names = append(names, id)
	}
	if hidden > 0 {
		names = append(names, fmt.Sprintf("%d hidden case(s)", hidden))
	}
	return strings.Join(names, ", ")
}
