package mutation

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/submission"
)

func passed(tr string) TestRun { return TestRun{Passed: true, Transcript: tr} }
func failed(tr string) TestRun { return TestRun{Why: "assert 1 == 2", Transcript: tr} }

// stepped gives r the steps written as words ("T1 I2": the test's step
// 1, the implementation's step 2).
func stepped(r TestRun, steps string) TestRun {
	r.Steps = []Step{}
	for _, w := range strings.Fields(steps) {
		var n uint64
		fmt.Sscan(w[1:], &n)
		r.Steps = append(r.Steps, Step{FromTest: w[0] == 'T', Sum: n})
	}
	return r
}

// TestDecideTest: a row per rule of decideTest.
func TestDecideTest(t *testing.T) {
	names := []string{"correct"}
	bugs := []Bug{{Name: "a"}, {Name: "b"}}
	for _, tc := range []struct {
		name    string
		correct [][]TestRun
		onBugs  [][]TestRun
		valid   bool
		why     string
		exposes []string
	}{
		{"fails on the correct one", [][]TestRun{{failed("c")}}, nil, false, "it fails on the correct implementation (correct): assert 1 == 2", nil},
		{"passes once, then fails", [][]TestRun{{passed("c"), failed("c")}}, nil, false, "it passed once, then failed, on the correct implementation (correct): assert 1 == 2", nil},
		{"other calls on the correct one", [][]TestRun{{passed("c"), passed("c2")}}, [][]TestRun{{failed("a"), failed("a")}, {passed("c"), passed("c")}}, false, whyCalls, nil},
		{"other calls on a bug", [][]TestRun{{passed("c"), passed("c")}}, [][]TestRun{{failed("a"), failed("a2")}, {passed("c"), passed("c")}}, false, whyCalls, nil},
		{"same answers, other outcome on a bug", [][]TestRun{{passed("c"), passed("c")}}, [][]TestRun{{failed("c"), failed("c")}, {passed("b"), passed("b")}}, false, whyOutcome, nil},
		{"same answers, other outcome on one bug's runs", [][]TestRun{{passed("c"), passed("c")}}, [][]TestRun{{failed("a"), passed("a")}, {passed("b"), passed("b")}}, false, whyOutcome, nil},
		{"two bugs that answer alike, outcomes differ", [][]TestRun{{passed("c"), passed("c")}}, [][]TestRun{{failed("x"), failed("x")}, {passed("x"), passed("x")}}, false, whyOutcome, nil},
		{"exposes one", [][]TestRun{{passed("c"), passed("c")}}, [][]TestRun{{failed("a"), failed("a")}, {passed("b"), passed("b")}}, true, "", []string{"a"}},
		{"exposes both", [][]TestRun{{passed("c"), passed("c")}}, [][]TestRun{{failed("a"), failed("a")}, {failed("b"), failed("b")}}, true, "", []string{"a", "b"}},
		{"other answers, still passes", [][]TestRun{{passed("c"), passed("c")}}, [][]TestRun{{passed("a"), passed("a")}, {passed("c"), passed("c")}}, true, "", nil},
		{"parts where the implementation answered otherwise", [][]TestRun{{stepped(passed("c"), "T1 I1 T2 I2")}}, [][]TestRun{{stepped(failed("a"), "T1 I1 T2 I9")}, nil}, true, "", []string{"a"}},
		{"parts where the test called otherwise", [][]TestRun{{stepped(passed("c"), "T1 I1 T2 I2")}}, [][]TestRun{{stepped(failed("a"), "T1 I1 T9 I2")}, nil}, false, whyParted, nil},
		{"a call more on the bug", [][]TestRun{{stepped(passed("c"), "T1 I1")}}, [][]TestRun{{stepped(failed("a"), "T1 I1 T2 I2")}, nil}, false, whyParted, nil},
		{"a call fewer on the bug", [][]TestRun{{stepped(passed("c"), "T1 I1 T2 I2")}}, [][]TestRun{{stepped(failed("a"), "T1 I1")}, nil}, false, whyParted, nil},
		{"the implementation said more (it died)", [][]TestRun{{stepped(passed("c"), "T1 I1")}}, [][]TestRun{{stepped(failed("a"), "T1 I1 I9")}, nil}, true, "", []string{"a"}},
		{"parts past the steps kept", [][]TestRun{{stepped(passed("c"), "T1 I1")}}, [][]TestRun{{stepped(failed("a"), "T1 I1")}, nil}, false, whyParted, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := decideTest(names, tc.correct, bugs, tc.onBugs)
			if got.Valid != tc.valid || got.Why != tc.why || !reflect.DeepEqual(got.Exposes, tc.exposes) {
				t.Errorf("got %+v, want valid %v, why %q, exposes %v", got, tc.valid, tc.why, tc.exposes)
			}
		})
	}
}

// gambler is a SuiteRunner of a model: test i's runs on implementation
// impl get the answers answers(i, impl) (a transcript), and each fails at
// random with probability p, whatever the answers. With calls, the test
// makes calls drawn at random each run (a transcript of its own).
type gambler struct {
	rng     *rand.Rand
	p       float64
	tests   int
	answers func(test int, impl string) string
	calls   bool
}

func (g *gambler) Collect(context.Context, submission.File) ([]string, string, error) {
	var ids []string
	for i := range g.tests {
		ids = append(ids, fmt.Sprint(i))
	}
	return ids, "", nil
}

func (g *gambler) Run(_ context.Context, _ submission.File, id, impl string) (TestRun, error) {
	var i int
	fmt.Sscan(id, &i)
	tr := g.answers(i, impl)
	if g.calls {
		tr += fmt.Sprint(g.rng.Uint64())
	}
	if g.rng.Float64() < g.p {
		return failed(tr), nil
	}
	return passed(tr), nil
}

// TestGambling: suites of 25 tests that fail at random with probability
// p, whatever the answers they get, earn at most 10% of the points in
// expectation against 8 bugs, whether each test's calls reach every
// bug's difference, some of them, or make calls of their own at random.
// The expectation is estimated over many suites, from fixed seeds.
func TestGambling(t *testing.T) {
	const bugs, suites = 8, 200
	var bs []Bug
	for i := range bugs {
		bs = append(bs, Bug{Name: fmt.Sprint("bug", i)})
	}
	models := []struct {
		name string
		make func(rng *rand.Rand) (func(int, string) string, bool)
	}{
		// every bug answers each test otherwise than the correct one
		{"reaches every bug", func(*rand.Rand) (func(int, string) string, bool) {
			return func(i int, impl string) string { return fmt.Sprint(i, impl) }, false
		}},
		// a test reaches each bug's difference with probability 1/2
		{"reaches some bugs", func(rng *rand.Rand) (func(int, string) string, bool) {
			reach := map[string]bool{}
			return func(i int, impl string) string {
				k := fmt.Sprint(i, impl)
				if _, ok := reach[k]; !ok {
					reach[k] = rng.IntN(2) == 0
				}
				if impl == "correct" || !reach[k] {
					return fmt.Sprint(i, "correct")
				}
				return k
			}, false
		}},
		// the bugs answer in two ways only: half alike, half alike
		{"bugs alike", func(*rand.Rand) (func(int, string) string, bool) {
			return func(i int, impl string) string {
				if impl == "correct" {
					return fmt.Sprint(i, impl)
				}
				return fmt.Sprint(i, impl[len(impl)-1]%2)
			}, false
		}},
		{"random calls", func(*rand.Rand) (func(int, string) string, bool) {
			return func(i int, impl string) string { return fmt.Sprint(i, impl) }, true
		}},
	}
	for _, m := range models {
		name, model := m.name, m.make
		for _, p := range []float64{0.05, 0.1, 0.25, 0.5} {
			rng := rand.New(rand.NewPCG(1, uint64(p*1000)))
			total, most := 0.0, 0.0
			for range suites {
				answers, calls := model(rng)
				g := &gambler{rng: rng, p: p, tests: 25, answers: answers, calls: calls}
				sp, err := NewSuitePart(Config{PerBug: 1, Ceiling: bugs, MaxTests: 25, MaxBytes: 1 << 20, Files: "*.py", Show: ShowAll},
					Suites{Correct: []string{"correct"}, Bugs: bs, Runner: g})
				if err != nil {
					t.Fatal(err)
				}
				res, err := sp.Grade(context.Background(), []submission.File{{Name: "test_x.py"}}, []byte("secret"))
				if err != nil {
					t.Fatal(err)
				}
				total += res.Score() / bugs
				most = max(most, res.Score()/bugs)
			}
			mean := total / suites
			t.Logf("%-18s p=%.2f: %.2f%% of the points expected (most %.0f%%)", name, p, 100*mean, 100*most)
			if mean > 0.10 {
				t.Errorf("%s, p=%.2f: gambling earns %.1f%% of the points, more than 10%%", name, p, 100*mean)
			}
		}
	}
}

// TestSuiteGrade: tests past the most counted are ignored with a note, a
// file with no test or too large is an invalid test named by the file.
func TestSuiteGrade(t *testing.T) {
	g := &gambler{rng: rand.New(rand.NewPCG(1, 2)), tests: 4, answers: func(i int, impl string) string { return fmt.Sprint(i) }}
	sp, err := NewSuitePart(Config{PerBug: 1, Ceiling: 1, MaxTests: 3, MaxBytes: 10, Files: "test_*.py", Show: ShowAll},
		Suites{Correct: []string{"correct"}, Bugs: []Bug{{Name: "a"}}, Runner: g})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sp.Grade(context.Background(), []submission.File{{Name: "test_a.py"}, {Name: "test_b.py", Data: []byte(strings.Repeat("x", 11))}, {Name: "notes.txt"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, te := range res.Tests {
		names = append(names, te.Name)
	}
	want := []string{"test_a.py::0", "test_a.py::1", "test_a.py::2"}
	if !reflect.DeepEqual(names, want) || res.IgnoredCount != 2 || !strings.Contains(res.IgnoredNote(), "test_a.py::3, test_b.py") {
		t.Errorf("tests %q, ignored %d (%s); want %q and 2 ignored", names, res.IgnoredCount, res.IgnoredNote(), want)
	}
}

// collectCounter is a counter that also counts the files it collected.
type collectCounter struct {
	counter
	collected int
}

func (c *collectCounter) Collect(ctx context.Context, f submission.File) ([]string, string, error) {
	c.collected++
	return c.counter.Collect(ctx, f)
}

// TestSuiteFilesPastMax: a hand-in of 1000 files of 10 tests each
// collects three files (25 tests counted, the third file's last five
// ignored), not a thousand (a collection is a box: pytest's, or javac's
// for JUnit); each file after them is ignored as one, named by the file.
func TestSuiteFilesPastMax(t *testing.T) {
	c := &collectCounter{counter: counter{tests: 10, bugs: 1, runs: map[string]int{}}}
	sp, err := NewSuitePart(Config{PerBug: 1, Ceiling: 1, MaxTests: 25, MaxBytes: 10, Files: "test_*.py", Show: ShowAll},
		Suites{Correct: []string{"correct"}, Bugs: []Bug{{Name: "b0"}}, Runner: c})
	if err != nil {
		t.Fatal(err)
	}
	var files []submission.File
	for i := range 1000 {
		files = append(files, submission.File{Name: fmt.Sprintf("test_%04d.py", i)})
	}
	res, err := sp.Grade(context.Background(), files, []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	note := res.IgnoredNote()
	if c.collected != 3 || len(res.Tests) != 25 || res.IgnoredCount != 5+997 ||
		!strings.HasPrefix(note, "1002 tests past the first 25 were ignored, in file order: test_0002.py::5, ") ||
		!strings.Contains(note, "test_0002.py::9, test_0003.py, test_0004.py, ") {
		t.Errorf("%d files collected, %d tests counted, %d ignored: %s; want 3, 25, 1002", c.collected, len(res.Tests), res.IgnoredCount, note)
	}
}

// counter is a SuiteRunner whose test i (of tests) passes on the correct
// implementation and fails on bug "b<i mod bugs>" alone; it counts the
// runs on each implementation.
type counter struct {
	tests, bugs int
	runs        map[string]int
}

func (c *counter) Collect(context.Context, submission.File) ([]string, string, error) {
	var ids []string
	for i := range c.tests {
		ids = append(ids, fmt.Sprint(i))
	}
	return ids, "", nil
}

func (c *counter) Run(_ context.Context, _ submission.File, id, impl string) (TestRun, error) {
	var i int
	fmt.Sscan(id, &i)
	c.runs[impl]++
	if impl == fmt.Sprint("b", i%c.bugs) {
		return failed(impl), nil
	}
	return passed("c"), nil
}

// TestSuiteRunsSpared: a bug an earlier test exposed is not run again (a
// student never sees which test exposed which bug, so those runs change
// neither the score nor which bugs the suite exposes), but every bug
// not yet exposed is, past the ceiling too (the TA's matrix of suites
// against bugs needs them); past the budget of runs (max_runs), the
// remaining tests are not run, each with a note, the score what the
// runs made gave.
func TestSuiteRunsSpared(t *testing.T) {
	bugs := []Bug{{Name: "b0"}, {Name: "b1"}, {Name: "b2"}}
	for _, tc := range []struct {
		name            string
		tests, maxRuns  int
		ceiling         float64
		runs, exposed   int
		notRun          int
		runsOnB0, valid int
	}{
		// 6 tests, each exposing one bug (i mod 3): test 0 runs on all
		// three bugs, test 1 on b1, b2, test 2 on b2, the rest on none.
		{"exposed bugs spared", 6, 0, 3, 2*6 + 2*(3+2+1), 3, 0, 2, 6},
		// the ceiling (2 bugs' worth) reached after test 1: b2 still runs,
		// so that the TA's matrix says the suite exposes it.
		{"ceiling reached", 6, 0, 2, 2*6 + 2*(3+2+1), 3, 0, 2, 6},
		// 20 runs: tests 0 (8 runs) and 1 (6 runs) fit, test 2 (4 runs)
		// leaves 2, test 3 needs 2: fits; test 4 needs 2 of 0 left.
		{"budget", 6, 20, 3, 8 + 6 + 4 + 2, 3, 2, 2, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &counter{tests: tc.tests, bugs: len(bugs), runs: map[string]int{}}
			sp, err := NewSuitePart(Config{PerBug: 1, Ceiling: tc.ceiling, MaxTests: 25, MaxRuns: tc.maxRuns, MaxBytes: 10, Files: "test_*.py", Show: ShowAll},
				Suites{Correct: []string{"correct"}, Bugs: bugs, Runner: c})
			if err != nil {
				t.Fatal(err)
			}
			res, err := sp.Grade(context.Background(), []submission.File{{Name: "test_a.py"}}, []byte("secret"))
			if err != nil {
				t.Fatal(err)
			}
			runs := 0
			for _, n := range c.runs {
				runs += n
			}
			notRun := 0
			for _, te := range res.Tests {
				if strings.HasPrefix(te.Why, "not run: ") {
					notRun++
				}
			}
			if runs != tc.runs || res.Exposed != tc.exposed || notRun != tc.notRun || c.runs["b0"] != tc.runsOnB0 || res.Valid != tc.valid {
				t.Errorf("%d runs (%v), %d exposed, %d not run, %d valid; want %d runs (%d on b0), %d exposed, %d not run, %d valid",
					runs, c.runs, res.Exposed, notRun, res.Valid, tc.runs, tc.runsOnB0, tc.exposed, tc.notRun, tc.valid)
			}
			for _, te := range res.Tests {
				t.Logf("%s: valid %v, exposes %v, %s", te.Name, te.Valid, te.Exposes, te.Why)
			}
		})
	}
}

// slowCounter is a counter whose every run takes a minute of its
// clock.
type slowCounter struct {
	counter
	clock time.Time
}

func (c *slowCounter) Run(ctx context.Context, f submission.File, id, impl string) (TestRun, error) {
	c.clock = c.clock.Add(time.Minute)
	return c.counter.Run(ctx, f, id, impl)
}

// TestSuiteWallBudget: with max_wall, a test that would start past the
// submission's wall time is not run, nor any after it, each with a
// note; without it, the default is max_runs × each run's share
// (RunWall: the rubric's limits.wall + limits.cpu), and without either,
// runs are bounded by max_runs alone. Every run here takes a minute:
// test 0 makes 4 runs (the correct implementation, the bug), tests after
// it 2 (the bug exposed is spared).
func TestSuiteWallBudget(t *testing.T) {
	for _, tc := range []struct {
		maxWall, runWall time.Duration
		maxRuns          int
		runs, notRun     int
		named            string
	}{
		{0, 0, 0, 4 + 2*5, 0, ""},
		{5 * time.Minute, 0, 0, 4 + 2, 4, "5m0s of wall time (max_wall)"}, // test 2 would start at 6 minutes
		{6 * time.Minute, 0, 0, 4 + 2 + 2, 3, "6m0s of wall time (max_wall)"},
		// the default: 200 runs of 1.5 s, 5 minutes
		{0, 1500 * time.Millisecond, 0, 4 + 2, 4, "5m0s of wall time (max_wall; by default max_runs × (limits.wall + limits.cpu))"},
		// of 20 runs of 18 s: 6 minutes
		{0, 18 * time.Second, 20, 4 + 2 + 2, 3, "6m0s of wall time (max_wall; by default"},
		// max_wall, when given, is the budget
		{6 * time.Minute, 1500 * time.Millisecond, 0, 4 + 2 + 2, 3, "6m0s of wall time (max_wall)"},
		// an honest suite, each run within its share, is never cut: its
		// 14 runs of a minute are 14 of the 200 minutes allowed
		{0, time.Minute, 0, 4 + 2*5, 0, ""},
		// nor is one that makes every run max_runs allows, each run
		// within its share (4 + 2 × 5 runs of 14 allowed)
		{0, time.Minute, 14, 4 + 2*5, 0, ""},
	} {
		c := &slowCounter{counter: counter{tests: 6, bugs: 1, runs: map[string]int{}}}
		sp, err := NewSuitePart(Config{PerBug: 1, Ceiling: 1, MaxTests: 25, MaxWall: tc.maxWall, RunWall: tc.runWall, MaxRuns: tc.maxRuns, MaxBytes: 10, Files: "test_*.py", Show: ShowAll},
			Suites{Correct: []string{"correct"}, Bugs: []Bug{{Name: "b0"}}, Runner: c})
		if err != nil {
			t.Fatal(err)
		}
		sp.now = func() time.Time { return c.clock }
		res, err := sp.Grade(context.Background(), []submission.File{{Name: "test_a.py"}}, []byte("secret"))
		if err != nil {
			t.Fatal(err)
		}
		notRun := 0
		for _, te := range res.Tests {
			if strings.HasPrefix(te.Why, "not run: ") {
				notRun++
				if !strings.Contains(te.Why, "not run: the part runs a submission's tests for at most "+tc.named) {
					t.Errorf("max_wall %v, run's share %v: why %q, want it to say %q", tc.maxWall, tc.runWall, te.Why, tc.named)
				}
			}
		}
		if runs := c.runs["correct"] + c.runs["b0"]; runs != tc.runs || notRun != tc.notRun || res.Exposed != 1 {
			t.Errorf("max_wall %v, run's share %v: %d runs, %d not run, %d exposed; want %d, %d, 1", tc.maxWall, tc.runWall, runs, notRun, res.Exposed, tc.runs, tc.notRun)
		}
	}
}

// longIDs is a SuiteRunner of two tests whose ids are 140,000 bytes
// each, alike but for their middle byte; both pass everywhere.
type longIDs struct{}

func (longIDs) Collect(context.Context, submission.File) ([]string, string, error) {
	id := strings.Repeat("x", 70000)
	return []string{"test_a[" + id + "1" + id + "]", "test_a[" + id + "2" + id + "]"}, "", nil
}

func (longIDs) Run(context.Context, submission.File, string, string) (TestRun, error) {
	return passed("c"), nil
}

// TestSuiteLongIDs: a test id the student chose (a pytest parameter's,
// of 140,000 bytes) is cut, with a visible mark, before it reaches any
// report (a test's name, a bug's list of tests, the note of tests
// ignored); two ids cut alike stay two names.
func TestSuiteLongIDs(t *testing.T) {
	sp, err := NewSuitePart(Config{PerBug: 1, Ceiling: 1, MaxTests: 1, MaxBytes: 10, Files: "test_*.py", Show: ShowAll},
		Suites{Correct: []string{"correct"}, Bugs: []Bug{{Name: "a"}}, Runner: longIDs{}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sp.Grade(context.Background(), []submission.File{{Name: "test_a.py"}}, []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{res.Tests[0].Name, res.Ignored[0]}
	for _, n := range append(names, res.IgnoredNote()) {
		if len(n) > 2*maxName || !strings.Contains(n, "bytes left out") {
			t.Errorf("%d bytes (%.80q...): want at most %d, with the mark of a cut", len(n), n, 2*maxName)
		}
	}
	if names[0] == names[1] || !strings.HasPrefix(names[0], "test_a.py::test_a[xxx") || !strings.HasSuffix(names[0], "xxx]") {
		t.Errorf("names %.60q and %.60q: want two, each with the id's start and end", names[0], names[1])
	}
}
