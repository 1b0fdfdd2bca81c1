package report_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/report"
)

// hostile are texts a student controls, as an id and as everything a
// program's run puts in a result: escape sequences (window title,
// clipboard, clear screen, colour), Markdown and HTML, formulas, a code
// fence, bidi overrides and bytes that are not UTF-8.
var hostile = []string{
	"\x1b]0;pwned\x07\x1b[2J\x1b[H",
	"\x1b]52;c;ZXZpbA==\x07\x1b[31mFAKE: all cases passed\x1b[0m",
	"<script>alert(1)</script><img src=x onerror=alert(2)>",
	"[link](http://evil.example) ![img](http://evil.example/x.png) www.evil.example",
	"| a | b |\n|---|---|\n# heading\n- item\n1. first",
	"```\n# out of the fence\n```",
	`=HYPERLINK("http://evil.example","x")`,
	"+1+cmd|' /C calc'!A0;-2+3,@SUM(A1)\t=1\r=2",
	"\u202egnp.exe \u2066x\u2069 \xff\xfe \u009b31m",
	"*bold* _em_ ~~gone~~ `code` &amp; $x$ \\",
}

// graded is a correct program's result, for hostileResult.
func graded(t testing.TB, a *grader.Assignment) grader.Result {
	t.Helper()
	r, err := a.Grade(context.Background(), runner{}, sub("x", "correct\n"), 0, grader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// hostileResult is r (graded) carrying text wherever a student's bytes
// reach a result, with id as its ID.
func hostileResult(t testing.TB, r grader.Result, id, text string) grader.Result {
	t.Helper()
	r.Cases = slices.Clone(r.Cases)
	r.ID, r.Notes, r.Flags = id, []string{"note: " + text, text}, []string{text}
	var public []int
	for i, c := range r.Cases {
		if c.Visibility == "public" {
			public = append(public, i)
		}
	}
	if len(public) < 2 {
		t.Fatal("the test assignment has fewer than 2 public cases")
	}
	c := &r.Cases[public[0]]
	c.Verdict, c.ExitCode = grader.WrongAnswer, 1
	c.Mismatch = &grader.Mismatch{Line: 1, Expected: "28", Got: text, Diff: "--- expected\n+++ got\n@@ -1 +1 @@\n-28\n+" + strings.ReplaceAll(text, "\n", "\n+") + "\n"}
	c.Stderr, c.Feedback = text, text
	c = &r.Cases[public[1]]
	c.Verdict = grader.WrongAnswer
	c.Violation = &grader.Violation{Line: 2, Rule: text, Msg: text}
	c.Attempts = &grader.Attempts{Runs: 3, Passed: 1, Failed: []int{2, 3}, Failures: []grader.Attempt{
		{Run: 2, RunResult: grader.RunResult{Verdict: grader.RuntimeError, ExitCode: 1, Stderr: text, Feedback: text}},
	}}
	return r
}

// TestHostileText writes every report of results holding hostile text
// and checks each medium: no control character reaches a terminal or a
// file, no Markdown markup, HTML or formula comes from the text.
func TestHostileText(t *testing.T) {
	a := assignment(t)
	base := graded(t, a)
	var results []grader.Result
	for i, text := range hostile {
		results = append(results, hostileResult(t, base, text, hostile[(i+1)%len(hostile)]))
	}
	results = append(results, hostileResult(t, base, strings.Repeat("a", 250), hostile[0]))
	checkWriters(t, a, results)

	// One report per submission, each under a safe name, none stopping
	// the others.
	dir := t.TempDir()
	b := report.NewBatch(a, "test", results)
	if err := report.WriteAll(dir, a, b); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "reports"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(results) {
		t.Errorf("%d reports for %d submissions", len(entries), len(results))
	}
	for _, e := range entries {
		if !regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}\.md$`).MatchString(e.Name()) {
			t.Errorf("report named %q", e.Name())
		}
	}
}

// FuzzReportText writes every report of a result whose id and run text are
// the fuzzer's, and checks them as TestHostileText does.
func FuzzReportText(f *testing.F) {
	for i, s := range hostile {
		f.Add(s, hostile[(i+3)%len(hostile)])
	}
	a := gradertest.Assignment(f, "../testdata")
	base := graded(f, a)
	f.Fuzz(func(t *testing.T, id, text string) {
		checkWriters(t, a, []grader.Result{hostileResult(t, base, id, text), hostileResult(t, base, "plain", text)})
	})
}

// checkWriters writes results in every medium and checks each.
func checkWriters(t *testing.T, a *grader.Assignment, results []grader.Result) {
	t.Helper()
	var table bytes.Buffer
	report.Table(&table, a, results, report.Style{})
	checkTerminal(t, "the class table", table.String())
	for _, r := range results {
		var check bytes.Buffer
		report.Check(&check, a, r, report.Style{})
		checkTerminal(t, fmt.Sprintf("check of %q", r.ID), check.String())
		checkMarkdown(t, fmt.Sprintf("the report of %q", r.ID), string(report.Markdown(a, r)))
		checkMarkdown(t, fmt.Sprintf("the summary of %q", r.ID), string(report.GitHubSummary(a, r)))
		gs := report.Gradescope(a, r)
		checkTerminal(t, fmt.Sprintf("the Gradescope output of %q", r.ID), gs.Output)
		for _, test := range gs.Tests {
			checkTerminal(t, fmt.Sprintf("the Gradescope test %s of %q", test.Name, r.ID), test.Output)
		}
		junit, err := report.JUnit(a, r)
		if err != nil {
			t.Fatal(err)
		}
		if err := xml.Unmarshal(junit, new(struct{})); err != nil {
			t.Errorf("the JUnit XML of %q is not XML: %v", r.ID, err)
		}
	}
	for name, data := range map[string][]byte{
		"gradebook.csv": report.Gradebook(a, results, report.Roster{}),
		"parts.csv":     report.Parts(a, results),
	} {
		checkCSV(t, name, data)
		checkTerminal(t, name, string(data))
	}
	page, err := report.Page(a, report.NewBatch(a, "test", results))
	if err != nil {
		t.Fatal(err)
	}
	checkTerminal(t, "index.html", string(page))
	if n := bytes.Count(page, []byte("<script")); n != 1 {
		t.Errorf("index.html has %d scripts, want its own one", n)
	}
	if bytes.Contains(page, []byte("<img")) || bytes.Contains(page, []byte("<a href=\"http")) {
		t.Error("index.html has an image or a link out of the page")
	}
}

// checkTerminal fails if s holds anything a terminal acts on: a control
// character but newline and tab, a C1 control, a formatting character
// (bidi overrides) or a byte that is not UTF-8.
func checkTerminal(t *testing.T, what, s string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Errorf("%s is not UTF-8", what)
	}
	for _, r := range s {
		if r < ' ' && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) {
			t.Errorf("%s holds %U:\n%q", what, r, s)
			return
		}
	}
}

// mdLive are the characters that make Markdown markup wherever they are
// (links, images, HTML, entities, code, tables, strikethrough, math,
// email autolinks),
// which the reports write only in code and tables of their own.
const mdLive = "<>[]&`|~$@"

// checkMarkdown fails unless md is safe to print (checkTerminal), every
// code block it opens is closed, and outside code blocks, tables and
// the grader's command lines every character of mdLive is escaped.
func checkMarkdown(t *testing.T, what, md string) {
	t.Helper()
	checkTerminal(t, what, md)
	fence := ""
	for _, line := range strings.Split(md, "\n") {
		switch {
		case fence != "":
			if strings.TrimRight(line, "`") == "" && len(line) >= len(fence) {
				fence = ""
			}
			continue
		case strings.HasPrefix(line, "```"):
			fence = line[:len(line)-len(strings.TrimLeft(line, "`"))]
			continue
		case strings.HasPrefix(line, "|"), strings.HasPrefix(line, "Command: "), strings.HasPrefix(line, "    "):
			continue // the grader's tables and command lines; indented code
		}
		for i := 0; i < len(line); i++ {
			switch c := line[i]; {
			case c == '\\' && i+1 < len(line) && strings.IndexByte(`!"#$%&'()*+,-./:;<=>?@[\]^_{|}~`+"`", line[i+1]) >= 0:
				i++
			case strings.IndexByte(mdLive, c) >= 0:
				t.Errorf("%s has %q unescaped in the line %q", what, c, line)
				return
			case c == '#' && i == 0 && !strings.HasPrefix(line, "# ") && !strings.HasPrefix(line, "## ") && !strings.HasPrefix(line, "### "):
				t.Errorf("%s has a heading of the text: %q", what, line)
			}
		}
	}
	if fence != "" {
		t.Errorf("%s leaves a code block open:\n%q", what, md)
	}
}

// checkCSV fails unless data reads as CSV none of whose cells a
// spreadsheet would take for a formula.
func checkCSV(t *testing.T, what string, data []byte) {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	number := regexp.MustCompile(`^[+-]?[0-9]+(\.[0-9]+)?$`)
	for _, row := range rows {
		for _, cell := range row {
			s := strings.TrimLeft(cell, " \"")
			r, _ := utf8.DecodeRuneInString(s)
			if s != "" && strings.ContainsRune("=+-@\t\r＝＋－＠", r) && !number.MatchString(cell) {
				t.Errorf("%s has the live cell %q", what, cell)
			}
		}
	}
}

// TestGradescopeDeductionEscaped: the test that carries a deduction
// quotes the notes (a file's name among them) as the top-level output
// does, its control characters and bidi overrides shown.
func TestGradescopeDeductionEscaped(t *testing.T) {
	a := assignment(t)
	r := graded(t, a)
	name := "Main\x1b]52;c;ZXZpbA==\x07\x1b[2J\u202eavaj.java"
	r.Notes = []string{"built " + name + " as Main.java: 1 point off"}
	r.Score--
	g := report.Gradescope(a, r)
	found := false
	for _, test := range g.Tests {
		if strings.HasPrefix(test.Name, "deductions") {
			found = true
			checkTerminal(t, "the deductions test", test.Output)
		}
	}
	if !found {
		t.Fatalf("no deductions test in %+v", g.Tests)
	}
	checkTerminal(t, "the output", g.Output)
}

// TestLookalikeIDs: ids that pass for each other on a screen (a
// Cyrillic а, a right-to-left override) are told apart in every report
// (escape.ID: escaped and flagged), and the most similar other of one
// whose id is escaped is found (the column is keyed by the ids as they
// are).
func TestLookalikeIDs(t *testing.T) {
	a := assignment(t)
	base := graded(t, a)
	ids := []string{"alice", "\u0430lice", "alice\u202e", "ecila\u202e"}
	var results []grader.Result
	for _, id := range ids {
		r := base
		r.ID = id
		results = append(results, r)
	}
	want := []string{"alice", "<U+0430>lice " + "\u26a0", "alice<U+202E> \u26a0", "ecila<U+202E> \u26a0"}
	b := report.NewBatch(a, "test", results)
	b.Similar = map[string]report.Similar{}
	for i, id := range ids {
		b.Similar[id] = report.Similar{Other: ids[(i+1)%len(ids)], Score: 1, Link: "similarity.html#p-1"}
	}
	page, err := report.Page(a, b)
	if err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	report.Table(&table, a, results, report.Style{})
	media := map[string]string{
		"index.html":    string(page),
		"the table":     table.String(),
		"gradebook.csv": string(report.Gradebook(a, results, report.Roster{})),
		"parts.csv":     string(report.Parts(a, results)),
	}
	for i, id := range ids {
		media["the report of "+want[i]] = string(report.Markdown(a, results[i]))
		if !strings.Contains(string(report.Markdown(a, results[i])), strings.NewReplacer("<", `\<`, ">", `\>`).Replace(want[i])) {
			t.Errorf("the report of %q does not show %q", id, want[i])
		}
	}
	for what, text := range media {
		checkTerminal(t, what, text)
		if strings.Contains(text, "\u0430") {
			t.Errorf("%s shows the Cyrillic а as it is", what)
		}
		if what == "index.html" || strings.HasPrefix(what, "the report") {
			continue
		}
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not show %q:\n%s", what, w, text)
			}
		}
	}
	for i := range ids {
		cell := ">100% " + want[(i+1)%len(ids)] + "</a>"
		if !strings.Contains(html.UnescapeString(string(page)), cell) {
			t.Errorf("index.html has no most-similar cell %q for %q", cell, ids[i])
		}
	}
}

// A note names files a student named: one with a line break in its name
// stays on the note's line, in check and in index.html, and cannot pass
// for a line of the grader's own (found by a red team).
func TestNoteOneLine(t *testing.T) {
	a := gradertest.Assignment(t, "../testdata")
	r := graded(t, a)
	forged := "ok   part a  9/9 cases"
	r.Notes = append(r.Notes, "sum.c is missing: built sumx\n"+forged+"\t.c under that name")
	var check bytes.Buffer
	report.Check(&check, a, r, report.Style{})
	for _, line := range strings.Split(check.String(), "\n") {
		if strings.HasPrefix(line, forged) {
			t.Errorf("check printed a line of the student's: %q", line)
		}
	}
	page, err := report.Page(a, report.NewBatch(a, "test", []grader.Result{r}))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(page, []byte("sumx\n")) || bytes.Contains(page, []byte("\t.c")) {
		t.Error("index.html kept a note's line break or tab raw")
	}
}
