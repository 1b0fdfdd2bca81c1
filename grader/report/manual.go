package report

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
)

// columns are the parts a batch's tables show: the rubric's autograded
// parts, then those graded by hand.
func columns(a *grader.Assignment) []pagePart {
	var ps []pagePart
	for _, p := range a.Rubric.Parts {
		ps = append(ps, pagePart{ID: p.ID, Name: p.Name, Points: p.Points})
	}
	for _, m := range a.Rubric.ManualParts {
		if !m.Auto {
			ps = append(ps, pagePart{ID: m.ID, Name: m.Name, Points: m.Points})
		}
	}
	return ps
}

// signed writes points with their sign: +2, -0.5.
func signed(x float64) string {
	if x > 0 {
		return "+" + num(x)
	}
	return num(x)
}

// manualMarkdown writes a submission's manual grading for the student:
// the items applied, then the TAs' comments at their files' lines, the
// text escaped (it may quote the student's code) and a comment on a
// file changed since flagged.
func manualMarkdown(b *bytes.Buffer, r grader.Result) {
	m := r.Manual
	if m == nil || len(m.Items) == 0 && len(m.Comments) == 0 {
		return
	}
	b.WriteString("## Graded by hand\n\n")
	if len(m.Items) > 0 {
		b.WriteString("| item | part | points |\n|---|---|---|\n")
		for _, it := range m.Items {
			fmt.Fprintf(b, "| %s | %s | %s |\n", mdCell(it.Text), escape.Markdown(it.Part), signed(it.Points))
		}
		b.WriteString("\n")
	}
	for _, c := range m.Comments {
		fmt.Fprintf(b, "- %s line %d: %s", inlineCode(c.File), c.Line, escape.Markdown(oneLineText(c.Text)))
		if c.Changed {
			b.WriteString(" (the file has changed since this comment: the line may have moved)")
		}
		b.WriteString("\n")
	}
	if len(m.Comments) > 0 {
		b.WriteString("\n")
	}
}

// mdCell is text for a Markdown table's cell: escaped (its pipes too),
// on one line.
func mdCell(s string) string { return escape.Markdown(oneLineText(s)) }

func oneLineText(s string) string { return strings.Join(strings.Fields(s), " ") }

// manualTest is the Gradescope test that carries a submission's manual
// grading: its items' points and its comments; nil when there is none.
func manualTest(r grader.Result) *GradescopeTest {
	m := r.Manual
	if m == nil || len(m.Items) == 0 && len(m.Comments) == 0 && len(m.Parts) == 0 {
		return nil
	}
	var out strings.Builder
	for _, it := range m.Items {
		fmt.Fprintf(&out, "%s (%s, part %s)\n", it.Text, signed(it.Points), it.Part)
	}
	for _, c := range m.Comments {
		fmt.Fprintf(&out, "%s line %d: %s\n", c.File, c.Line, oneLineText(c.Text))
	}
	return &GradescopeTest{Name: "graded by hand", Score: grader.Round2(r.Score - m.Auto), Status: GradescopePassed,
		Output: escape.Terminal(out.String()), Visibility: GradescopeVisible}
}

// Anchor is the id of a submission's section in index.html: its address
// is index.html#<Anchor(id)>.
func Anchor(id string) string { return anchor(id) }
