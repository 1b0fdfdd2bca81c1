package report_test

import (
	"context"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
)

// pageResults is the test batch and three more submissions, graded with
// the reference's catalogue of mistakes: two that count pairs twice and
// one whose steepest moves include staying put, with ids to escape and
// whitespace that differs inside a line.
func pageResults(t *testing.T, a *grader.Assignment) []grader.Result {
	t.Helper()
	results := batch(t, a)
	if err := a.SetReference(oracle.EightQueen{}); err != nil {
		t.Fatal(err)
	}
	defer a.SetReference(nil)
	for _, s := range []struct{ id, program string }{{"kim", "twice"}, {"lee-b", "twice"}, {"o'neil/sam", "stay-put"}} {
		r, err := a.Grade(context.Background(), runner{}, sub(s.id, s.program+"\n"), 0, grader.Options{})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	slices.SortFunc(results, func(x, y grader.Result) int { return strings.Compare(x.ID, y.ID) })
	return results
}

// TestPage: index.html of the test batch, as a golden file; it fetches
// nothing, escapes what students wrote, and every link inside it leads
// somewhere.
func TestPage(t *testing.T) {
	a := assignment(t)
	results := pageResults(t, a)
	page, err := report.Page(a, report.NewBatch(a, "test", results))
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "index.html", page)
	if n := checkLinks(t, page); n < 30 {
		t.Errorf("only %d internal links checked", n)
	}
	// Nothing is fetched: no address outside the page, no src at all.
	if m := regexp.MustCompile(`(?i)(https?:|//[a-z]|\bsrc=|@import|url\()`).Find(page); m != nil {
		t.Errorf("index.html refers to something outside itself: %q", m)
	}
	for _, r := range results {
		if r.ID != "o'neil/sam" && !strings.Contains(string(page), `<section class="sub" id="s-`+r.ID+`">`) {
			t.Errorf("no section for %s", r.ID)
		}
	}
	for _, want := range []string{
		`<section class="sub" id="s-o.27neil.2fsam">`,
		// The class's known mistakes, with the submissions that made
		// them, most common first, linked to the first case that shows it.
		`<tr><td>pairs-counted-twice</td><td class="num">2</td>`,
		`<a href="#s-kim~a.2fhidden-01">kim (a/hidden-01)</a>, <a href="#s-lee-b~a.2fhidden-01">lee-b (a/hidden-01)</a>`,
		`<tr><td>stay-put-successor</td><td class="num">1</td>`,
		// The late penalty beside the total it was taken from.
		`<td class="num late" data-sort="10">−10 <span class="days">(2 days)</span></td>`,
		// Passes folded below the failures, and cases that never ran.
		`<details class="passing"><summary>4 passing cases</summary>`,
		`<details class="not-run"><summary>7 cases not run: compile-error</summary>`,
		// Whitespace visible and the changed characters marked, with
		// line numbers.
		`<tr class="changed"><td class="ln">3</td><td class="text exp">12275643</td><td class="ln">3</td><td class="text got">12<mark>·</mark>275643</td></tr>`,
		`<tr class="changed"><td class="ln">5</td><td class="text exp">12575643</td><td class="ln">5</td><td class="text got">1<mark>→</mark>2575643</td></tr>`,
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
}

// checkLinks checks that each internal link of a page (href="#...") is,
// unchanged, the id of one of its elements, which the page's script finds
// too (it decodes the fragment: nothing to decode then), and that no two
// elements share an id. It returns how many links it checked.
func checkLinks(t *testing.T, page []byte) int {
	t.Helper()
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`\sid="([^"]*)"`).FindAllSubmatch(page, -1) {
		id := html.UnescapeString(string(m[1]))
		if ids[id] {
			t.Errorf("two elements have the id %q", id)
		}
		ids[id] = true
	}
	links := regexp.MustCompile(`href="#([^"]*)"`).FindAllSubmatch(page, -1)
	for _, m := range links {
		frag := html.UnescapeString(string(m[1]))
		switch {
		case frag == "": // the top of the page: the class table
		case strings.Contains(frag, "%"):
			t.Errorf("link #%s is encoded: its element's id would not be the same string", frag)
		case !ids[frag]:
			t.Errorf("link #%s leads to no element", frag)
		}
	}
	return len(links)
}

// TestPageEscapes: a hostile id, output and stderr stay text.
func TestPageEscapes(t *testing.T) {
	a := assignment(t)
	evil := `<script>alert(1)</script>`
	r := grader.Result{ID: `x"><img onerror=alert(1)>` + evil, Score: 1, MaxScore: a.Rubric.Total, Status: grader.Graded,
		Notes: []string{evil},
		Cases: []grader.CaseResult{{ID: "a/p1", Part: "a", Args: []string{evil}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Stderr: evil, Mismatch: &grader.Mismatch{Line: 1, Expected: "28", Got: evil, Diff: "--- expected\n+++ got\n@@ -1 +1 @@\n-28\n+" + evil + "\n"}}}}}
	page, err := report.Page(a, report.NewBatch(a, "test", []grader.Result{r}))
	if err != nil {
		t.Fatal(err)
	}
	checkLinks(t, page)
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
// and a diff side by side with its spaces made visible, line numbers and
// the changed characters marked.
func TestPageShowsEverything(t *testing.T) {
	a := assignment(t)
	ms := int64(42)
	r := grader.Result{ID: "s1", Score: 10, MaxScore: a.Rubric.Total, Status: grader.Graded, Key: "k3y",
		Notes: []string{"EightQueen.java is missing: built EightQueens.java under that name, 5 points deducted"},
		Flags: []string{"warm mode: ran cold: it starts a thread"},
		Parts: []grader.PartResult{{ID: "a", Name: "Cost", Score: 10, MaxScore: 10, Passed: 1, Total: 3}},
		Cases: []grader.CaseResult{
			{ID: "a/p1", Part: "a", Args: []string{"315", "1", "12375643"}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Mismatch: &grader.Mismatch{Line: 2, Expected: "1:02375643·10", Got: "1:02375643··10",
				Diff: "--- expected\n+++ got\n@@ -1,3 +1,3 @@\n 0:12375643 14\n-1:02375643 10\n+1:02375643  10\n+extra→line\n 2:02375043 8\n"}},
				Mistakes: []string{"lowercase-solved"}},
			{ID: "a/p2", Part: "a", Args: []string{"399", "-1", "13276471"}, Visibility: "hidden", RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Violation: &grader.Violation{Line: 7, Rule: "move", Msg: "13276471 is not one of the steepest moves"}}},
			{ID: "a/p3", Part: "a", Args: []string{"499", "01234567"}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.Pass, Stderr: "debug: done\n"},
				Reading: "cutoff-optimum", TimeMS: &ms, Rerun: "rerun after the other cases"},
		},
		Diagnoses:  []grader.Diagnosis{{Mistake: "lowercase-solved", Hint: "The handout prints \"Solved\".", Cases: []string{"a/p1"}}},
		BuildLog:   "EightQueen.java:3: warning: [removal]\n  x  <- two spaces\n",
		Provenance: &grader.Provenance{GraderVersion: "v9", Runtime: "java 17.0.15", Reference: "eightqueen", RubricSHA256: "r256", CasesSHA256: "c256", WallMS: 5000, MemoryBytes: 512 << 20},
		Files:      []grader.HandedFile{{Path: "gradebook/stats.py", Bytes: 1024, BuiltAs: "stats.py"}, {Path: "old/<b>x\x1b[31m.py", Bytes: 7}},
	}
	data, err := report.Page(a, report.NewBatch(a, "test", []grader.Result{r}))
	if err != nil {
		t.Fatal(err)
	}
	checkLinks(t, data)
	page := string(data)
	for _, want := range []string{
		`<option value="wrong-answer">wrong-answer</option>`,
		`<div class="hint"><h3>Known mistake: lowercase-solved</h3><p>The handout prints &#34;Solved&#34;.</p><p>Cases: a/p1.</p></div>`,
		`<p class="violation">Line 7 breaks the rule &#34;move&#34;: 13276471 is not one of the steepest moves</p>`,
		`<p>Known mistake: this is what a program with lowercase-solved prints.</p>`,
		`expected <code>1:02375643·10</code>, got <code>1:02375643··10</code>`,
		`<tr><td class="ln">1</td><td class="text exp">0:12375643·14</td><td class="ln">1</td><td class="text got">0:12375643·14</td></tr>`,
		`<tr class="changed"><td class="ln">2</td><td class="text exp">1:02375643·10</td><td class="ln">2</td><td class="text got">1:02375643·<mark>·</mark>10</td></tr>`,
		`<tr class="changed"><td class="ln none"></td><td class="text exp none"></td><td class="ln">3</td><td class="text got">extra→line</td></tr>`,
		`<tr class="hunk"><td colspan="4">@@ -1,3 &#43;1,3 @@</td></tr>`,
		`pass (cutoff-optimum), 42 ms`,
		`<details class="passing"><summary>1 passing case</summary>`,
		`<tr><td><a href="#s-s1~a.2fp3">a/p3</a></td>`,
		`<div class="passed" id="s-s1~a.2fp3">`,
		`<pre class="stderr">debug: done` + "\n</pre>",
		`<pre class="build-log">EightQueen.java:3: warning: [removal]` + "\n  x  &lt;- two spaces\n</pre>",
		`<li>EightQueen.java is missing: built EightQueens.java under that name, 5 points deducted</li>`,
		`<div class="flags"><h3>For the TA</h3><ul><li>warm mode: ran cold: it starts a thread</li></ul></div>`,
		`<tr><th>runtime</th><td>java 17.0.15</td></tr>`,
		`wall 5 s, CPU default, memory 512 MiB, output default`,
		`<div class="flags"><h3>The machine's load</h3><p>1 case in 1 submission waited until the wall-time limit having used little CPU time, and was rerun after the other cases; the rerun changed the verdict of 1: `,
		`<tr><td><code>gradebook/stats.py</code></td><td class="num">1 KiB</td><td><code>stats.py</code></td></tr>`,
		`<tr><td><code>old/&lt;b&gt;x␛[31m.py</code></td><td class="num">7 bytes</td><td>not built</td></tr>`,
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

// TestPageOwnCode: where a tests part ran the student's tests on their
// own code, the TA's page says how many passed there and, per test, how
// it fared, the student's message escaped; where it did not, no column.
func TestPageOwnCode(t *testing.T) {
	a := assignment(t)
	evil := `<script>alert(1)</script>`
	tr := &mutation.Result{Valid: 2, Tests: []mutation.Test{
		{Name: "test_a.py::test_x", Valid: true, OnOwnCode: &mutation.OwnCodeRun{Passed: true}},
		{Name: "test_a.py::test_y", Valid: true, OnOwnCode: &mutation.OwnCodeRun{Why: "assert " + evil}}}}
	plain := &mutation.Result{Valid: 1, Tests: []mutation.Test{{Name: "test_a.py::test_x", Valid: true}}}
	for _, tc := range []struct {
		tr        *mutation.Result
		seen, not []string
	}{
		{tr, []string{"<p>1 of 2 tests pass on your own code.</p>", "<th>on the student's own code</th>", "<td>passed</td>", "<td>failed: assert &lt;script&gt;alert(1)&lt;/script&gt;</td>"}, nil},
		{plain, nil, []string{"own code"}},
	} {
		r := grader.Result{ID: "s1", Score: 1, MaxScore: a.Rubric.Total, Status: grader.Graded,
			Parts: []grader.PartResult{{ID: "a", Name: "Cost", Score: 1, MaxScore: 10, Tests: tc.tr}}}
		data, err := report.Page(a, report.NewBatch(a, "test", []grader.Result{r}))
		if err != nil {
			t.Fatal(err)
		}
		page := string(data)
		for _, s := range tc.seen {
			if !strings.Contains(page, s) {
				t.Errorf("%q missing from the page", s)
			}
		}
		for _, s := range tc.not {
			if strings.Contains(page, s) {
				t.Errorf("%q on the page", s)
			}
		}
		if n := strings.Count(page, "<script>"); n != 1 {
			t.Errorf("%d <script> tags, want the page's own one", n)
		}
	}
}
