package grader_test

import (
	"maps"
	"strings"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
)

// TestStopAtReject: an all-or-nothing part that stops at its first
// rejected case (a contest's on_reject: break) runs no case after it
// when the cases run one at a time, and lists them as not run, saying
// why; side by side some may have started, and are listed as not run all
// the same (the results do not follow the order cases finish in). Either
// way the scores are those of a run of every case.
func TestStopAtReject(t *testing.T) {
	aon := []string{"points = 10\nscoring = \"proportional\"", "points = 10\nscoring = \"all-or-nothing\""}
	a := testAssignment(t, aon...)
	all := grade(t, a, run(correct), eightQueen("s"), 0, grader.Options{})
	var partA []grader.CaseResult // part a's cases, in case order
	for _, cr := range all.Cases {
		if cr.Part == "a" {
			partA = append(partA, cr)
		}
	}
	if len(partA) != 3 {
		t.Fatalf("part a has %d cases, want 3", len(partA))
	}
	first := strings.Join(partA[0].Args, " ")
	for _, cores := range []int{1, 4} {
		for _, stop := range []bool{false, true} {
			a := testAssignment(t, aon...)
			a.Rubric.Parts[0].StopAtReject = stop
			var (
				mu  sync.Mutex
				ran []string
			)
			prog := failOn(first)
			counting := programFunc(func(args []string, stdin []byte) (grader.Execution, error) {
				mu.Lock()
				defer mu.Unlock()
				ran = append(ran, strings.Join(args, " "))
				return prog(args, stdin)
			})
			res := grade(t, a, run(counting), eightQueen("s"), 0, grader.Options{Cores: grader.NewCores(cores)})
			if want := map[string]float64{"a": 0, "b": 20, "c": 10}; res.Score != 30 || !maps.Equal(partScores(res), want) {
				t.Errorf("cores %d, stop %v: score %v %v, want 30 %v", cores, stop, res.Score, partScores(res), want)
			}
			notRun, hiddenNotRun := 0, 0
			for i, cr := range res.Cases {
				if cr.Verdict != grader.NotRun {
					continue
				}
				notRun++
				if cr.Visibility == cases.Hidden {
					hiddenNotRun++
				}
				if !stop || cr.Part != "a" || cr.ID == partA[0].ID {
					t.Errorf("cores %d, stop %v: case %d %s (part %s) not run", cores, stop, i, cr.ID, cr.Part)
				}
			}
			note := strings.Contains(strings.Join(res.Notes, "\n"), "not run after a hidden case was rejected: the part is all or nothing")
			switch {
			case stop && notRun != 2:
				t.Errorf("cores %d: %d cases not run, want 2", cores, notRun)
			case stop && cores == 1 && len(ran) != len(all.Cases)-hiddenNotRun:
				// Public cases run before hidden ones: one after the
				// rejected (hidden) case has run by then.
				t.Errorf("one core: %d run of %d, want all but the %d hidden ones not run", len(ran), len(all.Cases), hiddenNotRun)
			case (notRun > 0) != note:
				t.Errorf("cores %d, stop %v: %d not run, notes %q", cores, stop, notRun, res.Notes)
			}
		}
	}
}

// TestPublicBeforeHidden: however many cores, no hidden case starts
// before every public case has ended (and been run again where it
// waited): a hidden run's input must not reach a public run's output
// through what runs share.
func TestPublicBeforeHidden(t *testing.T) {
	a := testAssignment(t)
	all := grade(t, a, run(correct), eightQueen("s"), 0, grader.Options{})
	public := map[string]bool{}
	for _, cr := range all.Cases {
		if cr.Visibility != cases.Hidden {
			public[strings.Join(cr.Args, " ")] = true
		}
	}
	if len(public) == 0 || len(public) == len(all.Cases) {
		t.Fatalf("%d public cases of %d: want some of each", len(public), len(all.Cases))
	}
	var (
		mu    sync.Mutex
		ended int
		early []string
	)
	watch := programFunc(func(args []string, stdin []byte) (grader.Execution, error) {
		cmd := strings.Join(args, " ")
		mu.Lock()
		if !public[cmd] && ended < len(public) {
			early = append(early, cmd)
		}
		mu.Unlock()
		ex, err := correct(args, stdin)
		if public[cmd] {
			mu.Lock()
			ended++
			mu.Unlock()
		}
		return ex, err
	})
	for range 20 {
		grade(t, testAssignment(t), run(watch), eightQueen("s"), 0, grader.Options{Cores: grader.NewCores(8)})
		mu.Lock()
		if len(early) > 0 {
			t.Fatalf("hidden cases started before the public ones ended: %q", early)
		}
		ended = 0
		mu.Unlock()
	}
}
