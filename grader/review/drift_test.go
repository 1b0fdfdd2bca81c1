package review

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// TestDrifts: a rubric change that drops, renames or repoints an applied
// item is named, per submission with its totals, whether the state was
// folded before the change (a snapshot) or after; accepting it ends it.
func TestDrifts(t *testing.T) {
	r := testRubric()
	item := func(id string) *rubric.ManualItem {
		it, _ := NewState().Item(r, id)
		return &it
	}
	results := []grader.Result{
		{ID: "alice", Status: grader.Graded, Score: 15, Parts: []grader.PartResult{{ID: "a", Score: 5}, {ID: "b", Score: 10}}},
		{ID: "bob", Status: grader.Graded, Score: 20, Parts: []grader.PartResult{{ID: "a", Score: 10}, {ID: "b", Score: 10}}},
	}
	for _, snap := range []bool{false, true} {
		t.Run(fmt.Sprintf("snapshot %v", snap), func(t *testing.T) {
			dir := t.TempDir()
			j, _ := Open(dir, "ta")
			g, _ := Open(dir, "grade")
			for _, a := range []Action{
				{Op: OpApply, Subs: []string{"alice", "bob"}, Item: "names", Was: item("names")},
				{Op: OpApply, Subs: []string{"alice"}, Item: "nocomments", Was: item("nocomments")},
				{Op: OpApply, Subs: []string{"bob"}, Item: "hard", Was: item("hard")},
			} {
				if _, err := j.Append(a); err != nil {
					t.Fatal(err)
				}
			}
			if snap {
				if err := Snapshot(dir, r); err != nil {
					t.Fatal(err)
				}
			}
			// The new rubric: names is worth -2, nocomments is renamed.
			r2 := testRubric()
			r2.Manual[0].Points = -2
			r2.Manual[1].ID = "no-comments"
			s, _, err := Load(dir, r2)
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprint(Drifts(r2, s, results))
			want := "[alice: 15 → 16 (item names -1 → -2, item nocomments -2.5 → gone from the rubric) bob: 14 → 13 (item names -1 → -2)]"
			if got != want {
				t.Errorf("Drifts:\n%s\nwant\n%s", got, want)
			}
			for _, a := range Accepts(ItemDrifts(r2, s), PartDrifts(r2, s)) {
				if _, err := g.Append(a); err != nil {
					t.Fatal(err)
				}
			}
			s, _, _ = Load(dir, r2)
			if d := Drifts(r2, s, results); len(d) != 0 || fmt.Sprint(s.Applied) != "map[alice:[names] bob:[hard names]]" {
				t.Errorf("after accepting: %v, applied %v", d, s.Applied)
			}
			// The rubric as it was, before accepting: no drift.
			os.Remove(filepath.Join(dir, Folder, "journal-grade.jsonl"))
			os.Remove(filepath.Join(dir, Folder, snapshotName))
			if s, _, _ = Load(dir, r); len(Drifts(r, s, results)) != 0 {
				t.Errorf("the unchanged rubric drifts: %v", Drifts(r, s, results))
			}
		})
	}
}

// TestPartDrifts: a rubric change of a part graded by hand (its
// ceiling lowered, its start changed, the part removed) is a drift, as
// an item's is; accepting it ends it.
func TestPartDrifts(t *testing.T) {
	results := []grader.Result{
		{ID: "alice", Status: grader.Graded, Score: 15, Parts: []grader.PartResult{{ID: "a", Score: 5}, {ID: "b", Score: 10}}},
		{ID: "bob", Status: grader.Graded, Score: 20, Parts: []grader.PartResult{{ID: "a", Score: 10}, {ID: "b", Score: 10}}},
	}
	for _, tc := range []struct {
		name   string
		change func(r *rubric.Rubric)
		want   string
	}{
		{"ceiling lowered", func(r *rubric.Rubric) { r.ManualParts[0].Ceiling = 1 }, "[alice: 17 → 16 (part style ceiling 3 → 1)]"},
		{"start changed", func(r *rubric.Rubric) { r.ManualParts[0].Start = 2 }, "[alice: 17 → 16 (part style start 3 → 2)]"},
		{"part removed", func(r *rubric.Rubric) { r.ManualParts = r.ManualParts[1:] }, "[alice: 17 → 15 (part style → gone from the rubric)]"},
		{"auto part's ceiling lowered", func(r *rubric.Rubric) { r.ManualParts[1].Ceiling = 10 }, "[bob: 25 → 23 (part b ceiling 12 → 10)]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			r := testRubric()
			j, _ := Open(dir, "ta")
			st := NewState()
			for _, a := range []Action{
				{Op: OpDone, Subs: []string{"alice"}, Parts: []string{"style"}},
				{Op: OpApply, Subs: []string{"alice"}, Item: "names"},
				{Op: OpApply, Subs: []string{"bob"}, Item: "bonus"},
			} {
				a.TA = "ta"
				a = Stamp(r, st, a)
				if err := st.Do(r, a); err != nil {
					t.Fatal(err)
				}
				if _, err := j.Append(a); err != nil {
					t.Fatal(err)
				}
			}
			if s, _, _ := Load(dir, r); len(Drifts(r, s, results)) != 0 {
				t.Fatalf("the unchanged rubric drifts: %v", Drifts(r, s, results))
			}
			r2 := testRubric()
			tc.change(r2)
			s, _, _ := Load(dir, r2)
			if got := fmt.Sprint(Drifts(r2, s, results)); got != tc.want {
				t.Errorf("Drifts:\n%s\nwant\n%s", got, tc.want)
			}
			g, _ := Open(dir, "grade")
			for _, a := range Accepts(ItemDrifts(r2, s), PartDrifts(r2, s)) {
				if _, err := g.Append(a); err != nil {
					t.Fatal(err)
				}
			}
			if s, _, _ = Load(dir, r2); len(Drifts(r2, s, results)) != 0 {
				t.Errorf("after accepting: %v", Drifts(r2, s, results))
			}
		})
	}
}
