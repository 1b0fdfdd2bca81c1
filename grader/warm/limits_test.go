package warm

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/rogpeppe/go-internal/txtar"
)

// gradeBoth grades the submissions of dir/submissions.txtar (a folder per
// id) under dir/rubric.toml, once warm and once cold, each in one batch.
func gradeBoth(t *testing.T, dir string) (warm, cold map[string]grader.Result, stats *Stats) {
	t.Helper()
	requireJDK(t)
	a, err := grader.LoadAssignment(dir + "/rubric.toml")
	if err != nil {
		t.Fatal(err)
	}
	ar, err := txtar.ParseFile(dir + "/submissions.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var subs []submission.Submission
	for _, f := range ar.Files {
		id, name, _ := strings.Cut(f.Name, "/")
		if len(subs) == 0 || subs[len(subs)-1].ID != id {
			subs = append(subs, submission.Submission{ID: id})
		}
		s := &subs[len(subs)-1]
		s.Files = append(s.Files, submission.File{Name: name, Data: f.Data})
	}
	ctx := context.Background()
	w, err := New(a.Rubric, Inputs(a, ""), Options{CacheDir: cacheDir, SpotCheck: a.Rubric.Build.SpotCheck})
	if err != nil {
		t.Fatal(err)
	}
	jobs := runtime.NumCPU()
	wr, err := (&grader.Batch{Assignment: a, Runner: w, Jobs: jobs}).Run(ctx, subs)
	if err != nil {
		t.Fatal(err)
	}
	cr, err := (&grader.Batch{Assignment: a, Runner: runner.New(a.Rubric), Jobs: jobs}).Run(ctx, subs)
	if err != nil {
		t.Fatal(err)
	}
	warm, cold = map[string]grader.Result{}, map[string]grader.Result{}
	for i := range wr {
		warm[wr[i].ID], cold[cr[i].ID] = wr[i], cr[i]
	}
	return warm, cold, &w.stats
}

// TestBlockedWatch grades programs that stop the harness's own watch (they
// hold a monitor it waits on) and overrun their CPU or wall limit, warm and
// cold, beside a correct program: every case of theirs ends at a limit
// (Timeout) both ways, never a pass; the correct program keeps full marks.
func TestBlockedWatch(t *testing.T) {
	warm, cold, stats := gradeBoth(t, "testdata/limits")
	for _, id := range []string{"correct", "blockjoin", "blockgroup", "exiter", "pool", "late", "sleeper"} {
		t.Run(id, func(t *testing.T) {
			w, c := warm[id], cold[id]
			t.Logf("warm %v, cold %v; warm flags %q", w.Score, c.Score, w.Flags)
			if w.Status != grader.Graded || c.Status != grader.Graded {
				t.Fatalf("status warm %q, cold %q; notes %q", w.Status, c.Status, w.Notes)
			}
			if len(w.Cases) != len(c.Cases) {
				t.Fatalf("%d cases warm, %d cold", len(w.Cases), len(c.Cases))
			}
			want := grader.Timeout
			if id == "correct" {
				want = grader.Pass
				if len(w.Flags) > 0 {
					t.Errorf("correct: flags %q; want it all warm", w.Flags)
				}
			}
			for i, wc := range w.Cases {
				cc := c.Cases[i]
				if wc.Verdict != want || cc.Verdict != want {
					t.Errorf("case %s: warm %s (limit %v), cold %s (limit %v); want %s", wc.ID, wc.Verdict, wc.Limit, cc.Verdict, cc.Limit, want)
				}
			}
		})
	}
	t.Logf("warm runner: %d runs warm, %d cold, %d JVMs", stats.WarmCases.Load(), stats.ColdCases.Load(), stats.JVMs.Load())
}
