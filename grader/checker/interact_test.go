package checker_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
)

// TestGuessingGame grades C programs of an interactive guessing game
// (testdata/guess) through Grade, each run beside the Python checker that
// knows the secret. The programs are graded at once, sharing the
// checker's one build.
func TestGuessingGame(t *testing.T) {
	gradertest.NeedTools(t, "gcc", "python3")
	a, err := grader.LoadAssignment("testdata/guess/rubric.toml")
	if err != nil {
		t.Fatal(err)
	}
	run := runner.New(a.Rubric)
	for _, tc := range []struct {
		prog     string
		want     grader.Verdict
		feedback string
		log      []string // in the case's log for the TA
	}{
		{"right", grader.Pass, "found in 10 guesses", []string{"secret 737", "> 500\n< higher\n> 750\n< lower\n", "> 737\n< correct\n"}},
		// It fails once the checker is gone: the checker's rejection came first.
		{"wrong", grader.WrongAnswer, "10 guesses, none right", []string{"> 1\n< higher\n", "> 10\n"}},
		// Its first guess never leaves its buffer: both wait, until the
		// program's wall limit.
		{"noflush", grader.Timeout, "", nil},
		{"crash", grader.RuntimeError, "", []string{"the program ended before the checker decided; the checker then: rejected", "> 500\n< higher\n"}},
	} {
		t.Run(tc.prog, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(filepath.Join("testdata/guess/programs", tc.prog, "guess.c"))
			if err != nil {
				t.Fatal(err)
			}
			sub := submission.Submission{ID: tc.prog, Files: []submission.File{{Name: "guess.c", Data: data}}}
			res, err := a.Grade(context.Background(), run, sub, 0, grader.Options{})
			if err != nil {
				t.Fatal(err)
			}
			c := res.Cases[0]
			if c.Verdict != tc.want || c.Feedback != tc.feedback {
				t.Fatalf("verdict %s, feedback %q; want %s, %q (log:\n%s)", c.Verdict, c.Feedback, tc.want, tc.feedback, c.JudgeLog)
			}
			for _, s := range tc.log {
				if !strings.Contains(c.JudgeLog, s) {
					t.Errorf("log lacks %q:\n%s", s, c.JudgeLog)
				}
			}
		})
	}
}
