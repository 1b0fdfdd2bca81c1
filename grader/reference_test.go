package grader_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/reference/eightqueen"
)

// TestRealCasesPredictScores grades the reference's wrong programs with the
// real rubric.toml and cases/: each catalogued mistake loses points in every
// part it concerns and in no other, and its result names it; a right
// program under any reading gets full marks.
func TestRealCasesPredictScores(t *testing.T) {
	a, err := grader.LoadAssignment("../rubric.toml", testJudges)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range a.Rubric.Parts {
		if len(p.ID) != 1 || p.ID[0] < 'a' || p.ID[0] > 'e' {
			t.Fatalf("part %q is not one of the handout's parts a-e", p.ID)
		}
	}
	for _, r := range eightqueen.Readings() {
		res := grade(t, a, run(refProgram(r)), eightQueen("right"), 0, grader.Options{})
		if res.Score != res.MaxScore || res.MaxScore != 60 {
			t.Errorf("a right program under reading %v scores %v of %v", r, res.Score, res.MaxScore)
		}
	}
	for _, m := range eightqueen.Catalogue() {
		t.Run(m.Name, func(t *testing.T) {
			res := grade(t, a, run(refProgram(eightqueen.Default, m)), eightQueen(m.Name), 0, grader.Options{})
			for _, p := range res.Parts {
				concerns := m.Concerns(eightqueen.Part(p.ID[0]))
				switch {
				case concerns && p.Score >= p.MaxScore:
					t.Errorf("part %s: full marks (%d/%d cases), but the mistake concerns it", p.ID, p.Passed, p.Total)
				case !concerns && p.Score != p.MaxScore:
					t.Errorf("part %s: %v of %v (%d/%d cases), but the mistake does not concern it", p.ID, p.Score, p.MaxScore, p.Passed, p.Total)
				}
			}
			named := false
			for _, d := range res.Diagnoses {
				named = named || d.Mistake == m.Name || slices.Contains(d.Alternatives, m.Name)
			}
			if !named {
				t.Errorf("the result does not name the mistake: diagnoses %+v", res.Diagnoses)
			}
			t.Logf("%v: total %v", partScores(res), res.Score)
		})
	}
}

// TestAlternativeDiagnoses: a program with no acceptance test prints exactly
// what one with the sign of delta flipped prints, on every case; the result
// names them once, as alternatives, with their shared hint once, and no two
// diagnoses explain the same cases.
func TestAlternativeDiagnoses(t *testing.T) {
	a, err := grader.LoadAssignment("../rubric.toml", testJudges)
	if err != nil {
		t.Fatal(err)
	}
	m, err := eightqueen.LookupMistake("sa-always-accept")
	if err != nil {
		t.Fatal(err)
	}
	res := grade(t, a, run(refProgram(eightqueen.Default, m)), eightQueen(m.Name), 0, grader.Options{})
	var found *grader.Diagnosis
	for i, d := range res.Diagnoses {
		names := append([]string{d.Mistake}, d.Alternatives...)
		if slices.Contains(names, "sa-always-accept") {
			found = &res.Diagnoses[i]
			if !slices.Contains(names, "sa-exp-sign") {
				t.Errorf("sa-always-accept without its twin sa-exp-sign: %v", names)
			}
		}
		for _, e := range res.Diagnoses[:i] {
			if slices.Equal(e.Cases, d.Cases) {
				t.Errorf("%s and %s explain the same cases in two diagnoses", e.Mistake, d.Mistake)
			}
		}
	}
	if found == nil {
		t.Fatalf("sa-always-accept not diagnosed: %+v", res.Diagnoses)
	}
	if n := strings.Count(found.Hint, m.Behaviour.Says); n != 1 {
		t.Errorf("the shared hint appears %d times, want once:\n%s", n, found.Hint)
	}
}
