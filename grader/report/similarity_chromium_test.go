package report_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/similarity"
	"github.com/cs540-tools/autograder/grader/submission"
)

// TestSimilarityInChromium opens similarity.html (issue 31) of the
// example batch (and a copy of alice's program with other names, handed
// in under a name that is markup) from disk in headless Chromium, as
// TestPageInChromium does index.html: the top pair is shown side by side
// with its matching regions highlighted on both sides; clicking one marks
// its counterpart; the name is shown as text, not run.
func TestSimilarityInChromium(t *testing.T) {
	browser, driver := needChromium(t)
	// The example batch, read as grade reads it, and a copy of alice's
	// program with other names, handed in under a name that is markup.
	subs, err := submission.Discover([]string{"../../examples"}, []string{".java"}, submission.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	var docs []*similarity.Doc
	var ref []byte
	for _, s := range subs {
		docs = append(docs, similarity.Read(s, false))
		if s.ID == "alice" {
			ref = s.Files[0].Data
		}
	}
	copied := strings.NewReplacer("board", "grid", "heuristic", "attacks", "// ", "// my note: ").Replace(string(ref))
	const evil = `<img src=x onerror="document.title='ran'">`
	docs = append(docs, similarity.Read(submission.Submission{ID: evil, Files: []submission.File{{Name: "EightQueen.java", Data: []byte(copied)}}}, false))
	r := similarity.Compare(docs, similarity.Options{Jobs: 1})
	sess, _ := openSimilarityPage(t, browser, driver, r, 1400, "#p-1")
	sess.waitFor(t, "the top pair's section", func() string {
		if h := sess.text(t, sess.find(t, "#p-1 h2")); !strings.HasPrefix(h, "1. alice and carol: 100.0%") {
			return "its title is " + h
		}
		return ""
	})
	shown := false
	for _, el := range sess.findAll(t, "#pairs + table td") {
		shown = shown || sess.text(t, el) == escape.ID(evil)
	}
	if !shown {
		t.Errorf("no cell of the pairs' table shows the name %s as text", evil)
	}
	var title string
	sess.call(t, "GET", "/title", nil, &title)
	if title != "Eight Queens: similarity" {
		t.Errorf("the page's title is %q: the submission's name ran", title)
	}
	left := sess.findAll(t, `#p-1 .side[data-side="a"] mark[data-m="1"]`)
	right := sess.findAll(t, `#p-1 .side[data-side="b"] mark[data-m="1"]`)
	if len(left) != 1 || len(right) != 1 {
		t.Fatalf("match 1 is marked %d times on the left and %d on the right, want once each", len(left), len(right))
	}
	var bg string
	sess.call(t, "GET", "/element/"+left[0]+"/css/background-color", nil, &bg)
	if bg == "" || bg == "rgba(0, 0, 0, 0)" || bg == "transparent" {
		t.Errorf("the left match is not highlighted: background %q", bg)
	}
	if got := sess.text(t, left[0]); !strings.Contains(got, "int") {
		t.Errorf("the left match shows %.60q, want code", got)
	}
	sess.click(t, left[0])
	sess.waitFor(t, "the right side's match to be marked", func() string {
		var class string
		sess.call(t, "GET", "/element/"+right[0]+"/attribute/class", nil, &class)
		if !strings.Contains(class, "focus") {
			return "its class is " + class
		}
		return ""
	})
	shots := *screenshots
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	sess.screenshot(t, filepath.Join(shots, "similarity.png"))
}

// openSimilarityPage writes r's similarity.html and opens it, at fragment,
// in a headless Chromium window height pixels tall, and returns the
// session (it ends with the test) and the page's address.
func openSimilarityPage(t *testing.T, browser, driver string, r *similarity.Result, height int, fragment string) (*session, string) {
	t.Helper()
	page, err := r.HTML("Eight Queens", 100)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "similarity.html"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	wd := startDriver(t, driver)
	sess := wd.newSession(t, map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"goog:chromeOptions": map[string]any{"binary": browser, "args": []string{
			"--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			fmt.Sprintf("--window-size=1280,%d", height), "--user-data-dir=" + t.TempDir()}},
	}}})
	t.Cleanup(func() { sess.call(t, "DELETE", "", nil) })
	url := "file://" + filepath.ToSlash(filepath.Join(out, "similarity.html"))
	sess.call(t, "POST", "/url", map[string]any{"url": url + fragment})
	return sess, url
}
