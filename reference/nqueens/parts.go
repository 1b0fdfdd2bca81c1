package nqueens

import (
	"fmt"
	"io"
	"runtime"
	"sync"
)

// Rate is a solver's measured success: OK of Seeds runs (seeds 0 to
// Seeds-1) ended on a solved board.
type Rate struct {
	Solver    string
	OK, Seeds int
}

// P is the measured rate.
func (r Rate) P() float64 { return float64(r.OK) / float64(r.Seeds) }

// Part is a part of the assignment scored by success: its case runs the
// program R times on "N ALG" and passes when at least MinPass runs pass.
type Part struct {
	ID        string
	N         int
	Algorithm Algorithm
	Runs      int
	MinPass   int
	Correct   Rate   // the algorithm as the handout describes it
	Broken    []Rate // its broken variants
}

// Errors returns the chance that a correct program fails the part, at
// the lower confidence bound of its rate, and the chance that the best
// broken variant passes it, at the upper bound of its rate (Wilson).
func (p Part) Errors() (fail, pass float64) {
	lo, _ := Wilson(p.Correct.OK, p.Correct.Seeds)
	fail = Below(p.Runs, p.MinPass, lo)
	pass = AtLeast(p.Runs, p.MinPass, p.worstBroken())
	return fail, pass
}

// worstBroken is the largest upper bound of a broken variant's rate.
func (p Part) worstBroken() float64 {
	w := 0.0
	for _, b := range p.Broken {
		_, hi := Wilson(b.OK, b.Seeds)
		w = max(w, hi)
	}
	return w
}

// Sized returns p with MinPass chosen for its rates (Choose at the
// confidence bounds).
func (p Part) Sized() Part {
	lo, _ := Wilson(p.Correct.OK, p.Correct.Seeds)
	p.MinPass = Choose(p.Runs, lo, p.worstBroken())
	return p
}

// Measure counts how many of seeds runs of the named solver on n queens
// solve the puzzle, seed by seed as Run draws them; the count does not
// depend on how many goroutines share the work.
func Measure(solver string, n, seeds int) (Rate, error) {
	s, ok := SolverNamed(solver)
	if !ok {
		return Rate{}, fmt.Errorf("nqueens: no solver %q", solver)
	}
	var (
		mu    sync.Mutex
		count int
		wg    sync.WaitGroup
	)
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Go(func() {
			ok := 0
			for seed := w; seed < seeds; seed += workers {
				if _, final := Run(s, n, uint64(seed)); final.Solved() {
					ok++
				}
			}
			mu.Lock()
			count += ok
			mu.Unlock()
		})
	}
	wg.Wait()
	return Rate{Solver: solver, OK: count, Seeds: seeds}, nil
}

// WriteTable prints the parts as a Markdown table: rates, R, K and both
// error probabilities.
func WriteTable(w io.Writer, parts []Part) error {
	fmt.Fprintln(w, "| part | N ALG | correct rate (lower bound) | broken variants: rate (upper bound) | R | K | P(correct fails) | P(broken passes) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, p := range parts {
		lo, _ := Wilson(p.Correct.OK, p.Correct.Seeds)
		broken := ""
		for i, b := range p.Broken {
			_, hi := Wilson(b.OK, b.Seeds)
			if i > 0 {
				broken += "; "
			}
			broken += fmt.Sprintf("%s %d/%d = %.4f (%.4f)", b.Solver, b.OK, b.Seeds, b.P(), hi)
		}
		fail, pass := p.Errors()
		_, err := fmt.Fprintf(w, "| %s | %d %d | %s %d/%d = %.4f (%.4f) | %s | %d | %d | %.2e | %.2e |\n",
			p.ID, p.N, p.Algorithm, p.Correct.Solver, p.Correct.OK, p.Correct.Seeds, p.Correct.P(), lo,
			broken, p.Runs, p.MinPass, fail, pass)
		if err != nil {
			return err
		}
	}
	return nil
}
