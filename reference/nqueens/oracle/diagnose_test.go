package oracle

import (
	"slices"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/reference/nqueens"
)

func TestDiagnoseRuns(t *testing.T) {
	unsolved := grader.Attempt{RunResult: grader.RunResult{Verdict: grader.WrongAnswer}}
	broke := func(rule string) grader.Attempt {
		return grader.Attempt{RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Violation: &grader.Violation{Line: 3, Rule: rule}}}
	}
	tests := []struct {
		name     string
		args     []string
		passed   int
		failures []grader.Attempt
		want     []string // named, in order
	}{
		{"hill climbing stuck every run", []string{"8", "2"}, 0, []grader.Attempt{unsolved}, []string{"hill-climbing-no-restarts"}},
		{"hill climbing, 5 of 20", []string{"8", "2"}, 5, []grader.Attempt{unsolved}, []string{"hill-climbing-no-restarts", "hill-climbing-first-tie"}},
		{"hill climbing, 16 of 20: no known rate", []string{"8", "2"}, 16, []grader.Attempt{unsolved}, nil},
		{"annealing, 8 of 20", []string{"8", "3"}, 8, []grader.Attempt{unsolved}, []string{"annealing-accept-all", "annealing-constant-temperature"}},
		{"genetic, 8 of 20", []string{"8", "4"}, 8, []grader.Attempt{unsolved}, []string{"genetic-no-mutation"}},
		{"random search gives up", []string{"5", "1"}, 0, []grader.Attempt{unsolved}, []string{"no-search"}},
		{"a rule broken: the rule's mistake only", []string{"8", "2"}, 0, []grader.Attempt{unsolved, broke(nqueens.RuleMarks), broke(nqueens.RuleMarks)}, []string{"marks-not-conflicts"}},
		{"claims and evaluations", []string{"5", "1"}, 3, []grader.Attempt{broke(nqueens.RuleEvaluation), broke(nqueens.RuleClaim)}, []string{"conflicts-counted-twice", "false-solved-claim"}},
		{"an unknown rule names nothing", []string{"8", "2"}, 0, []grader.Attempt{broke(nqueens.RuleBoard)}, nil},
		{"timeouts name nothing", []string{"8", "2"}, 0, []grader.Attempt{{RunResult: grader.RunResult{Verdict: grader.Timeout}}}, nil},
		{"a size no part records", []string{"12", "2"}, 0, []grader.Attempt{unsolved}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := cases.Case{ID: "x/public-01", Args: tt.args, Runs: 20}
			at := &grader.Attempts{Runs: 20, Passed: tt.passed, MinPass: 18, Failures: tt.failures}
			got := (Judge{}).DiagnoseRuns(c, at)
			if !slices.Equal(got, tt.want) {
				t.Errorf("named %q, want %q", got, tt.want)
			}
			for _, m := range got {
				if (Judge{}).Hint(m) == "" {
					t.Errorf("%s has no hint", m)
				}
			}
		})
	}
}

// TestPlausibleCoversBrokenRates checks that a broken variant is named for
// nearly every count its own rate gives: the counts it is not named for
// have probability under 2·Alpha at its measured rate.
func TestPlausibleCoversBrokenRates(t *testing.T) {
	for _, p := range nqueens.Parts {
		for _, b := range p.Broken {
			missed := 0.0
			for k := 0; k <= p.Runs; k++ {
				if !Plausible(p.Runs, k, b) {
					missed += nqueens.AtLeast(p.Runs, k, b.P()) - nqueens.AtLeast(p.Runs, k+1, b.P())
				}
			}
			if missed > 2*Alpha {
				t.Errorf("%s %s: not named with probability %.2e", p.ID, b.Solver, missed)
			}
			// A correct program's count where the part fails is rare, but
			// the correct rate itself must not look like the broken one.
			if Plausible(p.Runs, p.Runs, b) {
				t.Errorf("%s %s: named even when every run passed", p.ID, b.Solver)
			}
		}
	}
}
