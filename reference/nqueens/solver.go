package nqueens

import "math/rand/v2"

// Algorithm is the number a program reads after N: which search it runs.
type Algorithm int

// The four algorithms of the framework's menu.
const (
	RandomSearch Algorithm = 1
	HillClimbing Algorithm = 2
	Annealing    Algorithm = 3
	Genetic      Algorithm = 4
)

// String names the algorithm as the handout does.
func (a Algorithm) String() string {
	switch a {
	case RandomSearch:
		return "random search"
	case HillClimbing:
		return "hill climbing"
	case Annealing:
		return "simulated annealing"
	case Genetic:
		return "genetic algorithm"
	}
	return "no algorithm"
}

// The handout's parameters, which the reference and the catalogued
// programs share.
var (
	handoutClimb   = climb{restarts: 100}
	handoutAnneal  = anneal{t0: 30, alpha: 0.999, tmin: 0.01, restarts: 10}
	handoutGenetic = genetic{population: 100, generations: 1000, mutation: 0.8}
)

// Solver is one way to search from an initial board: an algorithm as the
// handout describes it, or a broken variant of one.
type Solver struct {
	Name      string
	Algorithm Algorithm
	// Broken is the mistake the variant makes, "" for the algorithm as
	// the handout describes it.
	Broken string
	search func(b Board, rng *rand.Rand) Board
}

// Solve searches from a copy of b and returns the final board.
func (s Solver) Solve(b Board, rng *rand.Rand) Board { return s.search(b.Clone(), rng) }

// Solvers lists the algorithms and their broken variants, in a fixed
// order: each algorithm first, then its variants.
func Solvers() []Solver {
	noRestarts := handoutClimb
	noRestarts.restarts = 0
	// A climber that also takes moves keeping the conflicts, with the
	// first best move always: it cycles between two boards until its
	// moves run out.
	cycling := climb{restarts: handoutClimb.restarts, sideways: 1 << 30, firstTie: true, budget: 1000}
	acceptAll := handoutAnneal
	acceptAll.acceptAll = true
	constant := handoutAnneal
	constant.constant, constant.moves = true, 8000 // as many as a try that cools
	noMutation := handoutGenetic
	noMutation.mutation = 0
	return []Solver{
		{"random-search", RandomSearch, "", randomSearch},
		{"no-search", RandomSearch, "gives up at once: the initial board is the final one", func(b Board, _ *rand.Rand) Board { return b }},
		{"hill-climbing", HillClimbing, "", climber(handoutClimb)},
		{"hill-climbing-no-restarts", HillClimbing, "never restarts", climber(noRestarts)},
		{"hill-climbing-first-tie", HillClimbing, "takes sideways moves, always the first best one, and cycles", climber(cycling)},
		{"annealing", Annealing, "", annealer(handoutAnneal)},
		{"annealing-accept-all", Annealing, "accepts every move (exp(+d/T))", annealer(acceptAll)},
		{"annealing-constant-temperature", Annealing, "the temperature never falls", annealer(constant)},
		{"genetic", Genetic, "", breeder(handoutGenetic)},
		{"genetic-no-mutation", Genetic, "never mutates", breeder(noMutation)},
		{"ids", 0, "", func(b Board, _ *rand.Rand) Board { return IDS(len(b)) }},
	}
}

// SolverNamed returns the solver of that name.
func SolverNamed(name string) (Solver, bool) {
	for _, s := range Solvers() {
		if s.Name == name {
			return s, true
		}
	}
	return Solver{}, false
}

func climber(c climb) func(Board, *rand.Rand) Board {
	return func(b Board, rng *rand.Rand) Board { return hillClimb(b, rng, c) }
}

func annealer(a anneal) func(Board, *rand.Rand) Board {
	return func(b Board, rng *rand.Rand) Board { return annealSearch(b, rng, a) }
}

func breeder(g genetic) func(Board, *rand.Rand) Board {
	return func(b Board, rng *rand.Rand) Board { return geneticSearch(b, rng, g) }
}

// NewRand returns the generator of a seed: PCG with the seed and a fixed
// stream, so that a seed draws the same numbers on every machine.
func NewRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6e71756565)) }

// Run is one run of a solver from a random board of n queens drawn by
// the seed's generator, as a student's program does it.
func Run(s Solver, n int, seed uint64) (initial, final Board) {
	rng := NewRand(seed)
	initial = Random(n, rng)
	return initial, s.Solve(initial, rng)
}

// IDS is the seeds' deterministic baseline: iterative deepening over
// placements row by row, a queen only where no earlier one attacks it;
// the first solution in column order, nil when there is none (n = 2, 3).
func IDS(n int) Board {
	for depth := 0; depth <= n; depth++ {
		b := make(Board, 0, n)
		if dls(&b, n, depth) {
			return b
		}
	}
	return nil
}

// dls places queens on the next rows of b, up to limit more, and reports
// whether it completed a solution of n queens.
func dls(b *Board, n, limit int) bool {
	if len(*b) == n {
		return true
	}
	if limit == 0 {
		return false
	}
	r := len(*b)
	for c := range n {
		if safe(*b, r, c) {
			*b = append(*b, c)
			if dls(b, n, limit-1) {
				return true
			}
			*b = (*b)[:r]
		}
	}
	return false
}

// safe reports whether a queen at (r, c) attacks none of b's.
func safe(b Board, r, c int) bool {
	for r0, c0 := range b {
		if attack(r0, c0, r, c) {
			return false
		}
	}
	return true
}
