package report_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
)

// TestPage: index.html of the test batch, as a golden file; it fetches
// nothing and escapes what students wrote.
func TestPage(t *testing.T) {
	a := assignment(t)
	results := batch(t, a)
	page, err := report.Page(a, report.NewBatch(a, "test", results))
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "index.html", page)
	// Nothing is fetched: no address outside the page, no src at all.
	if m := regexp.MustCompile(`(?i)(https?:|//[a-z]|\bsrc=|@import|url\()`).Find(page); m != nil {
		t.Errorf("index.html refers to something outside itself: %q", m)
	}
	for _, r := range results {
		if !strings.Contains(string(page), `id="s-`+r.ID+`"`) {
			t.Errorf("no section for %s", r.ID)
		}
	}
}

// TestPageEscapes: a hostile id, output and stderr stay text.
func TestPageEscapes(t *testing.T) {
	a := assignment(t)
	evil := `<script>alert(1)</script>`
	r := grader.Result{ID: `x"><img onerror=alert(1)>` + evil, Score: 1, MaxScore: a.Rubric.Total, Status: grader.Graded,
		Notes: []string{evil},
		Cases: []grader.CaseResult{{ID: "a/p1", Part: "a", Args: []string{evil}, Visibility: "public", Verdict: grader.WrongAnswer,
			Stderr:   evil,
			Mismatch: &grader.Mismatch{Line: 1, Expected: "28", Got: evil, Diff: "--- expected\n+++ got\n@@ -1 +1 @@\n-28\n+" + evil + "\n"}}}}
	page, err := report.Page(a, report.NewBatch(a, "test", []grader.Result{r}))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(page), "<script>"); n != 1 {
		t.Errorf("%d <script> tags, want the page's own one", n)
	}
	if strings.Contains(string(page), "<img") {
		t.Error("an <img> tag got through")
	}
	if !strings.Contains(string(page), "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the student's text is not shown escaped")
	}
}
