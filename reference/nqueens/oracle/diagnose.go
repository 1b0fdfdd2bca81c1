package oracle

import (
	"slices"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/reference/nqueens"
)

// Alpha is how unlikely a count of passed runs may be under a mistake's
// measured rate (either tail, at the rate's confidence bound) for the
// mistake still to be named.
const Alpha = 1e-3

// ruleMistakes are the mistakes known by a rule their runs break.
var ruleMistakes = map[string]string{
	nqueens.RuleMarks:      "marks-not-conflicts",
	nqueens.RuleClaim:      "false-solved-claim",
	nqueens.RuleEvaluation: "conflicts-counted-twice",
}

// hints are the mistakes' hints: the broken solvers of nqueens.Parts by
// their names, and the rule mistakes.
var hints = map[string]string{
	"no-search": "Random search keeps drawing boards until one is solved (up to 1000 of them, The algorithms, 1); " +
		"your runs solve the puzzle about as rarely as a program that stops at its first board.",
	"hill-climbing-no-restarts": "When no move lowers the conflicts, hill climbing starts again from a new random board, " +
		"at most 100 times (The algorithms, 2); your runs solve the puzzle about as often as a climb that stops at its first local minimum.",
	"hill-climbing-first-tie": "Among equally good moves hill climbing chooses at random (The algorithms, 2); " +
		"always taking the first best move, sideways too, cycles between the same boards.",
	"annealing-accept-all": "Annealing keeps a move that adds conflicts only with probability exp(-Δ/T), Δ > 0 (The algorithms, 3); " +
		"exp(+Δ/T), or no test at all, keeps every move and the search wanders.",
	"annealing-constant-temperature": "T is multiplied by 0.999 after every move and the run restarts when it falls below 0.01 " +
		"(The algorithms, 3); at a constant T the search never settles.",
	"genetic-no-mutation": "With probability 0.8 a child's queen on a random row moves to a random column (mutation, The algorithms, 4); " +
		"without it the population runs out of new columns and stalls.",
	"marks-not-conflicts": "Every queen on every board is Q when it attacks another queen and q when it attacks none " +
		"(Input and output); look at every other row, the later ones too, and at both diagonals.",
	"false-solved-claim": "Print \"Solved\" only when the final board has no conflicts (Input and output).",
	"conflicts-counted-twice": "The evaluation is N(N-1)/2 minus the board's conflicting pairs (Input and output); " +
		"counting, for each queen, the queens it attacks counts every pair twice.",
}

// Hint implements grader.Hinter.
func (Judge) Hint(mistake string) string { return hints[mistake] }

// DiagnoseRuns implements grader.RunsDiagnoser. When a failing run broke
// a rule, the mistakes known by the rules broken are named; otherwise,
// when every failing run just ended unsolved, the broken variants of the
// case's part whose measured rate makes that many passes plausible (both
// tails at least Alpha at the rate's confidence bounds). Only the first
// grader.MaxFailures failing runs keep their evidence; it is those that
// are read.
func (Judge) DiagnoseRuns(c cases.Case, at *grader.Attempts) []string {
	if at == nil {
		return nil
	}
	var named []string
	unsolved := true
	for _, f := range at.Failures {
		if f.Violation != nil {
			if m, ok := ruleMistakes[f.Violation.Rule]; ok && !slices.Contains(named, m) {
				named = append(named, m)
			}
		}
		unsolved = unsolved && f.Verdict == grader.WrongAnswer && f.Violation == nil
	}
	if len(at.Failures) > 0 && !unsolved {
		return named
	}
	part, ok := partOf(c)
	if !ok {
		return nil
	}
	for _, b := range part.Broken {
		if Plausible(at.Runs, at.Passed, b) {
			named = append(named, b.Solver)
		}
	}
	return named
}

// Plausible reports whether passed of runs is a count a solver of rate r
// gives with both tails at least Alpha: P(X >= passed) at the rate's
// upper bound and P(X <= passed) at its lower bound.
func Plausible(runs, passed int, r nqueens.Rate) bool {
	lo, hi := nqueens.Wilson(r.OK, r.Seeds)
	return nqueens.AtLeast(runs, passed, hi) >= Alpha && nqueens.Below(runs, passed+1, lo) >= Alpha
}

// partOf is the recorded part whose N and algorithm are the case's.
func partOf(c cases.Case) (nqueens.Part, bool) {
	n, alg, err := ParseArgs(c.Args)
	if err != nil {
		return nqueens.Part{}, false
	}
	i := slices.IndexFunc(nqueens.Parts, func(p nqueens.Part) bool { return p.N == n && p.Algorithm == alg })
	if i < 0 {
		return nqueens.Part{}, false
	}
	return nqueens.Parts[i], true
}
