package warm

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
	"github.com/rogpeppe/go-internal/txtar"
)

// equivBatch is testdata/equiv graded once warm (with grade's hand-off)
// and once cold, shared by the tests of this file: each attacker's
// cold runs of its heavy or deep cases cost a CPU limit or a deep stack.
type equivBatch struct {
	warm, cold map[string]grader.Result
	stats      *Stats
}

var (
	equivOnce sync.Once
	equiv     *equivBatch
	equivErr  error
)

func gradeEquiv(t *testing.T) *equivBatch {
	t.Helper()
	requireJDK(t)
	equivOnce.Do(func() { equiv, equivErr = loadEquiv() })
	if equivErr != nil {
		t.Fatal(equivErr)
	}
	return equiv
}

func loadEquiv() (*equivBatch, error) {
	const dir = "testdata/equiv"
	a, err := grader.LoadAssignment(dir+"/rubric.toml", oracle.Judges)
	if err != nil {
		return nil, err
	}
	ar, err := txtar.ParseFile(dir + "/submissions.txtar")
	if err != nil {
		return nil, err
	}
	var subs []submission.Submission
	for _, f := range ar.Files {
		id, name, _ := strings.Cut(f.Name, "/")
		subs = append(subs, submission.Submission{ID: id, Files: []submission.File{{Name: name, Data: f.Data}}})
	}
	ctx := context.Background()
	w, err := New(a.Rubric, Inputs(a, ""), Options{CacheDir: cacheDir, HandOff: 500 * time.Millisecond})
	if err != nil {
		return nil, err
	}
	// The banker measures its own CPU time (a management bean), which
	// would send it cold: let it run warm, to test the box's life.
	w.mode = modeLetObserve
	jobs := runtime.NumCPU()
	wr, err := (&grader.Batch{Assignment: a, Runner: w, Jobs: jobs}).Run(ctx, subs)
	if err != nil {
		return nil, err
	}
	cr, err := (&grader.Batch{Assignment: a, Runner: runner.New(a.Rubric), Jobs: jobs}).Run(ctx, subs)
	if err != nil {
		return nil, err
	}
	b := &equivBatch{warm: map[string]grader.Result{}, cold: map[string]grader.Result{}, stats: &w.stats}
	for i := range wr {
		b.warm[wr[i].ID], b.cold[cr[i].ID] = wr[i], cr[i]
	}
	return b, nil
}

// sameVerdicts requires every case of id to earn the same verdict warm and
// cold, and the cases whose first argument is one of fail to fail both ways.
func sameVerdicts(t *testing.T, b *equivBatch, id string, fail ...string) {
	t.Helper()
	w, c := b.warm[id], b.cold[id]
	t.Logf("%s: warm %v, cold %v; warm flags %q", id, w.Score, c.Score, w.Flags)
	if w.Status != grader.Graded || c.Status != grader.Graded || len(w.Cases) != len(c.Cases) {
		t.Fatalf("status warm %q, cold %q; %d cases warm, %d cold", w.Status, c.Status, len(w.Cases), len(c.Cases))
	}
	for i, wc := range w.Cases {
		cc := c.Cases[i]
		if wc.Verdict != cc.Verdict {
			t.Errorf("case %s: warm %s, cold %s", wc.ID, wc.Verdict, cc.Verdict)
		}
		for _, f := range fail {
			if len(wc.Args) > 0 && wc.Args[0] == f && wc.Verdict == grader.Pass {
				t.Errorf("case %s (%s) passed warm: a fresh JVM cannot pass it", wc.ID, wc.Args)
			}
		}
	}
	if w.Score != c.Score {
		t.Errorf("score warm %v, cold %v", w.Score, c.Score)
	}
}

// TestEquivCorrect: the honest program of testdata/equiv keeps full marks,
// all warm.
func TestEquivCorrect(t *testing.T) {
	b := gradeEquiv(t)
	sameVerdicts(t, b, "correct")
	if w := b.warm["correct"]; w.Score != 16 || len(w.Flags) > 0 {
		t.Errorf("correct: score %v, flags %q; want full marks, all warm", w.Score, w.Flags)
	}
}

// TestEquivBankedCPU: a program that banks CPU time in JDK state over the
// light cases (0.15 s each, well under the hand-off; 1.8 s over the
// twelve) and answers the heavy ones, which need 1.5 s of it against a
// 1 s limit, from the bank. A warm box's life is one cold run's CPU
// limit, so no bank can hold more than a cold run has: the heavy cases
// fail warm as cold.
func TestEquivBankedCPU(t *testing.T) {
	sameVerdicts(t, gradeEquiv(t), "banked", "heavy")
}

// TestEquivDeepStack: a program whose light cases get its recursive method
// compiled, so that a later case's recursion, 9,000 calls of large frames,
// would fit in compiled frames where a fresh JVM's interpreted ones
// overflow. Its frames are too large (Harness.MAX_REUSED_SLOTS) for one
// loader to serve every case, the case thread's stack is smaller than a
// fresh JVM's main thread's, and a StackOverflowError ends the warm JVM:
// the deep cases get the verdict they get cold. (Whether a fresh JVM
// overflows is the toolchain's -Xss, from the memory limit: at this
// rubric's 512 MiB, 16 MiB holds the recursion, and the deep cases pass
// both ways.)
func TestEquivDeepStack(t *testing.T) {
	sameVerdicts(t, gradeEquiv(t), "deep")
}
