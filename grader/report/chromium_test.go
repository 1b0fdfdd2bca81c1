package report_test

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/report"
)

// screenshots keeps the Chromium test's screenshots in a folder of one's
// choice instead of the test's temporary folder, which is removed.
var screenshots = flag.String("screenshots", os.Getenv("AUTOGRADER_SCREENSHOTS"),
	"write TestPageInChromium's screenshots into this folder (default: $AUTOGRADER_SCREENSHOTS, else a temporary one)")

// waitLimit bounds every wait for the page: far more than it needs on a
// slow, busy machine; each wait ends as soon as its condition holds.
const waitLimit = 2 * time.Minute

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

// waitFor polls until cond returns "", failing after waitLimit with what
// cond said last.
func (s *session) waitFor(t *testing.T, what string, cond func() string) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		msg := cond()
		if msg == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s: %s", waitLimit, what, msg)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// screenshot writes what the window shows into path, a PNG file.
func (s *session) screenshot(t *testing.T, path string) {
	t.Helper()
	var png string
	s.call(t, "GET", "/screenshot", nil, &png)
	data, err := base64.StdEncoding.DecodeString(png)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", path, len(data))
}

// webDriver is a chromedriver listening on a local port.
type webDriver struct{ base string }

func startDriver(t *testing.T, path string) webDriver {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(path, "--port="+strconv.Itoa(port))
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	wd := webDriver{base: fmt.Sprintf("http://127.0.0.1:%d", port)}
	for deadline := time.Now().Add(waitLimit); ; time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get(wd.base + "/status")
		if err == nil {
			resp.Body.Close()
			return wd
		}
		if time.Now().After(deadline) {
			t.Fatalf("chromedriver did not start: %v\n%s", err, logs.String())
		}
	}
}

type session struct {
	wd webDriver
	id string
}

func (wd webDriver) newSession(t *testing.T, caps any) *session {
	t.Helper()
	var v struct {
		SessionID string `json:"sessionId"`
	}
	(&session{wd: wd}).do(t, "POST", wd.base+"/session", caps, &v)
	if v.SessionID == "" {
		t.Fatal("chromedriver gave no session id")
	}
	return &session{wd: wd, id: v.SessionID}
}

// call sends a command of the session; out, if given, receives its value.
func (s *session) call(t *testing.T, method, path string, body any, out ...any) {
	t.Helper()
	var dst any
	if len(out) > 0 {
		dst = out[0]
	}
	s.do(t, method, s.wd.base+"/session/"+s.id+path, body, dst)
}

func (s *session) do(t *testing.T, method, url string, body, out any) {
	t.Helper()
	if body == nil && method == "POST" {
		body = map[string]any{}
	}
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var env struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(data, &env); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: %s: %.300s", method, url, resp.Status, data)
	}
	if out != nil {
		if err := json.Unmarshal(env.Value, out); err != nil {
			t.Fatalf("%s %s: %v: %.300s", method, url, err, data)
		}
	}
}

// elementKey is the W3C WebDriver name of an element reference.
const elementKey = "element-6066-11e4-a52e-4f735466cecf"

func (s *session) find(t *testing.T, css string) string {
	t.Helper()
	var v map[string]string
	s.call(t, "POST", "/element", map[string]string{"using": "css selector", "value": css}, &v)
	return v[elementKey]
}

func (s *session) findAll(t *testing.T, css string) []string {
	t.Helper()
	var vs []map[string]string
	s.call(t, "POST", "/elements", map[string]string{"using": "css selector", "value": css}, &vs)
	var out []string
	for _, v := range vs {
		out = append(out, v[elementKey])
	}
	return out
}

func (s *session) click(t *testing.T, el string) {
	t.Helper()
	s.call(t, "POST", "/element/"+el+"/click", nil)
}

// text is the element's rendered text ("" when it is not displayed).
func (s *session) text(t *testing.T, el string) string {
	t.Helper()
	var v string
	s.call(t, "GET", "/element/"+el+"/text", nil, &v)
	return strings.TrimSpace(v)
}

// needChromium skips the test under -short or without Debian's chromium
// and chromium-driver, except under CI, where .ci/run installs them and
// the test must run; it returns their paths.
func needChromium(t *testing.T) (browser, driver string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: starts Chromium (go test without -short runs it)")
	}
	browser, driver = "/usr/bin/chromium", "/usr/bin/chromedriver"
	for _, p := range []string{browser, driver} {
		if _, err := os.Stat(p); err != nil {
			msg := p + " is missing: this test drives Debian's chromium with chromium-driver (apt-get install chromium chromium-driver)"
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s; CI=true, so it must run", msg)
			}
			t.Skip(msg)
		}
	}
	return browser, driver
}
