package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/submission"
)

const program = "class EightQueen {\n  int x;\n  void solve(int n) {\n    if (n > 0) {\n      x++;\n    }\n  }\n  int other() { return 1; }\n}\n"

// layouts are the example batch's layouts (a bare file, hw4/, a deeper
// folder) and one with the file misnamed, all failing alike: one group.
func layouts(t *testing.T, cfg Config, extra ...submission.Submission) (*Server, string, func(method, path, host, body string, h map[string]string) (int, string)) {
	t.Helper()
	fail := []grader.CaseResult{{ID: "a/public-01", Part: "a", RunResult: grader.RunResult{Verdict: grader.WrongAnswer}}}
	subs := []submission.Submission{
		{ID: "alice", Files: []submission.File{{Name: "EightQueen.java", Data: []byte(program)}}},
		{ID: "bob", Files: []submission.File{{Name: "hw4/EightQueen.java", Data: []byte(program)}, {Name: "hw4/README.md", Data: []byte("hi\n")}}},
		{ID: "carol", Files: []submission.File{{Name: "a/b/src/EightQueen.java", Data: []byte(program)}}},
		{ID: "dave", Files: []submission.File{{Name: "hw4/eightqueen.java", Data: []byte(program)}}},
	}
	subs = append(subs, extra...)
	var results []grader.Result
	for _, s := range subs {
		results = append(results, grader.Result{ID: s.ID, Status: grader.Graded, Score: 30, MaxScore: 43,
			Parts: []grader.PartResult{{ID: "a", Score: 5, MaxScore: 10}}, Cases: fail})
	}
	if cfg.Assignment == nil {
		cfg.Assignment = styleAssignment(t)
	}
	return batchServer(t, cfg, results, subs)
}

// styleAssignment is the test assignment with a part style graded by
// hand in EightQueen.java's solve, with two items.
func styleAssignment(t testing.TB) *grader.Assignment {
	return gradertest.Assignment(t, "../../testdata", "total = 40", "total = 43",
		"[[part]]\nid = \"a\"", "[[manual_part]]\nid = \"style\"\npoints = 3\nstart = 3\nfile = \"EightQueen.java\"\nfunction = \"solve\"\n\n"+
			"[[manual]]\nid = \"names\"\ntext = \"Unclear names\"\npoints = -1\npart = \"style\"\n\n"+
			"[[manual]]\nid = \"nest\"\ntext = \"Deep nesting\"\npoints = -1\npart = \"style\"\n\n[[part]]\nid = \"a\"")
}

// layoutsServer serves results and subs graded against styleAssignment.
func layoutsServer(t testing.TB, results []grader.Result, subs []submission.Submission) (*Server, string, func(method, path, host, body string, h map[string]string) (int, string)) {
	return batchServer(t, Config{Assignment: styleAssignment(t)}, results, subs)
}

func jsonH(s *Server) map[string]string {
	return map[string]string{"Content-Type": "application/json", "X-CSRF-Token": s.csrf}
}

// TestGroupByRole: a group's comment names the file by what it is
// built as, reaches every member whatever the folder, and is refused by
// name, before anything is journaled, for a member it cannot reach.
func TestGroupByRole(t *testing.T) {
	s, base, do := layouts(t, Config{})
	_, page := do("GET", base, "", "", nil)
	if !regexp.MustCompile(`<select class="role"><option value="0" selected>EightQueen.java</option>`).MatchString(page) {
		t.Errorf("the group form's default is not the required file:\n%s", page)
	}
	code, body := do("POST", base+"act", "", `{"op":"comment","group":0,"role":0,"line":3,"text":"why?"}`, jsonH(s))
	if code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	st, _, _ := review.Load(s.cfg.Dir, s.cfg.Assignment.Rubric)
	var got []string
	for _, c := range st.Comments {
		got = append(got, c.Sub+":"+c.File)
	}
	if want := "[alice:EightQueen.java bob:hw4/EightQueen.java carol:a/b/src/EightQueen.java dave:hw4/eightqueen.java]"; fmt.Sprint(sorted(got)) != want {
		t.Errorf("the comment reached %v, want %s", sorted(got), want)
	}

	// erin has no such file, frank's is too short: both named, nothing journaled.
	s2, base2, do2 := layouts(t, Config{},
		submission.Submission{ID: "erin", Files: []submission.File{{Name: "Main.java", Data: []byte("x\n")}}},
		submission.Submission{ID: "frank", Files: []submission.File{{Name: "EightQueen.java", Data: []byte("x\n")}}})
	code, body = do2("POST", base2+"act", "", `{"op":"comment","group":0,"role":0,"line":3,"text":"why?","item":"names"}`, jsonH(s2))
	if code != 400 || !strings.Contains(body, "nothing applied") || !strings.Contains(body, "erin (no file built as EightQueen.java)") || !strings.Contains(body, "frank (EightQueen.java has 2 lines)") {
		t.Errorf("a member it cannot reach: %d %s", code, body)
	}
	if _, err := os.Stat(filepath.Join(s2.cfg.Dir, review.Folder, "journal-ta.jsonl")); err == nil {
		t.Error("a refused group action was journaled")
	}
	if code, body := do2("POST", base2+"act", "", `{"op":"comment","group":0,"role":99,"line":1,"text":"x"}`, jsonH(s2)); code != 400 {
		t.Errorf("no such role: %d %s", code, body)
	}
}

func sorted(x []string) []string {
	y := append([]string(nil), x...)
	for i := range y {
		for j := i + 1; j < len(y); j++ {
			if y[j] < y[i] {
				y[i], y[j] = y[j], y[i]
			}
		}
	}
	return y
}

// TestProgress: a submission is to grade until a TA marks it or applies
// anything to it; the list counts, filters and leads to the next to
// grade; an action's answer undoes it.
func TestProgress(t *testing.T) {
	s, base, do := layouts(t, Config{})
	count := func() string {
		_, page := do("GET", base, "", "", nil)
		return regexp.MustCompile(`Graded by hand: \d+ of \d+`).FindString(page)
	}
	if c := count(); c != "Graded by hand: 0 of 4" {
		t.Errorf("at first: %q", c)
	}
	post := func(body string) done {
		t.Helper()
		code, out := do("POST", base+"act", "", body, jsonH(s))
		if code != 200 {
			t.Fatalf("%s: %d %s", body, code, out)
		}
		var d done
		json.Unmarshal([]byte(out), &d)
		return d
	}
	d := post(`{"op":"apply","subs":[0],"item":"names"}`)
	post(`{"op":"done","subs":[2]}`)
	if c := count(); c != "Graded by hand: 2 of 4" {
		t.Errorf("after an item and a mark: %q", c)
	}
	if u, _ := json.Marshal(d.Undo); string(u) != `[{"op":"remove","subs":[0],"item":"names"},{"op":"undone","subs":[0],"parts":["style"]}]` {
		t.Errorf("undo: %s", u)
	}
	_, page := do("GET", base+"s/0", "", "", nil)
	if !regexp.MustCompile(`style: graded by hand \(ta, \d{4}-\d\d-\d\d \d\d:\d\d UTC\)`).MatchString(page) {
		t.Error("the submission's page does not say who graded it and when")
	}
	_, todo := do("GET", base+"?show=todo", "", "", nil)
	_, todo, _ = strings.Cut(todo, `<table id="subs"`)
	todo, _, _ = strings.Cut(todo, "</table>")
	if strings.Contains(todo, `href="s/0"`) || !strings.Contains(todo, `href="s/1"`) {
		t.Errorf("the list of those to grade:\n%s", todo)
	}
	// next to grade, after 1: 3 (2 is graded), then round to 1.
	for _, tc := range []struct{ after, want string }{{"1", "/s/3"}, {"3", "/s/1"}, {"-1", "/s/1"}} {
		req, _ := http.NewRequest("GET", base+"next?after="+tc.after, nil)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if loc := resp.Header.Get("Location"); resp.StatusCode != 303 || !strings.HasSuffix(loc, tc.want) {
			t.Errorf("next after %s: %d %s, want %s", tc.after, resp.StatusCode, loc, tc.want)
		}
	}
	// The undo, as the page sends it: 0 is to grade again.
	for _, u := range d.Undo {
		b, _ := json.Marshal(u)
		post(string(b))
	}
	post(`{"op":"undone","subs":[2]}`)
	if c := count(); c != "Graded by hand: 0 of 4" {
		t.Errorf("undone: %q", c)
	}
	st, _, _ := review.Load(s.cfg.Dir, s.cfg.Assignment.Rubric)
	if len(st.Applied) != 0 || len(st.Graded) != 0 {
		t.Errorf("after undoing: applied %v, graded %v", st.Applied, st.Graded)
	}
	if code, _ := do("POST", base+"act", "", `{"op":"done","subs":[0],"parts":["a"]}`, jsonH(s)); code != 400 {
		t.Error("a part graded by no one's hand was marked")
	}
}

// TestPartView: a part's view shows each submission's file the part
// names, wherever it sits, only the function's lines, the part's items
// with their keys; with a split by part, only its TA has it.
func TestPartView(t *testing.T) {
	_, base, do := layouts(t, Config{})
	for n := 0; n < 4; n++ {
		code, page := do("GET", fmt.Sprintf("%sp/style/%d", base, n), "", "", nil)
		if code != 200 {
			t.Fatalf("%d: %d", n, code)
		}
		lines := regexp.MustCompile(`data-line="(\d+)"`).FindAllStringSubmatch(page, -1)
		var got []string
		for _, l := range lines {
			got = append(got, l[1])
		}
		if fmt.Sprint(got) != "[3 4 5 6 7]" || !strings.Contains(page, "lines 3-7 (the function solve)") {
			t.Errorf("%d: lines %v", n, got)
		}
		if !strings.Contains(page, `data-item="names" data-key="1"`) || !strings.Contains(page, `data-item="nest" data-key="2"`) || strings.Contains(page, "README") {
			t.Errorf("%d: the part's items or files", n)
		}
	}
	req, _ := http.NewRequest("GET", base+"p/style/", nil)
	resp, _ := http.DefaultTransport.RoundTrip(req)
	resp.Body.Close()
	if !strings.HasSuffix(resp.Header.Get("Location"), "/p/style/0") {
		t.Errorf("the part's view starts at %q", resp.Header.Get("Location"))
	}
	s2, _, do2 := layouts(t, Config{Split: 2, By: "part"})
	var owner, other string
	for _, k := range s2.links {
		if k.parts["style"] {
			owner = k.token
		} else {
			other = k.token
		}
	}
	addr := func(tok string) string { return fmt.Sprintf("http://127.0.0.1:%d/t/%s/p/style/0", s2.port, tok) }
	if code, _ := do2("GET", addr(owner), "", "", nil); code != 200 {
		t.Errorf("the part's TA: %d", code)
	}
	if code, _ := do2("GET", addr(other), "", "", nil); code != 404 {
		t.Errorf("another TA: %d", code)
	}
	if _, list := do2("GET", fmt.Sprintf("http://127.0.0.1:%d/t/%s/", s2.port, other), "", "", nil); strings.Contains(list, "p/style/") {
		t.Error("another TA's list offers the part's view")
	}
}

func TestFunctionLines(t *testing.T) {
	py := "import x\n\ndef solve(n):\n    if n:\n        return 1\n\n    return 0\n\ndef other():\n    solve(3)\n"
	goSrc := "package p\n\nfunc solve(n int) int {\n\treturn n\n}\n\nfunc main() { solve(1) }\n"
	cBrace := "int solve(int n)\n{\n  return n;\n}\nint main() { return solve(2); }\n"
	for _, tc := range []struct {
		text, name  string
		first, last int
	}{
		{program, "solve", 3, 7},
		{program, "other", 8, 8},
		{py, "solve", 3, 7},
		{goSrc, "solve", 3, 5},
		{cBrace, "solve", 1, 4},
	} {
		f, l, ok := functionLines(tc.text, tc.name)
		if !ok || f != tc.first || l != tc.last {
			t.Errorf("%s in %.20q: %d-%d %v, want %d-%d", tc.name, tc.text, f, l, ok, tc.first, tc.last)
		}
	}
	if _, _, ok := functionLines(program, "nope"); ok {
		t.Error("found a function that is not there")
	}
}

// TestNewAttacks: the new pages and endpoints hold as the old ones do:
// an action without the CSRF token or from another origin is refused,
// addresses and parameters out of range get nothing, and a hostile file
// name, id or comment is text in the part's view, the roles' list, a
// refusal and the list's progress column.
func TestNewAttacks(t *testing.T) {
	hostile := submission.Submission{ID: evil, Files: []submission.File{
		{Name: "x/" + evil + "/EightQueen.java", Data: []byte("// </script><script>window.pwned=1</script>\n" + program)},
		{Name: evil + ".txt", Data: []byte("\x1b[31m")}}}
	s, base, do := layouts(t, Config{}, hostile)
	csrfless := map[string]string{"Content-Type": "application/json"}
	cross := map[string]string{"Content-Type": "application/json", "X-CSRF-Token": s.csrf, "Origin": "http://evil.example"}
	for _, tc := range []struct {
		name, method, path, body string
		h                        map[string]string
		want                     int
	}{
		{"done without the token", "POST", "act", `{"op":"done","subs":[0]}`, csrfless, 403},
		{"done from elsewhere", "POST", "act", `{"op":"done","subs":[0]}`, cross, 403},
		{"undone of a part not graded by hand", "POST", "act", `{"op":"undone","subs":[0],"parts":["zzz"]}`, jsonH(s), 400},
		{"a part in view not graded", "POST", "act", `{"op":"done","subs":[0],"part":"<b>"}`, jsonH(s), 400},
		{"done by GET", "GET", "act?op=done&subs=0", "", nil, 404},
		{"next, no number", "GET", "next?after=x", "", nil, 400},
		{"next, a part of none", "GET", "next?after=1&part=%3Cscript%3E", "", nil, 400},
		{"a part of none", "GET", "p/%3Cb%3E/0", "", nil, 404},
		{"a part's view, traversal", "GET", "p/style/../../s/0", "", nil, 404},
		{"a part's view, out of range", "GET", "p/style/99", "", nil, 404},
		{"a part's view, spelt +1", "GET", "p/style/+1", "", nil, 404},
		{"a group's role, negative", "POST", "act", `{"op":"comment","group":0,"role":-1,"line":1,"text":"x"}`, jsonH(s), 400},
		{"a comment naming neither file nor role", "POST", "act", `{"op":"comment","subs":[0],"line":1,"text":"x"}`, jsonH(s), 400},
		{"a group's hostile comment", "POST", "act", `{"op":"comment","group":0,"role":0,"line":1,"text":"<script>alert(1)</script>\u202e"}`, jsonH(s), 200},
		{"the hostile one marked", "POST", "act", `{"op":"done","subs":[4]}`, jsonH(s), 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if code, body := do(tc.method, base+tc.path, "", tc.body, tc.h); code != tc.want {
				t.Errorf("%s %s: %d %.200q, want %d", tc.method, tc.path, code, body, tc.want)
			}
		})
	}
	for _, p := range []string{"", "?show=todo", "s/4", "p/style/4", "p/style/0"} {
		code, page := do("GET", base+p, "", "", nil)
		if code != 200 {
			t.Fatalf("%s: %d", p, code)
		}
		if m := regexp.MustCompile(`(?i)<script>window|<script>alert|<img src=x`).FindString(page); m != "" {
			t.Errorf("%s: live markup %q", p, m)
		}
		if strings.ContainsAny(page, "\x1b\a\u202e") {
			t.Errorf("%s: a control or bidi character shown raw", p)
		}
	}
	// A refusal naming the hostile one: text, escaped for a terminal.
	s2, base2, do2 := layouts(t, Config{}, submission.Submission{ID: evil, Files: []submission.File{{Name: "Other.java", Data: []byte("x")}}})
	code, body := do2("POST", base2+"act", "", `{"op":"comment","group":0,"role":0,"line":1,"text":"x"}`, jsonH(s2))
	if code != 400 || strings.ContainsAny(body, "\x1b\a\u202e") || !strings.Contains(body, "no file built as EightQueen.java") {
		t.Errorf("the refusal: %d %q", code, body)
	}
}

// TestEditedJournal: a hand-edited journal's marks and items as they
// were are data: a mark of an unknown part or submission counts nowhere,
// an item as it was with absurd points is skipped with a note.
func TestEditedJournal(t *testing.T) {
	s, base, do := layouts(t, Config{})
	os.MkdirAll(filepath.Join(s.cfg.Dir, review.Folder), 0o755)
	lines := `{"at":"2026-01-01T00:00:00Z","ta":"ta","op":"done","subs":["nobody","alice"],"parts":["zzz"]}
{"at":"2026-01-01T00:00:01Z","ta":"ta","op":"apply","subs":["bob"],"item":"names","was":{"id":"names","text":"x","points":1e300,"part":"style"}}
{"at":"not a time <b>","ta":"ta","op":"done","subs":["carol"],"parts":["style"]}
`
	if err := os.WriteFile(filepath.Join(s.cfg.Dir, review.Folder, "journal-ta.jsonl"), []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	_, page := do("GET", base, "", "", nil)
	if !strings.Contains(page, "Graded by hand: 1 of 4") || !strings.Contains(page, "skipped an action") {
		t.Errorf("the edited journal's progress or notes:\n%s", page)
	}
	if strings.Contains(page, "<b>") && !strings.Contains(page, "not a time &lt;b&gt;") {
		t.Error("an edited time is markup")
	}
}

// TestDriftOnPage: an item the rubric repointed since it was applied is
// said on the list, and the page's write button refuses, as grade does.
func TestDriftOnPage(t *testing.T) {
	s, base, do := layouts(t, Config{})
	os.MkdirAll(filepath.Join(s.cfg.Dir, review.Folder), 0o755)
	line := `{"at":"2026-01-01T00:00:00Z","ta":"ta","op":"apply","subs":["alice"],"item":"names","was":{"id":"names","text":"Unclear names","points":-2,"part":"style"}}` + "\n"
	if err := os.WriteFile(filepath.Join(s.cfg.Dir, review.Folder, "journal-ta.jsonl"), []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, page := do("GET", base, "", "", nil); !strings.Contains(page, "rubric change since applied: alice: 31 → 32 (item names -2 → -1)") {
		t.Errorf("the list does not say the drift:\n%s", page)
	}
	if code, body := do("POST", base+"export", "", `{}`, jsonH(s)); code != 400 || !strings.Contains(body, "--accept-rubric-changes") {
		t.Errorf("the write button: %d %s", code, body)
	}
}

// FuzzFunctionLines: any text and name give lines inside the text, in
// order, or none.
func FuzzFunctionLines(f *testing.F) {
	f.Add(program, "solve")
	f.Add("def f(x):\n\treturn x\n}\n", "f")
	f.Add("f(\n{\n", "f")
	f.Add("x", "\xcb") // not UTF-8: not a name
	f.Fuzz(func(t *testing.T, text, name string) {
		first, last, ok := functionLines(text, name)
		n := strings.Count(strings.ReplaceAll(text, "\r\n", "\n"), "\n") + 1
		if ok && (first < 1 || last < first || last > n) {
			t.Errorf("%q in %q: lines %d-%d of %d", name, text, first, last, n)
		}
	})
}
