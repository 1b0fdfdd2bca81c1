package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
)

// The waiting mix of the repository's rubric: ten correct submissions,
// the sleeper's line and the looper's, which loops in FLAG 200's 20
// hidden cases and answers its 3 public ones.
func TestWaitingSubmissions(t *testing.T) {
	a, err := grader.LoadAssignment("../../../../rubric.toml", bundle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	correct, sleeper, looper, loops, err := waitingSubmissions(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(correct) != 10 || loops != 20 {
		t.Fatalf("%d correct submissions, the looper loops in %d cases; want 10 and 20", len(correct), loops)
	}
	for _, want := range []string{`Thread.sleep(600000)`, `args[0].startsWith("4")`} {
		if !strings.Contains(string(sleeper.Files[0].Data), want) {
			t.Errorf("the sleeper has no %s", want)
		}
	}
	if !strings.Contains(string(looper.Files[0].Data), `!"13572063 13572064 01234567".contains(args[1])`) {
		t.Errorf("the looper does not answer FLAG 200's public boards:\n%s", looper.Files[0].Data)
	}
}

// The mix's check fails a correct submission that scored otherwise beside
// the sleeper and the looper, and a looper's case at its wall limit.
func TestCheckWaitingMix(t *testing.T) {
	timeout := func(limit grader.Limit) grader.CaseResult {
		c := grader.CaseResult{ID: "b/hidden-01"}
		c.Verdict, c.Limit = grader.Timeout, limit
		return c
	}
	alone := []grader.Result{{ID: "correct01", Score: 60}}
	good := []grader.Result{{ID: "correct01", Score: 60}, {ID: "sleeper", Cases: []grader.CaseResult{timeout(grader.Wall)}}, {ID: "looper", Cases: []grader.CaseResult{timeout(grader.CPU)}}}
	if err := checkWaitingMix(&bytes.Buffer{}, alone, good); err != nil {
		t.Errorf("a good mix failed: %v", err)
	}
	for name, mix := range map[string][]grader.Result{
		"a correct one scored less": {{ID: "correct01", Score: 55}},
		"the looper at its wall":    {{ID: "looper", Cases: []grader.CaseResult{timeout(grader.Wall)}}},
		"the sleeper at its CPU":    {{ID: "sleeper", Cases: []grader.CaseResult{timeout(grader.CPU)}}},
	} {
		if err := checkWaitingMix(&bytes.Buffer{}, alone, mix); err == nil {
			t.Errorf("%s: the check passed", name)
		}
	}
}
