//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/internal/webdriver"
)

// TestReviewInChromium drives autograder review's page in headless
// Chromium: it comments at a line of bob's file, applies an item to the
// failure group of bob and carol, changes that item's points (seeing the
// totals it changes first), writes the products from the page and finds
// them in gradebook.csv and bob's report, then re-runs grade and finds
// them kept. Every page, the hostile submissions' too, runs no script of
// theirs: no dialog opens, window.pwned stays unset.
func TestReviewInChromium(t *testing.T) {
	browser, driver := webdriver.NeedChromium(t)
	bin, rubric, dir := reviewBatch(t)
	_, base := startReview(t, bin, rubric, dir)
	wd := webdriver.Start(t, driver)
	sess := wd.Headless(t, browser, 1400, 1000)
	defer sess.Call(t, "DELETE", "", nil)

	clean := func(where string) {
		t.Helper()
		if sess.AlertOpen(t) {
			t.Fatalf("%s: a dialog is open: a student's script ran", where)
		}
		var pwned any
		sess.Script(t, `var fs = [window].concat(Array.prototype.map.call(document.querySelectorAll("iframe"), function (f) { return f.contentWindow; }));
			return fs.some(function (w) { try { return w.pwned !== undefined; } catch (e) { return false; } });`, nil, &pwned)
		if pwned != false {
			t.Fatalf("%s: window.pwned is set: a student's script ran", where)
		}
	}
	open := func(u, what string, cond func() string) {
		t.Helper()
		sess.Call(t, "POST", "/url", map[string]any{"url": u})
		sess.WaitFor(t, what, cond)
	}
	has := func(css, want string) func() string {
		return func() string {
			var got string // read at once: the page may be reloading
			sess.Script(t, `var e = document.querySelector(arguments[0]); return e ? e.innerText : "";`, []any{css}, &got)
			if !strings.Contains(got, want) {
				return fmt.Sprintf("%s says %q", css, got)
			}
			return ""
		}
	}
	open(base, "the list", has("h1", "hello: 11 submissions"))
	clean("the list")

	// Every submission's page, with its evidence frame, runs nothing of
	// the student's; the hostile names are shown as text.
	links := sess.FindAll(t, "#subs a")
	var hrefs, labels []string
	for _, l := range links {
		var h string
		sess.Call(t, "GET", "/element/"+l+"/property/href", nil, &h)
		hrefs, labels = append(hrefs, h), append(labels, sess.Text(t, l))
	}
	bob := ""
	for i, h := range hrefs {
		open(h, labels[i]+"'s page", has("#title", ":"))
		sess.WaitFor(t, "the evidence frame", func() string {
			var ok bool
			sess.Script(t, `var f = document.querySelector("iframe"); return !!(f && f.contentDocument && f.contentDocument.querySelector("h1"));`, nil, &ok)
			if !ok {
				return "not loaded"
			}
			return ""
		})
		clean(labels[i] + "'s page")
		if labels[i] == "bob" {
			bob = h
		}
		if strings.Contains(labels[i], "svg") && !strings.Contains(sess.Text(t, sess.Find(t, "#title")), `"><U+003C>svg onload=window.pwned=1>: 13 / 13`) {
			t.Errorf("the hostile name is not shown as text: %q", sess.Text(t, sess.Find(t, "#title")))
		}
	}

	// A comment at bob's line 3.
	open(bob, "bob's page", has("#title", "bob: 3 / 13"))
	sess.Click(t, sess.Find(t, `td.ln[data-file="0"][data-line="3"]`))
	sess.Type(t, sess.Find(t, "#comment-form textarea"), "Say `hello`, not <b>hi</b>")
	sess.Click(t, sess.Find(t, `[data-do="save-comment"]`))
	sess.WaitFor(t, "the comment at line 3", func() string {
		var got string // read at once: the page changes in place
		sess.Script(t, `var r = document.querySelector("#L0-3 + tr.comment"); return r ? r.innerText : "";`, nil, &got)
		if !strings.Contains(got, "Say hello, not <b>hi</b>") {
			return "the comment row says " + got
		}
		return ""
	})
	clean("bob's page with the comment")

	// The item "names" to bob and carol's failure group.
	open(base, "the list", has("h1", "hello"))
	group := ""
	for _, g := range sess.FindAll(t, ".group") {
		if txt := sess.Text(t, g); strings.Contains(txt, "bob, carol") || strings.Contains(txt, "carol, bob") {
			var id string
			sess.Call(t, "GET", "/element/"+g+"/attribute/data-group", nil, &id)
			group = id
		}
	}
	if group == "" {
		t.Fatal("no failure group of bob and carol")
	}
	sess.Click(t, sess.Find(t, `.group[data-group="`+group+`"] select.item option[value="names"]`))
	sess.Click(t, sess.Find(t, `.group[data-group="`+group+`"] [data-do="apply"]`))
	sess.WaitFor(t, "bob's total, less 1", func() string {
		var row string // read at once: the page changes in place
		sess.Script(t, `var r = Array.prototype.find.call(document.querySelectorAll("#subs tbody tr"), function (r) { return r.cells[0].textContent === "bob"; });
			return r ? r.innerText : "";`, nil, &row)
		if fields := strings.Fields(row); len(fields) < 6 || strings.Join(fields[:6], " ") != "bob graded 0 +2 2 1" {
			return fmt.Sprintf("bob's row: %q", row)
		}
		return ""
	})

	// The item's points: -1 to -2, the totals it changes shown first.
	open(bob, "bob's page", has("#title", "bob: 2 / 13"))
	sess.Type(t, sess.Find(t, `tr[data-item="names"] input.points`), "-2")
	sess.Click(t, sess.Find(t, `tr[data-item="names"] [data-do="preview-points"]`))
	sess.WaitFor(t, "the preview", has(`tr[data-item="names"] .preview`, "3 totals change: bob 2 → 1, carol 2 → 1, mallory 2 → 1"))
	sess.Click(t, sess.Find(t, `tr[data-item="names"] [data-do="save-points"]`))
	sess.WaitFor(t, "bob's new total", has("#title", "bob: 1 / 13"))

	// The products, written from the page.
	sess.Click(t, sess.Find(t, `[data-do="export"]`))
	sess.WaitFor(t, "the products written", has("#status", "written"))
	check := func(when string) {
		t.Helper()
		gb, err := os.ReadFile(filepath.Join(dir, "out", "gradebook.csv"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"\nbob,,,,,1\n", "\ncarol,,,,,1\n", "\nalice,,,,,13\n", "\ndave,,,,,3\n"} {
			if !strings.Contains(string(gb), want) {
				t.Errorf("%s: gradebook.csv lacks %q:\n%s", when, want, gb)
			}
		}
		md, err := os.ReadFile(filepath.Join(dir, "out", "reports", "bob.md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"**Score: 1 / 13**", "| Unclear names | style | -2 |", "- `prog.sh` line 3: Say \\`hello\\`, not \\<b\\>hi\\</b\\>"} {
			if !strings.Contains(string(md), want) {
				t.Errorf("%s: bob's report lacks %q:\n%s", when, want, md)
			}
		}
	}
	check("written by the page")
	os.Remove(filepath.Join(dir, "out", "gradebook.csv"))
	cmdOut, err := execGrade(bin, rubric, dir)
	if err != nil {
		t.Fatalf("grade again: %v\n%s", err, cmdOut)
	}
	check("grade re-run")
}
