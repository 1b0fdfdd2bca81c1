package warm

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
	"github.com/rogpeppe/go-internal/txtar"
)

// attackBatch is testdata/attack graded once warm and once cold, for the
// tests of this file to share: building the harness and running a dozen
// JVMs cold is the slow part.
type attackBatch struct {
	a          *grader.Assignment
	warm, cold map[string]grader.Result
	stats      *Stats
}

var (
	attackOnce sync.Once
	attacks    *attackBatch
	attackErr  string
)

// gradeAttacks grades testdata/attack/submissions.txtar both ways, in one
// batch each, the correct program among the attackers.
func gradeAttacks(t *testing.T) *attackBatch {
	t.Helper()
	requireJDK(t)
	attackOnce.Do(func() {
		b, err := loadAttacks(t)
		if err != nil {
			attackErr = err.Error()
			return
		}
		attacks = b
	})
	if attacks == nil {
		t.Fatal(attackErr)
	}
	return attacks
}

func loadAttacks(t *testing.T) (*attackBatch, error) {
	a, err := grader.LoadAssignment("testdata/attack/rubric.toml", oracle.Judges)
	if err != nil {
		return nil, err
	}
	ar, err := txtar.ParseFile("testdata/attack/submissions.txtar")
	if err != nil {
		return nil, err
	}
	byID := map[string][]submission.File{}
	var ids []string
	for _, f := range ar.Files {
		id, name, _ := strings.Cut(f.Name, "/")
		if _, ok := byID[id]; !ok {
			ids = append(ids, id)
		}
		byID[id] = append(byID[id], submission.File{Name: name, Data: f.Data})
	}
	class, err := javac(t, byID["correct"][0].Data)
	if err != nil {
		return nil, err
	}
	byID["shipped"] = append(byID["shipped"], submission.File{Name: "Main.class", Data: class})
	var subs []submission.Submission
	for _, id := range ids {
		subs = append(subs, submission.Submission{ID: id, Files: byID[id]})
	}
	ctx := context.Background()
	w, err := New(a.Rubric, Inputs(a, ""), Options{CacheDir: cacheDir, SpotCheck: a.Rubric.Build.SpotCheck})
	if err != nil {
		return nil, err
	}
	// Some attackers observe the harness (the string pool, the security
	// manager), which sends them cold before any case (TestObservers):
	// let them run warm, to test what the harness and the spot checks
	// catch behind that.
	w.mode = modeLetObserve
	jobs := runtime.NumCPU()
	warm, err := (&grader.Batch{Assignment: a, Runner: w, Jobs: jobs}).Run(ctx, subs)
	if err != nil {
		return nil, err
	}
	cold, err := (&grader.Batch{Assignment: a, Runner: runner.New(a.Rubric), Jobs: jobs}).Run(ctx, subs)
	if err != nil {
		return nil, err
	}
	b := &attackBatch{a: a, warm: map[string]grader.Result{}, cold: map[string]grader.Result{}, stats: &w.stats}
	for i := range warm {
		b.warm[warm[i].ID], b.cold[cold[i].ID] = warm[i], cold[i]
	}
	return b, nil
}

// javac compiles one Main.java and returns Main.class.
func javac(t *testing.T, src []byte) ([]byte, error) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "Main.java"), src, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("javac", "Main.java")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, &exec.Error{Name: "javac: " + string(out), Err: err}
	}
	return os.ReadFile(filepath.Join(dir, "Main.class"))
}

// hiddenArgs are the hidden cases' arguments, and how they look reversed.
func hiddenArgs(a *grader.Assignment) []string {
	var out []string
	for _, in := range Inputs(a, "hidden") {
		for _, s := range in.Args {
			r := []rune(s)
			slices.Reverse(r)
			out = append(out, s, string(r))
		}
	}
	return out
}

// TestAttacks grades each attacker warm and cold in one batch beside a
// correct program: each scores the same both ways, the correct program
// keeps full marks, and no public case's result holds a hidden case's
// arguments.
func TestAttacks(t *testing.T) {
	b := gradeAttacks(t)
	tests := []struct {
		id   string
		note string // a note the warm result must have ("" for any)
		flag bool   // the spot check must flag it
	}{
		{id: "correct"},
		{id: "finalizer", note: "defines finalize"},
		{id: "cleaner", note: "ran cold"},
		{id: "hook", note: "ran cold"},
		{id: "procmem", note: "ran cold"},
		{id: "leak", note: "ran cold"},
		{id: "intern", flag: true},
		{id: "shipped", note: "ignored Main.class"},
		{id: "planted", flag: true},
	}
	hidden := hiddenArgs(b.a)
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			w, c := b.warm[tc.id], b.cold[tc.id]
			t.Logf("warm %v, cold %v; warm notes %q, flags %q", w.Score, c.Score, w.Notes, w.Flags)
			if w.Status != grader.Graded || c.Status != grader.Graded {
				t.Fatalf("status warm %q, cold %q; notes %q", w.Status, c.Status, w.Notes)
			}
			if w.Score != c.Score {
				t.Errorf("score warm %v, cold %v (warm notes %q, flags %q)", w.Score, c.Score, w.Notes, w.Flags)
			}
			if tc.id == "correct" && (w.Score != b.a.Rubric.Total || len(w.Notes) > 0 || len(w.Flags) > 0) {
				t.Errorf("correct: score %v, notes %q, flags %q; want full marks, all warm", w.Score, w.Notes, w.Flags)
			}
			// Why it ran cold is the TA's (flags); what it brought, the student's (notes).
			if tc.note != "" && !strings.Contains(strings.Join(slices.Concat(w.Notes, w.Flags), "\n"), tc.note) {
				t.Errorf("notes %q, flags %q, want one saying %q", w.Notes, w.Flags, tc.note)
			}
			if s := strings.Join(w.Notes, "\n"); strings.Contains(s, "cold") || strings.Contains(s, "warm") {
				t.Errorf("notes %q speak of how the program ran", w.Notes)
			}
			flagged := strings.Contains(strings.Join(w.Flags, "\n"), "fast and safe runs disagreed on case a/")
			if flagged != tc.flag {
				t.Errorf("flags %q; want the spot check's: %v", w.Flags, tc.flag)
			}
			for _, r := range []grader.Result{w, c} {
				for _, cr := range r.Cases {
					if cr.Visibility != "public" {
						continue
					}
					js, _ := json.Marshal(cr)
					for _, h := range hidden {
						if strings.Contains(string(js), h) {
							t.Errorf("public case %s shows the hidden argument %q: %s", cr.ID, h, js)
						}
					}
				}
			}
		})
	}
	t.Logf("warm runner: %d runs warm, %d cold, %d JVMs, %d spot checks, %d disagreed",
		b.stats.WarmCases.Load(), b.stats.ColdCases.Load(), b.stats.JVMs.Load(), b.stats.SpotChecks.Load(), b.stats.Disagreed.Load())
}

// TestSpotCheckFlag: the planted disagreement is graded cold and flagged
// for the TA in results.json and index.html, never in the student's report.
func TestSpotCheckFlag(t *testing.T) {
	b := gradeAttacks(t)
	w := b.warm["planted"]
	if len(w.Flags) == 0 {
		t.Fatalf("planted: no flag; notes %q", w.Notes)
	}
	for i, cr := range w.Cases {
		if c := b.cold["planted"].Cases[i]; cr.ID != c.ID || cr.Verdict != c.Verdict {
			t.Errorf("case %s: warm %s, cold %s %s: not regraded cold", cr.ID, cr.Verdict, c.ID, c.Verdict)
		}
	}
	md := string(report.Markdown(b.a, w))
	if strings.Contains(md, "disagreed") {
		t.Errorf("the student's report shows the flag:\n%s", md)
	}
	var all []grader.Result
	for _, id := range slices.Sorted(maps.Keys(b.warm)) {
		all = append(all, b.warm[id])
	}
	page, err := report.Page(b.a, report.NewBatch(b.a, "test", all))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "fast and safe runs disagreed on case a/") {
		t.Error("index.html does not show the flag")
	}
	js, _ := json.Marshal(w)
	if !strings.Contains(string(js), `"flags":["fast and safe runs disagreed on case a/`) {
		t.Errorf("results.json entry has no flags: %s", js)
	}
}
