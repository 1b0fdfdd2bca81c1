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

// TestPageShowsEverything: a submission's view holds all its result
// says: known mistakes with their hints, a broken rule, the reading, the
// time, a passing case's stderr, the build log verbatim, the provenance,
// and a diff side by side with its spaces made visible.
func TestPageShowsEverything(t *testing.T) {
	a := assignment(t)
	ms := int64(42)
	r := grader.Result{ID: "s1", Score: 10, MaxScore: a.Rubric.Total, Status: grader.Graded, Key: "k3y",
		Notes: []string{"ran cold: a thread was left running"},
		Parts: []grader.PartResult{{ID: "a", Name: "Cost", Score: 10, MaxScore: 10, Passed: 1, Total: 3}},
		Cases: []grader.CaseResult{
			{ID: "a/p1", Part: "a", Args: []string{"315", "1", "12375643"}, Visibility: "public", Verdict: grader.WrongAnswer,
				Mismatch: &grader.Mismatch{Line: 2, Expected: "1:02375643·10", Got: "1:02375643··10",
					Diff: "--- expected\n+++ got\n@@ -1,3 +1,3 @@\n 0:12375643 14\n-1:02375643 10\n+1:02375643  10\n+extra→line\n 2:02375043 8\n"},
				Mistakes: []string{"lowercase-solved"}},
			{ID: "a/p2", Part: "a", Args: []string{"399", "-1", "13276471"}, Visibility: "hidden", Verdict: grader.WrongAnswer,
				Violation: &grader.Violation{Line: 7, Rule: "move", Msg: "13276471 is not one of the steepest moves"}},
			{ID: "a/p3", Part: "a", Args: []string{"499", "01234567"}, Visibility: "public", Verdict: grader.Pass,
				Reading: "cutoff-optimum", TimeMS: &ms, Stderr: "debug: done\n"},
		},
		Diagnoses:  []grader.Diagnosis{{Mistake: "lowercase-solved", Hint: "The handout prints \"Solved\".", Cases: []string{"a/p1"}}},
		BuildLog:   "EightQueen.java:3: warning: [removal]\n  x  <- two spaces\n",
		Provenance: &grader.Provenance{GraderVersion: "v9", Runtime: "java 17.0.15", Reference: "eightqueen", RubricSHA256: "r256", CasesSHA256: "c256", WallMS: 5000},
	}
	data, err := report.Page(a, report.NewBatch(a, "test", []grader.Result{r}))
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	for _, want := range []string{
		`<option value="wrong-answer">wrong-answer</option>`,
		`<div class="hint"><h3>Known mistake: lowercase-solved</h3><p>The handout prints &#34;Solved&#34;.</p><p>Cases: a/p1.</p></div>`,
		`<p class="violation">Line 7 breaks the rule “move”: 13276471 is not one of the steepest moves</p>`,
		`<b>lowercase-solved</b>`,
		`expected <code>1:02375643·10</code>, got <code>1:02375643··10</code>`,
		`<tr><td class="left">0:12375643·14</td><td class="right">0:12375643·14</td></tr>`,
		`<tr class="changed"><td class="left">1:02375643·10</td><td class="right">1:02375643··10</td></tr>`,
		`<tr class="changed"><td class="left none"></td><td class="right">extra→line</td></tr>`,
		`<tr class="hunk"><td colspan="2">@@ -1,3 &#43;1,3 @@</td></tr>`,
		`pass (cutoff-optimum), 42 ms`,
		`<div class="passed" id="s-s1-a/p3">`,
		`<pre class="stderr">debug: done` + "\n</pre>",
		`<pre class="build-log">EightQueen.java:3: warning: [removal]` + "\n  x  &lt;- two spaces\n</pre>",
		`<li>ran cold: a thread was left running</li>`,
		`<tr><th>runtime</th><td>java 17.0.15</td></tr>`,
		`wall 5000 ms, CPU default`,
		`<tr><th>key</th><td><code>k3y</code></td></tr>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	if strings.Contains(page, "--- expected") || strings.Contains(page, "+++ got") {
		t.Error("the diff's file headers are shown as lines")
	}
}
