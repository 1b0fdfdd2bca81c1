package nqueens

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestBoard(t *testing.T) {
	for _, tc := range []struct {
		b         Board
		conflicts int
		print     string
	}{
		{Board{0}, 0, "q\n"},
		{Board{1, 3, 0, 2}, 0, ".q..\n...q\nq...\n..q.\n"},
		{Board{0, 0, 0, 0}, 6, "Q...\nQ...\nQ...\nQ...\n"},
		{Board{0, 1, 3, 1}, 2, "Q...\n.Q..\n...q\n.Q..\n"},
		{Board{0, 4, 7, 5, 2, 6, 1, 3}, 0, "q.......\n....q...\n.......q\n.....q..\n..q.....\n......q.\n.q......\n...q....\n"},
	} {
		if got := tc.b.Conflicts(); got != tc.conflicts {
			t.Errorf("%v.Conflicts() = %d, want %d", tc.b, got, tc.conflicts)
		}
		if got := len(tc.b.Pairs()); got != tc.conflicts {
			t.Errorf("%v has %d pairs, want %d", tc.b, got, tc.conflicts)
		}
		if got := tc.b.String(); got != tc.print {
			t.Errorf("%v prints\n%s want\n%s", tc.b, got, tc.print)
		}
	}
}

// TestIDS pins the seeds' baseline: the zh report's 8-queens solution.
func TestIDS(t *testing.T) {
	for n, want := range map[int]Board{1: {0}, 2: nil, 3: nil, 4: {1, 3, 0, 2}, 8: {0, 4, 7, 5, 2, 6, 1, 3}} {
		if got := IDS(n); !slices.Equal(got, want) {
			t.Errorf("IDS(%d) = %v, want %v", n, got, want)
		}
	}
}

// TestStateDelta checks the O(1) move arithmetic against a recount.
func TestStateDelta(t *testing.T) {
	rng := NewRand(1)
	for range 300 {
		n := 1 + rng.IntN(12)
		s := newState(Random(n, rng))
		for range 20 {
			r, c := rng.IntN(n), rng.IntN(n)
			want := s.conflicts + s.delta(r, c)
			s.move(r, c)
			if got := s.b.Conflicts(); got != want || s.conflicts != want {
				t.Fatalf("board %v: %d conflicts, state says %d, delta said %d", s.b, got, s.conflicts, want)
			}
		}
	}
}

// TestSolvers checks that a seed decides a run and that each solver
// returns a board of the right size.
func TestSolvers(t *testing.T) {
	for _, s := range Solvers() {
		for seed := range uint64(5) {
			i1, f1 := Run(s, 6, seed)
			i2, f2 := Run(s, 6, seed)
			if !slices.Equal(i1, i2) || !slices.Equal(f1, f2) || len(f1) != 6 {
				t.Errorf("%s seed %d: %v→%v, then %v→%v", s.Name, seed, i1, f1, i2, f2)
			}
		}
	}
}

func TestBinomial(t *testing.T) {
	near := func(got, want float64) bool { return math.Abs(got-want) <= 1e-3*want }
	// The odds package cases documents: 1 in 89, 1 in 513,000, 1 in 23,000.
	if got := Below(20, 15, 0.9); !near(got, 0.011253) {
		t.Errorf("Below(20, 15, 0.9) = %g", got)
	}
	if got := Below(20, 15, 0.98); math.Abs(1/got-513000) > 1000 {
		t.Errorf("Below(20, 15, 0.98) = 1/%g", 1/got)
	}
	if got := AtLeast(20, 15, 0.3); math.Abs(1/got-23000) > 500 {
		t.Errorf("AtLeast(20, 15, 0.3) = 1/%g", 1/got)
	}
	if got := Below(10, 3, 0.5) + AtLeast(10, 3, 0.5); !near(got, 1) {
		t.Errorf("the tails sum to %g", got)
	}
	if Below(5, 1, 1) != 0 || AtLeast(5, 1, 0) != 0 || !near(AtLeast(5, 0, 0.3), 1) {
		t.Error("the edge rates are wrong")
	}
}

// TestRecordedErrors recomputes each part's error probabilities from the
// recorded rates: a correct program fails, and the best broken variant
// passes, each with probability under 1e-3, and K is the one Choose
// picks.
func TestRecordedErrors(t *testing.T) {
	for _, p := range Parts {
		fail, pass := p.Errors()
		t.Logf("%s: R=%d K=%d P(correct fails)=%.2e P(broken passes)=%.2e", p.ID, p.Runs, p.MinPass, fail, pass)
		if fail >= 1e-3 || pass >= 1e-3 {
			t.Errorf("%s: P(correct fails) = %.2e, P(broken passes) = %.2e; both must be under 1e-3", p.ID, fail, pass)
		}
		if k := p.Sized().MinPass; k != p.MinPass {
			t.Errorf("%s: K = %d, but the rates choose %d", p.ID, p.MinPass, k)
		}
		if _, ok := SolverNamed(p.Correct.Solver); !ok {
			t.Errorf("%s: no solver %s", p.ID, p.Correct.Solver)
		}
	}
}

// TestMeasureAgrees remeasures a few hundred seeds of each part's solvers
// and checks that the rates agree with the recorded ones (a change to a
// solver that moves its rate must be measured again).
func TestMeasureAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("measuring rates takes seconds")
	}
	for _, p := range Parts {
		for _, want := range append([]Rate{p.Correct}, p.Broken...) {
			got, err := Measure(want.Solver, p.N, 200)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := Wilson(got.OK, got.Seeds)
			if want.P() < lo || want.P() > hi {
				t.Errorf("%s %s: %d/200 now, %.4f recorded", p.ID, want.Solver, got.OK, want.P())
			}
		}
	}
}

func TestWriteTable(t *testing.T) {
	var b strings.Builder
	if err := WriteTable(&b, Parts); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(b.String(), "\n"); got != len(Parts)+2 {
		t.Errorf("%d lines:\n%s", got, b.String())
	}
}
