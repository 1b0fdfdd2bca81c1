package eightqueen

import (
	"fmt"
	"slices"
	"strings"
)

// flaw is one knob of a wrong program; a Mistake sets one or more.
type flaw uint32

const (
	flawAcceptBelowT flaw = 1 << iota
	flawExpSign
	flawPowT
	flawNoCooling
	flawRejectNotCounted
	flawNextInt8
	flawValueFirst
	flawExtraMove
	flawMissingMove
	flawDoubleCount
	flawLowerSolved
	flawNoSolvedAtCutoff
	flawStartBoard
	flawFirstSteepest
	flawStayPut
	flawRunPastOptimum
	flawCoolMinusOne
	flawIntDivision
	flawAlwaysAccept
)

// Behaviour is what a wrong program visibly does, whatever its cause.
// Several catalogued mistakes can share one: their outputs differ, or do
// not, but a student is told the same thing first, then the usual causes,
// since the output alone rarely says which of them it is.
type Behaviour struct {
	Name    string   // stable identifier, e.g. "sa-accepts-worse"
	Says    string   // the behaviour, addressed to the student
	Causes  []string // the usual causes, most common first (at least two)
	Handout string   // what the handout says, quoted
}

// Hint is the behaviour's paragraph for a student: the behaviour, the usual
// causes, the handout's words.
func (b Behaviour) Hint() string {
	return b.Says + " Usual causes: " + strings.Join(b.Causes, "; ") + ". " + b.Handout
}

// Mistake is a wrong program seen in real submissions, reproduced exactly:
// Run with it in Options.Mistakes prints what that program prints.
type Mistake struct {
	Name      string    // stable identifier, e.g. "sa-no-cooling"
	Parts     []Part    // the parts whose output it changes
	Summary   string    // one line: what the program does wrong
	Behaviour Behaviour // what its output shows
	Hint      string    // the behaviour's hint (Behaviour.Hint)
	flaws     flaw
}

// String returns the mistake's name.
func (k Mistake) String() string { return k.Name }

// The behaviours of the catalogued mistakes.
var (
	saAcceptsWorse = Behaviour{
		Name: "sa-accepts-worse",
		Says: "Your simulated annealing accepts (nearly) every worse move, so it keeps wandering where a correct run settles as T falls; the handout's examples (XX = 15) cannot show it.",
		Causes: []string{
			"the sign of delta flipped: exp(+delta/T) is above 1",
			"integer division: with an int delta and an int T, delta/T is 0 while T > delta, and exp(0) = 1",
			"prob compared with T, or with Math.pow(T, delta), instead of exp(-delta/T)",
			"no cooling, or cooling by T - 1 per iteration instead of T * 0.95",
			"no acceptance test at all: every candidate is taken",
		},
		Handout: `A worse move (delta = new cost - current cost > 0) is accepted when prob < exp(-delta/T), a number below 1 that shrinks as T does: "we set the anneal rate and initial temperature to be 0.95 and 100", so T starts at 100 and is multiplied by 0.95 every iteration.`,
	}
	saDraws = Behaviour{
		Name: "sa-draws",
		Says: "Your simulated annealing draws other random numbers than the handout's program, so its moves differ from the first iterations on.",
		Causes: []string{
			"nextInt(8) instead of nextInt(7) for the index or the value",
			"the draws made in another order than index, value, prob",
			"a draw skipped or added in some iterations (e.g. prob drawn only for worse moves)",
		},
		Handout: `The handout fixes the draws: "for each iteration: int index = rng.nextInt(7); int value = rng.nextInt(7); double prob = rng.nextDouble();". nextInt(8) looks natural for an 8x8 board but draws a different sequence.`,
	}
	iterations = Behaviour{
		Name: "iterations",
		Says: "Your run makes another number of iterations than the cutoff XX allows, so it prints more or fewer lines.",
		Causes: []string{
			"a loop bound off by one (iter <= cutoff, or iter < cutoff - 1)",
			"the iteration counter started at 1 instead of 0",
			"in simulated annealing, a rejected move not counted as an iteration",
		},
		Handout: `"XX is the cutoff" and "repeat the process for the number of iterations equal to XX": the run prints lines 0 to XX at most (FLAG 300 makes no move), and every iteration of simulated annealing prints a line, whether its move is accepted or not (a rejected move leaves the board as it was).`,
	}
	wrongCost = Behaviour{
		Name: "cost",
		Says: "Your heuristic cost is not the number of attacking queen pairs.",
		Causes: []string{
			"each pair counted twice (the inner loop starting at 0 instead of i + 1)",
			"a diagonal or the row test missing or wrong",
		},
		Handout: `"the heuristic cost ... is equal to the number of queen pairs" attacking each other: each pair counts once (01234567 costs 28, not 56).`,
	}
	successorOrder = Behaviour{
		Name: "successor-order",
		Says: "Your successors come in another order than the handout's, so ties between moves are broken differently.",
		Causes: []string{
			"the loops nested the other way round (value outside, index inside)",
			"the successors sorted by cost, or kept in a set that reorders them",
		},
		Handout: `"the list is sorted by new queen position's index and value in ascending order, with index having higher precedence than value": loop over the index (column) outside and the value (row) inside.`,
	}
	boardIsSuccessor = Behaviour{
		Name: "board-is-successor",
		Says: "Your successors include the board itself (a queen \"moved\" to the row it is on), so standing still counts as a move.",
		Causes: []string{
			"no test that skips the queen's own row in the value loop",
			"that test written for one column only (e.g. comparing with the wrong index)",
		},
		Handout: `A successor moves one queen "up or down vertically along individual columns": the board itself is not one of its successors.`,
	}
	solvedLine = Behaviour{
		Name: "solved-line",
		Says: `Your run does not print "Solved" as and when the handout's does.`,
		Causes: []string{
			`the word spelt otherwise ("solved"): output is compared exactly`,
			"the goal test made only before a move, so a goal reached by the last allowed move (XX) is never reported",
		},
		Handout: `"If a solution is reached, the algorithm should stop and print the word "Solved"": with a capital S, and for the last allowed move too.`,
	}
	fcShownBoard = Behaviour{
		Name: "fc-shown-board",
		Says: "Your first-choice hill climbing prints another board than the one each move leads to.",
		Causes: []string{
			"the start board printed (a variable that is never updated)",
			"the line printed before the move is made",
		},
		Handout: `Each line of 4XX shows the board after that move ("print the board and its heuristic cost").`,
	}
	fcNoStop = Behaviour{
		Name: "fc-no-stop",
		Says: `Your first-choice hill climbing does not stop at a local optimum: it prints the same board again up to the cutoff instead of "Local optimum".`,
		Causes: []string{
			"no return (or break) when no successor is better",
			`the "Local optimum" test made only after the loop`,
		},
		Handout: `"If the algorithm gets stuck on local optima, the algorithm should also terminate and print the word "Local optimum" in the last line."`,
	}
	hcChoice = Behaviour{
		Name: "hc-choice",
		Says: "Your hill climbing takes another of the steepest moves than the handout's draw picks.",
		Causes: []string{
			"the first (or last) steepest move taken instead of a random one",
			"the draw made with another bound than the number of steepest moves, or with a Random of its own",
		},
		Handout: `"int r = rng.nextInt(successors.size()); State move = successors.get(r);": the move is drawn from the steepest moves with the seeded Random.`,
	}
)

var catalogue = withHints([]Mistake{
	{Name: "sa-accept-below-t", Parts: []Part{PartAnneal}, Summary: "accepts a worse move when prob < T instead of prob < exp(-delta/T)", Behaviour: saAcceptsWorse, flaws: flawAcceptBelowT},
	{Name: "sa-exp-sign", Parts: []Part{PartAnneal}, Summary: "uses exp(+delta/T), so every worse move is accepted", Behaviour: saAcceptsWorse, flaws: flawExpSign},
	{Name: "sa-pow-t", Parts: []Part{PartAnneal}, Summary: "uses Math.pow(T, delta) as the acceptance probability", Behaviour: saAcceptsWorse, flaws: flawPowT},
	{Name: "sa-no-cooling", Parts: []Part{PartAnneal}, Summary: "never lowers the temperature", Behaviour: saAcceptsWorse, flaws: flawNoCooling},
	{Name: "sa-rejected-not-counted", Parts: []Part{PartAnneal}, Summary: "does not count or print an iteration whose move is rejected", Behaviour: iterations, flaws: flawRejectNotCounted},
	{Name: "sa-nextint-8", Parts: []Part{PartAnneal}, Summary: "draws index and value with nextInt(8) instead of nextInt(7)", Behaviour: saDraws, flaws: flawNextInt8},
	{Name: "value-first-order", Parts: []Part{PartSteepest, PartHill, PartFirstChoice}, Summary: "orders successors by value first, then index", Behaviour: successorOrder, flaws: flawValueFirst},
	{Name: "extra-iteration", Parts: []Part{PartHill, PartFirstChoice, PartAnneal}, Summary: "makes XX+1 moves instead of at most XX", Behaviour: iterations, flaws: flawExtraMove},
	{Name: "missing-iteration", Parts: []Part{PartHill, PartFirstChoice, PartAnneal}, Summary: "makes XX-1 moves instead of XX", Behaviour: iterations, flaws: flawMissingMove},
	{Name: "pairs-counted-twice", Parts: []Part{PartCost, PartSteepest, PartHill, PartFirstChoice, PartAnneal}, Summary: "counts each attacking pair twice", Behaviour: wrongCost, flaws: flawDoubleCount},
	{Name: "lowercase-solved", Parts: []Part{PartHill, PartFirstChoice, PartAnneal}, Summary: `prints "solved" instead of "Solved"`, Behaviour: solvedLine, flaws: flawLowerSolved},
	{Name: "no-solved-at-cutoff", Parts: []Part{PartHill, PartFirstChoice, PartAnneal}, Summary: `omits "Solved" when the goal is reached by move XX`, Behaviour: solvedLine, flaws: flawNoSolvedAtCutoff},
	{Name: "fc-prints-start-board", Parts: []Part{PartFirstChoice}, Summary: "prints the start board on every line of 4XX", Behaviour: fcShownBoard, flaws: flawStartBoard},
	{Name: "hc-first-steepest", Parts: []Part{PartHill}, Summary: "takes the first steepest move instead of a random one", Behaviour: hcChoice, flaws: flawFirstSteepest},
	{Name: "stay-put-successor", Parts: []Part{PartSteepest, PartHill}, Summary: "counts leaving a queen where it is as a move", Behaviour: boardIsSuccessor, flaws: flawStayPut},
	{Name: "fc-runs-past-optimum", Parts: []Part{PartFirstChoice}, Summary: `at a local optimum, repeats the board until the cutoff instead of printing "Local optimum" and stopping`, Behaviour: fcNoStop, flaws: flawRunPastOptimum},
	{Name: "sa-cool-minus-one", Parts: []Part{PartAnneal}, Summary: "cools by T = T - 1 per iteration instead of T = T * 0.95", Behaviour: saAcceptsWorse, flaws: flawCoolMinusOne},
	{Name: "sa-int-division", Parts: []Part{PartAnneal}, Summary: "keeps T in an int (T *= 0.95 truncates; kept at least 1), so -delta / T is integer division: exp(0) = 1 while T > delta", Behaviour: saAcceptsWorse, flaws: flawIntDivision},
	{Name: "sa-always-accept", Parts: []Part{PartAnneal}, Summary: "has no acceptance test: every drawn move is taken", Behaviour: saAcceptsWorse, flaws: flawAlwaysAccept},
})

// withHints fills each mistake's Hint from its behaviour.
func withHints(ks []Mistake) []Mistake {
	for i := range ks {
		ks[i].Hint = ks[i].Behaviour.Hint()
	}
	return ks
}

// Catalogue returns the known mistakes, in a fixed order.
func Catalogue() []Mistake {
	out := slices.Clone(catalogue)
	for i := range out {
		out[i].Parts = slices.Clone(out[i].Parts)
		out[i].Behaviour.Causes = slices.Clone(out[i].Behaviour.Causes)
	}
	return out
}

// LookupMistake finds a catalogued mistake by name.
func LookupMistake(name string) (Mistake, error) {
	for _, k := range catalogue {
		if k.Name == name {
			return k, nil
		}
	}
	names := make([]string, len(catalogue))
	for i, k := range catalogue {
		names[i] = k.Name
	}
	return Mistake{}, fmt.Errorf("unknown mistake %q (known: %s)", name, strings.Join(names, ", "))
}

// Concerns reports whether the mistake can change the output of part p.
func (k Mistake) Concerns(p Part) bool { return slices.Contains(k.Parts, p) }
