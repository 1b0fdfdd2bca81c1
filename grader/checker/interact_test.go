package checker_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/checker"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// TestGuessingGame grades C programs of an interactive guessing game
// (testdata/guess) through Grade, each run beside the Python checker that
// knows the secret. The programs are graded at once, sharing the
// checker's one build.
func TestGuessingGame(t *testing.T) {
	testenv.NeedTools(t, "gcc", "python3")
	a, err := grader.LoadAssignment("testdata/guess/rubric.toml", checker.Judges)
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
		// It crashes before the checker decides: its crash is the verdict,
		// the checker's word in the log.
		{"crash", grader.RuntimeError, "", []string{"secret 737", "> 500\n< higher\n"}},
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

// TestInteractiveEnds grades C programs that end before their judge
// (testdata/ends/ends.py) decides, or after, on three cases: a correct
// run exits 0 (default), with any status (exit: any), with a status
// other than 0 (exit: nonzero). A judge that rejects first decides,
// whatever the program does afterwards; a program that ends first gets
// the judge's verdict when it ended as its case allows, its own
// otherwise; the judge's failure on bytes the program sent that are not
// text is the program's wrong answer, its failure on text is the
// grader's.
func TestInteractiveEnds(t *testing.T) {
	testenv.NeedTools(t, "gcc", "python3")
	a, err := grader.LoadAssignment("testdata/ends/rubric.toml", checker.Judges)
	if err != nil {
		t.Fatal(err)
	}
	run := runner.New(a.Rubric)
	const (
		P, WA, RTE, TLE, GF = grader.Pass, grader.WrongAnswer, grader.RuntimeError, grader.Timeout, grader.GraderFailure
	)
	for _, tc := range []struct {
		prog string
		want [3]grader.Verdict // default, exit: any, exit: nonzero
		say  string            // the violation, but for exit: nonzero
	}{
		{"right-exit0", [3]grader.Verdict{P, P, WA}, ""},
		// It ends first, with status 3; with an exit key that allows it,
		// the judge's acceptance decides.
		{"right-exit3", [3]grader.Verdict{RTE, P, P}, ""},
		{"wrong-exit0", [3]grader.Verdict{WA, WA, WA}, ""},
		// The judge rejects after the program ended: never a pass.
		{"wrong-exit3", [3]grader.Verdict{RTE, WA, WA}, ""},
		{"right-abort", [3]grader.Verdict{RTE, RTE, RTE}, ""},
		// The judge rejected first: the program's end comes after.
		{"quit-exit3", [3]grader.Verdict{WA, WA, WA}, ""},
		{"quit-hang", [3]grader.Verdict{WA, WA, WA}, ""},
		// The judge accepted first: the program's end still counts.
		{"done-hang", [3]grader.Verdict{TLE, TLE, TLE}, ""},
		// The judge fails on what the program sent that is not text.
		{"not-utf8", [3]grader.Verdict{WA, WA, WA}, `line 1 breaks the rule "text": the program sent a byte that is not UTF-8 (0xff)`},
		{"huge-line", [3]grader.Verdict{WA, WA, WA}, "a line longer than 64 KiB"},
		// The judge fails on text: its own bug.
		{"boom", [3]grader.Verdict{GF, GF, GF}, ""},
	} {
		t.Run(tc.prog, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(filepath.Join("testdata/ends/programs", tc.prog, "main.c"))
			if err != nil {
				t.Fatal(err)
			}
			sub := submission.Submission{ID: tc.prog, Files: []submission.File{{Name: "main.c", Data: data}}}
			res, err := a.Grade(context.Background(), run, sub, 0, grader.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i, id := range []string{"default", "any", "nonzero"} {
				c := caseNamed(t, res, id)
				if c.Verdict != tc.want[i] {
					t.Errorf("case %s: verdict %s, want %s (exit %d, signal %q, limit %q; feedback %q; log:\n%s)",
						id, c.Verdict, tc.want[i], c.ExitCode, c.Signal, c.Limit, c.Feedback, c.JudgeLog)
				}
				// (exit: nonzero: exiting 0 is the violation.)
				if tc.say != "" && id != "nonzero" && (c.Violation == nil || !strings.Contains(c.Violation.String(), tc.say)) {
					t.Errorf("case %s: violation %v lacks %q", id, c.Violation, tc.say)
				}
			}
		})
	}
}

// caseNamed is the result of the case whose ID ends in /name.
func caseNamed(t *testing.T, res grader.Result, name string) grader.CaseResult {
	t.Helper()
	for _, c := range res.Cases {
		if strings.HasSuffix(c.ID, "/"+name) {
			return c
		}
	}
	t.Fatalf("no case %s in %d cases", name, len(res.Cases))
	return grader.CaseResult{}
}
