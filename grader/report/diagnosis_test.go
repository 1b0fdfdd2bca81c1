package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
)

// TestDiagnosisAndReadings: a report names the known mistakes with their
// hints, a checked case's broken rule with its line, and the reading a
// reading-dependent case matched; check prints the same.
func TestDiagnosisAndReadings(t *testing.T) {
	a := assignment(t)
	r := grader.Result{ID: "s1", Score: 10, MaxScore: a.Rubric.Total, Status: grader.Graded,
		Parts: []grader.PartResult{{ID: "a", Name: "A", Score: 10, MaxScore: 10, Passed: 1, Total: 3}},
		Cases: []grader.CaseResult{
			{ID: "a/p1", Part: "a", Args: []string{"315", "1", "12375643"}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Mismatch: &grader.Mismatch{Line: 11, Expected: "Solved", Got: "solved"}}, Mistakes: []string{"lowercase-solved"}},
			{ID: "a/p2", Part: "a", Args: []string{"399", "-1", "13276471"}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Violation: &grader.Violation{Line: 7, Rule: "move", Msg: "13276471 is not one of the steepest moves of 13276470"}}},
			{ID: "a/p3", Part: "a", Args: []string{"499", "01234567"}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.Pass}, Reading: "cutoff-optimum"},
		},
		Diagnoses: []grader.Diagnosis{{Mistake: "lowercase-solved", Hint: "The handout prints \"Solved\".", Cases: []string{"a/p1"}},
			{Mistake: "sa-exp-sign", Alternatives: []string{"sa-always-accept"}, Hint: "Your annealing accepts every worse move.", Cases: []string{"a/p2"}}},
	}
	md := string(report.Markdown(a, r))
	lacks(t, "the report", md,
		"## Known mistakes\n",
		"### lowercase-solved\n\nThe handout prints \"Solved\".\n\nCases: a/p1.\n",
		"### One of these: sa-exp-sign, sa-always-accept\n\nEach of them prints exactly this output, so it cannot tell which one your program has.\n\nYour annealing accepts every worse move.\n\nCases: a/p2.\n",
		"Known mistake: this is what a program with lowercase-solved prints.\n",
		"Line 7 breaks the rule \"move\": 13276471 is not one of the steepest moves of 13276470\n",
		"Passed under one of the readings the handout allows: a/p3 (cutoff-optimum).\n",
	)
	var b bytes.Buffer
	report.Check(&b, a, r, report.Style{})
	lacks(t, "check's output", b.String(),
		"  line 7 breaks the rule \"move\": 13276471",
		"  known mistake: this is what a program with lowercase-solved prints\n",
		"known mistake: lowercase-solved (1 cases)\n  The handout prints \"Solved\".\n",
	)
}

// TestDiagnosisByRuns: a mistake named from a repeated case's runs is
// said to fail runs like the student's, not to print their output, in
// the report, check's output and Gradescope's; alternatives are named
// and each hint is its own paragraph.
func TestDiagnosisByRuns(t *testing.T) {
	a := assignment(t)
	r := grader.Result{ID: "s1", Score: 0, MaxScore: a.Rubric.Total, Status: grader.Graded,
		Parts: []grader.PartResult{{ID: "a", Name: "A", MaxScore: 10, Total: 1}},
		Cases: []grader.CaseResult{
			{ID: "a/p1", Part: "a", Args: []string{"8", "2"}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.WrongAnswer},
				Attempts: &grader.Attempts{Runs: 20, Passed: 3, MinPass: 18, Failed: []int{1, 2}}, Mistakes: []string{"no-restarts", "first-tie"}},
		},
		Diagnoses: []grader.Diagnosis{{Mistake: "no-restarts", Alternatives: []string{"first-tie"},
			Hint: "Restart when stuck.\n\nBreak ties at random.", Cases: []string{"a/p1"}}},
	}
	md := string(report.Markdown(a, r))
	lacks(t, "the report", md,
		"Your program's runs go as a program's with this mistake go:\n",
		"### One of these: no-restarts, first-tie\n\nA program with any of them fails runs as yours does, so the runs cannot tell which one your program has.\n\nRestart when stuck.\n\nBreak ties at random.\n",
	)
	var b bytes.Buffer
	report.Check(&b, a, r, report.Style{})
	lacks(t, "check's output", b.String(),
		"  known mistake: a program with no-restarts or first-tie fails runs like these\n",
		"known mistake: no-restarts or first-tie (1 cases)\n  Restart when stuck.\n\n  Break ties at random.\n",
	)
}

// lacks reports each of wants that text (what names it) does not hold.
func lacks(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s lacks %q:\n%s", what, want, text)
		}
	}
}
