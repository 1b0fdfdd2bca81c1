package report_test

import (
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/review"
)

// TestManualProducts: a submission graded by hand (a manual part, an item
// on an autograded part, a comment on a changed file) shows it in every
// product, its totals counting it, its text escaped.
func TestManualProducts(t *testing.T) {
	a := assignment(t, "total = 40", "total = 45",
		"[[part]]\nid = \"a\"", "[[manual_part]]\nid = \"style\"\nname = \"Style\"\npoints = 5\nstart = 5\n\n"+
			"[[manual]]\nid = \"names\"\ntext = \"Names <b>unclear</b>\"\npoints = -2\npart = \"style\"\n\n"+
			"[[manual]]\nid = \"hard\"\ntext = \"Hard-coded | answers\"\npoints = -4\npart = \"a\"\n\n[[part]]\nid = \"a\"")
	r := graded(t, a)
	r.ID = "alice"
	s := review.NewState()
	for _, act := range []review.Action{
		{TA: "t", Op: review.OpApply, Subs: []string{"alice"}, Item: "names"},
		{TA: "t", Op: review.OpApply, Subs: []string{"alice"}, Item: "hard"},
		{TA: "t", Op: review.OpComment, Subs: []string{"alice"}, ID: "c", File: "EightQueen.java", Line: 12, SHA256: "old",
			Text: "<script>window.pwned=1</script> `x` [link](http://evil)"},
	} {
		if err := s.Do(a.Rubric, act); err != nil {
			t.Fatal(err)
		}
	}
	res := review.Apply(a.Rubric, s, []grader.Result{r}, map[string]review.Hashes{"alice": {"EightQueen.java": "new"}})
	// 40 autograded, a: 10 - 4, style: 5 - 2.
	if got := res[0].Score; got != 40-4+3 {
		t.Fatalf("score %v, want 39", got)
	}
	md := string(report.Markdown(a, res[0]))
	for _, want := range []string{"**Score: 39 / 45**", "| style | Style | 0 / 0 | 3 / 5 |", "## Graded by hand",
		"| Names \\<b\\>unclear\\</b\\> | style | -2 |", "Hard-coded \\| answers",
		"- `EightQueen.java` line 12: \\<script\\>", "(the file has changed since this comment"} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	if parts := string(report.Parts(a, res)); !strings.Contains(parts, "part style (5)") || !strings.Contains(parts, ",39,45,0,0,6,20,10,3\n") {
		t.Errorf("parts.csv:\n%s", parts)
	}
	if gb := string(report.Gradebook(a, res, report.Roster{})); !strings.HasSuffix(gb, "alice,,,,,39\n") {
		t.Errorf("gradebook.csv:\n%s", gb)
	}
	page, err := report.Page(a, report.NewBatch(a, "test", res))
	if err != nil {
		t.Fatal(err)
	}
	if p := string(page); strings.Contains(p, "<script>window") || !strings.Contains(p, "&lt;script&gt;window.pwned=1") || !strings.Contains(p, "Graded by hand") {
		t.Errorf("index.html does not show the comment escaped")
	}
	gs := report.Gradescope(a, res[0])
	sum := 0.0
	for _, tc := range gs.Tests {
		sum += tc.Score
	}
	last := gs.Tests[len(gs.Tests)-1]
	if gs.Score != 39 || last.Name != "graded by hand" || last.Score != -1 || int(sum*100+0.5) != 3900 {
		t.Errorf("Gradescope: score %v, tests add up to %v, last %+v", gs.Score, sum, last)
	}
}
