package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/internal/textfmt"
	ucli "github.com/urfave/cli/v2"
)

// failedWhy says why the grader failed on a result: its first case the
// judge failed on, with the judge's error, or else its notes.
func failedWhy(r grader.Result) string {
	var ids []string
	why := ""
	for _, c := range r.Cases {
		if c.Verdict == grader.GraderFailure {
			if why == "" {
				why = c.JudgeLog
			}
			ids = append(ids, c.ID)
		}
	}
	switch {
	case len(ids) == 1:
		return fmt.Sprintf("case %s: %s", ids[0], why)
	case len(ids) > 1:
		return fmt.Sprintf("case %s (and %d more): %s", ids[0], len(ids)-1, why)
	}
	return strings.Join(r.Notes, "; ")
}

// count writes n things: "1 submission", "6 submissions".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

func numStr(x float64) string { return textfmt.Decimal(x) }

func style(c *ucli.Context, w io.Writer) report.Style {
	_, noColor := os.LookupEnv("NO_COLOR")
	return report.Style{Color: !noColor && !c.Bool("no-color") && isTerminal(w)}
}

// indentLines starts each line of s with pre.
func indentLines(s, pre string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = pre + lines[i]
	}
	return strings.Join(lines, "\n")
}
