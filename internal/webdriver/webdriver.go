// Package webdriver drives headless Chromium over the W3C WebDriver
// protocol, spoken over plain HTTP to Debian's chromedriver: the browser
// tests' one helper (no browser library).
package webdriver

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// WaitLimit bounds every wait for a page: far more than it needs on a
// slow, busy machine; each wait ends as soon as its condition holds.
const WaitLimit = 2 * time.Minute

// Headless starts a session of browser in a window w×h, with a fresh
// profile, nothing fetched in the background.
func (wd Driver) Headless(t testing.TB, browser string, w, h int) *Session {
	t.Helper()
	return wd.NewSession(t, map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"goog:chromeOptions": map[string]any{"binary": browser, "args": []string{
			"--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			fmt.Sprintf("--window-size=%d,%d", w, h), "--user-data-dir=" + t.TempDir()}},
	}}})
}

// WaitFor polls until cond returns "", failing after WaitLimit with what
// cond said last. It polls every few milliseconds at first, most pages
// change that fast, then less often, up to every pollMax.
func (s *Session) WaitFor(t testing.TB, what string, cond func() string) {
	t.Helper()
	deadline := time.Now().Add(WaitLimit)
	for pause := pollMin; ; pause = min(2*pause, pollMax) {
		msg := cond()
		if msg == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s: %s", WaitLimit, what, msg)
		}
		time.Sleep(pause)
	}
}

// pollMin and pollMax bound WaitFor's pause between two polls.
const (
	pollMin = 5 * time.Millisecond
	pollMax = 100 * time.Millisecond
)

// Screenshot writes what the window shows into path, a PNG file.
func (s *Session) Screenshot(t testing.TB, path string) {
	t.Helper()
	var png string
	s.Call(t, "GET", "/screenshot", nil, &png)
	data, err := base64.StdEncoding.DecodeString(png)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", path, len(data))
}

// Driver is a chromedriver listening on a local port.
type Driver struct{ base string }

// Start starts chromedriver (at path) on a free local port, stopped when
// the test ends.
func Start(t testing.TB, path string) Driver {
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
	wd := Driver{base: fmt.Sprintf("http://127.0.0.1:%d", port)}
	for deadline := time.Now().Add(WaitLimit); ; time.Sleep(100 * time.Millisecond) {
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

// Session is one browser session.
type Session struct {
	wd Driver
	id string
}

// NewSession starts a browser with the capabilities caps.
func (wd Driver) NewSession(t testing.TB, caps any) *Session {
	t.Helper()
	var v struct {
		SessionID string `json:"sessionId"`
	}
	(&Session{wd: wd}).Do(t, "POST", wd.base+"/session", caps, &v)
	if v.SessionID == "" {
		t.Fatal("chromedriver gave no session id")
	}
	return &Session{wd: wd, id: v.SessionID}
}

// Call sends a command of the session; out, if given, receives its value.
func (s *Session) Call(t testing.TB, method, path string, body any, out ...any) {
	t.Helper()
	var dst any
	if len(out) > 0 {
		dst = out[0]
	}
	s.Do(t, method, s.wd.base+"/session/"+s.id+path, body, dst)
}

// Do sends one WebDriver request and decodes its value into out.
func (s *Session) Do(t testing.TB, method, url string, body, out any) {
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

// ElementKey is the W3C WebDriver name of an element reference.
const ElementKey = "element-6066-11e4-a52e-4f735466cecf"

// Find is the first element the CSS selector matches.
func (s *Session) Find(t testing.TB, css string) string {
	t.Helper()
	var v map[string]string
	s.Call(t, "POST", "/element", map[string]string{"using": "css selector", "value": css}, &v)
	return v[ElementKey]
}

// FindAll are the elements the CSS selector matches.
func (s *Session) FindAll(t testing.TB, css string) []string {
	t.Helper()
	var vs []map[string]string
	s.Call(t, "POST", "/elements", map[string]string{"using": "css selector", "value": css}, &vs)
	var out []string
	for _, v := range vs {
		out = append(out, v[ElementKey])
	}
	return out
}

// Click clicks the element.
func (s *Session) Click(t testing.TB, el string) {
	t.Helper()
	s.Call(t, "POST", "/element/"+el+"/click", nil)
}

// Text is the element's rendered text ("" when it is not displayed).
func (s *Session) Text(t testing.TB, el string) string {
	t.Helper()
	var v string
	s.Call(t, "GET", "/element/"+el+"/text", nil, &v)
	return strings.TrimSpace(v)
}

// NeedChromium skips the test under -short or without Debian's chromium
// and chromium-driver, except under CI, where .ci/run installs them and
// the test must run; it returns their paths.
func NeedChromium(t testing.TB) (browser, driver string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: starts Chromium (go test without -short runs it)")
	}
	browser, driver = "/usr/bin/chromium", "/usr/bin/chromedriver"
	for _, p := range []string{browser, driver} {
		if _, err := os.Stat(p); err != nil {
			msg := p + " is missing: this test drives Debian's chromium with chromium-driver (apt-get install chromium chromium-driver)"
			testenv.Missing(t, "%s", msg)
		}
	}
	return browser, driver
}

// AlertOpen reports whether the page shows a dialog (alert, confirm,
// prompt): a script a page must not run would open one.
func (s *Session) AlertOpen(t testing.TB) bool {
	t.Helper()
	resp, err := http.Get(s.wd.base + "/session/" + s.id + "/alert/text")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// Script runs JavaScript in the page (its body, with arguments) and
// decodes what it returns into out, if given.
func (s *Session) Script(t testing.TB, script string, args []any, out any) {
	t.Helper()
	if args == nil {
		args = []any{}
	}
	s.Call(t, "POST", "/execute/sync", map[string]any{"script": script, "args": args}, out)
}

// Type types text into an element, after clearing it.
func (s *Session) Type(t testing.TB, el, text string) {
	t.Helper()
	s.Call(t, "POST", "/element/"+el+"/clear", nil)
	s.Call(t, "POST", "/element/"+el+"/value", map[string]any{"text": text})
}

// Press presses each chord in turn on the page's focused element: its
// keys down in order, then up in reverse. A key is a character or a
// WebDriver key code ("\uE009" Control, "\uE007" Enter).
func (s *Session) Press(t testing.TB, chords ...string) {
	t.Helper()
	var acts []map[string]any
	for _, c := range chords {
		keys := []rune(c)
		for _, k := range keys {
			acts = append(acts, map[string]any{"type": "keyDown", "value": string(k)})
		}
		for i := len(keys) - 1; i >= 0; i-- {
			acts = append(acts, map[string]any{"type": "keyUp", "value": string(keys[i])})
		}
	}
	s.Call(t, "POST", "/actions", map[string]any{"actions": []any{map[string]any{"type": "key", "id": "keyboard", "actions": acts}}})
}
