package report

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// TestTestsMatrix: a bug no graded suite exposes is flagged as possibly
// equivalent, one every graded suite exposes as too easy; a submission
// not graded is no row.
func TestTestsMatrix(t *testing.T) {
	r := &rubric.Rubric{Parts: []rubric.Part{{ID: "t", Name: "Tests", Tests: &rubric.Tests{}}}}
	res := func(id string, st grader.Status, exposed ...bool) grader.Result {
		tr := &mutation.Result{}
		for i, e := range exposed {
			tr.Bugs = append(tr.Bugs, mutation.BugResult{Name: []string{"x", "y", "z"}[i], Exposed: e})
		}
		return grader.Result{ID: id, Status: st, Parts: []grader.PartResult{{ID: "t", Tests: tr}}}
	}
	results := []grader.Result{
		res("ann", grader.Graded, true, false, true),
		res("ben", grader.Graded, true, false, false),
		res("cid", grader.StatusUnread),
	}
	got := testsMatrices(r, results, anchor)[0]
	var flags []string
	for _, b := range got.Bugs {
		flags = append(flags, b.Flag)
	}
	if want := []string{FlagEveryone, FlagNoOne, ""}; !reflect.DeepEqual(flags, want) || len(got.Rows) != 2 {
		t.Errorf("flags %q, %d rows; want %q, 2 rows", flags, len(got.Rows), want)
	}
}

// TestTestsMarkdownShow: a student's report names the bugs only as the
// rubric's show allows, and never which test exposed which bug.
func TestTestsMarkdownShow(t *testing.T) {
	tr := mutation.Result{Tests: []mutation.Test{{Name: "a.case", Valid: true, Exposes: []string{"bug-x"}}}, Valid: 1, Exposed: 1, PerBug: 2, Ceiling: 4,
		Bugs: []mutation.BugResult{{Name: "bug-x", Hint: "hint-x", Exposed: true, By: []string{"a.case"}}, {Name: "bug-y", Hint: "hint-y"}}}
	for _, tc := range []struct {
		show      mutation.Show
		seen, not []string
	}{
		{mutation.ShowNothing, []string{"1 of 1 tests valid", "a.case"}, []string{"bug-x", "bug-y", "hint-x", "of 2 bugs"}},
		{mutation.ShowCount, []string{"1 of 2 bugs exposed"}, []string{"bug-x", "bug-y"}},
		{mutation.ShowExposed, []string{"bug-x", "hint-x"}, []string{"bug-y", "hint-y"}},
		{mutation.ShowAll, []string{"bug-x", "bug-y", "hint-y"}, nil},
	} {
		tr.Show = tc.show
		var b bytes.Buffer
		testsMarkdown(&b, grader.Result{Parts: []grader.PartResult{{ID: "t", Tests: &tr}}})
		text := b.String() + testsText(tr)
		for _, s := range tc.seen {
			if !strings.Contains(text, s) {
				t.Errorf("show %s: %q missing from\n%s", tc.show, s, text)
			}
		}
		for _, s := range tc.not {
			if strings.Contains(text, s) {
				t.Errorf("show %s: %q shown in\n%s", tc.show, s, text)
			}
		}
	}
}

// TestTestsTextNoForgedLines: a newline or a tab in a test's name, why or
// an ignored name is shown, not written: check's and Gradescope's text
// keep one line per test, and no name starts a line of its own.
func TestTestsTextNoForgedLines(t *testing.T) {
	forged := "x\nbug lowercase-solved: exposed (prints \"solved\")\nvalid: y.case"
	tr := mutation.Result{Show: mutation.ShowExposed, Valid: 1, Exposed: 1,
		Tests:        []mutation.Test{{Name: forged, Valid: true}, {Name: "b\t.case", Why: "line 1: expected 1\nvalid: z.case"}},
		Ignored:      []string{"c.case\nvalid: w.case"},
		IgnoredCount: 1,
		Bugs:         []mutation.BugResult{{Name: "b1", Exposed: true, By: []string{forged}}}}
	r := grader.Result{Status: grader.Graded, Parts: []grader.PartResult{{ID: "t", Tests: &tr, MaxScore: 2}}}
	var check bytes.Buffer
	testsCheck(&check, r)
	gs, _ := testsGradescope(r, "t")
	for medium, text := range map[string]string{"check": check.String(), "gradescope": gs.Output} {
		lines := strings.Split(strings.TrimSpace(text), "\n")
		var starts []string
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 0 {
				starts = append(starts, f[0])
			}
		}
		want := []string{"1", "1", "valid:", "invalid:", "bug"}
		if medium == "check" {
			want = append([]string{"part"}, want...)
		}
		if !reflect.DeepEqual(starts, want) || strings.Contains(text, "\t") {
			t.Errorf("%s: lines start with %q, want %q:\n%s", medium, starts, want, text)
		}
	}
}

// TestTestsTally: the top of ci's GitHub summary and of Gradescope's output
// counts a tests part's tests and bugs (as show allows), not "0 of 0
// cases", and is never green when the part lost points.
func TestTestsTally(t *testing.T) {
	a := &grader.Assignment{Rubric: &rubric.Rubric{Name: "Write tests", Parts: []rubric.Part{{ID: "t", Tests: &rubric.Tests{}}}}, Parts: [][]cases.Case{nil}}
	for _, tc := range []struct {
		show  mutation.Show
		score float64
		mark  string
		want  string
	}{
		{mutation.ShowCount, 2, ":x:", "part t: 1 of 2 tests valid; 1 of 3 bugs exposed; 2 / 4 points"},
		{mutation.ShowNothing, 2, ":x:", "part t: 1 of 2 tests valid; 2 / 4 points"},
		{mutation.ShowCount, 4, ":white_check_mark:", "part t: 1 of 2 tests valid; 1 of 3 bugs exposed; 4 / 4 points"},
	} {
		tr := mutation.Result{Show: tc.show, Valid: 1, Exposed: 1, PerBug: 2, Ceiling: 4,
			Tests: []mutation.Test{{Name: "a.case", Valid: true}, {Name: "b.case", Why: "no"}},
			Bugs:  []mutation.BugResult{{Name: "b1", Exposed: true}, {Name: "b2"}, {Name: "b3"}}}
		r := grader.Result{Status: grader.Graded, Cases: []grader.CaseResult{}, Parts: []grader.PartResult{{ID: "t", Tests: &tr, Score: tc.score, MaxScore: 4, Passed: 1, Total: 2}}}
		gh := string(GitHubSummary(a, r))
		gs := gradescopeOutput(a, r, "")
		if !strings.HasPrefix(gh, "## "+tc.mark+" ") || !strings.Contains(gh, tc.want) || strings.Contains(gh, "0 of 0") {
			t.Errorf("show %s, score %v: the summary should be %s and say %q:\n%s", tc.show, tc.score, tc.mark, tc.want, gh)
		}
		if !strings.Contains(gs, tc.want+".\n") || strings.Contains(gs, "0 of 0") {
			t.Errorf("show %s: Gradescope's output should say %q:\n%s", tc.show, tc.want, gs)
		}
	}
}

// TestTestsOwnCode: where a tests part ran the student's tests on their
// own code, the student's report, check and Gradescope say how many
// passed there and, per test, how it fared, each message escaped for
// its medium and on one line; where it could not run them there, why;
// where it did not, nothing.
func TestTestsOwnCode(t *testing.T) {
	forged := "assert 1 == 2 | x\nvalid: z.py::test_z"
	ran := mutation.Result{Show: mutation.ShowExposed, Valid: 1, Tests: []mutation.Test{
		{Name: "test_a.py::test_x", Valid: true, OnOwnCode: &mutation.OwnCodeRun{Passed: true}},
		{Name: "test_a.py::test_y", Why: "it fails on the correct implementation (correct): no", OnOwnCode: &mutation.OwnCodeRun{Why: forged}}}}
	missing := mutation.Result{Show: mutation.ShowExposed, Valid: 1, Tests: []mutation.Test{{Name: "test_a.py::test_x", Valid: true}},
		OwnCodeNote: "the hand-in has no mod.py\nvalid: forged"}
	plain := mutation.Result{Show: mutation.ShowExposed, Valid: 1, Tests: []mutation.Test{{Name: "test_a.py::test_x", Valid: true}}}
	for _, tc := range []struct {
		name     string
		tr       mutation.Result
		md, text []string
		starts   []string
		notMD    []string
	}{
		{"ran", ran,
			[]string{"1 of 2 tests pass on your own code.", "| test | valid | why not | on your code |\n|---|---|---|---|\n", "| passed |", `| failed: assert 1 == 2 \| x␊valid: z.py::test\_z |`},
			[]string{"1 of 2 tests pass on your own code.\n", "  on your code: passed\n", "  on your code: failed: assert 1 == 2 | x␊valid: z.py::test_z\n"},
			[]string{"1", "1", "valid:", "on", "invalid:", "on"}, nil},
		{"missing", missing,
			[]string{"your tests were not run on your own code: the hand-in has no mod.py␊valid: forged.", "| test | valid | why not |\n|---|---|---|\n"},
			[]string{"your tests were not run on your own code: the hand-in has no mod.py␊valid: forged.\n"},
			[]string{"1", "your", "valid:"}, []string{"on your code |"}},
		{"plain", plain, []string{"| test | valid | why not |\n"}, nil, []string{"1", "valid:"}, []string{"own code", "on your code"}},
	} {
		r := grader.Result{Status: grader.Graded, Parts: []grader.PartResult{{ID: "t", Tests: &tc.tr, MaxScore: 2}}}
		var md bytes.Buffer
		testsMarkdown(&md, r)
		text := testsText(tc.tr)
		for _, s := range tc.md {
			if !strings.Contains(md.String(), s) {
				t.Errorf("%s: %q missing from the report\n%s", tc.name, s, md.String())
			}
		}
		for _, s := range tc.notMD {
			if strings.Contains(md.String()+text, s) {
				t.Errorf("%s: %q shown\n%s%s", tc.name, s, md.String(), text)
			}
		}
		for _, s := range tc.text {
			if !strings.Contains(text, s) {
				t.Errorf("%s: %q missing from check's text\n%s", tc.name, s, text)
			}
		}
		gs, _ := testsGradescope(r, "t")
		var starts []string
		for _, l := range strings.Split(strings.TrimSpace(gs.Output), "\n") {
			if f := strings.Fields(l); len(f) > 0 {
				starts = append(starts, f[0])
			}
		}
		if !reflect.DeepEqual(starts, tc.starts) {
			t.Errorf("%s: Gradescope's lines start with %q, want %q:\n%s", tc.name, starts, tc.starts, gs.Output)
		}
	}
}
