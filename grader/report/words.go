package report

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/internal/textfmt"
)

// num prints a score without trailing zeros: 60, 7.5, 3.33.
func num(x float64) string { return textfmt.Decimal(x) }

// mistakeNames is a diagnosis's mistake and its alternatives: "a or b".
func mistakeNames(d grader.Diagnosis) string {
	return orList(append([]string{d.Mistake}, d.Alternatives...))
}

// byRuns reports whether a diagnosis was made from a repeated case's runs
// as a whole (a success rate, the rules they broke), not from one output.
func byRuns(r grader.Result, d grader.Diagnosis) bool {
	return slices.ContainsFunc(r.Cases, func(c grader.CaseResult) bool {
		return c.Attempts != nil && slices.Contains(d.Cases, c.ID)
	})
}

// plural is "1 day", "2 days".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// anchor is the id of a submission's section ("s-" and its id) or, given
// a case's id too, of that case's details ("s-carol~b.2fpublic-03"): the
// same string serves as the element's id and, unchanged, as the fragment
// of every link to it. Letters, digits, "-" and "_" are kept; any other
// byte becomes "." and its two hex digits, so the "~" between the two ids
// is never part of either and two anchors never collide.
func anchor(ids ...string) string {
	var b strings.Builder
	b.WriteString("s-")
	for i, id := range ids {
		if i > 0 {
			b.WriteByte('~')
		}
		for _, c := range []byte(id) {
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, ".%02x", c)
			}
		}
	}
	return b.String()
}

// orList joins names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// capitalize starts s with a capital letter (s starts with an ASCII
// letter here: a sentence the grader wrote).
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// inlineCode is s as Markdown inline code (escape.InlineCode).
func inlineCode(s string) string { return escape.InlineCode(s) }

// fence writes s as a fenced code block (escape.CodeBlock).
func fence(b *bytes.Buffer, s string) { b.WriteString(escape.CodeBlock("", s)) }

// explain is why case c ended as it did, in the words every report uses.
func explain(a *grader.Assignment, c grader.CaseResult) grader.Explanation {
	return a.Explain(c)
}

// inputSize says how much of a case's input a report shows.
func inputSize(in []byte, cut bool) string {
	if cut {
		return fmt.Sprintf("its first %d bytes", len(in))
	}
	return fmt.Sprintf("%d bytes", len(in))
}

// attemptResult is a failing run as a case's result, for caseDetail.
func attemptResult(f grader.Attempt) grader.CaseResult {
	return grader.CaseResult{RunResult: f.RunResult}
}

// otherRuns names the failing runs a report leaves out: "other failing
// run is", "other 2 failing runs are".
func otherRuns(n int) string {
	if n == 1 {
		return "other failing run is"
	}
	return fmt.Sprintf("other %d failing runs are", n)
}

// pointsOf is a weighed case's points as "2 / 2" or "0 / 2" ("" when it has
// none).
func pointsOf(c grader.CaseResult) string {
	if c.Points == nil {
		return ""
	}
	return num(earnedPoints(c)) + " / " + num(*c.Points)
}

// earned is a test's score: its max score for full credit, its credit's
// share of it to the cent for partial credit (a judge's, a repeated
// case's fraction), else 0.
func earned(max, credit float64) float64 {
	if credit >= 1 {
		return max
	}
	return grader.Round2(credit * max)
}

// printed is a run's kept output (CaseResult.Output) as reports show it:
// "(nothing)" when the program printed nothing.
func printed(out string) string {
	if out == "" {
		return "(nothing)"
	}
	return out
}

// wrap breaks text into lines of at most width bytes, at spaces, paragraph
// by paragraph (a blank line between paragraphs is kept).
func wrap(s string, width int) string {
	paras := strings.Split(strings.TrimSpace(s), "\n\n")
	for i, p := range paras {
		paras[i] = wrapPara(p, width)
	}
	return strings.Join(paras, "\n\n")
}

// earnedPoints is what a weighed case earned of its points: its credit's
// share, to the cent.
func earnedPoints(c grader.CaseResult) float64 { return earned(*c.Points, c.Credit()) }

// wrapPara fills one paragraph to width.
func wrapPara(s string, width int) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}
