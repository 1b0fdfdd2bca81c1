package warm

import (
	"context"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestIdenticalCopies grades a batch of copies of the same bytes, under
// different names: they compile once, in one compile-service JVM, and
// each is graded as the first. What Prepare compiled is forgotten once
// the last copy has taken it.
func TestIdenticalCopies(t *testing.T) {
	requireJDK(t)
	a, err := grader.LoadAssignment("../../rubric.toml", oracle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../examples/alice/EightQueen.java")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		files   []submission.File
		harness int64 // harness JVMs per copy
	}{
		{"correct", []submission.File{{Name: "EightQueen.java", Data: src}}, 1},
		{"compile error", readFiles(t, "testdata/eq/twofiles"), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n = 6
			var subs []submission.Submission
			for i := range n {
				subs = append(subs, submission.Submission{ID: string(rune('a' + i)), Files: tc.files})
			}
			w, err := New(a.Rubric, Inputs(a, "public"), Options{CacheDir: cacheDir})
			if err != nil {
				t.Fatal(err)
			}
			b := &grader.Batch{Assignment: a, Runner: w, Jobs: 2, Options: grader.Options{Visibility: "public"}}
			res, err := b.Run(context.Background(), subs)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := w.stats.JVMs.Load(), 1+n*tc.harness; got != want {
				t.Errorf("%d JVMs, want %d: one compile service and %d harness per copy", got, want, tc.harness)
			}
			if got := w.stats.Submissions.Load(); got != n {
				t.Errorf("%d builds, want %d", got, n)
			}
			for i, r := range res {
				r.ID, r.Key, res[0].ID, res[0].Key = "", "", "", ""
				if !reflect.DeepEqual(r, res[0]) {
					t.Errorf("copy %d graded %+v, the first %+v", i, r, res[0])
				}
			}
			if len(w.prepared) != 0 {
				t.Errorf("%d compiles still held after the batch", len(w.prepared))
			}
		})
	}
}

// TestHandOff: with a hand-off, the first case that uses that much CPU in
// the warm JVM, and every case after it of its part, run cold, and end as
// they end without one (a loop at its CPU limit, the others' output); a
// new JVM answers the other parts' cases; without, every case is answered
// warm. Inputs with no part are of one.
func TestHandOff(t *testing.T) {
	requireJDK(t)
	a, err := grader.LoadAssignment("testdata/handoff/rubric.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	files := readFiles(t, "testdata/handoff/loop")
	for _, tc := range []struct {
		name   string
		inputs []Input
		// Without a hand-off, each loop ends its warm JVM at the CPU
		// limit and the next JVM runs the rest: a compile and harness
		// JVMs (warm). With one, the first loop hands off cold what is
		// left of its part, and a harness JVM runs the rest, if any.
		warm, cold, jvms int64
		flag             string
	}{
		// One loop: the parts' part b has loops after its first, each
		// ending its warm JVM without a hand-off, and run cold with one.
		{"no parts", []Input{args("one"), args("loop"), args("two"), args("three")}, 3, 3, 2,
			"warm mode: ran its runs cold from the first that used 200ms of CPU time (the hand-off)"},
		// Public cases first: a/1, b/1 (loop), b/2, then b/3 and b/4
		// (loops), c/1.
		{"parts", Inputs(a, ""), 5, 4, 3,
			"warm mode: ran part b cold: a run of it used 200ms of CPU time (the hand-off)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var runs [2][]grader.Execution
			for k, hand := range []time.Duration{0, 200 * time.Millisecond} {
				w, err := New(a.Rubric, tc.inputs, Options{CacheDir: cacheDir, HandOff: hand})
				if err != nil {
					t.Fatal(err)
				}
				b, err := w.Build(ctx, files, sandbox.Hooks{})
				if err != nil || !b.OK {
					t.Fatalf("hand-off %v: build ok=%v %v %s", hand, b.OK, err, b.Log)
				}
				for _, in := range tc.inputs {
					ex, err := b.Program.Run(ctx, grader.Input{Args: in.Args})
					if err != nil {
						t.Fatal(err)
					}
					runs[k] = append(runs[k], ex)
				}
				flags := b.Program.(grader.Flagger).Flags()
				b.Program.Close()
				cold, jvms, flag := int64(0), tc.warm, []string(nil)
				if hand > 0 {
					cold, jvms, flag = tc.cold, tc.jvms, []string{tc.flag}
				}
				// On a loaded machine a starved case may look waiting: it is
				// given up and runs cold, and the JVM after it runs the rest. The
				// counts are then larger, never smaller; the runs' ends are
				// compared below either way.
				waited := w.stats.Waited.Load()
				if got := w.stats.ColdCases.Load(); got < cold || waited == 0 && got != cold {
					t.Errorf("hand-off %v: %d cases ran cold (%d given up as waiting), want %d", hand, got, waited, cold)
				}
				if got := w.stats.JVMs.Load(); got < jvms || waited == 0 && got != jvms {
					t.Errorf("hand-off %v: %d JVMs (%d cases given up as waiting), want %d", hand, got, waited, jvms)
				}
				if !reflect.DeepEqual(flags, flag) {
					t.Errorf("hand-off %v: flags %q, want %q", hand, flags, flag)
				}
			}
			for i, in := range tc.inputs {
				if in.Args[0] == "loop" {
					if runs[0][i].Limit != grader.CPU || runs[1][i].Limit != grader.CPU {
						t.Errorf("%s: limits %q without the hand-off, %q with; want the CPU limit", in.Args, runs[0][i].Limit, runs[1][i].Limit)
					}
				}
				if d := sameExecution(runs[0][i], runs[1][i]); d != "" {
					t.Errorf("%s: with and without the hand-off:\n%s", in.Args, d)
				}
			}
		})
	}
}
