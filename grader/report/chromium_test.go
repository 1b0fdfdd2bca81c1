package report_test

import (
	"cmp"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/internal/webdriver"
)

// screenshots keeps the Chromium test's screenshots in a folder of one's
// choice instead of the test's temporary folder, which is removed.
var screenshots = flag.String("screenshots", os.Getenv("AUTOGRADER_SCREENSHOTS"),
	"write TestPageInChromium's screenshots into this folder (default: $AUTOGRADER_SCREENSHOTS, else a temporary one)")

// TestPageInChromium opens index.html from disk in headless Chromium
// (Debian's chromium and chromium-driver; .ci/run installs them), sorts
// the class table by total, filters it by verdict, follows a known
// mistake's link from the class page to a failing case and finds that
// case's diff in view, opens a submission from the table and follows a
// link to one of its cases, and writes screenshots of the class page
// (class.png), of the case the mistake's link leads to (case.png) and of
// a submission opened from the table (submission.png). WebDriver is spoken
// over plain HTTP: no browser library.
func TestPageInChromium(t *testing.T) {
	browser, driver := needChromium(t)
	a := assignment(t)
	page, err := report.Page(a, report.NewBatch(a, "test", pageResults(t, a)))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "index.html"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	shots := *screenshots
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}

	wd := startDriver(t, driver)
	profile := t.TempDir()
	sess := wd.newSession(t, map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"goog:chromeOptions": map[string]any{"binary": browser, "args": []string{
			"--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--window-size=1280,1400", "--user-data-dir=" + profile}},
	}}})
	defer sess.call(t, "DELETE", "", nil)

	sess.call(t, "POST", "/url", map[string]any{"url": "file://" + filepath.ToSlash(filepath.Join(out, "index.html"))})
	sess.waitFor(t, "the page's script to count the rows", func() string {
		if n := sess.text(t, sess.find(t, "#shown")); n != "13 of 13 shown" {
			return fmt.Sprintf("#shown says %q", n)
		}
		return ""
	})
	sess.screenshot(t, filepath.Join(shots, "class.png"))

	sortAndFilter(t, sess)

	// A known mistake's link, on the class page, leads to the first case
	// of that submission that shows it: its diff is in view.
	link := sess.find(t, `#mistakes a[href="#s-lee-b~a.2fhidden-01"]`)
	sess.click(t, link)
	sess.waitForCase(t, "s-lee-b~a.2fhidden-01")
	if shown := sess.text(t, sess.find(t, "#s-lee-b h1")); !strings.HasPrefix(shown, "lee-b:") {
		t.Errorf("the open submission's title is %q", shown)
	}
	if hidden := sess.text(t, sess.find(t, "#class-table")); hidden != "" {
		t.Errorf("the class table is still shown beside the submission: %.40q", hidden)
	}
	diff := sess.text(t, sess.find(t, `[id="s-lee-b~a.2fhidden-01"] .diff`))
	if !strings.Contains(diff, "expected") || !strings.Contains(diff, "2") {
		t.Errorf("lee-b's diff of a/hidden-01 says %q", diff)
	}
	sess.screenshot(t, filepath.Join(shots, "case.png"))

	// Back to the class table, then alice (a wrong answer) from it.
	sess.click(t, sess.find(t, "#s-lee-b a.back"))
	sess.waitFor(t, "the class table to come back", func() string {
		if sess.text(t, sess.find(t, "#class-table")) == "" {
			return "the class table is hidden"
		}
		return ""
	})
	var alice string
	for _, el := range sess.findAll(t, "#class-table a.open") {
		if sess.text(t, el) == "alice" {
			alice = el
		}
	}
	if alice == "" {
		t.Fatal("no link to alice in the table")
	}
	sess.click(t, alice)
	sess.waitFor(t, "alice's submission", func() string {
		if shown := sess.text(t, sess.find(t, "#s-alice h1")); !strings.HasPrefix(shown, "alice:") {
			return fmt.Sprintf("the open submission's title is %q", shown)
		}
		return ""
	})
	sess.screenshot(t, filepath.Join(shots, "submission.png"))
	var url string
	sess.call(t, "GET", "/url", nil, &url)
	if !strings.HasSuffix(url, "index.html#s-alice") {
		t.Errorf("the address is %s, want it to end in index.html#s-alice", url)
	}
	// a/public-01: expected 28, got 29, the changed digits marked.
	left := sess.text(t, sess.find(t, `[id="s-alice~a.2fpublic-01"] .diff tr.changed td.text`))
	marks := sess.findAll(t, `[id="s-alice~a.2fpublic-01"] .diff tr.changed mark`)
	if left != "28" || len(marks) != 2 || sess.text(t, marks[0]) != "8" || sess.text(t, marks[1]) != "9" {
		t.Errorf("alice's first changed diff row: expected %q, %d marks; want 28 with 8 and 9 marked", left, len(marks))
	}
	if passes := sess.text(t, sess.find(t, "#s-alice details.passing .cases")); passes != "" {
		t.Errorf("alice's passing cases are not folded: %.40q", passes)
	}
	// A case's link keeps its submission open and shows the case.
	sess.click(t, sess.find(t, `#s-alice a[href="#s-alice~c.2fhidden-01"]`))
	sess.waitForCase(t, "s-alice~c.2fhidden-01")
}

// sortAndFilter sorts the class table by total, highest first (a score
// column sorts descending first), then lowest first, and filters it by
// verdict.
func sortAndFilter(t *testing.T, sess *session) {
	t.Helper()
	totals := func() []float64 {
		var xs []float64
		for _, el := range sess.findAll(t, "#class-table tbody tr td.total") {
			text := sess.text(t, el)
			if text == "-" { // a grader failure: no score, sorted as -1
				text = "-1"
			}
			x, err := strconv.ParseFloat(text, 64)
			if err != nil {
				t.Fatal(err)
			}
			xs = append(xs, x)
		}
		return xs
	}
	sorted := func(order string, cmpf func(x, y float64) int) func() string {
		return func() string {
			if xs := totals(); len(xs) != 13 || !slices.IsSortedFunc(xs, cmpf) {
				return fmt.Sprintf("totals %v, want all 13 %s", xs, order)
			}
			return ""
		}
	}
	sess.click(t, sess.find(t, "#sort-total"))
	sess.waitFor(t, "the table sorted by total", sorted("from highest to lowest", func(x, y float64) int { return cmp.Compare(y, x) }))
	sess.click(t, sess.find(t, "#sort-total"))
	sess.waitFor(t, "the table sorted by total again", sorted("from lowest to highest", cmp.Compare[float64]))

	shown := func(want ...string) func() string {
		return func() string {
			var ids []string
			for _, el := range sess.findAll(t, "#class-table a.open") {
				if id := sess.text(t, el); id != "" { // "" when its row is hidden
					ids = append(ids, id)
				}
			}
			slices.Sort(ids)
			if len(want) > 0 && !slices.Equal(ids, want) || len(want) == 0 && len(ids) != 13 {
				return fmt.Sprintf("shown: %v", ids)
			}
			return ""
		}
	}
	// Only bob has a compile error.
	sess.click(t, sess.find(t, `#verdict-filter option[value="compile-error"]`))
	sess.waitFor(t, "only bob, with a compile error", shown("bob"))
	sess.click(t, sess.find(t, `#verdict-filter option[value=""]`))
	sess.waitFor(t, "all 13 with any verdict", shown())
}

// waitForCase waits until the case's details are shown with their diff in
// the window, and the address names them.
func (s *session) waitForCase(t *testing.T, id string) {
	t.Helper()
	s.waitFor(t, "#"+id+" in view", func() string {
		var url string
		s.call(t, "GET", "/url", nil, &url)
		if !strings.HasSuffix(url, "#"+id) {
			return "the address is " + url
		}
		var where string
		s.call(t, "POST", "/execute/sync", map[string]any{"args": []any{id}, "script": `
			var el = document.getElementById(arguments[0]);
			if (!el) { return "no element"; }
			var d = el.querySelector(".diff") || el, r = d.getBoundingClientRect();
			if (r.width === 0) { return "not displayed"; }
			if (r.top < 0 || r.top >= window.innerHeight) { return "at " + r.top + " of a window " + window.innerHeight + " high"; }
			return "";`}, &where)
		return where
	})
}

// The WebDriver helper is package webdriver's; these keep this package's
// tests' names for it.
type webDriver struct{ webdriver.Driver }

func startDriver(t *testing.T, path string) webDriver { return webDriver{webdriver.Start(t, path)} }

type session struct{ *webdriver.Session }

func (wd webDriver) newSession(t *testing.T, caps any) *session {
	return &session{wd.NewSession(t, caps)}
}

func (s *session) waitFor(t *testing.T, what string, cond func() string) {
	t.Helper()
	s.WaitFor(t, what, cond)
}

func (s *session) screenshot(t *testing.T, path string) { t.Helper(); s.Screenshot(t, path) }

func (s *session) call(t *testing.T, method, path string, body any, out ...any) {
	t.Helper()
	s.Call(t, method, path, body, out...)
}

func (s *session) find(t *testing.T, css string) string      { t.Helper(); return s.Find(t, css) }
func (s *session) findAll(t *testing.T, css string) []string { t.Helper(); return s.FindAll(t, css) }
func (s *session) click(t *testing.T, el string)             { t.Helper(); s.Click(t, el) }
func (s *session) text(t *testing.T, el string) string       { t.Helper(); return s.Text(t, el) }

func needChromium(t *testing.T) (browser, driver string) {
	t.Helper()
	return webdriver.NeedChromium(t)
}
