package web

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/regrade"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/submission"
)

const evil = `"><script>window.pwned=1</script><img src=x onerror=alert(1)>` + "\x1b]0;pwned\a\u202e"

// testServer serves a batch of three (alice passes, bob and the hostile
// id fail alike) graded against the grader's test assignment, with
// [[manual]] items, from a folder as grade leaves it.
func testServer(t *testing.T, cfg Config) (*Server, string, func(method, path, host, body string, h map[string]string) (int, string)) {
	t.Helper()
	fail := []grader.CaseResult{{ID: "a/public-01", Part: "a", RunResult: grader.RunResult{Verdict: grader.WrongAnswer}}}
	results := []grader.Result{
		{ID: evil, Status: grader.Graded, Score: 30, MaxScore: 40, Parts: []grader.PartResult{{ID: "a", Score: 5, MaxScore: 10}}, Cases: fail},
		{ID: "alice", Status: grader.Graded, Score: 40, MaxScore: 40, Parts: []grader.PartResult{{ID: "a", Score: 10, MaxScore: 10}}},
		{ID: "bob", Status: grader.Graded, Score: 30, MaxScore: 40, Parts: []grader.PartResult{{ID: "a", Score: 5, MaxScore: 10}}, Cases: fail},
	}
	file := func(name, text string) []submission.File {
		return []submission.File{{Name: name, Data: []byte(text)}}
	}
	subs := []submission.Submission{
		{ID: "alice", Files: file("EightQueen.java", "class EightQueen {}\n")},
		{ID: "bob", Files: file("EightQueen.java", "// </script><script>window.pwned=1</script>\nclass EightQueen { String s = \"<b>\"; }\n")},
		{ID: evil, Files: file(evil+".java", "x")},
	}
	return batchServer(t, cfg, results, subs)
}

// testAssignment is the grader's test assignment with a manual item of part
// a, and what extra adds.
func testAssignment(t testing.TB, extra string) *grader.Assignment {
	return gradertest.Assignment(t, "../../testdata", "[[part]]\nid = \"a\"",
		"[[manual]]\nid = \"names\"\ntext = \"Unclear names\"\npoints = -1\npart = \"a\"\n\n"+extra+"[[part]]\nid = \"a\"")
}

// batchServer serves a batch of these results and submissions, from a
// folder as grade leaves it.
func batchServer(t testing.TB, cfg Config, results []grader.Result, subs []submission.Submission) (*Server, string, func(method, path, host, body string, h map[string]string) (int, string)) {
	t.Helper()
	if cfg.Assignment == nil {
		cfg.Assignment = testAssignment(t, "")
	}
	dir := t.TempDir()
	data, _ := json.Marshal(map[string]any{"submissions": results})
	if err := os.WriteFile(filepath.Join(dir, "results.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.Dir, cfg.Version, cfg.Subs = dir, "test", subs
	if cfg.Secret == nil {
		cfg.Secret = []byte("secret")
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, links, err := s.Listen()
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(l)
	t.Cleanup(func() { l.Close() })
	base := links[0].URL
	do := func(method, path, host, body string, h map[string]string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if host != "" {
			req.Host = host
		}
		for k, v := range h {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	return s, base, do
}

// TestAttacks: what a page elsewhere, a rebound name or a hostile
// request can try gets nothing, and no student byte is markup.
func TestAttacks(t *testing.T) {
	s, base, do := testServer(t, Config{})
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(strings.Split(base, "/t/")[0], "http://"))
	root := "http://127.0.0.1:" + port
	json := map[string]string{"Content-Type": "application/json", "X-CSRF-Token": s.csrf}
	act := `{"op":"apply","subs":[2],"item":"names"}`
	for _, tc := range []struct {
		name, method, url, host, body string
		h                             map[string]string
		want                          int
	}{
		{"no token", "GET", root + "/", "", "", nil, 404},
		{"wrong token", "GET", root + "/t/" + strings.Repeat("0", 32) + "/", "", "", nil, 404},
		{"rebound name", "GET", base, "evil.example:" + port, "", nil, 421},
		{"other port", "GET", base, "127.0.0.1:1", "", nil, 421},
		{"localhost", "GET", base, "localhost:" + port, "", nil, 200},
		{"no CSRF token", "POST", base + "act", "", act, map[string]string{"Content-Type": "application/json"}, 403},
		{"a form post", "POST", base + "act", "", "op=apply", map[string]string{"Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": s.csrf}, 415},
		{"cross-site origin", "POST", base + "act", "", act, map[string]string{"Content-Type": "application/json", "X-CSRF-Token": s.csrf, "Origin": "http://evil.example"}, 403},
		{"huge body", "POST", base + "act", "", `{"op":"comment","text":"` + strings.Repeat("a", 1<<20) + `"}`, json, 413},
		{"unknown field", "POST", base + "act", "", `{"op":"apply","subs":[2],"item":"names","x":1}`, json, 400},
		{"no such submission", "POST", base + "act", "", `{"op":"apply","subs":[7],"item":"names"}`, json, 400},
		{"no such file", "POST", base + "act", "", `{"op":"comment","subs":[2],"file":5,"line":1,"text":"x"}`, json, 400},
		{"a submission twice", "POST", base + "act", "", `{"op":"apply","subs":[2,2],"item":"names"}`, json, 400},
		{"no such line", "POST", base + "act", "", `{"op":"comment","subs":[2],"file":0,"line":1000000000,"text":"x"}`, json, 400},
		{"a second object", "POST", base + "act", "", act + `{"op":"apply","subs":[1],"item":"names"}`, json, 400},
		{"traversal", "GET", base + "s/../../../etc/passwd", "", "", nil, 404},
		{"traversal escaped", "GET", base + "s/..%2f..%2fetc%2fpasswd", "", "", nil, 404},
		{"number games", "GET", base + "s/+1", "", "", nil, 404},
		{"a method", "DELETE", base, "", "", nil, 405},
		{"the action", "POST", base + "act", "", act, json, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if code, body := do(tc.method, tc.url, tc.host, tc.body, tc.h); code != tc.want {
				t.Errorf("%s %s: %d %.100q, want %d", tc.method, tc.url, code, body, tc.want)
			}
		})
	}
	// A hostile comment, and every page: no student byte is markup.
	code, _ := do("POST", base+"act", "", `{"op":"comment","subs":[1],"file":0,"line":2,"text":"<script>alert(1)</script> `+"`<b>`"+` [x](javascript:alert(1)) \u001b[31m \u202e"}`, json)
	if code != 200 {
		t.Fatalf("comment: %d", code)
	}
	for _, p := range []string{"", "s/0", "s/1", "s/2", "e/0", "e/2"} {
		code, page := do("GET", base+p, "", "", nil)
		if code != 200 {
			t.Fatalf("%s: %d", p, code)
		}
		if m := regexp.MustCompile(`(?i)<script>window|<script>alert|<img src=x|"<b>"|<b>` + "`" + `|href="javascript`).FindString(page); m != "" {
			t.Errorf("%s: live markup %q", p, m)
		}
		if strings.ContainsAny(page, "\x1b\a\u202e") {
			t.Errorf("%s: a control or bidi character shown raw", p)
		}
		if m := regexp.MustCompile(`(?i)\b(src|href)="(https?:)?//`).FindString(page); m != "" {
			t.Errorf("%s: an outside asset %q", p, m)
		}
	}
}

// TestHeaders: every page's policy runs only its own script.
func TestHeaders(t *testing.T) {
	_, base, _ := testServer(t, Config{})
	for _, p := range []string{"", "s/1", "e/1"} {
		resp, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "unsafe-inline' ;") || !regexp.MustCompile(`script-src '(nonce|sha256)-`).MatchString(csp) {
			t.Errorf("%s: policy %q", p, csp)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", p)
		}
	}
}

// TestBlindAndSplit: blind mode hides ids behind a stable order; a
// split by student gives each TA a share, by part a share of the items.
func TestBlindAndSplit(t *testing.T) {
	s, base, do := testServer(t, Config{Blind: true})
	_, page := do("GET", base, "", "", nil)
	for _, id := range []string{"alice", "bob"} {
		if strings.Contains(page, ">"+id+"<") {
			t.Errorf("blind mode shows %s", id)
		}
	}
	if !strings.Contains(page, "submission 3") {
		t.Error("blind mode has no numbered submissions")
	}
	again := blindOrder([]byte("secret"), s.subs)
	for i := range again {
		if again[i].Result.ID != s.shown[i].Result.ID {
			t.Error("the blind order is not stable")
		}
	}
	s2, _, _ := testServer(t, Config{Split: 2, By: "student"})
	if len(s2.links) != 2 || len(s2.links[0].subs)+len(s2.links[1].subs) != 3 || s2.links[0].ta == s2.links[1].ta {
		t.Errorf("split by student: %+v %+v", s2.links[0], s2.links[1])
	}
	other := 0
	for i := range s2.subs {
		if !s2.links[0].subs[i] {
			other = i
		}
	}
	if _, err := s2.act(s2.links[0], request{Op: "apply", Subs: []int{other}, Item: "names"}); err == nil {
		t.Error("a TA graded another's submission")
	}
	s3, _, _ := testServer(t, Config{Split: 3, By: "part"})
	owner := s3.links[0] // parts a, ...: "names" is of part a
	if _, err := s3.act(s3.links[1], request{Op: "apply", Subs: []int{0}, Item: "names"}); err == nil {
		t.Error("a TA applied another's part's item")
	}
	if _, err := s3.act(owner, request{Op: "apply", Subs: []int{0}, Item: "names"}); err != nil {
		t.Error(err)
	}
	st, _, _ := review.Load(s3.cfg.Dir, s3.cfg.Assignment.Rubric)
	if fmt.Sprint(st.Applied) != fmt.Sprintf("map[%s:[names]]", evil) {
		t.Errorf("applied %v", st.Applied)
	}
}

// TestStaged: a regrade grade --preview staged is shown on the list, as
// text.
func TestStaged(t *testing.T) {
	stage := func(s *Server) {
		t.Helper()
		r := func(id string, score float64) *grader.Result {
			return &grader.Result{ID: id, Status: grader.Graded, Score: score}
		}
		data, err := regrade.EncodeStaged("abc123", []regrade.Change{
			{ID: "alice", Old: r("alice", 64), New: r("alice", 63)},
			{ID: evil, Old: r(evil, 30), New: r(evil, 5)},
			{ID: "<b>zed</b>", New: r("<b>zed</b>", 5)},
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(s.cfg.Dir, regrade.StagedFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, base, do := testServer(t, Config{})
	stage(s)
	_, page := do("GET", base, "", "", nil)
	shown := html.UnescapeString(page)
	if !strings.Contains(page, "A regrade is staged") || !strings.Contains(shown, "alice: graded 64 → graded 63") ||
		!strings.Contains(shown, escape.ID(evil)+": graded 30 → graded 5") ||
		!strings.Contains(shown, escape.ID("<b>zed</b>")+": new") || strings.Contains(page, "abc123") {
		t.Errorf("the staged regrade is not shown as it should be:\n%s", page)
	}
	// Blind: labels, never ids.
	s, base, do = testServer(t, Config{Blind: true})
	stage(s)
	_, page = do("GET", base, "", "", nil)
	if !strings.Contains(page, "A regrade is staged") || !strings.Contains(page, "submission ") || strings.Contains(page, "alice") || strings.Contains(page, "zed") {
		t.Errorf("blind: the staged regrade shows ids:\n%s", page)
	}
	// Split: another TA's students are not listed.
	s, _, _ = testServer(t, Config{Split: 2, By: "student"})
	stage(s)
	for _, l := range s.links {
		text := s.staged(l)
		mine := slices.ContainsFunc(s.visible(l), func(sb *sub) bool { return sb.Result.ID == "alice" })
		if strings.Contains(text, "alice") != mine || strings.Contains(text, "zed") || !strings.Contains(text, "not shown here") {
			t.Errorf("%s sees %q", l.ta, text)
		}
	}
}

// TestNames: the list shows ids as grade's table does (escape.ID): a
// look-alike, a bidi-bearing id and one that differs by a space are
// flagged and shown apart from the real ones.
func TestNames(t *testing.T) {
	ids := []string{"alice", "alice ", "bob", "b\u043eb", "eve\u202egnp.exe", "jos\u00e9"}
	var results []grader.Result
	for _, id := range ids {
		results = append(results, grader.Result{ID: id, Status: grader.Graded, Score: 1, MaxScore: 40})
	}
	_, base, do := batchServer(t, Config{}, results, nil)
	_, page := do("GET", base, "", "", nil)
	cells := regexp.MustCompile(`<td( class="flag"[^>]*)?><a href="s/\d+">([^<]*)</a>`).FindAllStringSubmatch(page, -1)
	got := map[string]bool{}
	for _, c := range cells {
		got[c[2]] = c[1] != ""
	}
	want := map[string]bool{"alice": false, "alice&lt;U&#43;0020&gt; ⚠": true, "bob": false, "b&lt;U&#43;043E&gt;b ⚠": true,
		"eve&lt;U&#43;202E&gt;gnp.exe ⚠": true, "josé": false}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the list's ids (shown: flagged):\n%v\nwant\n%v", got, want)
	}
	if strings.Contains(page, "\u202e") {
		t.Error("a bidi override shown raw")
	}
}

// TestBlindOrder: blind mode's order and the numbers in its addresses
// come from the batch's secret: submission N is at s/N-1, and another
// secret gives another order, whatever the ids' order.
func TestBlindOrder(t *testing.T) {
	var results []grader.Result
	for i := 0; i < 20; i++ {
		results = append(results, grader.Result{ID: fmt.Sprintf("s%02d", i), Status: grader.Graded, Score: 1, MaxScore: 40})
	}
	order := func(secret string) string {
		s, base, do := batchServer(t, Config{Blind: true, Secret: []byte(secret)}, results, nil)
		_, page := do("GET", base, "", "", nil)
		rows := regexp.MustCompile(`<a href="s/(\d+)">submission (\d+)</a>`).FindAllStringSubmatch(page, -1)
		if len(rows) != 20 {
			t.Fatalf("%d rows", len(rows))
		}
		var ids []string
		for i, r := range rows {
			if r[1] != fmt.Sprint(i) || r[2] != fmt.Sprint(i+1) {
				t.Errorf("row %d: s/%s is submission %s", i, r[1], r[2])
			}
			n, _ := strconv.Atoi(r[1])
			ids = append(ids, s.subOf(s.links[0], strconv.Itoa(n)).Result.ID)
		}
		for _, id := range []string{"s00", "s01"} {
			if strings.Contains(page, id) {
				t.Errorf("blind mode shows %s", id)
			}
		}
		return strings.Join(ids, " ")
	}
	a, b := order("one secret"), order("another secret")
	if a == b {
		t.Errorf("two secrets, one order: %s", a)
	}
	if a != order("one secret") {
		t.Error("one secret, two orders")
	}
	var sorted []string
	for _, r := range results {
		sorted = append(sorted, r.ID)
	}
	if a == strings.Join(sorted, " ") {
		t.Error("the blind order is the ids' order")
	}
}

// TestGroupAndSubs: a request naming a group and submissions is refused,
// not applied to both.
func TestGroupAndSubs(t *testing.T) {
	s, _, _ := testServer(t, Config{})
	if len(s.groups) == 0 {
		t.Fatal("no failure group")
	}
	g := 0
	if _, err := s.act(s.links[0], request{Op: "apply", Group: &g, Subs: []int{1}, Item: "names"}); err == nil {
		t.Error("a group and submissions were accepted")
	}
	if _, err := s.act(s.links[0], request{Op: "apply", Group: &g, Item: "names"}); err != nil {
		t.Error(err)
	}
}

// TestUnknownNoted: a hand-edited journal line naming a submission the
// batch lacks is noted on the list, without its id when blind.
func TestUnknownNoted(t *testing.T) {
	for _, blind := range []bool{false, true} {
		s, base, do := testServer(t, Config{Blind: blind})
		line := `{"at":"2026-01-01T00:00:00.000000000Z","ta":"x","op":"apply","subs":["zed"],"item":"names"}` + "\n"
		os.MkdirAll(filepath.Join(s.cfg.Dir, review.Folder), 0o755)
		if err := os.WriteFile(filepath.Join(s.cfg.Dir, review.Folder, "journal-x.jsonl"), []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
		_, page := do("GET", base, "", "", nil)
		if !strings.Contains(page, "not in the batch") || strings.Contains(page, "zed") != !blind {
			t.Errorf("blind %v: the unknown submission is not noted as it should be", blind)
		}
	}
}
