package report_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/unittest"
)

// The failures of the unit-test batch the page test opens: a hidden
// test, whose message the student's report leaves out and the TA's page
// shows, and a public one with a message of several lines.
const (
	hiddenTest  = "unit/test_stats_hidden.test_median_unsorted"
	hiddenWhy   = "expected: <1106> but was: <1105>"
	publicTest  = "unit/test_stats.test_median_even"
	publicLines = "def test_median_even():\n>       helpers.check_close(stats.median([4, 1, 3, 2]), 2.5)\nE       AssertionError: got 3, want 2.5"
)

// unitTestBatch is a batch of one submission of the pytest example
// (cases/unittest-python) that fails hiddenTest and publicTest, as the
// unit-test judge records them.
func unitTestBatch(t *testing.T) (*grader.Assignment, []grader.Result) {
	t.Helper()
	a, err := grader.LoadAssignment(filepath.Join("..", "..", "cases", "unittest-python", "rubric.toml"), unittest.Judges)
	if err != nil {
		t.Fatal(err)
	}
	r := grader.Result{ID: "ada", Status: grader.Graded, MaxScore: a.Rubric.Total}
	for i, p := range a.Rubric.Parts {
		pr := grader.PartResult{ID: p.ID, Name: p.Name, MaxScore: p.Points}
		for _, c := range a.Parts[i] {
			cr := grader.CaseResult{ID: c.ID, Part: p.ID, Visibility: c.Visibility, RunResult: grader.RunResult{Verdict: grader.Pass}}
			switch c.ID {
			case hiddenTest:
				cr.Verdict, cr.Feedback, cr.JudgeLog = grader.WrongAnswer, "an assertion failed", hiddenWhy
			case publicTest:
				cr.Verdict, cr.Feedback = grader.WrongAnswer, publicLines
			default:
				pr.Passed++
			}
			pr.Total++
			r.Cases = append(r.Cases, cr)
		}
		pr.Score = p.Points * float64(pr.Passed) / float64(pr.Total)
		r.Parts = append(r.Parts, pr)
		r.Score += pr.Score
	}
	return a, []grader.Result{r}
}

// TestUnitTestPageInChromium opens index.html of a unit-test batch in
// headless Chromium and finds, under the hidden test that failed, the
// reason results.json holds (the judge's log, for the TA), and the public
// test's message of several lines with its lines kept.
func TestUnitTestPageInChromium(t *testing.T) {
	browser, driver := needChromium(t)
	a, results := unitTestBatch(t)
	page, err := report.Page(a, report.NewBatch(a, "test", results))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	path := filepath.Join(out, "index.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	wd := startDriver(t, driver)
	sess := wd.newSession(t, map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"goog:chromeOptions": map[string]any{"binary": browser, "args": []string{
			"--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--window-size=1280,1400", "--user-data-dir=" + t.TempDir()}},
	}}})
	defer sess.call(t, "DELETE", "", nil)

	for _, tc := range []struct{ id, css, want string }{
		{hiddenTest, "pre.judge-log", hiddenWhy},
		{publicTest, "pre.feedback", publicLines},
	} {
		anchor := anchorOf(t, page, tc.id)
		sess.call(t, "POST", "/url", map[string]any{"url": "file://" + filepath.ToSlash(path) + "#" + anchor})
		sess.waitFor(t, tc.id+"'s "+tc.css, func() string {
			els := sess.findAll(t, "[id='"+anchor+"'] "+tc.css)
			if len(els) != 1 {
				return fmt.Sprintf("%d elements %s under #%s", len(els), tc.css, anchor)
			}
			if got := sess.text(t, els[0]); got != tc.want {
				return fmt.Sprintf("it shows %q", got)
			}
			return ""
		})
	}
	if !strings.Contains(string(page), "the test failed") {
		t.Error("the page does not speak of a failed test")
	}
	if strings.Contains(string(page), "Known mistakes") {
		t.Error("the page has known mistakes, and the assignment no reference to know any")
	}
}

// anchorOf finds the id of the details of case id on the page.
func anchorOf(t *testing.T, page []byte, id string) string {
	t.Helper()
	m := regexp.MustCompile(`<div class="failure" id="([^"]*)">\s*<h3>` + regexp.QuoteMeta(id) + `:`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no details of %s on the page", id)
	}
	return string(m[1])
}

// The student's report keeps its policy: the hidden test's reason stays
// out of it.
func TestUnitTestMarkdownKeepsHiddenReason(t *testing.T) {
	a, results := unitTestBatch(t)
	md := report.Markdown(a, results[0])
	if strings.Contains(string(md), hiddenWhy) {
		t.Errorf("the student's report shows the hidden test's reason:\n%s", md)
	}
}

// A student's bytes in what index.html now shows (a judge's log, which
// holds a test's message about the student's values; what a program
// printed up to the output limit) are text: markup escaped, control bytes
// shown.
func TestPageHostileLog(t *testing.T) {
	a, results := unitTestBatch(t)
	r := &results[0]
	for i := range r.Cases {
		c := &r.Cases[i]
		switch c.ID {
		case hiddenTest:
			c.JudgeLog = "expected: <script>alert(1)</script> but was: \x1b]0;pwned\x07\x1b[2J"
		case publicTest:
			out := "28\n\x1b[31m<img src=x onerror=alert(2)>\n"
			c.Verdict, c.Limit, c.Output, c.Feedback = grader.OutputLimit, grader.Output, &out, ""
		}
	}
	page, err := report.Page(a, report.NewBatch(a, "test", results))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script>alert", "<img src=x", "\x1b", "\x07"} {
		if strings.Contains(string(page), bad) {
			t.Errorf("index.html holds %q as it is", bad)
		}
	}
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;img src=x onerror=alert(2)&gt;"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
}

// A comment graded by hand quotes a student's file name (and the TA's
// text): its control and bidi characters are shown on index.html as the
// rest of a student's bytes are, never left raw.
func TestPageHostileManualComment(t *testing.T) {
	a, results := unitTestBatch(t)
	results[0].Manual = &grader.Manual{Comments: []grader.ManualComment{{
		File: "ctl\x1b[31m\u202etxt.exe", Line: 1, Text: "MARK \x1b]0;pwned\x07",
	}}}
	page, err := report.Page(a, report.NewBatch(a, "test", results))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"\x1b", "\x07", "\u202e"} {
		if strings.Contains(string(page), bad) {
			t.Errorf("index.html holds %q as it is", bad)
		}
	}
	if !strings.Contains(string(page), "MARK") {
		t.Error("index.html lacks the comment")
	}
}
