package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/regrade"
	"github.com/cs540-tools/autograder/internal/atomicfile"
	ucli "github.com/urfave/cli/v2"
)

func previewFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.BoolFlag{Name: "preview", Usage: "grade, then print per submission and part the old and new verdicts and scores against --out's results.json, and write nothing but the cache (the same command without --preview writes them all)"},
		&ucli.BoolFlag{Name: "apply", Usage: "write what the last --preview showed, and refuse if anything differs from it now (the default without --preview: write what grading gives)"},
		&ucli.BoolFlag{Name: "never-lower", Usage: "keep a submission's earlier autograded result when the regrade would lower it (points given by hand, deductions too, always count on top)"},
		&ucli.BoolFlag{Name: "accept-rubric-changes", Usage: "write the new points of items applied by hand that the rubric dropped, renamed or changed since (without it grade lists them and exits 6, writing nothing)"},
	}
}

// staged compares a regrade with the results already in --out, when
// asked (--preview, --never-lower): it prints the changes and stops
// under --preview (done), or returns the results to write, each kept at
// its earlier total or more under --never-lower.
func (g *gradeJob) staged(c *ucli.Context, results []grader.Result) (_ []grader.Result, done bool, err error) {
	if c.Bool("preview") && c.Bool("apply") {
		return nil, false, badInputf("--preview and --apply: give one (preview first, then apply)")
	}
	if !c.Bool("preview") && !c.Bool("never-lower") && !c.Bool("apply") {
		return results, false, nil
	}
	old, err := previousResults(g.out.path)
	if err != nil {
		return nil, false, err
	}
	m, err := manualGrading(c.App.ErrWriter, g.a, g.out.path, results, g.subs, driftModeOf(c))
	if err != nil {
		return nil, false, err
	}
	regraded := m.apply(results)
	now := regraded
	changes := regrade.Diff(old, regraded)
	if c.Bool("never-lower") {
		auto, kept := neverLower(g.a, old, results)
		now = m.apply(auto)
		// A kept one shows the total written, and the parts as the
		// regrade gave them.
		for i := range changes {
			if kept[changes[i].ID] {
				j := slices.IndexFunc(now, func(r grader.Result) bool { return r.ID == changes[i].ID })
				changes[i].Kept, changes[i].New = true, &now[j]
			}
		}
	}
	stamp := filepath.Join(g.out.path, previewFile)
	if c.Bool("apply") {
		want, err := os.ReadFile(stamp)
		if err != nil {
			return nil, false, badInputf("--apply: no preview to apply in %s: run the same command with --preview first", g.out.path)
		}
		if hash, _, _ := strings.Cut(string(want), "\n"); hash+"\n" != setHash(now) {
			return nil, false, badInputf("--apply: the results differ from the last --preview's (a submission, the rubric, a case or the manual grading changed since): preview again")
		}
		os.Remove(stamp)
	}
	if !c.Bool("preview") {
		return now, false, nil
	}
	text := regrade.Text(changes, escape.ID)
	// The hash first (--apply's), then what was shown (review's page,
	// which labels the ids its own way).
	data, err := regrade.EncodeStaged(strings.TrimSuffix(setHash(now), "\n"), changes)
	if err != nil {
		return nil, false, err
	}
	if err := atomicfile.WriteFile(stamp, data); err != nil {
		return nil, false, err
	}
	if len(changes) == 0 {
		fmt.Fprintln(c.App.Writer, "no submission's verdicts or scores change")
	}
	fmt.Fprint(c.App.Writer, text)
	fmt.Fprintf(c.App.ErrWriter, "autograder: preview: %s change; nothing written to %s: run the same command with --apply instead to write them all\n",
		count(len(changes), "submission"), g.out.path)
	return nil, true, nil
}

// previewFile holds the hash of the set the last --preview showed, which
// --apply writes only if it is still the same, and what it showed, for
// review's page.
const previewFile = regrade.StagedFile

// setHash identifies a set of results to write: each one's id, key,
// status, total and parts' scores.
func setHash(results []grader.Result) string {
	h := sha256.New()
	for _, r := range results {
		fmt.Fprintf(h, "%q %q %s %v", r.ID, r.Key, r.Status, r.Score)
		for _, p := range r.Parts {
			fmt.Fprintf(h, " %q %v", p.ID, p.Score)
		}
		fmt.Fprintln(h)
	}
	return hex.EncodeToString(h.Sum(nil)) + "\n"
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

// neverLower is results with each submission whose autograded result
// the regrade would lower (or fail) keeping its earlier one, and the ids
// kept. It compares autograded results only (old's manual grading taken
// out): what a TA gives by hand, deductions too, is counted on top of
// either, so --preview and --apply write the same totals.
func neverLower(a *grader.Assignment, old, results []grader.Result) ([]grader.Result, map[string]bool) {
	oldAuto := make([]grader.Result, len(old))
	for i, r := range old {
		oldAuto[i] = r.Autograded(a.Rubric)
	}
	out := regrade.NeverLower(oldAuto, results, nil)
	kept := map[string]bool{}
	for i := range out {
		if out[i].Status != results[i].Status || out[i].Score != results[i].Score {
			kept[out[i].ID] = true
		}
	}
	return out, kept
}
