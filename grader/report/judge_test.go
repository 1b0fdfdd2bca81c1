package report_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// feedbackJudges list feedbackJudge as a program lists its judges.
var feedbackJudges = grader.Judges{
	"report-feedback":      func(*rubric.Rubric) (grader.Judge, error) { return feedbackJudge{}, nil },
	"report-feedback-pass": func(*rubric.Rubric) (grader.Judge, error) { return feedbackJudge{accept: true}, nil },
}

// feedbackJudge gives every run a quarter of the credit and a word,
// rejecting it or, with accept, accepting it.
type feedbackJudge struct{ accept bool }

func (f feedbackJudge) Judge(context.Context, grader.Trial) (grader.Judgement, error) {
	quarter := 0.25
	return grader.Judgement{Pass: f.accept, Score: &quarter, Feedback: "look again at line 1", Log: "for the TA only"}, nil
}

// TestJudgeWords: a judge's partial credit and message reach the student
// for public cases, in check and in the report, whether the judge
// rejected the run or accepted it with part of the credit; never for a
// hidden case, and the judge's log for the TA never.
func TestJudgeWords(t *testing.T) {
	for _, name := range []string{"report-feedback", "report-feedback-pass"} {
		t.Run(name, func(t *testing.T) { judgeWords(t, name) })
	}
}

func judgeWords(t *testing.T, judge string) {
	a := gradertest.AssignmentWith(t, feedbackJudges, "../testdata", "[late]", "[judge]\nname = \""+judge+"\"\n\n[late]")
	s := submission.Submission{ID: "s", Files: []submission.File{{Name: "EightQueen.java", Data: []byte("class EightQueen {}\n")}}}
	res, err := a.Grade(context.Background(), randRunner{randProgram{}}, s, 0, grader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// A student's check runs the public cases only.
	mine, err := a.Grade(context.Background(), randRunner{randProgram{}}, s, 0, grader.Options{Visibility: "public"})
	if err != nil {
		t.Fatal(err)
	}
	public := 0
	for _, c := range res.Cases {
		if c.Visibility == "public" {
			public++
		}
	}
	var b bytes.Buffer
	report.Check(&b, a, mine, report.Style{})
	md := string(report.Markdown(a, res))
	junit, err := report.JUnit(a, mine) // ci's, of check's results
	if err != nil {
		t.Fatal(err)
	}
	var gs strings.Builder
	for _, test := range report.Gradescope(a, res).Tests {
		if strings.Contains(test.Output, "the judge says:") && test.Visibility != report.GradescopeVisible {
			t.Errorf("Gradescope: the hidden test %s shows the judge's word:\n%s", test.Name, test.Output)
		}
		gs.WriteString(test.Output)
		if test.Status == report.GradescopePassed {
			t.Errorf("Gradescope: %s passed with a quarter of its credit", test.Name)
		}
	}
	for name, out := range map[string]string{"check": b.String(), "report": md, "junit": string(junit), "gradescope": gs.String()} {
		if n := strings.Count(out, "the judge says:"); n != public {
			t.Errorf("%s: the judge's word %d times, want once per public case (%d):\n%s", name, n, public, out)
		}
		// The output the judge judged, shown as a diff-judged case shows its diff.
		if n := strings.Count(out, "stdout:"); n != public {
			t.Errorf("%s: the program's output %d times, want once per public case (%d):\n%s", name, n, public, out)
		}
		if strings.Contains(out, "for the TA only") {
			t.Errorf("%s: shows the judge's log for the TA:\n%s", name, out)
		}
	}
	if accepted := judge == "report-feedback-pass"; accepted != strings.Contains(b.String(), "with part of their credit") {
		t.Errorf("check: names passes with part of their credit: %v, want %v:\n%s", !accepted, accepted, b.String())
	}
	page, err := report.Page(a, report.NewBatch(a, "test", []grader.Result{res}))
	if err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"check": b.String(), "report": md, "page": string(page)} {
		if !strings.Contains(out, "partial credit: 0.25 of the case") {
			t.Errorf("%s: want the credit:\n%s", name, out)
		}
	}
}
