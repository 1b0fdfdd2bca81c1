package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/regrade"
	ucli "github.com/urfave/cli/v2"
)

func previewFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.BoolFlag{Name: "preview", Usage: "grade, then print per submission and part the old and new verdicts and scores against --out's results.json, and write nothing but the cache (the same command without --preview writes them all)"},
		&ucli.BoolFlag{Name: "never-lower", Usage: "keep a submission's earlier result when the regrade would lower its total"},
	}
}

// staged compares a regrade with the results already in --out, when
// asked (--preview, --never-lower): it prints the changes and stops
// under --preview (done), or returns the results to write, each kept at
// its earlier total or more under --never-lower.
func (g *gradeJob) staged(c *ucli.Context, results []grader.Result) (_ []grader.Result, done bool, err error) {
	if !c.Bool("preview") && !c.Bool("never-lower") {
		return results, false, nil
	}
	old, err := previousResults(g.out.path)
	if err != nil {
		return nil, false, err
	}
	now, err := withManual(c.App.ErrWriter, g.a, g.out.path, results, g.subs)
	if err != nil {
		return nil, false, err
	}
	changes := regrade.Diff(old, now)
	if c.Bool("never-lower") {
		now = regrade.NeverLower(old, now, changes)
	}
	if !c.Bool("preview") {
		return now, false, nil
	}
	if len(changes) == 0 {
		fmt.Fprintln(c.App.Writer, "no submission's verdicts or scores change")
	}
	fmt.Fprint(c.App.Writer, regrade.Text(changes, escape.TerminalLine))
	fmt.Fprintf(c.App.ErrWriter, "autograder: preview: %s change; nothing written to %s: run the same command without --preview to write them all\n",
		count(len(changes), "submission"), g.out.path)
	return nil, true, nil
}

// previousResults are the submissions of --out's results.json; none when
// there is none yet.
func previousResults(dir string) ([]grader.Result, error) {
	p := filepath.Join(dir, "results.json")
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var b struct {
		Submissions []grader.Result `json:"submissions"`
	}
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, badInputf("%s: %v: the earlier results cannot be compared with", p, err)
	}
	return b.Submissions, nil
}
