package mutation

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/submission"
)

// ownCounter is a counter that can run on the student's own code, where
// test i fails when i is a multiple of 3, unless missing says why it
// cannot.
type ownCounter struct {
	counter
	missing string
	mu      sync.Mutex // runs go two at a time
}

func (c *ownCounter) OwnCodeMissing() string { return c.missing }

func (c *ownCounter) Run(ctx context.Context, f submission.File, id, impl string) (TestRun, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if impl != OwnCodeImpl {
		return c.counter.Run(ctx, f, id, impl)
	}
	c.runs[impl]++
	var i int
	fmt.Sscan(id, &i)
	if i%3 == 0 {
		return TestRun{Why: "assert 3 == 4 \x1b[31m" + strings.Repeat("x", 2000), Transcript: "own"}, nil
	}
	return passed("own"), nil
}

// TestSuiteOwnCode: with own_code, each test the part ran runs once more
// on the student's own code, after the others, and shows how it fared;
// the verdicts, the score and the runs on the implementations are what
// they are without it; a test the budget of runs stopped is not run
// there; a hand-in without its own code says why, and runs nothing
// there; a runner that cannot run there is refused with the rubric.
func TestSuiteOwnCode(t *testing.T) {
	bugs := []Bug{{Name: "b0"}, {Name: "b1"}, {Name: "b2"}}
	grade := func(own bool, missing string, maxRuns int) (Result, *ownCounter) {
		t.Helper()
		c := &ownCounter{counter: counter{tests: 6, bugs: len(bugs), runs: map[string]int{}}, missing: missing}
		sp, err := NewSuitePart(Config{PerBug: 1, Ceiling: 3, MaxTests: 25, MaxRuns: maxRuns, MaxBytes: 10, Files: "test_*.py", Show: ShowAll, OwnCode: own},
			Suites{Correct: []string{"correct"}, Bugs: bugs, Runner: c})
		if err != nil {
			t.Fatal(err)
		}
		sp.Parallel = 2
		res, err := sp.Grade(context.Background(), []submission.File{{Name: "test_a.py"}}, []byte("secret"))
		if err != nil {
			t.Fatal(err)
		}
		return res, c
	}
	cleared := func(r Result) Result {
		r.OwnCodeNote = ""
		r.Tests = slices.Clone(r.Tests)
		for i := range r.Tests {
			r.Tests[i].OnOwnCode = nil
		}
		return r
	}
	for _, tc := range []struct {
		name     string
		missing  string
		maxRuns  int
		ownRuns  int
		passed   []bool // per test: nil when it did not run there
		text     string
		notRunOn int // tests the budget stopped
	}{
		{"all run", "", 0, 6, []bool{false, true, true, false, true, true}, "4 of 6 tests pass on your own code", 0},
		// 20 runs: tests 0 to 3 fit, 4 and 5 are not run, nor run there
		{"budget", "", 20, 4, []bool{false, true, true, false}, "2 of 4 tests pass on your own code", 2},
		{"missing", "the hand-in has no mod.py", 0, 0, nil, "your tests were not run on your own code: the hand-in has no mod.py", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			with, c := grade(true, tc.missing, tc.maxRuns)
			without, c0 := grade(false, tc.missing, tc.maxRuns)
			if got := cleared(with); !reflect.DeepEqual(got, without) {
				t.Errorf("with own_code\n%+v\nwithout\n%+v", got, without)
			}
			delete(c.runs, OwnCodeImpl)
			if !reflect.DeepEqual(c.runs, c0.runs) {
				t.Errorf("runs on the implementations %v with own_code, %v without", c.runs, c0.runs)
			}
			var got []bool
			for i, te := range with.Tests {
				if te.OnOwnCode == nil {
					continue
				}
				if i >= len(tc.passed) {
					t.Errorf("test %s ran on own code", te.Name)
					continue
				}
				got = append(got, te.OnOwnCode.Passed)
				if why := te.OnOwnCode.Why; te.OnOwnCode.Passed != (why == "") || len(why) > maxWhy+100 {
					t.Errorf("test %s: own code's why %d bytes %q", te.Name, len(why), why)
				}
			}
			if !reflect.DeepEqual(got, tc.passed) || with.OwnCodeText() != tc.text {
				t.Errorf("on own code %v (%s); want %v (%s)", got, with.OwnCodeText(), tc.passed, tc.text)
			}
			if without.OwnCodeText() != "" || without.View().OwnRan {
				t.Errorf("without own_code: %q", without.OwnCodeText())
			}
			if v := with.View(); v.OwnCode != tc.text || v.OwnRan != (tc.passed != nil) {
				t.Errorf("the student's view: %q, ran %v", v.OwnCode, v.OwnRan)
			}
		})
	}
	_, err := NewSuitePart(Config{PerBug: 1, Ceiling: 1, MaxTests: 25, MaxBytes: 10, Files: "test_*.py", OwnCode: true},
		Suites{Correct: []string{"correct"}, Bugs: bugs, Runner: &counter{tests: 1, bugs: 3, runs: map[string]int{}}})
	if err == nil || !strings.Contains(err.Error(), "own_code") {
		t.Errorf("a runner that cannot run the student's code: %v", err)
	}
}

// slowOwnCounter is an ownCounter whose every run, on the
// implementations and on the student's own code, takes a minute of its
// clock.
type slowOwnCounter struct {
	ownCounter
	clock time.Time
}

func (c *slowOwnCounter) Run(ctx context.Context, f submission.File, id, impl string) (TestRun, error) {
	c.mu.Lock()
	c.clock = c.clock.Add(time.Minute)
	c.mu.Unlock()
	return c.ownCounter.Run(ctx, f, id, impl)
}

func (c *slowOwnCounter) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.clock
}

// TestSuiteOwnCodeWallBudget: the runs on the student's own code count
// in the budget of wall time (max_wall, or its default): one that would
// start past it is not made, with the budget's note, and the text says
// how many were not run; the verdicts are those without own_code,
// decided before. Every run here takes a minute of a fake clock: the
// judging of the 6 tests makes 14 runs (4 for test 0, 2 for each after).
func TestSuiteOwnCodeWallBudget(t *testing.T) {
	for _, tc := range []struct {
		maxWall, runWall time.Duration
		ownRuns, notRun  int
		text, named      string
	}{
		{0, 0, 6, 0, "4 of 6 tests pass on your own code", ""},
		// judged by 14 minutes; own code's runs start at 14, 15 and 16
		{16 * time.Minute, 0, 3, 3, "2 of 3 tests pass on your own code; 3 tests were not run on your own code: the part's budget of wall time was used up", "16m0s of wall time (max_wall)"},
		// tests 0 to 4 judged by 12 minutes, past the budget: none on own code
		{10 * time.Minute, 0, 0, 5, "5 tests were not run on your own code: the part's budget of wall time was used up", "10m0s of wall time (max_wall)"},
		// the default: 200 runs of 1.5 s, 5 minutes; tests 0 and 1 judged
		{0, 1500 * time.Millisecond, 0, 2, "2 tests were not run on your own code: the part's budget of wall time was used up", "5m0s of wall time (max_wall; by default"},
	} {
		grade := func(own bool) (Result, *slowOwnCounter) {
			t.Helper()
			c := &slowOwnCounter{ownCounter: ownCounter{counter: counter{tests: 6, bugs: 1, runs: map[string]int{}}}}
			sp, err := NewSuitePart(Config{PerBug: 1, Ceiling: 1, MaxTests: 25, MaxWall: tc.maxWall, RunWall: tc.runWall, MaxBytes: 10, Files: "test_*.py", Show: ShowAll, OwnCode: own},
				Suites{Correct: []string{"correct"}, Bugs: []Bug{{Name: "b0"}}, Runner: c})
			if err != nil {
				t.Fatal(err)
			}
			sp.now = c.now
			res, err := sp.Grade(context.Background(), []submission.File{{Name: "test_a.py"}}, []byte("secret"))
			if err != nil {
				t.Fatal(err)
			}
			return res, c
		}
		with, c := grade(true)
		without, _ := grade(false)
		notRun := 0
		for i, te := range with.Tests {
			if o := te.OnOwnCode; o != nil && o.NotRun != "" {
				notRun++
				if o.Passed || !strings.HasPrefix(o.NotRun, "not run: the part runs a submission's tests for at most "+tc.named) {
					t.Errorf("max_wall %v: test %d on own code %+v; want not run, for at most %s", tc.maxWall, i, o, tc.named)
				}
			}
			te.OnOwnCode = nil
			if !reflect.DeepEqual(te, without.Tests[i]) {
				t.Errorf("max_wall %v: test %d is %+v with own_code, %+v without", tc.maxWall, i, te, without.Tests[i])
			}
		}
		if c.runs[OwnCodeImpl] != tc.ownRuns || notRun != tc.notRun || with.OwnCodeText() != tc.text || with.Valid != without.Valid || with.Exposed != without.Exposed {
			t.Errorf("max_wall %v, run's share %v: %d runs on own code, %d not run (%q); want %d, %d (%q)",
				tc.maxWall, tc.runWall, c.runs[OwnCodeImpl], notRun, with.OwnCodeText(), tc.ownRuns, tc.notRun, tc.text)
		}
	}
}
