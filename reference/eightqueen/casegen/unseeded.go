package casegen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/javarand"
)

// UnseededPerPart is how many seed -1 cases hill climbing and simulated
// annealing each get. No output can be expected of them: the rubric's
// reference checks each run by the rules every correct run obeys
// (eightqueen.VerifyRun), so they are "check: reference" cases.
const UnseededPerPart = 3

// probes and confirm are how many seeds stand in for "any seed" when a
// start board is chosen for an unseeded case: a quick look, then a long
// one for the boards that pass it.
const (
	probes  = 64
	confirm = 1000
)

// unseededCases picks part p's seed -1 cases (none for parts without a
// seed -1 checker). Their start boards are chosen so that a verdict does
// not depend on the seed the clock gives: no run of many probe seeds
// solves the puzzle within 99 moves, so a run's length and its last line
// are always the same, and a wrong program is caught on every run:
//   - 3XX (FLAG 399): every run meets local optima, where a program that
//     does not take a steepest move (staying put) shows it;
//   - 5XX (FLAG 599): every run accepts many moves, so that a move drawn
//     outside 0..6 (nextInt(8)) is printed.
//
// Costs counted wrong and a wrong number of moves show on every run.
func unseededCases(p eightqueen.Part) []cases.Case {
	var pick func(eightqueen.Board) (string, bool)
	switch p {
	case eightqueen.PartHill:
		pick = hillLocalOptimum
	case eightqueen.PartAnneal:
		pick = annealBusy
	default:
		return nil
	}
	rng := rand.New(rand.NewPCG(seedHi, seedLo+100+uint64(p)))
	var out []cases.Case
	seen := map[eightqueen.Board]bool{}
	for try := 0; try < attempts && len(out) < UnseededPerPart; try++ {
		b := randomBoard(rng)
		if seen[b] {
			continue
		}
		seen[b] = true
		why, ok := pick(b)
		if !ok {
			continue
		}
		cmd := eightqueen.Command{Flag: int(p-'a'+1)*100 + 99, Seed: eightqueen.Unseeded, Board: b}
		out = append(out, cases.Case{
			ID: fmt.Sprintf("%s/unseeded-%02d", p, len(out)+1), Part: p.String(),
			Args: cmd.Args(), Visibility: cases.Hidden, Check: cases.CheckReference,
			Note: "seed -1, checked by the rules of a correct run; " + why,
		})
	}
	if len(out) < UnseededPerPart {
		panic(fmt.Sprintf("casegen: part %s: only %d unseeded boards found", p, len(out)))
	}
	return out
}

// probeRuns returns the output of FLAG runs from b under n probe seeds,
// spread over the whole seed range (java.util.Random's first draws from
// nearby small seeds are alike).
func probeRuns(flag int, b eightqueen.Board, n int) []string {
	cmd := eightqueen.Command{Flag: flag, Seed: eightqueen.Unseeded, Board: b}
	rng := rand.New(rand.NewPCG(seedHi, uint64(n)))
	outs := make([]string, n)
	for i := range outs {
		outs[i] = string(eightqueen.Output(cmd, eightqueen.Options{Unseeded: javarand.New(int64(rng.Uint64()))}))
	}
	return outs
}

// neverSolves reports whether no probe run of FLAG from b solves it.
func neverSolves(flag int, b eightqueen.Board) bool {
	for _, n := range []int{probes, confirm} {
		for _, out := range probeRuns(flag, b, n) {
			if strings.HasSuffix(out, "Solved\n") {
				return false
			}
		}
	}
	return true
}

func hillLocalOptimum(b eightqueen.Board) (string, bool) {
	if b.Cost() < 4 || !neverSolves(399, b) {
		return "", false
	}
	return fmt.Sprintf("no run of %d probe seeds solves it within 99 moves", confirm), true
}

func annealBusy(b eightqueen.Board) (string, bool) {
	if b.Cost() < 8 || !neverSolves(599, b) {
		return "", false
	}
	fewest := 100
	for _, out := range probeRuns(599, b, confirm) {
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		moves := 0
		for i := 1; i < len(lines); i++ {
			if boardOf(lines[i]) != boardOf(lines[i-1]) {
				moves++
			}
		}
		fewest = min(fewest, moves)
	}
	if fewest < 20 {
		return "", false
	}
	return fmt.Sprintf("no run of %d probe seeds solves it within 99 moves; each moves a queen at least %d times", confirm, fewest), true
}

// boardOf is the board of an "i:board cost" line ("" for "Solved").
func boardOf(line string) string {
	_, rest, _ := strings.Cut(line, ":")
	b, _, _ := strings.Cut(rest, " ")
	return b
}
