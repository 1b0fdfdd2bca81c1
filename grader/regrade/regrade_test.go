package regrade

import (
	"slices"
	"testing"

	"github.com/cs540-tools/autograder/grader"
)

func res(id string, status grader.Status, score float64, parts ...grader.PartResult) grader.Result {
	return grader.Result{ID: id, Status: status, Score: score, Parts: parts}
}

func TestDiff(t *testing.T) {
	p := func(id string, score float64, passed, total int) grader.PartResult {
		return grader.PartResult{ID: id, Score: score, Passed: passed, Total: total}
	}
	old := []grader.Result{
		res("alice", grader.Graded, 10, p("a", 10, 2, 2)),
		res("bob", grader.Graded, 5, p("a", 5, 1, 2)),
		res("carol", grader.Graded, 10, p("a", 10, 2, 2)),
		res("gone", grader.Graded, 1, p("a", 1, 1, 2)),
		res("same", grader.StatusCompile, 0, p("a", 0, 0, 2)),
	}
	new := []grader.Result{
		res("alice", grader.Graded, 10, p("a", 10, 2, 2)),
		res("bob", grader.Graded, 10, p("a", 10, 3, 3)),
		res("carol", grader.Graded, 7.5, p("a", 7.5, 3, 4)),
		res("dan", grader.Graded, 2, p("a", 2, 1, 5)),
		res("same", grader.StatusCompile, 0, p("a", 0, 0, 2)),
	}
	cs := Diff(old, new)
	kept := NeverLower(old, new, cs)
	want := "bob: graded 5 → graded 10\n  part a: 5 (1/2 passed) → 10 (3/3 passed)\n" +
		"carol: graded 10 → graded 7.5 (kept: never lower)\n  part a: 10 (2/2 passed) → 7.5 (3/4 passed)\n" +
		"dan: new: graded 2\n" +
		"gone: no longer in the batch (was graded 1)\n"
	if got := Text(cs, func(s string) string { return s }); got != want {
		t.Errorf("Text:\n%s\nwant\n%s", got, want)
	}
	if kept[2].Score != 10 || kept[1].Score != 10 || len(kept) != 5 {
		t.Errorf("NeverLower: %+v", kept)
	}
}

// TestStagedRoundTrip: the staged changes read back show as they were.
func TestStagedRoundTrip(t *testing.T) {
	old := &grader.Result{ID: "alice", Status: grader.Graded, Score: 64, Cases: []grader.CaseResult{{ID: "x"}}}
	now := &grader.Result{ID: "alice", Status: grader.Graded, Score: 63}
	changes := []Change{{ID: "alice", Old: old, New: now, Parts: []PartChange{{ID: "a", OldScore: 5, NewScore: 4}}},
		{ID: "bob", New: now}}
	data, err := EncodeStaged("abc", changes)
	if err != nil {
		t.Fatal(err)
	}
	hash, back, err := DecodeStaged(data)
	id := func(s string) string { return s }
	if err != nil || hash != "abc" || Text(back, id) != Text(changes, id) || back[0].Old.Cases != nil {
		t.Errorf("%q %v %q", hash, err, Text(back, id))
	}
}

// TestNeverLowerRescales: a part's points changed (e 15 → 10): a kept
// result is out of the new points, its parts summing to its total, so
// that every file written agrees with the rubric.
func TestNeverLowerRescales(t *testing.T) {
	old := []grader.Result{{ID: "alice", Status: grader.Graded, Score: 63, MaxScore: 63,
		Parts: []grader.PartResult{{ID: "a", Score: 48, MaxScore: 48}, {ID: "e", Score: 15, MaxScore: 15}}}}
	new := []grader.Result{{ID: "alice", Status: grader.Graded, Score: 40, MaxScore: 58,
		Parts: []grader.PartResult{{ID: "a", Score: 35, MaxScore: 48}, {ID: "e", Score: 5, MaxScore: 10}}}}
	got := NeverLower(old, new, nil)[0]
	sum := 0.0
	for _, p := range got.Parts {
		sum += p.Score
		if p.Score > p.MaxScore || p.MaxScore != new[0].Parts[slices.IndexFunc(new[0].Parts, func(x grader.PartResult) bool { return x.ID == p.ID })].MaxScore {
			t.Errorf("part %s: %v of %v", p.ID, p.Score, p.MaxScore)
		}
	}
	if got.Score != 58 || got.MaxScore != 58 || sum != got.Score {
		t.Errorf("kept %+v", got)
	}
	// Out of the same points: kept as it was.
	if got := NeverLower(old, []grader.Result{{ID: "alice", Status: grader.Graded, Score: 1, MaxScore: 63, Parts: old[0].Parts}}, nil)[0]; got.Score != 63 {
		t.Errorf("same scale: %+v", got)
	}
}

// FuzzDecodeStaged: whatever a staged file holds, reading it does not
// panic, and what it reads shows.
func FuzzDecodeStaged(f *testing.F) {
	data, _ := EncodeStaged("abc", []Change{{ID: "a", Old: &grader.Result{ID: "a"}, New: &grader.Result{ID: "a"}}})
	f.Add(data)
	f.Add([]byte("abc\n[{}]\n"))
	f.Add([]byte("abc\nnull"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, changes, err := DecodeStaged(data); err == nil {
			Text(changes, func(s string) string { return s })
		}
	})
}
