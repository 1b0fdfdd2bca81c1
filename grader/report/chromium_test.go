package report_test

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
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

// TestPageInChromium opens index.html from disk in headless Chromium
// (Debian's chromium and chromium-driver; .ci/run installs them), sorts
// the class table by total, filters it by verdict, opens a submission,
// finds its diff and follows a link to one of its cases, and writes a
// screenshot (report.png) into the test's temporary folder. WebDriver is
// spoken over plain HTTP: no browser library.
func TestPageInChromium(t *testing.T) {
	browser, driver := "/usr/bin/chromium", "/usr/bin/chromedriver"
	for _, p := range []string{browser, driver} {
		if _, err := os.Stat(p); err != nil {
			msg := p + " is missing: this test drives Debian's chromium with chromium-driver (apt-get install chromium chromium-driver)"
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s; CI=true, so it must run", msg)
			}
			t.Skip(msg)
		}
	}
	a := assignment(t)
	out := t.TempDir()
	if err := report.WriteAll(out, a, report.NewBatch(a, "test", batch(t, a))); err != nil {
		t.Fatal(err)
	}

	wd := startDriver(t, driver)
	profile := t.TempDir()
	sess := wd.newSession(t, map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"goog:chromeOptions": map[string]any{"binary": browser, "args": []string{
			"--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--window-size=1200,1000", "--user-data-dir=" + profile}},
	}}})
	defer sess.call(t, "DELETE", "", nil)

	sess.call(t, "POST", "/url", map[string]any{"url": "file://" + filepath.ToSlash(filepath.Join(out, "index.html"))})

	// Sort by total, highest first (a score column sorts descending
	// first), then lowest first.
	totals := func() []float64 {
		var xs []float64
		for _, el := range sess.findAll(t, "#class-table tbody tr td.total") {
			x, err := strconv.ParseFloat(sess.text(t, el), 64)
			if err != nil {
				t.Fatal(err)
			}
			xs = append(xs, x)
		}
		return xs
	}
	sess.click(t, sess.find(t, "#sort-total"))
	if xs := totals(); len(xs) != 10 || !slices.IsSortedFunc(xs, func(x, y float64) int { return cmp.Compare(y, x) }) {
		t.Errorf("totals after sorting: %v, want all 10 from highest to lowest", xs)
	}
	sess.click(t, sess.find(t, "#sort-total"))
	if xs := totals(); len(xs) != 10 || !slices.IsSorted(xs) {
		t.Errorf("totals after sorting again: %v, want all 10 from lowest to highest", xs)
	}

	// Filter by verdict: only bob has a compile error.
	shownIDs := func() []string {
		var ids []string
		for _, el := range sess.findAll(t, "#class-table a.open") {
			if id := sess.text(t, el); id != "" { // "" when its row is hidden
				ids = append(ids, id)
			}
		}
		return ids
	}
	sess.click(t, sess.find(t, `#verdict-filter option[value="compile-error"]`))
	if ids := shownIDs(); !slices.Equal(ids, []string{"bob"}) {
		t.Errorf("with a compile error: %v, want [bob]", ids)
	}
	sess.click(t, sess.find(t, `#verdict-filter option[value=""]`))
	if ids := shownIDs(); len(ids) != 10 {
		t.Errorf("with any verdict: %v, want all 10", ids)
	}

	// Open alice (a wrong answer) from the table and find the diff.
	var link string
	for _, el := range sess.findAll(t, "#class-table a.open") {
		if sess.text(t, el) == "alice" {
			link = el
		}
	}
	if link == "" {
		t.Fatal("no link to alice in the table")
	}
	sess.click(t, link)
	var url string
	sess.call(t, "GET", "/url", nil, &url)
	if !strings.HasSuffix(url, "index.html#s-alice") {
		t.Errorf("the address is %s, want it to end in index.html#s-alice", url)
	}
	// a/public-01: expected 28, got 29.
	diff := sess.find(t, "#s-alice .diff")
	text := sess.text(t, diff)
	if !strings.Contains(text, "expected") || !strings.Contains(text, "got") {
		t.Errorf("alice's diff says %q", text)
	}
	left := sess.text(t, sess.find(t, "#s-alice .diff tr.changed td.left"))
	right := sess.text(t, sess.find(t, "#s-alice .diff tr.changed td.right"))
	if left != "28" || right != "29" || !strings.Contains(text, "28") || !strings.Contains(text, "29") {
		t.Errorf("alice's first changed diff row: expected %q, got %q; want 28 and 29 (the diff says %q)", left, right, text)
	}
	if shown := sess.text(t, sess.find(t, "#s-alice h1")); !strings.HasPrefix(shown, "alice:") {
		t.Errorf("the open submission's title is %q", shown)
	}
	if hidden := sess.text(t, sess.find(t, "#class-table")); hidden != "" {
		t.Errorf("the class table is still shown beside the submission: %.40q", hidden)
	}
	// A case's link keeps its submission open.
	sess.click(t, sess.find(t, `#s-alice a[href$="c%2fhidden-01"]`))
	if shown := sess.text(t, sess.find(t, "#s-alice h1")); !strings.HasPrefix(shown, "alice:") {
		t.Errorf("after following a case's link, the submission's title is %q", shown)
	}

	var png string
	sess.call(t, "GET", "/screenshot", nil, &png)
	data, err := base64.StdEncoding.DecodeString(png)
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(t.TempDir(), "report.png")
	if err := os.WriteFile(shot, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", shot, len(data))
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
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
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
