package report

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/internal/textfmt"
)

// Tests parts (package grader/mutation) in every report: the student sees
// their tests and the bugs as the rubric's show allows (mutation.View);
// the TA sees every test, every bug, and the class's matrix of suites
// against bugs. A test's name and why are the student's bytes: escaped
// for each medium.

// testsMarkdown writes, for a student, each tests part of r: their tests,
// valid or not and why, and the bugs their tests exposed as the rubric
// allows.
func testsMarkdown(b *bytes.Buffer, r grader.Result) {
	for _, p := range r.Parts {
		if p.Tests == nil {
			continue
		}
		tr := *p.Tests
		v := tr.View()
		fmt.Fprintf(b, "## Your tests: part %s\n\n%s.", p.ID, tr.ValidText())
		if v.Count != "" {
			fmt.Fprintf(b, " %s.", v.Count)
		}
		fmt.Fprintf(b, " %s points per bug exposed, at most %s.\n\n", fmtNum(tr.PerBug), fmtNum(tr.Ceiling))
		if v.Ignored != "" {
			fmt.Fprintf(b, "%s.\n\n", escape.Markdown(v.Ignored))
		}
		if v.OwnCode != "" {
			fmt.Fprintf(b, "%s.\n\n", escape.Markdown(v.OwnCode))
		}
		if len(v.Tests) > 0 {
			testsTable(b, v)
		}
		if len(v.Bugs) > 0 {
			b.WriteString("| bug | exposed | what it gets wrong |\n|---|---|---|\n")
			for _, bug := range v.Bugs {
				fmt.Fprintf(b, "| %s | %s | %s |\n", escape.Markdown(bug.Name), yesNo(bug.Exposed), escape.Markdown(bug.Hint))
			}
			b.WriteString("\n")
		}
	}
}

// testsTable writes a student's table of their tests, valid or not and
// why, and how each fared on their own code where the part ran them
// there.
func testsTable(b *bytes.Buffer, v mutation.View) {
	if v.OwnRan {
		b.WriteString("| test | valid | why not | on your code |\n|---|---|---|---|\n")
	} else {
		b.WriteString("| test | valid | why not |\n|---|---|---|\n")
	}
	for _, t := range v.Tests {
		fmt.Fprintf(b, "| %s | %s | %s |", escape.Markdown(t.Name), yesNo(t.Valid), escape.Markdown(t.Why))
		if v.OwnRan {
			fmt.Fprintf(b, " %s |", escape.Markdown(onOwnCode(t)))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// onOwnCode says how a test fared on the student's own code: "passed",
// "failed: why", "not run: why" (past the budget of wall time), or ""
// when the part does not run it there.
func onOwnCode(t mutation.Test) string {
	r := t.OnOwnCode
	switch {
	case r == nil:
		return ""
	case r.NotRun != "":
		return r.NotRun
	case r.Passed:
		return "passed"
	}
	return "failed: " + r.Why
}

// testsText is a tests part's result as a student may read it in plain
// text (check, Gradescope's output): each of the student's names and
// whys shown on its own line (shownResult), so that none forges a line.
func testsText(tr mutation.Result) string {
	v := shownResult(tr).View()
	var b strings.Builder
	fmt.Fprintf(&b, "%s", tr.ValidText())
	if v.Count != "" {
		fmt.Fprintf(&b, "; %s", v.Count)
	}
	b.WriteString(".\n")
	if v.Ignored != "" {
		b.WriteString(v.Ignored + ".\n")
	}
	if v.OwnCode != "" {
		b.WriteString(v.OwnCode + ".\n")
	}
	for _, t := range v.Tests {
		if t.Valid {
			fmt.Fprintf(&b, "valid: %s\n", t.Name)
		} else {
			fmt.Fprintf(&b, "invalid: %s: %s\n", t.Name, t.Why)
		}
		if own := onOwnCode(t); own != "" {
			fmt.Fprintf(&b, "  on your code: %s\n", own)
		}
	}
	for _, bug := range v.Bugs {
		fmt.Fprintf(&b, "bug %s: %s", bug.Name, map[bool]string{true: "exposed", false: "not exposed"}[bug.Exposed])
		if bug.Hint != "" {
			fmt.Fprintf(&b, " (%s)", bug.Hint)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// testsTally is a line per tests part of r, as a student may read it
// ("part t: 3 of 4 tests valid; 2 of 10 bugs exposed; 10 / 40 points"),
// for the top of a summary, and whether one of them lost points (or r was
// not graded).
func testsTally(r grader.Result) (lines []string, short bool) {
	for _, p := range r.Parts {
		if p.Tests == nil {
			continue
		}
		line := "part " + escape.TerminalLine(p.ID) + ": " + p.Tests.ValidText()
		if c := p.Tests.View().Count; c != "" {
			line += "; " + c
		}
		lines = append(lines, fmt.Sprintf("%s; %s / %s points", line, fmtNum(p.Score), fmtNum(p.MaxScore)))
		short = short || p.Score < p.MaxScore || r.Status != grader.Graded
	}
	return lines, short
}

// testsCheck prints, for a student's check, each tests part of r as
// testsText says it, and reports whether r has one.
func testsCheck(w io.Writer, r grader.Result) bool {
	any := false
	for _, p := range r.Parts {
		if p.Tests != nil {
			fmt.Fprintf(w, "\npart %s: %s / %s points\n%s", p.ID, fmtNum(p.Score), fmtNum(p.MaxScore), testsText(*p.Tests))
			any = true
		}
	}
	return any
}

// TestsMatrix is one tests part across the class, for the TA: each graded
// submission's row of bugs exposed, and how many submissions exposed
// each bug, flagged when none did (the bug may be equivalent to the
// correct program) or every one did (too easy to tell).
type TestsMatrix struct {
	Part, Name string
	Bugs       []MatrixBug
	Rows       []MatrixRow
}

// MatrixBug is a bug's column: its name, hint, how many suites exposed
// it, and a flag ("" when none is due).
type MatrixBug struct {
	Name, Hint string
	By         int
	Flag       string
}

// MatrixRow is a submission's row: its id (shown as ids are), anchor,
// tests valid of counted, score, and a mark per bug.
type MatrixRow struct {
	ID, Anchor   string
	Valid, Tests int
	Score        float64
	Exposed      []bool
}

// The flags of a matrix's bugs.
const (
	FlagNoOne    = "no suite exposes it: possibly equivalent to the correct program"
	FlagEveryone = "every suite exposes it: too easy"
)

// testsMatrices are the matrices of the assignment's tests parts, over
// the graded submissions; anchor gives a submission's anchor on the page.
func testsMatrices(ru *rubric.Rubric, results []grader.Result, anchor func(...string) string) []TestsMatrix {
	var out []TestsMatrix
	for _, p := range ru.Parts {
		if p.Tests == nil {
			continue
		}
		id := p.ID
		m := TestsMatrix{Part: id, Name: p.Name}
		for _, r := range results {
			i := slices.IndexFunc(r.Parts, func(pr grader.PartResult) bool { return pr.ID == id })
			if r.Status != grader.Graded || i < 0 || r.Parts[i].Tests == nil {
				continue
			}
			tr := r.Parts[i].Tests
			if m.Bugs == nil {
				for _, b := range tr.Bugs {
					m.Bugs = append(m.Bugs, MatrixBug{Name: b.Name, Hint: b.Hint})
				}
			}
			row := MatrixRow{ID: escape.ID(r.ID), Anchor: anchor(r.ID), Valid: tr.Valid, Tests: len(tr.Tests), Score: r.Parts[i].Score}
			for j, b := range tr.Bugs {
				row.Exposed = append(row.Exposed, b.Exposed)
				if b.Exposed && j < len(m.Bugs) {
					m.Bugs[j].By++
				}
			}
			m.Rows = append(m.Rows, row)
		}
		for j := range m.Bugs {
			switch b := &m.Bugs[j]; {
			case len(m.Rows) == 0:
			case b.By == 0:
				b.Flag = FlagNoOne
			case b.By == len(m.Rows):
				b.Flag = FlagEveryone
			}
		}
		out = append(out, m)
	}
	return out
}

// shownTests is parts with the student's bytes of their tests parts
// shown as the page shows them (shownResult).
func shownTests(parts []grader.PartResult) []grader.PartResult {
	parts = slices.Clone(parts)
	for i := range parts {
		if parts[i].Tests != nil {
			tr := shownResult(*parts[i].Tests)
			parts[i].Tests = &tr
		}
	}
	return parts
}

// shownResult is tr with the student's bytes (the tests' names, why they
// are invalid, ignored names, the names of the tests exposing each bug)
// each shown on one line (escape.TerminalLine), in new slices.
func shownResult(tr mutation.Result) mutation.Result {
	tr.Tests = slices.Clone(tr.Tests)
	for j := range tr.Tests {
		t := &tr.Tests[j]
		t.Name, t.Why = escape.TerminalLine(t.Name), escape.TerminalLine(t.Why)
		t.Exposes = slices.Clone(t.Exposes)
		if t.OnOwnCode != nil {
			t.OnOwnCode = &mutation.OwnCodeRun{Passed: t.OnOwnCode.Passed, Why: escape.TerminalLine(t.OnOwnCode.Why)}
		}
	}
	tr.OwnCodeNote = escape.TerminalLine(tr.OwnCodeNote)
	tr.Ignored = terminalLines(tr.Ignored)
	tr.Bugs = slices.Clone(tr.Bugs)
	for j := range tr.Bugs {
		tr.Bugs[j].By = terminalLines(tr.Bugs[j].By)
	}
	return tr
}

func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "no"
}

// fmtNum writes points as the reports do: no trailing zeros.
func fmtNum(x float64) string { return textfmt.Decimal(x) }

// terminalLines is each of names shown (escape.TerminalLine), in a new
// slice.
func terminalLines(names []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, escape.TerminalLine(n))
	}
	return out
}
