package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// randProgram fakes a randomized program: run n of a repeated case ends
// as fails[n] says, every other run prints "solved".
type randProgram map[int]grader.Execution

func (p randProgram) Run(_ context.Context, in grader.Input) (grader.Execution, error) {
	if ex, ok := p[in.Attempt]; ok {
		return ex, nil
	}
	return grader.Execution{Stdout: []byte("solved\n")}, nil
}
func (randProgram) Close() error { return nil }

// randRunner builds every submission into its program.
type randRunner struct{ prog randProgram }

func (r randRunner) Build(context.Context, []submission.File, sandbox.Hooks) (grader.Build, error) {
	return grader.Build{OK: true, Program: r.prog}, nil
}

// TestRepeatedReports: the Markdown report and check say how a repeated
// case's runs went ("13/20 runs passed (needs 15)") and show its failing
// runs, the first five in full, each with its own command line.
func TestRepeatedReports(t *testing.T) {
	a := gradertest.Assignment(t, "../testdata/repeat")
	stuck := grader.Execution{Stdout: []byte("stuck\n"), Stderr: []byte("no restart left\n")}
	crashed := grader.Execution{ExitCode: -1, Signal: "segmentation fault", Stderr: []byte("Segmentation fault\n")}
	for _, tc := range []struct {
		name string
		prog randProgram
	}{
		{"fail", randProgram{3: stuck, 5: stuck, 7: crashed, 9: stuck, 11: stuck, 13: stuck, 17: stuck}},
		{"pass", randProgram{2: stuck, 4: crashed, 6: stuck}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := submission.Submission{ID: "s", Files: []submission.File{{Name: "rand.c", Data: []byte("int main(void) { return 0; }\n")}}}
			res, err := a.Grade(context.Background(), randRunner{tc.prog}, s, 0, grader.Options{})
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "markdown-repeat-"+tc.name, report.Markdown(a, res))
			var b bytes.Buffer
			report.Check(&b, a, res, report.Style{})
			golden(t, "check-repeat-"+tc.name, b.Bytes())
			// CI's JUnit and Gradescope say it too, with the same runs.
			junit, err := report.JUnit(a, res)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "junit-repeat-"+tc.name, junit)
			gs, err := json.MarshalIndent(report.Gradescope(a, res), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "gradescope-repeat-"+tc.name, append(gs, '\n'))
			page, err := report.Page(a, report.NewBatch(a, "test", []grader.Result{res}))
			if err != nil {
				t.Fatal(err)
			}
			if want := "r/min</a></td><td>public</td><td class=\"v-"; !bytes.Contains(page, []byte(want)) || !bytes.Contains(page, []byte("runs passed (needs 15)</td>")) || !bytes.Contains(page, []byte("<pre class=\"runs\">")) {
				t.Errorf("index.html does not show r/min's runs:\n%s", page)
			}
		})
	}
}
