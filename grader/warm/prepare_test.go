package warm

import (
	"context"
	"os"
	"reflect"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
)

// TestIdenticalCopies grades a batch of copies of the same bytes, under
// different names: they compile once, in one compile-service JVM, and
// each is graded as the first. What Prepare compiled is forgotten once
// the last copy has taken it.
func TestIdenticalCopies(t *testing.T) {
	requireJDK(t)
	a, err := grader.LoadAssignment("../../rubric.toml")
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
