package grader_test

import (
	"context"
	"errors"
	"path"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/sandbox"
)

// fakeSuite is a Suite whose run gives each case the outcome its name
// says ("pass", "wrong", "crash", "slow", "lost": none), and weighs a
// case named "*-3" 3.
type fakeSuite struct {
	runs    atomic.Int32
	planned []string
	ran     [][]string
}

var theSuite = &fakeSuite{}

func (*fakeSuite) Judge(context.Context, grader.Trial) (grader.Judgement, error) {
	return grader.Judgement{}, errors.New("never asked")
}

func (s *fakeSuite) Plan(cs []cases.Case) error {
	s.planned = nil
	for _, c := range cs {
		s.planned = append(s.planned, c.ID)
	}
	return nil
}

func (s *fakeSuite) Weight(c cases.Case) float64 {
	if strings.HasSuffix(c.ID, "-3") {
		return 3
	}
	return 1
}

func (s *fakeSuite) Command(c cases.Case) string { return "fake test " + path.Base(c.ID) }

func (s *fakeSuite) RunSuite(_ context.Context, _ grader.Runner, _ grader.Program, cs []cases.Case, _ sandbox.Hooks) (grader.SuiteRun, error) {
	s.runs.Add(1)
	out := grader.SuiteRun{Outcomes: map[string]grader.Outcome{}, Notes: []string{"a note"}, Flags: []string{"a flag"}}
	var ids []string
	for _, c := range cs {
		ids = append(ids, c.ID)
		name, _, _ := strings.Cut(path.Base(c.ID), "-")
		switch name {
		case "pass":
			out.Outcomes[c.ID] = grader.Outcome{Judgement: grader.Judgement{Pass: true}}
		case "wrong":
			out.Outcomes[c.ID] = grader.Outcome{Judgement: grader.Judgement{Feedback: "expected 4"}}
		case "crash":
			out.Outcomes[c.ID] = grader.Outcome{Execution: grader.Execution{ExitCode: 1, Stderr: []byte("NullPointerException\n")}}
		case "slow":
			out.Outcomes[c.ID] = grader.Outcome{Execution: grader.Execution{ExitCode: -1, Limit: grader.Wall}}
		}
	}
	s.ran = append(s.ran, ids)
	return out, nil
}

// suiteAssignment has part a's cases judged by the fake suite, and one
// diff-judged case in each other part.
func suiteAssignment(t *testing.T, names ...string) *grader.Assignment {
	t.Helper()
	var a []cases.Case
	for i, n := range names {
		vis := "public"
		if i%2 == 1 {
			vis = "hidden"
		}
		c, err := cases.Parse("a/"+n+".case", []byte("args:\nvisibility: "+vis+"\ncheck: test-suite\n"))
		if err != nil {
			t.Fatal(err)
		}
		a = append(a, c)
	}
	parts := [][]cases.Case{a}
	for _, id := range []string{"b", "c"} {
		c, err := cases.Parse(id+"/x.case", []byte("args:\n-- stdout --\nok\n"))
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, []cases.Case{c})
	}
	asg, err := grader.NewAssignmentOf(gradertest.Rubric(t, "testdata"), parts, testJudges)
	if err != nil {
		t.Fatal(err)
	}
	return asg
}

// A suite runs once per submission, for its cases alone (check's public
// ones), and each case takes its outcome: verdicts, weights in the
// part's score, notes and flags, the case's command.
func TestSuite(t *testing.T) {
	a := suiteAssignment(t, "pass-3", "wrong-3", "crash", "slow", "lost", "pass")
	if got := strings.Join(theSuite.planned, " "); got != "a/pass-3 a/wrong-3 a/crash a/slow a/lost a/pass" {
		t.Errorf("planned %s", got)
	}
	if !a.Suites() {
		t.Error("Suites() is false")
	}
	before := theSuite.runs.Load()
	res := grade(t, a, run(scripted(grader.Execution{Stdout: []byte("ok\n")})), eightQueen("s"), 0, grader.Options{})
	if n := theSuite.runs.Load() - before; n != 1 {
		t.Errorf("the suite ran %d times, want once", n)
	}
	want := map[string]grader.Verdict{"a/pass-3": grader.Pass, "a/wrong-3": grader.WrongAnswer, "a/crash": grader.RuntimeError,
		"a/slow": grader.Timeout, "a/lost": grader.RuntimeError, "a/pass": grader.Pass, "b/x": grader.Pass, "c/x": grader.Pass}
	for id, v := range want {
		if c := caseResult(t, res, id); c.Verdict != v {
			t.Errorf("%s: verdict %s, want %s", id, c.Verdict, v)
		}
	}
	if c := caseResult(t, res, "a/wrong-3"); c.Feedback != "expected 4" {
		t.Errorf("a/wrong-3: feedback %q", c.Feedback)
	}
	if c := caseResult(t, res, "a/crash"); c.Stderr != "NullPointerException\n" {
		t.Errorf("a/crash: stderr %q", c.Stderr)
	}
	// Part a (10 points): passed weight 3 + 1 of 3+3+1+1+1+1 = 10.
	if p := res.Parts[0]; p.Score != 4 || p.Passed != 2 || p.Total != 6 {
		t.Errorf("part a: %+v, want 4 points, 2 of 6 passed", p)
	}
	if !strings.Contains(strings.Join(res.Notes, "\n"), "a note") || !strings.Contains(strings.Join(res.Flags, "\n"), "a flag") {
		t.Errorf("notes %q, flags %q", res.Notes, res.Flags)
	}
	if got := a.Command(caseResult(t, res, "a/crash")); got != "fake test crash" {
		t.Errorf("command %q", got)
	}

	res = grade(t, a, run(scripted(grader.Execution{Stdout: []byte("ok\n")})), eightQueen("s"), 0, grader.Options{Visibility: "public"})
	if got := strings.Join(theSuite.ran[len(theSuite.ran)-1], " "); got != "a/pass-3 a/crash a/lost" {
		t.Errorf("check ran the suite for %s, want the public cases", got)
	}
	if p := res.Parts[0]; p.Score != 6 { // 3 of 3+1+1
		t.Errorf("check: part a scores %v, want 6", p.Score)
	}
}

// A suite's case cannot be decided alone (warm mode's spot checks).
func TestSuiteNotCheckable(t *testing.T) {
	a := suiteAssignment(t, "pass")
	if a.Checkable(a.Parts[0][0]) {
		t.Error("a suite's case is checkable alone")
	}
}

// TestCasePointsSameInCheck: a weighed case is worth its share of its whole
// part in a check of the public cases as in the grade, the hidden cases'
// weight included, whether the rubric holds them or, as a student kit's,
// only weighs them (HiddenWeight).
func TestCasePointsSameInCheck(t *testing.T) {
	a := suiteAssignment(t, "pass-3", "wrong-3", "crash", "slow", "lost", "pass")
	prog := run(scripted(grader.Execution{Stdout: []byte("ok\n")}))
	graded := grade(t, a, prog, eightQueen("s"), 0, grader.Options{})
	checked := grade(t, a, prog, eightQueen("s"), 0, grader.Options{Visibility: "public"})
	for _, id := range []string{"a/pass-3", "a/crash", "a/lost"} {
		g, c := caseResult(t, graded, id).Points, caseResult(t, checked, id).Points
		if g == nil || c == nil || *g != *c {
			t.Errorf("%s: worth %v in the grade, %v in the check", id, g, c)
		}
	}
	if p := caseResult(t, checked, "a/crash").Points; p == nil || *p != 1 { // 10 x 1 / 10
		t.Errorf("a/crash in the check: worth %v, want 1", p)
	}

	// A kit holds the public cases alone and weighs the hidden ones.
	kit := suiteAssignment(t, "pass-3", "crash", "lost")
	kit.HiddenWeight = map[string]float64{"a": 5}
	res := grade(t, kit, prog, eightQueen("s"), 0, grader.Options{Visibility: "public"})
	if p := caseResult(t, res, "a/lost").Points; p == nil || *p != 1 {
		t.Errorf("a/lost in a kit's check: worth %v, want 1 (10 x 1 / 10)", p)
	}
}
