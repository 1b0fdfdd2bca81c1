package review

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

func TestDo(t *testing.T) {
	r := testRubric()
	s := NewState()
	steps := []struct {
		a    Action
		fail bool
	}{
		{Action{TA: "t", Op: OpApply, Subs: []string{"bob", "alice"}, Item: "names"}, false},
		{Action{TA: "t", Op: OpApply, Subs: []string{"bob"}, Item: "nope"}, true},
		{Action{TA: "t", Op: OpItem, New: &rubric.ManualItem{ID: "late-fix", Text: "Fixed late", Points: 1, Part: "a"}}, false},
		{Action{TA: "t", Op: OpItem, New: &rubric.ManualItem{ID: "names", Text: "again", Points: 1, Part: "a"}}, true},
		{Action{TA: "t", Op: OpItem, New: &rubric.ManualItem{ID: "x", Text: "X", Points: 1, Part: "zzz"}}, true},
		{Action{TA: "t", Op: OpApply, Subs: []string{"alice"}, Item: "late-fix"}, false},
		{Action{TA: "t", Op: OpRemove, Subs: []string{"bob"}, Item: "names"}, false},
		{Action{TA: "t", Op: OpPoints, Item: "names", Points: -2}, false},
		{Action{TA: "t", Op: OpComment, Subs: []string{"alice", "bob"}, ID: "c1", File: "A.java", Line: 3, Text: "why?"}, false},
		{Action{TA: "t", Op: OpComment, Subs: []string{"alice"}, ID: "c2", File: "A.java", Line: 0, Text: "x"}, true},
		{Action{TA: "t", Op: OpUncomment, ID: "c1.2"}, false},
		{Action{TA: "BAD", Op: OpUncomment, ID: "c1"}, true},
	}
	for i, st := range steps {
		err := s.Do(r, st.a)
		if (err != nil) != st.fail {
			t.Errorf("step %d (%s): error %v, want failure %v", i, st.a.Op, err, st.fail)
		}
		if err != nil && !errors.Is(err, ErrAction) {
			t.Errorf("step %d: %v is not ErrAction", i, err)
		}
	}
	if got := fmt.Sprint(s.Applied); got != "map[alice:[late-fix names]]" {
		t.Errorf("applied %s", got)
	}
	if it, _ := s.Item(r, "names"); it.Points != -2 {
		t.Errorf("names is worth %v, want -2", it.Points)
	}
	if cs := s.CommentsOf("alice"); len(cs) != 1 || cs[0].ID != "c1" || len(s.CommentsOf("bob")) != 0 {
		t.Errorf("comments: alice %v, bob %v", cs, s.CommentsOf("bob"))
	}
}

func TestApply(t *testing.T) {
	r := testRubric()
	s := NewState()
	for _, a := range []Action{
		{TA: "t", Op: OpApply, Subs: []string{"alice", "bob"}, Item: "names"},
		{TA: "t", Op: OpApply, Subs: []string{"alice"}, Item: "bonus"},
		{TA: "t", Op: OpComment, Subs: []string{"alice"}, ID: "c", File: "A.java", Line: 2, SHA256: "old", Text: "hm"},
		{TA: "t", Op: OpPoints, Item: "names", Points: -0.5},
	} {
		if err := s.Do(r, a); err != nil {
			t.Fatal(err)
		}
	}
	results := []grader.Result{
		{ID: "alice", Status: grader.Graded, Score: 15, Parts: []grader.PartResult{{ID: "a", Score: 5, MaxScore: 10}, {ID: "b", Score: 10, MaxScore: 10}}},
		{ID: "bob", Status: grader.Graded, Score: 20, Parts: []grader.PartResult{{ID: "a", Score: 10, MaxScore: 10}, {ID: "b", Score: 10, MaxScore: 10}}},
		{ID: "carl", Status: grader.StatusFailed},
	}
	out := Apply(r, s, results, map[string]Hashes{"alice": {"A.java": "new"}})
	// alice: b 10 → 12 (+2, the ceiling), style 3 - 0.5 = 2.5: 15 + 4.5.
	if a := out[0]; a.Score != 19.5 || a.Parts[1].Score != 12 || len(a.Parts) != 3 || a.Parts[2].Score != 2.5 {
		t.Errorf("alice: %+v", a)
	}
	if c := out[0].Manual.Comments; len(c) != 1 || !c[0].Changed {
		t.Errorf("alice's comment on a changed file is not flagged: %+v", c)
	}
	if b := out[1]; b.Score != 22.5 || b.Manual.Auto != 20 {
		t.Errorf("bob: %+v", b)
	}
	if out[2].Manual != nil || results[0].Manual != nil || results[0].Parts[1].Score != 10 {
		t.Errorf("a grader failure was graded, or results changed: %+v %+v", out[2], results[0])
	}
}

// TestApplyTwice: Apply on results it already counted counts once.
func TestApplyTwice(t *testing.T) {
	r := testRubric()
	s := NewState()
	s.Do(r, Action{TA: "t", Op: OpApply, Subs: []string{"alice"}, Item: "bonus"})
	results := []grader.Result{{ID: "alice", Status: grader.Graded, Score: 15, Parts: []grader.PartResult{{ID: "a", Score: 5}, {ID: "b", Score: 9}}}}
	once := Apply(r, s, results, nil)
	twice := Apply(r, s, once, nil)
	j1, _ := json.Marshal(once)
	j2, _ := json.Marshal(twice)
	// b: 9 + 4, at most its ceiling 12; style: its start, 3.
	if string(j1) != string(j2) || once[0].Score != 15+3+3 {
		t.Errorf("once %+v\ntwice %+v", once, twice)
	}
	if back := twice[0].Autograded(r); fmt.Sprint(back) != fmt.Sprint(results[0]) {
		t.Errorf("Autograded: %+v, want %+v", back, results[0])
	}
}

// TestNoStartUngraded: a submission with no program that ran gets no
// start points for a manual part nobody graded on it, and gets them once
// a TA does; a graded one gets them either way.
func TestNoStartUngraded(t *testing.T) {
	r := testRubric()
	s := NewState()
	results := []grader.Result{
		{ID: "alice", Status: grader.Graded, Score: 15, Parts: []grader.PartResult{{ID: "a", Score: 5}, {ID: "b", Score: 10}}},
		{ID: "bob", Status: grader.StatusCompile},
		{ID: "carl", Status: grader.StatusMissing},
	}
	out := Apply(r, s, results, nil)
	if out[0].Score != 18 || out[1].Score != 0 || out[2].Score != 0 {
		t.Errorf("totals %v %v %v, want 18 0 0", out[0].Score, out[1].Score, out[2].Score)
	}
	if err := s.Do(r, Action{TA: "t", Op: OpDone, Subs: []string{"bob"}, Parts: []string{"style"}}); err != nil {
		t.Fatal(err)
	}
	if out = Apply(r, s, results, nil); out[1].Score != 3 || out[2].Score != 0 {
		t.Errorf("after bob is graded: %v %v, want 3 0", out[1].Score, out[2].Score)
	}
}

// TestUnknown: a hand-edited journal naming a submission or a file the
// batch lacks is noted.
func TestUnknown(t *testing.T) {
	r := testRubric()
	s := NewState()
	for _, a := range []Action{
		{TA: "t", Op: OpApply, Subs: []string{"alice", "zed"}, Item: "names"},
		{TA: "t", Op: OpComment, Subs: []string{"alice"}, ID: "c", File: "Nope.java", Line: 1, Text: "x"},
		{TA: "t", Op: OpComment, Subs: []string{"alice"}, ID: "d", File: "A.java", Line: 1, Text: "x"},
	} {
		if err := s.Do(r, a); err != nil {
			t.Fatal(err)
		}
	}
	results := []grader.Result{{ID: "alice", Status: grader.Graded}}
	got := Unknown(s, results, map[string]Hashes{"alice": {"A.java": "h"}}, func(id string) string { return "<" + id + ">" })
	want := `[items applied to <zed>, not in the batch: not counted comment c on <alice>'s file "Nope.java", which it does not have]`
	if fmt.Sprint(got) != want {
		t.Errorf("%v\nwant\n%s", got, want)
	}
}
