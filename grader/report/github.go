package report

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
)

// summaryDetails is how many failed cases GitHubSummary shows in full; the
// rest are listed by id (GitHub takes at most 1 MiB of summary per step).
const summaryDetails = 10

// GitHubSummary is a check's Markdown for a GitHub Actions job summary
// (the file $GITHUB_STEP_SUMMARY names): the cases passed, a table of the
// parts, a compile error, the known mistakes, and each failed case with
// its command and first difference (the first few in full, the others by
// id). It ends with a blank line, so that summaries appended one after
// another stay apart.
func GitHubSummary(a *grader.Assignment, r grader.Result) []byte {
	var b bytes.Buffer
	passed, full := 0, 0
	for _, c := range r.Cases {
		if c.Verdict == grader.Pass {
			passed++
		}
		if c.Full() {
			full++
		}
	}
	tally, short := testsTally(r)
	mark := ":white_check_mark:"
	if full < len(r.Cases) || r.Status != grader.Graded || short {
		mark = ":x:"
	}
	fmt.Fprintf(&b, "## %s %s\n\n", mark, a.Rubric.Name)
	for _, t := range tally {
		fmt.Fprintf(&b, "**%s**\n\n", escape.Markdown(t))
	}
	if len(r.Cases) > 0 || len(tally) == 0 {
		fmt.Fprintf(&b, "**%d of %d cases passed%s**", passed, len(r.Cases), partly(r))
	}
	if r.Status != grader.Graded {
		fmt.Fprintf(&b, " (%s: %s)", r.Status, r.Status.Describe())
	}
	b.WriteString("\n\n")
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "- %s\n", escape.Markdown(n))
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("| | part | cases | name |\n|---|---|---|---|\n")
	for _, p := range r.Parts {
		if p.Total == 0 {
			continue
		}
		m := ":white_check_mark:"
		if p.Passed < p.Total || p.Score < p.MaxScore || r.Status != grader.Graded {
			m = ":x:" // a part that lost points, a case's partial credit too
		}
		fmt.Fprintf(&b, "| %s | %s | %d / %d | %s |\n", m, p.ID, p.Passed, p.Total, cell(p.Name))
	}
	b.WriteString("\n")
	if r.BuildLog != "" {
		b.WriteString("### Compile error\n\n")
		fence(&b, r.BuildLog)
	}
	if len(r.Diagnoses) > 0 {
		b.WriteString("### Known mistakes\n\n")
		for _, d := range r.Diagnoses {
			fmt.Fprintf(&b, "- **%s** (%s): %s\n", mistakeNames(d), strings.Join(d.Cases, ", "), strings.TrimSpace(d.Hint))
		}
		b.WriteString("\n")
	}
	if r.Status != grader.Graded {
		return b.Bytes()
	}
	var rest []string
	shown := 0
	for _, c := range r.Cases {
		if c.Full() {
			continue
		}
		if shown == summaryDetails {
			rest = append(rest, c.ID)
			continue
		}
		shown++
		fmt.Fprintf(&b, "### %s: %s\n\n", c.ID, explain(a, c).Verdict)
		fmt.Fprintf(&b, "Command: %s\n\n", inlineCode(a.Command(c)))
		caseAbout(&b, a, c)
		caseDetail(&b, a, c)
	}
	if len(rest) > 0 {
		fmt.Fprintf(&b, "%d more failed: %s.\n\n", len(rest), strings.Join(rest, ", "))
	}
	return b.Bytes()
}

// cell makes text safe in a Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}
