package report_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/sandbox"
)

// golden compares got with testdata/name.golden, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if want := testenv.Golden(t, path, got); !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update to accept):\n%s", path, compare.Explain(want, got, compare.Strict).Diff)
	}
}

// assignment is the grader's test assignment (../testdata), with edits
// (old, new pairs of its text) applied.
func assignment(t *testing.T, edits ...string) *grader.Assignment {
	t.Helper()
	return gradertest.Assignment(t, "../testdata", edits...)
}

// program fakes a student's program: the reference's output, except for
// the command lines in odd, which get that Execution instead.
type program struct {
	reading  eightqueen.Reading
	mistakes []string // catalogued mistakes the program makes
	odd      map[string]grader.Execution
	err      error
}

func (p program) Run(_ context.Context, in grader.Input) (grader.Execution, error) {
	args := in.Args
	if p.err != nil {
		return grader.Execution{}, p.err
	}
	if ex, ok := p.odd[strings.Join(args, " ")]; ok {
		return ex, nil
	}
	cmd, err := eightqueen.ParseArgs(args)
	if err != nil {
		return grader.Execution{}, err
	}
	opt := eightqueen.Options{Reading: p.reading}
	for _, name := range p.mistakes {
		m, err := eightqueen.LookupMistake(name)
		if err != nil {
			return grader.Execution{}, err
		}
		opt.Mistakes = append(opt.Mistakes, m)
	}
	return grader.Execution{Stdout: eightqueen.Output(cmd, opt)}, nil
}

func (program) Close() error { return nil }

// students are the programs of the batch, by the first line of their
// EightQueen.java.
var students = map[string]program{
	"correct": {},
	// A wrong public case with stderr, a timeout, and the other reading,
	// which part c does not accept.
	"alice": {reading: eightqueen.Reading{NonRaising: true}, odd: map[string]grader.Execution{
		"100 01234567": {Stdout: []byte("29\n"), Stderr: []byte("counting pairs twice?\n")},
		"100 27364150": {ExitCode: -1, Signal: "killed", Limit: grader.Wall, Stdout: []byte("1\n")},
	}},
	// Limits hit and crashes on public cases.
	"erin": {odd: map[string]grader.Execution{
		"100 01234567": {ExitCode: -1, Signal: "killed", Limit: grader.Output, Stdout: bytes.Repeat([]byte("28\n"), 100)},
		// As the runner gives it: the Java preset reads the JVM's
		// OutOfMemoryError as the memory limit.
		"100 12375643": {ExitCode: 1, Limit: grader.Memory, Stderr: []byte("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat EightQueen.main(EightQueen.java:12)\n")},
		"200 12375643": {ExitCode: -1, Signal: "segmentation fault"},
		"200 01234567": {ExitCode: 2, Stderr: []byte("usage: java EightQueen FLAG [SEED] BOARD\n")},
	}},
	"broken": {err: errors.New("sandbox: the box vanished")},
	// For the page's known mistakes and diffs (see pageResults).
	"twice": {mistakes: []string{"pairs-counted-twice"}},
	"stay-put": {mistakes: []string{"stay-put-successor"}, odd: map[string]grader.Execution{
		"200 12375643": {Stdout: []byte("02375643\n12075643\n12 275643\n12475643\n1\t2575643\n10\n")},
	}},
}

type runner struct{}

func (runner) Build(_ context.Context, files []submission.File, _ sandbox.Hooks) (grader.Build, error) {
	src := string(files[0].Data)
	if strings.Contains(src, "syntax error") {
		return grader.Build{OK: false, Log: "EightQueen.java:3: error: ';' expected\n    int x = 1\n             ^\n1 error\n```not a fence end\n"}, nil
	}
	lines := strings.Split(strings.TrimSpace(src), "\n")
	name := lines[len(lines)-1] // after any package statement
	p, ok := students[name]
	if !ok {
		return grader.Build{}, errors.New("no such student program " + name)
	}
	return grader.Build{OK: true, Program: p}, nil
}

func sub(id, src string) submission.Submission {
	return submission.Submission{ID: id, Files: []submission.File{{Name: "EightQueen.java", Data: []byte(src)}}}
}

var lateDays = map[string]int{"carol": 2, "frank": 4}

// batch grades the test batch; every kind of result is in it.
func batch(t *testing.T, a *grader.Assignment) []grader.Result {
	t.Helper()
	subs := []submission.Submission{
		sub("alice", "package hw4;\nalice\n"),
		sub("bob", "syntax error\n"),
		sub("carol", "correct\n"),
		sub("erin", "erin\n"),
		sub("frank", "correct\n"),
		sub("gina", "broken\n"),
		{ID: "hank", Files: []submission.File{{Name: "Main.java", Data: []byte("correct\n")}}},
		{ID: "ivan", Problem: "not a readable zip archive: zip: not a valid zip file"},
		sub("judy", "correct\n"),
	}
	b := &grader.Batch{Assignment: a, Runner: runner{}, Jobs: 4, Version: "test",
		LateDays: func(s submission.Submission) int { return lateDays[s.ID] }}
	results, err := b.Run(context.Background(), subs)
	if err != nil {
		t.Fatal(err)
	}
	// dave's package statement is refused, under a rubric that says so.
	reject := assignment(t, "package = \"strip\"\npackage_penalty = 5", `package = "reject"`)
	dave, err := reject.Grade(context.Background(), runner{}, sub("dave", "package hw4;\ncorrect\n"), 0, grader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	results = append(results, dave)
	slices.SortFunc(results, func(x, y grader.Result) int { return strings.Compare(x.ID, y.ID) })
	return results
}

func TestResultsJSON(t *testing.T) {
	a := assignment(t)
	b := report.NewBatch(a, "test", batch(t, a))
	data, err := b.JSON()
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "results.json", data)
	if bytes.Contains(data, []byte("graded_at")) {
		t.Error("results.json has a timestamp without Stamp")
	}
	b.Stamp(time.Date(2025, 3, 6, 10, 0, 0, 0, time.FixedZone("CST", -6*3600)))
	stamped, err := b.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(stamped, []byte(`"graded_at": "2025-03-06T16:00:00Z",`)) {
		t.Errorf("stamped results.json:\n%.300s", stamped)
	}
	// The stamp is the only difference.
	without := bytes.Replace(stamped, []byte("  \"graded_at\": \"2025-03-06T16:00:00Z\",\n"), nil, 1)
	if !bytes.Equal(without, data) {
		t.Error("Stamp changed more than graded_at")
	}
}

// roster says who the test batch's students are in Canvas: all but hank,
// whose submission came from a plain folder, and ivan, known by name only.
var roster = report.Roster{AssignmentID: "4242", Students: map[string]report.Student{
	"alice": {Name: "smithalice", UserID: "1001"}, "bob": {Name: "jonesbob", UserID: "1002"},
	"carol": {Name: "leecarol", UserID: "1003"}, "dave": {Name: "davisdave", UserID: "1004"},
	"erin": {Name: "foxerin", UserID: "1005"}, "frank": {Name: "gofrank", UserID: "1006"},
	"gina": {Name: "hillgina", UserID: "1007"}, "ivan": {Name: "anon_Xy7Qz"},
	"judy": {Name: "kingjudy", UserID: "1010"},
}}

func TestGradebook(t *testing.T) {
	a := assignment(t)
	golden(t, "gradebook.csv", report.Gradebook(a, batch(t, a), roster))
}

func TestParts(t *testing.T) {
	a := assignment(t)
	golden(t, "parts.csv", report.Parts(a, batch(t, a)))
}

// TestGradebookCanvasImport checks gradebook.csv against the rules of
// Canvas's gradebook import: the student columns Student, ID, SIS User ID,
// SIS Login ID and Section, Section last; one assignment column named
// "<title> (<assignment id>)" (or the title alone, for a new assignment);
// a "Points Possible" row first; one row per student, matched by ID; a
// score a number, or blank for none.
func TestGradebookCanvasImport(t *testing.T) {
	a := assignment(t, `name = "Test: Eight Queens subset"`, `name = "HW4, \"Eight Queens\" (draft)"`)
	results := batch(t, a)
	for _, tc := range []struct {
		name   string
		roster report.Roster
		column string
	}{
		{"with-id", roster, `HW4, "Eight Queens" (draft) (4242)`},
		{"without-id", report.Roster{Students: roster.Students}, `HW4, "Eight Queens" (draft)`},
		{"no-canvas", report.Roster{}, `HW4, "Eight Queens" (draft)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := report.Gradebook(a, results, tc.roster)
			if !utf8.Valid(data) || bytes.HasPrefix(data, []byte("\ufeff")) {
				t.Error("not UTF-8 without a byte order mark")
			}
			rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll() // also: every row has the header's width
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != 2+len(results) {
				t.Fatalf("%d rows, want a header, Points Possible and %d students", len(rows), len(results))
			}
			head := rows[0]
			info := []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}
			if !slices.Equal(head[:len(info)], info) || len(head) != len(info)+1 {
				t.Fatalf("header %q, want %q and one assignment", head, info)
			}
			col := head[len(info)]
			if col != tc.column {
				t.Errorf("assignment column %q, want %q", col, tc.column)
			}
			if m := regexp.MustCompile(`^(.+) \((\d+)\)$`).FindStringSubmatch(col); tc.roster.AssignmentID != "" && (m == nil || m[2] != tc.roster.AssignmentID || m[1] != a.Rubric.Name) {
				t.Errorf("assignment column %q is not <title> (<id>)", col)
			}
			points := rows[1]
			if points[0] != "Points Possible" || strings.Join(points[1:len(info)], "") != "" || points[len(info)] != "40" {
				t.Errorf("Points Possible row %q", points)
			}
			ids := map[string]bool{}
			for i, r := range results {
				row := rows[2+i]
				st, canvas := tc.roster.Students[r.ID]
				switch {
				case canvas && st.Name != row[0], !canvas && row[0] != r.ID:
					t.Errorf("%s: Student %q", r.ID, row[0])
				case row[1] != st.UserID:
					t.Errorf("%s: ID %q, want %q", r.ID, row[1], st.UserID)
				case row[1] != "" && (strings.Trim(row[1], "0123456789") != "" || ids[row[1]]):
					t.Errorf("%s: ID %q not digits or given twice", r.ID, row[1])
				case strings.Join(row[2:len(info)], "") != "":
					t.Errorf("%s: SIS or Section columns %q, want them blank", r.ID, row[2:len(info)])
				}
				ids[row[1]] = true
				score := row[len(info)]
				if r.Status == grader.StatusFailed {
					if score != "" {
						t.Errorf("%s: grader-failure scored %q, want blank", r.ID, score)
					}
					continue
				}
				x, err := strconv.ParseFloat(score, 64)
				if err != nil || x != r.Score || x < 0 || x > a.Rubric.Total {
					t.Errorf("%s: score %q, want %v", r.ID, score, r.Score)
				}
			}
		})
	}
}

func TestMarkdown(t *testing.T) {
	a := assignment(t)
	count := assignment(t, `hidden = "verdict"`, `hidden = "count"`)
	for _, r := range batch(t, a) {
		t.Run(r.ID, func(t *testing.T) {
			md := report.Markdown(a, r)
			golden(t, "markdown-"+r.ID, md)
			// Hidden cases never show their arguments or output.
			for _, c := range r.Cases {
				if c.Visibility == "hidden" && strings.Contains(string(md), strings.Join(c.Args, " ")) {
					t.Errorf("the report shows hidden case %s's command line", c.ID)
				}
			}
			if r.ID == "alice" {
				golden(t, "markdown-count-alice", report.Markdown(count, r))
			}
			if len(r.Files) > 0 && !strings.Contains(string(md), "## Files handed in\n") {
				t.Error("the report does not list the files handed in")
			}
		})
	}
}

func TestTable(t *testing.T) {
	a := assignment(t)
	results := batch(t, a)
	var buf bytes.Buffer
	report.Table(&buf, a, results, report.Style{})
	golden(t, "table", buf.Bytes())
	if bytes.Contains(buf.Bytes(), []byte("\x1b")) {
		t.Error("colour without Style.Color")
	}
}

func TestCheck(t *testing.T) {
	a := assignment(t)
	public := grader.Options{Visibility: "public"}
	for _, s := range []submission.Submission{
		sub("alice", "package hw4;\nalice\n"),
		sub("bob", "syntax error\n"),
		sub("carol", "correct\n"),
		sub("erin", "erin\n"),
		{ID: "hank", Files: []submission.File{{Name: "Main.java"}}},
		// Built from a folder: check says what was built as what.
		{ID: "ivan", Files: []submission.File{{Name: "hw4/EightQueen.java", Data: []byte("correct\n")}, {Name: "hw4/notes|*.txt"}}},
	} {
		t.Run(s.ID, func(t *testing.T) {
			r, err := a.Grade(context.Background(), runner{}, s, 0, public)
			if err != nil {
				t.Fatal(err)
			}
			var plain, colour bytes.Buffer
			report.Check(&plain, a, r, report.Style{})
			golden(t, "check-"+s.ID, plain.Bytes())
			if bytes.Contains(plain.Bytes(), []byte("\x1b")) {
				t.Error("colour without Style.Color")
			}
			report.Check(&colour, a, r, report.Style{Color: true})
			if stripped := ansi(colour.String()); stripped != plain.String() {
				t.Errorf("with colour, the text differs:\n%s\nwithout:\n%s", stripped, plain.String())
			}
		})
	}
}

// ansi removes SGR escapes.
func ansi(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			return b.String() + s
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], 'm')
		s = s[i+j+1:]
	}
}

// TestDeterministic: the same batch, graded and written twice, gives the
// same bytes, file by file.
func TestDeterministic(t *testing.T) {
	a := assignment(t)
	var dirs []string
	for range 2 {
		dir := t.TempDir()
		if err := report.WriteAll(dir, a, report.NewBatch(a, "test", batch(t, a))); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	files := func(dir string) map[string][]byte {
		out := map[string][]byte{}
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			if !d.IsDir() {
				rel, _ := filepath.Rel(dir, p)
				out[filepath.ToSlash(rel)], _ = os.ReadFile(p)
			}
			return nil
		})
		return out
	}
	one, two := files(dirs[0]), files(dirs[1])
	if len(one) != 14 { // results.json, gradebook.csv, parts.csv, index.html, 10 reports
		t.Errorf("WriteAll wrote %d files: %v", len(one), slices.Sorted(func(yield func(string) bool) {
			for k := range one {
				if !yield(k) {
					return
				}
			}
		}))
	}
	for name, data := range one {
		if !bytes.Equal(data, two[name]) {
			t.Errorf("%s differs between two runs", name)
		}
	}
	// What WriteAll writes is what the functions return.
	results := batch(t, a)
	for _, r := range results {
		if !bytes.Equal(one["reports/"+r.ID+".md"], report.Markdown(a, r)) {
			t.Errorf("reports/%s.md is not Markdown's output", r.ID)
		}
	}
	if !bytes.Equal(one["gradebook.csv"], report.Gradebook(a, results, report.Roster{})) {
		t.Error("gradebook.csv is not Gradebook's output")
	}
	if !bytes.Equal(one["parts.csv"], report.Parts(a, results)) {
		t.Error("parts.csv is not Parts' output")
	}
}

// TestTableLongParts: a part id longer than a column's width widens its
// column, and every line keeps its columns in line under the titles.
func TestTableLongParts(t *testing.T) {
	a := assignment(t)
	long, rb := *a, *a.Rubric
	long.Rubric = &rb
	long.Rubric.Parts = slices.Clone(a.Rubric.Parts)
	long.Rubric.Parts[0].ID = "heuristic-cost-" + long.Rubric.Parts[0].ID
	var results []grader.Result
	for _, r := range batch(t, a) {
		r.Parts = slices.Clone(r.Parts)
		if len(r.Parts) > 0 {
			r.Parts[0].ID = long.Rubric.Parts[0].ID
		}
		results = append(results, r)
	}
	var buf bytes.Buffer
	report.Table(&buf, &long, results, report.Style{})
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	want := strings.Index(lines[0], "  status")
	for _, l := range lines[1:] {
		// The status column starts where its title does.
		if len(l) < want+3 || l[want-1] == ' ' || l[want:want+2] != "  " || l[want+2] == ' ' {
			t.Errorf("columns out of line:\n%s\n%s", lines[0], l)
		}
	}
	if !strings.Contains(lines[0], "heuristic-cost-") {
		t.Errorf("no long part id in the titles:\n%s", lines[0])
	}
}

// TestCheckMistakeFirst: a check's known mistakes, the cause of its
// failures, come before the failures one by one, not after them.
func TestCheckMistakeFirst(t *testing.T) {
	a := assignment(t)
	r := grader.Result{ID: "s", Status: grader.Graded,
		Parts: []grader.PartResult{{ID: "a", Name: "Cost", MaxScore: 10, Total: 2}},
		Cases: []grader.CaseResult{
			{ID: "a/public-01", Part: "a", Args: []string{"100", "01234567"}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Mismatch: &grader.Mismatch{Line: 1, Expected: "28", Got: "56"}}, Mistakes: []string{"pairs-counted-twice"}},
			{ID: "a/public-02", Part: "a", Args: []string{"100", "12375643"}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Mismatch: &grader.Mismatch{Line: 1, Expected: "4", Got: "8"}}, Mistakes: []string{"pairs-counted-twice"}},
		},
		Diagnoses: []grader.Diagnosis{{Mistake: "pairs-counted-twice", Hint: "Count each pair of queens once.", Cases: []string{"a/public-01", "a/public-02"}}},
	}
	var b bytes.Buffer
	report.Check(&b, a, r, report.Style{})
	out := b.String()
	mistake, first := strings.Index(out, "known mistake: pairs-counted-twice"), strings.Index(out, "wrong-answer a/public-01")
	if mistake < 0 || first < 0 || mistake > first {
		t.Errorf("the known mistake is not before the failures:\n%s", out)
	}
	if !strings.HasSuffix(out, "0 of 2 cases passed\n") {
		t.Errorf("the check does not end with its count:\n%s", out)
	}
}
