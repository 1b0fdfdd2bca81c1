package reference

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
)

// Mistake is a wrong program seen in real submissions, reproduced exactly:
// Run with it in Options.Mistakes prints what that program prints.
type Mistake struct {
	Name    string // stable identifier, e.g. "sa-no-cooling"
	Parts   []Part // the parts whose output it changes
	Summary string // one line: what the program does wrong
	Hint    string // a paragraph for the student, quoting the handout
	flaws   flaw
}

// String returns the mistake's name.
func (k Mistake) String() string { return k.Name }

var catalogue = []Mistake{
	{"sa-accept-below-t", []Part{PartAnneal}, "accepts a worse move when prob < T instead of prob < exp(-delta/T)",
		`Simulated annealing accepts a worse move with probability exp(-delta/T), where delta is the rise in cost and T the temperature (T0 = 100, "anneal rate ... 0.95"). Comparing prob with T itself accepts nearly every move while T >= 1, which the handout's examples (XX = 15) cannot show.`, flawAcceptBelowT},
	{"sa-exp-sign", []Part{PartAnneal}, "uses exp(+delta/T), so every worse move is accepted",
		`The acceptance probability of a worse move is exp(-delta/T) with delta = new cost - current cost > 0, a number below 1. With the sign flipped it is above 1 and every move is accepted.`, flawExpSign},
	{"sa-pow-t", []Part{PartAnneal}, "uses Math.pow(T, delta) as the acceptance probability",
		`The acceptance probability of a worse move is exp(-delta/T) (e raised to -delta/T), not T raised to delta: with T >= 1 that is at least 1 and every worse move is accepted.`, flawPowT},
	{"sa-no-cooling", []Part{PartAnneal}, "never lowers the temperature",
		`"we set the anneal rate and initial temperature to be 0.95 and 100": T starts at 100 and is multiplied by 0.95 every iteration. Without that, worse moves stay likely to be accepted for the whole run.`, flawNoCooling},
	{"sa-rejected-not-counted", []Part{PartAnneal}, "does not count or print an iteration whose move is rejected",
		`Every iteration draws index, value and prob ("for each iteration: int index = rng.nextInt(7); ...") and prints a line, whether its move is accepted or not; a rejected move leaves the board as it was for that line.`, flawRejectNotCounted},
	{"sa-nextint-8", []Part{PartAnneal}, "draws index and value with nextInt(8) instead of nextInt(7)",
		`The handout fixes the draws: "int index = rng.nextInt(7); int value = rng.nextInt(7);". nextInt(8) looks natural for an 8x8 board but draws a different sequence.`, flawNextInt8},
	{"value-first-order", []Part{PartSteepest, PartHill, PartFirstChoice}, "orders successors by value first, then index",
		`"the list is sorted by new queen position's index and value in ascending order, with index having higher precedence than value": loop over the index (column) outside and the value (row) inside.`, flawValueFirst},
	{"extra-iteration", []Part{PartHill, PartFirstChoice, PartAnneal}, "makes XX+1 moves instead of at most XX",
		`"XX is the cutoff": the run prints lines 0 to XX at most, so at most XX moves (FLAG 300 makes none). A loop that runs one more time prints line XX+1.`, flawExtraMove},
	{"missing-iteration", []Part{PartHill, PartFirstChoice, PartAnneal}, "makes XX-1 moves instead of XX",
		`"repeat the process for the number of iterations equal to XX": with FLAG 3XX, 4XX or 5XX the last line printed is number XX unless the run stops early.`, flawMissingMove},
	{"pairs-counted-twice", []Part{PartCost, PartSteepest, PartHill, PartFirstChoice, PartAnneal}, "counts each attacking pair twice",
		`"the heuristic cost ... is equal to the number of queen pairs" attacking each other: each pair counts once (01234567 costs 28, not 56).`, flawDoubleCount},
	{"lowercase-solved", []Part{PartHill, PartFirstChoice, PartAnneal}, `prints "solved" instead of "Solved"`,
		`The last line of a solved run is the word "Solved", with a capital S; output is compared exactly.`, flawLowerSolved},
	{"no-solved-at-cutoff", []Part{PartHill, PartFirstChoice, PartAnneal}, `omits "Solved" when the goal is reached by move XX`,
		`"If a solution is reached, the algorithm should stop and print the word Solved": that holds for the last allowed move too, so the goal test also runs after move XX.`, flawNoSolvedAtCutoff},
	{"fc-prints-start-board", []Part{PartFirstChoice}, "prints the start board on every line of 4XX",
		`Each line of 4XX shows the board after that move ("print the board and its heuristic cost"), not the board the run started from.`, flawStartBoard},
	{"hc-first-steepest", []Part{PartHill}, "takes the first steepest move instead of a random one",
		`"int r = rng.nextInt(successors.size()); State move = successors.get(r);": the move is drawn from the steepest moves with the seeded Random, not the first of them.`, flawFirstSteepest},
	{"stay-put-successor", []Part{PartSteepest, PartHill}, "counts leaving a queen where it is as a move",
		`A successor moves one queen "up or down vertically along individual columns": the board itself is not one of its successors.`, flawStayPut},
}

// Catalogue returns the known mistakes, in a fixed order.
func Catalogue() []Mistake {
	out := slices.Clone(catalogue)
	for i := range out {
		out[i].Parts = slices.Clone(out[i].Parts)
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
