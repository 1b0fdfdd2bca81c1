package report

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
)

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

// Anchor is the id of a submission's section in index.html: its address
// is index.html#<Anchor(id)>.
func Anchor(id string) string { return anchor(id) }
