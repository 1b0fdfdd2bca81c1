//go:build unix

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/webdriver"
)

// keysRubric is reviewRubric with the manual part graded in prog.sh's
// function greet: the part's view across the class shows its lines.
var keysRubric = strings.Replace(reviewRubric, "start = 3\n", "start = 3\nfile = \"prog.sh\"\nfunction = \"greet\"\n", 1)

// keysBatch grades n submissions of the shell-script assignment into
// dir/out: every third prints "hi" and fails (a failure group), the
// others pass. It returns the binary, the rubric and dir.
func keysBatch(t testing.TB, n int) (bin, rubric, dir string) {
	bin = testBinary(t)
	_, testdata := paths(t)
	dir = t.TempDir()
	rubric = filepath.Join(dir, "hw", "rubric.toml")
	write := func(path, text string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(rubric, keysRubric)
	for _, c := range []string{"public-01.case", "hidden-01.case"} {
		data, err := os.ReadFile(filepath.Join(testdata, "sh", "cases", "a", c))
		if err != nil {
			t.Fatal(err)
		}
		write(filepath.Join(dir, "hw", "cases", "a", c), string(data))
	}
	for i := 1; i <= n; i++ {
		word, where := "hello", "prog.sh"
		if i%3 == 0 {
			word = "hi"
		}
		if i%2 == 0 {
			where = "hw1/prog.sh" // as a zip's folder holds it
		}
		write(filepath.Join(dir, "in", fmt.Sprintf("s%02d", i), where), fmt.Sprintf("# greet, %d\ngreet() {\n  echo \"%s $1\"\n}\ngreet \"$1\"\n", i, word))
	}
	cmd := exec.Command(bin, "grade", "--rubric", rubric, "--jobs", "2", "--out", filepath.Join(dir, "out"), filepath.Join(dir, "in"))
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("grade: %v\n%s", err, out)
	}
	return bin, rubric, dir
}

// TestReviewByKeys grades 18 submissions in headless Chromium by keys
// alone, as a TA moving from Gradescope would: from the list, n (next to
// grade); on each submission 1 and 2 (the two items), j and c (a
// comment at the first line, typed, Ctrl+Enter), then n again. No page
// is loaded in full between submissions (a mark set on the first page
// stays), the journal holds exactly those 54 actions, one of each per
// submission, the list says all 18 are graded by hand, and grade writes
// each total. With AUTOGRADER_SCREENSHOTS=DIR it saves the list, a
// submission, the part's view across the class and the keys' help there.
func TestReviewByKeys(t *testing.T) {
	browser, driver := webdriver.NeedChromium(t)
	// Three of each kind of submission (passing or failing, prog.sh at
	// the top or in a folder: i mod 6); each is graded by the same keys.
	const n = 18
	all := fmt.Sprintf("Graded by hand: %d of %d", n, n)
	last, before := fmt.Sprintf("s%02d", n), fmt.Sprintf("s%02d", n-1)
	bin, rubric, dir := keysBatch(t, n)
	_, base := startReview(t, bin, rubric, dir)
	wd := webdriver.Start(t, driver)
	sess := wd.Headless(t, browser, 1400, 1000)
	defer sess.Call(t, "DELETE", "", nil)
	shots := os.Getenv("AUTOGRADER_SCREENSHOTS")
	js, _, waitText := pageHelpers(t, sess)
	sess.Call(t, "POST", "/url", map[string]any{"url": base})
	waitText("the list", "#progress", fmt.Sprintf("Graded by hand: 0 of %d", n))
	start := time.Now()
	full, navs := gradeByKeys(t, sess, n, func(k int) {
		if k == 0 && shots != "" {
			sess.Screenshot(t, filepath.Join(shots, "review-submission.png"))
		}
	})
	perSub := time.Since(start) / n
	waitText("the list of those to grade", "#progress", all)
	if full != 0 || navs < n {
		t.Errorf("%d pages loaded in full between submissions, %d in place", full, navs)
	}
	t.Logf("%d submissions by keys: %v a submission (browser and server), %d in-place page changes, %d full page loads", n, perSub.Round(time.Millisecond), navs, full)

	// The back button goes back a submission, in place too.
	for _, want := range []string{last + ":", before + ":"} {
		js(`history.back(); return null;`, nil)
		waitText("the submission before, by the back button", "#title", want)
	}
	var loads int
	js(`return window.fullLoad || 0;`, &loads)
	if loads != 1 {
		t.Error("the back button loaded a page in full")
	}

	// The journal: one of each action per submission, nothing else.
	f, err := os.Open(filepath.Join(dir, "out", "review", "journal-ta.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	per := map[string]map[string]int{}
	lines := 0
	for sc := bufio.NewScanner(f); sc.Scan(); lines++ {
		var a struct {
			Op, Item, File, Text string
			Line                 int
			Subs                 []string
		}
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil || len(a.Subs) != 1 {
			t.Fatalf("journal line %d: %v %s", lines+1, err, sc.Text())
		}
		what := a.Op + " " + a.Item
		if a.Op == "comment" {
			what = fmt.Sprintf("comment %s:%d %s", a.File, a.Line, a.Text)
		}
		if per[a.Subs[0]] == nil {
			per[a.Subs[0]] = map[string]int{}
		}
		per[a.Subs[0]][what]++
	}
	if lines != 3*n || len(per) != n {
		t.Errorf("the journal has %d lines for %d submissions, want %d for %d", lines, len(per), 3*n, n)
	}
	for id, got := range per {
		file := "prog.sh"
		if i, _ := strconv.Atoi(strings.TrimPrefix(id, "s")); i%2 == 0 {
			file = "hw1/prog.sh"
		}
		want := fmt.Sprint(map[string]int{"apply names": 1, "apply bonus": 1, "comment " + file + ":1 Say `greet` <b>once</b>": 1})
		if fmt.Sprint(got) != want {
			t.Errorf("%s: %v, want %v", id, got, want)
		}
	}

	// The totals: a pass 10 (the bonus at the part's ceiling) + style 3 - 1;
	// a failure 0 + 1, + 2.
	if out, err := execGrade(bin, rubric, dir); err != nil {
		t.Fatalf("grade: %v\n%s", err, out)
	} else if !strings.Contains(string(out), fmt.Sprintf("graded by hand: %d of %d; 0 submissions still to grade", n, n)) {
		t.Errorf("grade does not say all are graded by hand:\n%s", out)
	}
	gb, err := os.ReadFile(filepath.Join(dir, "out", "gradebook.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		want := fmt.Sprintf("\ns%02d,,,,,12\n", i)
		if i%3 == 0 {
			want = fmt.Sprintf("\ns%02d,,,,,3\n", i)
		}
		if !strings.Contains(string(gb), want) {
			t.Errorf("gradebook.csv lacks %q; it says:\n%s", strings.TrimSpace(want), gb)
		}
	}

	// d marks the one before the last to grade again, u undoes it.
	sess.Press(t, "d")
	waitText(before+" to grade again", "#progress", "style: to grade")
	sess.Press(t, "u")
	waitText(before+" graded again", "#progress", "style: graded by hand")

	if shots == "" {
		return
	}
	// The screenshots: the list, the part's view, the keys' help.
	sess.Call(t, "POST", "/url", map[string]any{"url": base})
	waitText("the list", "#progress", all)
	sess.Screenshot(t, filepath.Join(shots, "review-list.png"))
	sess.Call(t, "POST", "/url", map[string]any{"url": base + "p/style/3"})
	waitText("the part's view", "#title", "Part style across the class")
	sess.Screenshot(t, filepath.Join(shots, "review-part.png"))
	sess.Press(t, "?")
	sess.WaitFor(t, "the help", func() string {
		var ok bool
		js(`return !document.getElementById("help").hidden;`, &ok)
		if !ok {
			return "hidden"
		}
		return ""
	})
	sess.Screenshot(t, filepath.Join(shots, "review-help.png"))
}

// pageHelpers are a session's script runner, an element's text by CSS
// selector, and a wait for that text to hold a string.
func pageHelpers(t testing.TB, sess *webdriver.Session) (js func(string, any, ...any), text func(string) string, waitText func(what, css, want string)) {
	js = func(script string, out any, args ...any) { t.Helper(); sess.Script(t, script, args, out) }
	text = func(css string) string {
		var got string
		js(`var e = document.querySelector(arguments[0]); return e ? e.innerText : "";`, &got, css)
		return got
	}
	waitText = func(what, css, want string) {
		t.Helper()
		sess.WaitFor(t, what, func() string {
			if got := text(css); !strings.Contains(got, want) {
				return fmt.Sprintf("%s says %q", css, got)
			}
			return ""
		})
	}
	return js, text, waitText
}

// gradeByKeys grades n submissions by keys from the page in view (the
// list): n, then on each 1, 2, j, c, a comment typed, Ctrl+Enter, n.
// after is called on each once graded. It returns how many pages were
// loaded in full meanwhile (a mark set on the page first would be gone)
// and how many were changed in place.
func gradeByKeys(t testing.TB, sess *webdriver.Session, n int, after func(k int)) (full, navs int) {
	js, text, _ := pageHelpers(t, sess)
	var loads int
	js(`window.fullLoad = (window.fullLoad || 0) + 1; window.loadsAtStart = window.reviewNavs || 0; return null;`, nil)
	seen := map[string]bool{}
	label := ""
	sess.Press(t, "n")
	for k := 0; k < n; k++ {
		sess.WaitFor(t, "the next submission to grade", func() string {
			got, _, _ := strings.Cut(text("#title"), ":")
			if got == "" || got == label {
				return "the title is still " + got
			}
			return ""
		})
		label, _, _ = strings.Cut(text("#title"), ":")
		if seen[label] {
			t.Fatalf("next to grade came back to %s", label)
		}
		seen[label] = true
		for _, key := range []string{"1", "2"} {
			sess.Press(t, key)
			sess.WaitFor(t, label+": item "+key, func() string {
				var ok bool
				js(`return !!document.querySelector('#rubric tr[data-key="' + arguments[0] + '"][data-applied]');`, &ok, key)
				if !ok {
					return "not applied"
				}
				return ""
			})
		}
		sess.Press(t, "j", "c")
		sess.WaitFor(t, "the comment form", func() string {
			var ok bool
			js(`var f = document.getElementById("comment-form"); return !!f && !f.hidden && document.activeElement === f.querySelector("textarea");`, &ok)
			if !ok {
				return "not open and focused"
			}
			return ""
		})
		sess.Press(t, strings.Split("Say `greet` <b>once</b>", "")...)
		sess.Press(t, "\uE009\uE007") // Ctrl+Enter
		sess.WaitFor(t, label+": the comment", func() string {
			if got := text("#L0-1 + tr.comment"); !strings.Contains(got, "Say greet <b>once</b>") {
				return "line 1's comment says " + got
			}
			return ""
		})
		after(k)
		sess.Press(t, "n")
	}
	var marks struct {
		Loads, Navs, Start int
	}
	js(`return {Loads: window.fullLoad || 0, Navs: window.reviewNavs || 0, Start: window.loadsAtStart || 0};`, &marks)
	loads = 1 - marks.Loads // the mark is gone (0) after a full load
	return loads, marks.Navs - marks.Start
}

// BenchmarkReviewByKeys grades b.N submissions by keys in headless
// Chromium (as TestReviewByKeys does) and reports the time a submission
// takes, browser and server, and the pages loaded in full between
// submissions (the goal: none). go test ./cmd/autograder -run '^$'
// -bench ReviewByKeys -benchtime 60x
func BenchmarkReviewByKeys(b *testing.B) {
	browser, driver := webdriver.NeedChromium(b)
	bin, rubric, dir := keysBatch(b, b.N)
	_, base := startReview(b, bin, rubric, dir)
	wd := webdriver.Start(b, driver)
	sess := wd.Headless(b, browser, 1400, 1000)
	defer sess.Call(b, "DELETE", "", nil)
	sess.Call(b, "POST", "/url", map[string]any{"url": base})
	_, _, waitText := pageHelpers(b, sess)
	waitText("the list", "#progress", "Graded by hand: 0 of")
	b.ResetTimer()
	full, navs := gradeByKeys(b, sess, b.N, func(int) {})
	b.StopTimer()
	b.ReportMetric(float64(full)/float64(b.N), "full-loads/sub")
	b.ReportMetric(float64(navs)/float64(b.N), "in-place-loads/sub")
}
