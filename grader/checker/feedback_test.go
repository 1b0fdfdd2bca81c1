package checker

import (
	"errors"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"

	"github.com/cs540-tools/autograder/sandbox"
)

func feedback(kv ...string) []sandbox.File {
	var fs []sandbox.File
	for i := 0; i < len(kv); i += 2 {
		fs = append(fs, sandbox.File{Name: feedbackDir + kv[i], Data: []byte(kv[i+1])})
	}
	return fs
}

// TestJudgement reads runs of a checker: the exit status decides, the
// feedback files say the rest, and anything else is its failure.
func TestJudgement(t *testing.T) {
	long := strings.Repeat("x", maxMessage+100)
	for _, tc := range []struct {
		name     string
		res      sandbox.Result
		multOnly bool // a 2025-09 package's checker
		pass     bool
		score    float64 // -1: none
		feedback string
		log      string
		err      string
	}{
		{name: "accepted", res: sandbox.Result{ExitCode: 42}, pass: true, score: -1},
		{name: "rejected", res: sandbox.Result{ExitCode: 43, Files: feedback(teamMessage, "try again\n\n", judgeMessage, "line 3: 7, want 8\n")},
			score: -1, feedback: "try again", log: "line 3: 7, want 8"},
		{name: "exit 0", res: sandbox.Result{ExitCode: 0}, err: "checker c.py exited with status 0, not 42 (accepted) or 43 (rejected)"},
		{name: "crash", res: sandbox.Result{ExitCode: -1, Signal: "segmentation fault", Stderr: []byte("boom\n")},
			err: "checker c.py was killed by a signal (segmentation fault); its stderr ends:\nboom"},
		{name: "limit", res: sandbox.Result{ExitCode: -1, Signal: "killed", Limit: sandbox.Wall}, err: "checker c.py hit its wall time limit"},
		{name: "score", res: sandbox.Result{ExitCode: 42, Files: feedback(scoreFile, "0.25\n")}, pass: true, score: 0.25},
		{name: "multiplier", res: sandbox.Result{ExitCode: 42, Files: feedback(multiplierFile, "1")}, pass: true, score: 1},
		{name: "empty score", res: sandbox.Result{ExitCode: 42, Files: feedback(scoreFile, "")}, err: `checker c.py: score.txt: want one number from 0 to 1, got ""`},
		{name: "score over 1", res: sandbox.Result{ExitCode: 42, Files: feedback(scoreFile, "1.5")}, err: `score.txt: want a number from 0 to 1, got 1.5`},
		{name: "both scores", res: sandbox.Result{ExitCode: 42, Files: feedback(scoreFile, "1", multiplierFile, "1")}, err: "wrote both score.txt and score_multiplier.txt"},
		{name: "2025-09 score.txt", res: sandbox.Result{ExitCode: 42, Files: feedback(scoreFile, "0.5")}, multOnly: true,
			err: "checker c.py wrote score.txt, in a 2025-09 package the case's absolute score"},
		{name: "2025-09 multiplier", res: sandbox.Result{ExitCode: 42, Files: feedback(multiplierFile, "0.5")}, multOnly: true, pass: true, score: 0.5},
		{name: "score of a rejection", res: sandbox.Result{ExitCode: 43, Files: feedback(scoreFile, "0.5")}, score: -1},
		{name: "long message", res: sandbox.Result{ExitCode: 43, Files: feedback(teamMessage, long)}, score: -1,
			feedback: long[:maxMessage] + "\n... (100 more bytes)"},
		{name: "bad bytes", res: sandbox.Result{ExitCode: 43, Files: feedback(judgeMessage, "a\x00b\xffc")}, score: -1, log: "ab\uFFFDc"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j, err := (&Checker{path: "c.py", multOnly: tc.multOnly}).judgement(tc.res)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				judgeError(t, tc.res, tc.multOnly, err.Error())
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if j.Pass != tc.pass || j.Feedback != tc.feedback || j.Log != tc.log {
				t.Errorf("judgement %+v, want pass %v, feedback %q, log %q", j, tc.pass, tc.feedback, tc.log)
			}
			if got := j.Score; tc.score < 0 && got != nil || tc.score >= 0 && (got == nil || *got != tc.score) {
				t.Errorf("score %v, want %v", got, tc.score)
			}
		})
	}
}

// judgeError requires a checker's failure on res to be the grader's
// failure in a course rubric, and the case's judge error, with the same
// message, in a problem package's (rubric.Judge.JudgeErrors).
func judgeError(t *testing.T, res sandbox.Result, multOnly bool, msg string) {
	t.Helper()
	var onOutput *grader.FailedOnOutput
	if _, err := (&Checker{path: "c.py", multOnly: multOnly}).judgement(res); errors.As(err, &onOutput) {
		t.Errorf("a course's checker: %v is a judge error, want the grader's failure", err)
	}
	_, err := (&Checker{path: "c.py", multOnly: multOnly, judgeErrors: true}).judgement(res)
	if !errors.As(err, &onOutput) || err.Error() != msg {
		t.Errorf("a package's validator: %#v, want a judge error saying %q", err, msg)
	}
}

func TestParseScore(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0.5", 0.5, true}, {" 1\n", 1, true}, {"0", 0, true}, {"+.25", 0.25, true}, {"5e-1", 0.5, true},
		{"1.", 1, true}, {"-0", 0, true}, {"0.666667\n", 0.666667, true},
		{"", 0, false}, {"nan", 0, false}, {"inf", 0, false}, {"0x1p-1", 0, false}, {"1_0", 0, false},
		{"0.5 0.5", 0, false}, {"-0.1", 0, false}, {"1.0000001", 0, false}, {"50%", 0, false},
	} {
		got, err := parseScore([]byte(tc.in))
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseScore(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// TestOwnFailure: a validator that fails on the program's output is the
// case's judge error unless that output is the case's answer itself: a
// validator that fails on the jury's answer is broken, the grader's
// failure (every submission would get a judge error from it).
func TestOwnFailure(t *testing.T) {
	c := cases.Case{ID: "a/1", Outputs: []cases.Output{{Stdout: []byte("3\n")}}}
	failed := &grader.FailedOnOutput{Err: errors.New("checker c.py exited 1")}
	for _, tc := range []struct {
		out      string
		onOutput bool
	}{{"3\n", false}, {"abc\n", true}, {"", true}} {
		err := ownFailure(grader.Trial{Case: c, Stdout: []byte(tc.out)}, failed)
		var f *grader.FailedOnOutput
		if got := errors.As(err, &f); got != tc.onOutput || err == nil {
			t.Errorf("output %q: %v (judge error %v), want judge error %v", tc.out, err, got, tc.onOutput)
		}
	}
	if err := ownFailure(grader.Trial{Case: c, Stdout: []byte("3\n")}, nil); err != nil {
		t.Errorf("no failure: %v", err)
	}
}
