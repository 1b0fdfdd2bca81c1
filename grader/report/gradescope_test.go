package report_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/submission"
)

// onTime grades the test batch's submissions on time, as the gradescope
// command does (Gradescope applies lateness itself); a submission the
// grader fails on (gina) is left out.
func onTime(t testing.TB, a *grader.Assignment, visibility string) []grader.Result {
	t.Helper()
	subs := []submission.Submission{
		sub("alice", "package hw4;\nalice\n"),
		sub("bob", "syntax error\n"),
		sub("carol", "correct\n"),
		sub("erin", "erin\n"),
		{ID: "hank", Files: []submission.File{{Name: "Main.java", Data: []byte("correct\n")}}},
		{ID: "ivan", Problem: "not a readable zip archive: zip: not a valid zip file"},
	}
	var out []grader.Result
	for _, s := range subs {
		r, err := a.Grade(context.Background(), runner{}, s, 0, grader.Options{Visibility: visibility})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

func TestGradescope(t *testing.T) {
	a := assignment(t)
	for _, r := range onTime(t, a, "") {
		t.Run(r.ID, func(t *testing.T) {
			g := report.Gradescope(a, r)
			data, err := g.JSON()
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "gradescope-"+r.ID+".json", data)
			if err := report.ValidateGradescope(data); err != nil {
				t.Errorf("the golden breaks Gradescope's schema: %v", err)
			}
			checkGradescope(t, a, r, g)
		})
	}
	t.Run("grader-failure", func(t *testing.T) {
		g := report.GradescopeFailure(errors.New("EightQueen.java: build: sandbox: the box vanished"))
		data, err := g.JSON()
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "gradescope-failure.json", data)
		if err := report.ValidateGradescope(data); err != nil {
			t.Errorf("breaks Gradescope's schema: %v", err)
		}
		if g.Score != 0 || !strings.Contains(g.Output, "the box vanished") {
			t.Errorf("score %v, output %q", g.Score, g.Output)
		}
	})
}

// checkGradescope checks what the golden files cannot show at a glance:
// the tests' points add up to the rubric's, a test scores all or nothing,
// the score is the result's, hidden cases keep their command lines and
// outputs back, and the visibilities follow the rubric.
func checkGradescope(t *testing.T, a *grader.Assignment, r grader.Result, g report.GradescopeResults) {
	t.Helper()
	if g.Score != r.Score {
		t.Errorf("score %v, want the result's %v", g.Score, r.Score)
	}
	max := 0.0
	var cents int64
	for _, tc := range g.Tests {
		max += tc.MaxScore
		cents += int64(math.Round(tc.Score * 100))
		if tc.Score != math.Round(tc.Score*100)/100 {
			t.Errorf("%s: score %v is not in whole cents", tc.Name, tc.Score)
		}
		deduction := strings.HasPrefix(tc.Name, "deductions") && tc.MaxScore == 0 && tc.Score < 0
		if tc.Name == "rounding to the cent" {
			// The cents between the tests and the parts' rounded
			// scores: a few at most, and the last test but deductions.
			if tc.MaxScore != 0 || math.Abs(tc.Score) > 0.05 {
				t.Errorf("rounding: %v of %v", tc.Score, tc.MaxScore)
			}
			continue
		}
		if tc.Score != 0 && tc.Score != tc.MaxScore && !deduction {
			t.Errorf("%s: score %v of %v: a test scores all or nothing", tc.Name, tc.Score, tc.MaxScore)
		}
		if (tc.Status == report.GradescopePassed) != (tc.Score == tc.MaxScore && (tc.MaxScore > 0 || tc.Output == "" || strings.HasPrefix(tc.Output, "passed"))) {
			t.Errorf("%s: status %s with %v of %v", tc.Name, tc.Status, tc.Score, tc.MaxScore)
		}
	}
	if math.Abs(max-a.Rubric.Total) > 1e-9 {
		t.Errorf("the tests' max_score add up to %v, want the rubric's %v", max, a.Rubric.Total)
	}
	// Issue 28, item 5: the tests add up to the score exactly.
	if want := int64(math.Round(g.Score * 100)); cents != want {
		t.Errorf("the tests' scores add up to %v, the score is %v", float64(cents)/100, g.Score)
	}
	for _, c := range r.Cases {
		i := slices.IndexFunc(g.Tests, func(tc report.GradescopeTest) bool { return strings.HasPrefix(tc.Name, c.ID) })
		if i < 0 {
			t.Errorf("no test for case %s", c.ID)
			continue
		}
		tc := g.Tests[i]
		if c.Visibility == "hidden" {
			args := strings.Join(c.Args, " ")
			if strings.Contains(tc.Name, args) || strings.Contains(tc.Output, args) || strings.Contains(tc.Output, "expected") {
				t.Errorf("%s: a hidden case's test shows more than its verdict: %+v", c.ID, tc)
			}
			if tc.Visibility != string(a.Rubric.Report.Gradescope) {
				t.Errorf("%s: visibility %s, want the rubric's %s", c.ID, tc.Visibility, a.Rubric.Report.Gradescope)
			}
		} else if tc.Visibility != report.GradescopeVisible {
			t.Errorf("%s: public case's visibility %s", c.ID, tc.Visibility)
		}
	}
}

// TestGradescopeVisibility: the rubric's [report] gradescope_hidden
// decides the hidden cases' visibility.
func TestGradescopeVisibility(t *testing.T) {
	for _, v := range []string{"after_due_date", "after_published", "hidden"} {
		t.Run(v, func(t *testing.T) {
			a := assignment(t, `hidden = "verdict"`, "hidden = \"verdict\"\ngradescope_hidden = \""+v+"\"")
			for _, r := range onTime(t, a, "") {
				g := report.Gradescope(a, r)
				checkGradescope(t, a, r, g)
				data, err := g.JSON()
				if err != nil {
					t.Fatal(err)
				}
				if err := report.ValidateGradescope(data); err != nil {
					t.Errorf("%s: %v", r.ID, err)
				}
			}
		})
	}
}

func TestShares(t *testing.T) {
	for _, tc := range []struct {
		points float64
		n      int
		want   []float64
	}{
		{10, 3, []float64{3.33, 3.33, 3.34}},
		{15, 6, []float64{2.5, 2.5, 2.5, 2.5, 2.5, 2.5}},
		{5, 3, []float64{1.66, 1.67, 1.67}},
		{1, 7, []float64{0.14, 0.14, 0.14, 0.14, 0.14, 0.15, 0.15}},
		{15, 29, append(slices.Repeat([]float64{0.51}, 8), slices.Repeat([]float64{0.52}, 21)...)},
		{0.01, 2, []float64{0, 0.01}},
		{7.5, 1, []float64{7.5}},
		{60, 0, nil},
	} {
		got := report.Shares(tc.points, tc.n)
		if !slices.Equal(got, tc.want) {
			t.Errorf("Shares(%v, %d) = %v, want %v", tc.points, tc.n, got, tc.want)
		}
		sum := 0.0
		for _, s := range got {
			sum += s
		}
		if tc.n > 0 && math.Abs(sum-tc.points) > 1e-9 {
			t.Errorf("Shares(%v, %d) add up to %v", tc.points, tc.n, sum)
		}
	}
}

// TestValidateGradescope: the schema check refuses what Gradescope's
// specification does not allow.
func TestValidateGradescope(t *testing.T) {
	ok := `{"score": 44.0, "execution_time": 136, "output": "x", "output_format": "md", "visibility": "after_due_date",
		"stdout_visibility": "visible", "extra_data": {}, "leaderboard": [],
		"tests": [{"score": 2, "max_score": 2, "status": "passed", "name": "n", "name_format": "text", "number": "1.1",
		"output": "o", "output_format": "ansi", "tags": ["t"], "visibility": "visible", "extra_data": {}}]}`
	if err := report.ValidateGradescope([]byte(ok)); err != nil {
		t.Errorf("the specification's own example: %v", err)
	}
	for _, tc := range []struct{ name, doc, want string }{
		{"not json", `{"score": }`, "bad JSON"},
		{"array", `[]`, "not a JSON object"},
		{"two values", `{"score": 1} {}`, "more after"},
		{"unknown key", `{"score": 1, "grade": 2}`, `"grade" is not a key`},
		{"score string", `{"score": "1"}`, `score is "1", not a JSON number`},
		{"no score", `{"tests": []}`, "no score"},
		{"test without score", `{"tests": [{"max_score": 1}]}`, "tests[0]: no score"},
		{"bad status", `{"score": 1, "tests": [{"status": "ok"}]}`, `status is "ok", not one of passed, failed`},
		{"bad visibility", `{"score": 1, "tests": [{"visibility": "public"}]}`, "visibility is \"public\""},
		{"bad format", `{"score": 1, "output_format": "markdown"}`, "output_format"},
		{"unknown test key", `{"score": 1, "tests": [{"points": 1}]}`, `tests[0]: "points" is not a key`},
		{"tags", `{"score": 1, "tests": [{"tags": [1]}]}`, "not a JSON array of strings"},
		{"test not object", `{"score": 1, "tests": [1]}`, "tests[0]: not a JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := report.ValidateGradescope([]byte(tc.doc))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ValidateGradescope(%s) = %v, want %q", tc.doc, err, tc.want)
			}
		})
	}
}

func TestParseGradescopeMetadata(t *testing.T) {
	// The specification's example, with a field it does not know.
	doc := `{
  "id": 123456,
  "created_at": "2018-07-01T14:22:32.365935-07:00",
  "assignment": {"due_date": "2018-07-31T23:00:00.000000-07:00", "group_size": 4, "group_submission": true,
    "id": 25828, "course_id": 1234, "late_due_date": null, "release_date": "2018-07-02T00:00:00.000000-07:00",
    "title": "Programming Assignment 1", "total_points": "20.0"},
  "submission_method": "upload",
  "users": [{"email": "student@example.com", "id": 1234, "name": "Student User"}],
  "previous_submissions": [{"submission_time": "2017-04-06T14:24:48.087023-07:00", "score": 0.0, "results": {}}],
  "something_new": [1, 2, 3]
}`
	m, err := report.ParseGradescopeMetadata("submission_metadata.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != "123456" || m.Assignment.Title != "Programming Assignment 1" || len(m.Users) != 1 || m.Users[0].Name != "Student User" ||
		m.Assignment.LateDueDate != nil || m.CreatedAt != "2018-07-01T14:22:32.365935-07:00" {
		t.Errorf("parsed %+v", m)
	}
	for _, tc := range []struct{ name, doc, want string }{
		{"empty", ``, "submission_metadata.json: not Gradescope's submission metadata: empty, not a JSON object"},
		{"truncated", `{"id": 1,`, "not Gradescope's submission metadata: bad JSON: it ends early"},
		{"syntax", `{"id": 1,]`, "bad JSON at byte 10: invalid character"},
		{"null", `null`, "null, not an object"},
		{"array", `[1]`, "where an object belongs"},
		{"id", `{"id": "abc"}`, "submission_metadata.json: "},
		{"fraction id", `{"id": 1.5}`, "id 1.5 is not a whole number"},
		{"users", `{"users": {"name": "x"}}`, "users is a JSON object"},
		{"time", `{"created_at": "yesterday"}`, `created_at "yesterday" is not an RFC 3339 time`},
		{"due", `{"assignment": {"due_date": "2018-07-31"}}`, "assignment.due_date"},
		{"trailing", `{} x`, "more after"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := report.ParseGradescopeMetadata("submission_metadata.json", []byte(tc.doc))
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("got %v, want one line with %q", err, tc.want)
			}
		})
	}
}

func FuzzParseGradescopeMetadata(f *testing.F) {
	for _, s := range []string{
		`{"id": 123456, "created_at": "2018-07-01T14:22:32.365935-07:00", "assignment": {"due_date": null, "title": "PA1"}, "users": [{"name": "A", "email": "a@b"}]}`,
		`{}`, `null`, `[]`, `{"id": "7"}`, `{"users": [null]}`, `{"assignment": {"late_due_date": "2018-07-31T23:00:00Z"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := report.ParseGradescopeMetadata("m.json", data)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "m.json: ") || strings.Contains(msg, "\n") {
				t.Fatalf("error not one line naming the file: %q", msg)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		if m.ID != "" {
			if _, err := m.ID.Int64(); err != nil {
				t.Fatalf("accepted id %q", m.ID)
			}
		}
	})
}

func FuzzValidateGradescope(f *testing.F) {
	f.Add([]byte(`{"score": 1, "tests": [{"name": "a", "score": 1, "max_score": 1, "status": "passed", "visibility": "visible"}]}`))
	f.Add([]byte(`{"tests": [{"score": 1}]}`))
	f.Add([]byte(`{"score": "x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := report.ValidateGradescope(data)
		if err == nil && !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("error of more than one line: %q", err)
		}
	})
}
