package nqueens

import (
	"math"
	"math/rand/v2"
)

// MaxIter is how many boards the random search looks at, the initial one
// included, before it gives up (the framework's MAXITER).
const MaxIter = 1000

// randomSearch is the framework's "very silly" search: while the board is
// not solved, move every queen to another column drawn at random, up to
// MaxIter boards.
func randomSearch(b Board, rng *rand.Rand) Board {
	n := len(b)
	for iter := 1; iter < MaxIter && !b.Solved(); iter++ {
		if n == 1 {
			break
		}
		for r := range b {
			c := rng.IntN(n - 1)
			if c >= b[r] {
				c++ // any column but its own
			}
			b[r] = c
		}
	}
	return b
}

// climb says how hill climbing runs.
type climb struct {
	restarts int  // new random boards after the first, at most
	sideways int  // moves in a row that keep the conflicts, at most
	firstTie bool // the broken tie-break: the first best move, always
	budget   int  // moves in all, at most (0: no limit)
}

// hillClimb is steepest-ascent hill climbing: move the queen whose move
// to another column of its row lowers the conflicts most (a move that
// keeps them, at most c.sideways in a row), ties broken at random; when
// no move is allowed, start again from a random board, c.restarts times
// at most. It returns the best board it saw.
func hillClimb(b Board, rng *rand.Rand, c climb) Board {
	best := b.Clone()
	bestConflicts := b.Conflicts()
	moves := 0
	for try := 0; ; try++ {
		s := newState(b)
		moves += ascend(s, rng, c, moves)
		if s.conflicts < bestConflicts {
			best, bestConflicts = s.b.Clone(), s.conflicts
		}
		if bestConflicts == 0 || try == c.restarts || c.budget > 0 && moves >= c.budget {
			return best
		}
		b = Random(len(b), rng)
	}
}

// ascend climbs from s until it is solved or no move is allowed, and
// returns how many moves it made; moved were made before.
func ascend(s *state, rng *rand.Rand, c climb, moved int) int {
	side, m := 0, 0
	for ; s.conflicts > 0; m++ {
		if c.budget > 0 && moved+m >= c.budget {
			return m
		}
		r, col, d := bestMove(s, rng, c.firstTie)
		if d > 0 || d == 0 && side == c.sideways {
			return m
		}
		if d == 0 {
			side++
		} else {
			side = 0
		}
		s.move(r, col)
	}
	return m
}

// bestMove returns a move (row, column) that lowers the conflicts most
// and that change; among equals one at random (reservoir sampling), or
// the first found when first is set.
func bestMove(s *state, rng *rand.Rand, first bool) (row, col, delta int) {
	n := len(s.b)
	delta, ties := math.MaxInt, 0
	for r := range n {
		for c := range n {
			if c == s.b[r] {
				continue
			}
			d := s.delta(r, c)
			switch {
			case d < delta:
				row, col, delta, ties = r, c, d, 1
			case d == delta && !first:
				ties++
				if rng.IntN(ties) == 0 {
					row, col = r, c
				}
			}
		}
	}
	return row, col, delta
}

// anneal says how simulated annealing runs.
type anneal struct {
	t0, alpha, tmin float64 // start temperature, cooling per move, stop
	restarts        int     // new random boards after the first, at most
	acceptAll       bool    // the broken rule: every move accepted
	constant        bool    // the broken schedule: the temperature never falls
	moves           int     // moves per try when the temperature is constant
}

// annealSearch is simulated annealing: move a random queen to another
// random column; keep a move that does not add conflicts, and one that
// adds d with probability exp(-d/T); T falls by the factor alpha each
// move, and below tmin the try ends and a new random board starts,
// a.restarts times at most. It returns the best board it saw.
func annealSearch(b Board, rng *rand.Rand, a anneal) Board {
	best := b.Clone()
	bestConflicts := b.Conflicts()
	for try := 0; ; try++ {
		s := newState(b)
		cool(s, rng, a)
		if s.conflicts < bestConflicts {
			best, bestConflicts = s.b.Clone(), s.conflicts
		}
		if bestConflicts == 0 || try == a.restarts {
			return best
		}
		b = Random(len(b), rng)
	}
}

// cool runs one try of annealing on s.
func cool(s *state, rng *rand.Rand, a anneal) {
	n := len(s.b)
	if n == 1 {
		return
	}
	t := a.t0
	for m := 0; s.conflicts > 0; m++ {
		if a.constant && m == a.moves || !a.constant && t < a.tmin {
			return
		}
		r, c := rng.IntN(n), rng.IntN(n-1)
		if c >= s.b[r] {
			c++
		}
		d := s.delta(r, c)
		p := math.Exp(-float64(d) / t)
		if a.acceptAll {
			p = math.Exp(float64(d) / t) // the sign lost: above 1 for a worse move
		}
		if d <= 0 || rng.Float64() < p {
			s.move(r, c)
		}
		if !a.constant {
			t *= a.alpha
		}
	}
}

// genetic says how the genetic algorithm runs.
type genetic struct {
	population, generations int
	mutation                float64 // chance that a child has one gene redrawn
}

// geneticSearch evolves a population of boards (the initial board and
// random ones): each generation keeps its best board and fills the rest
// with children of parents chosen by tournament (the fitter of two drawn
// at random), cut at a random point, each mutated with probability
// g.mutation (one row's queen put in a random column). It stops when a
// board is solved or after g.generations, and returns the best board.
func geneticSearch(b Board, rng *rand.Rand, g genetic) Board {
	n := len(b)
	pop := make([]Board, g.population)
	fit := make([]int, g.population)
	pop[0] = b.Clone()
	for i := 1; i < len(pop); i++ {
		pop[i] = Random(n, rng)
	}
	for gen := 0; ; gen++ {
		best := 0
		for i, p := range pop {
			if fit[i] = p.Conflicts(); fit[i] < fit[best] {
				best = i
			}
		}
		if fit[best] == 0 || gen == g.generations {
			return pop[best]
		}
		pop = breed(pop, fit, best, rng, g)
	}
}

// breed returns the next generation of pop, whose conflicts are fit.
func breed(pop []Board, fit []int, best int, rng *rand.Rand, g genetic) []Board {
	n := len(pop[0])
	next := make([]Board, len(pop))
	next[0] = pop[best].Clone()
	pick := func() Board {
		i, j := rng.IntN(len(pop)), rng.IntN(len(pop))
		if fit[j] < fit[i] {
			i = j
		}
		return pop[i]
	}
	for k := 1; k < len(next); k++ {
		x, y := pick(), pick()
		cut := rng.IntN(n + 1)
		child := make(Board, n)
		copy(child, x[:cut])
		copy(child[cut:], y[cut:])
		if rng.Float64() < g.mutation {
			child[rng.IntN(n)] = rng.IntN(n)
		}
		next[k] = child
	}
	return next
}
