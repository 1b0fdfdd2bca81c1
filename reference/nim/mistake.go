package nim

import (
	"fmt"
	"slices"
	"strings"
)

// End is how a program's run ended.
type End int

// How a run ends.
const (
	// Exited: the program ended on its own; Stdout is what it printed.
	Exited End = iota
	// Crashed: the program died of a signal (a segmentation fault).
	Crashed
	// TooSlow: the program cannot finish within any sensible time limit.
	TooSlow
)

// Outcome is what a program does on one command line.
type Outcome struct {
	End    End
	Stdout []byte // when End is Exited
}

// Mistake is a catalogued wrong program; testdata/submissions/<Name>
// holds its source.
type Mistake struct {
	Name string
	// Hint is the paragraph for a student whose program behaves so.
	Hint string
	run  func(args []string, r Reading) (Outcome, bool)
}

// Run returns what the mistaken program, written to reading r's tie rule
// and spelling, does on args, and false where it behaves as a correct
// program does or where what it does is undefined (a C program reading
// memory it does not own, where it depends on the machine).
func (m Mistake) Run(args []string, r Reading) (Outcome, bool) { return m.run(args, r) }

// Catalogue returns the catalogued mistakes, in a fixed order.
func Catalogue() []Mistake { return slices.Clone(catalogue) }

// LookupMistake returns the catalogued mistake called name.
func LookupMistake(name string) (Mistake, error) {
	i := slices.IndexFunc(catalogue, func(m Mistake) bool { return m.Name == name })
	if i < 0 {
		var names []string
		for _, m := range catalogue {
			names = append(names, m.Name)
		}
		return Mistake{}, fmt.Errorf("no mistake %q in the catalogue (it has %s)", name, strings.Join(names, ", "))
	}
	return catalogue[i], nil
}

var catalogue = []Mistake{
	{Name: "last-match-wins", run: onGames(lastMatchWins), Hint: "Your program plays the game in which " +
		"whoever takes the last match wins: its search stops at 0 matches, and a move may take the last " +
		"match. In this assignment the player who must take the last match loses: state 1 is the end of " +
		"the game, a move must leave at least one match, and the last line is \"1: Min looses\" (or Max)."},
	{Name: "last-match-allowed", run: onGames(lastMatchAllowed), Hint: "Your program lets a player take " +
		"every match that is left (it tests state - move >= 0). A move takes 1, 2 or 3 matches and must " +
		"leave at least one: from s matches the legal moves are the k with s - k >= 1."},
	{Name: "value-not-negated", run: onGames(valueNotNegated), Hint: "Your negamax uses the value of the " +
		"state a move leads to as it is. That value is the opponent's: a position good for them is bad " +
		"for the player moving, so negamax negates it (value = -negamax(state - move)) before taking the " +
		"maximum."},
	{Name: "table-ignores-turn", run: onGames(tableIgnoresTurn), Hint: "Your transposition table keeps a " +
		"state's value without whose turn it was, and returns it as it is to the other player. With " +
		"values seen from Max's side (colour +1 for Max, -1 for Min), a value stored while Min was to " +
		"move is the opposite of Max's: store the colour with the entry and negate the value when the " +
		"other player looks it up (or keep values for the player to move, true negamax, which need no " +
		"colour)."},
	{Name: "table-out-of-bounds", run: tableOutOfBounds, Hint: "Your program accepts more matches than its " +
		"transposition table has rows (it has 101, for 0 to 100 matches) and reads and writes past its " +
		"end, which crashes it or prints garbage. Reject N > 100 with a usage message on standard error " +
		"and a non-zero exit status, or size the table from N."},
	{Name: "names-swapped", run: onGames(namesSwapped), Hint: "Your program prints Min where Max moves " +
		"and the other way round. Max moves first: the first line is \"N: Max takes K\"."},
	{Name: "winner-named-loser", run: onGames(winnerNamed), Hint: "Your last line names the winner. It " +
		"names the player left with 1 match, who must take it and so loses: after Max's move to 1 it is " +
		"\"1: Min looses\"."},
	{Name: "no-table", run: noTable, Hint: "Your program is right but too slow for many matches: plain " +
		"negamax explores every line of play, about 1.84^N of them, and even with moves ordered and the " +
		"search cut at the first winning move it cannot finish N = 70 in time. Keep each state's value " +
		"and best move in a transposition table (101 rows, one per number of matches) and look a state " +
		"up before searching it: then each state is searched once and N = 100 takes no time."},
	{Name: "no-usage-check", run: noUsageCheck, Hint: "Your program plays a game for a number of matches " +
		"below 3 (or for an argument that is not a number, which atoi reads as 0) instead of rejecting " +
		"the command line. With no argument, a non-numeric one or N < 3, print a usage message on " +
		"standard error, nothing on standard output, and exit with a non-zero status."},
}

// onGames makes a mistake that shows on command lines of a game (3 <= N
// <= 100) only, where it prints wrong(n, r); the programs reject the
// rest as a correct program does.
func onGames(wrong func(n int, r Reading) []byte) func([]string, Reading) (Outcome, bool) {
	return func(args []string, r Reading) (Outcome, bool) {
		n, k, _ := Classify(args)
		if k != Play {
			return Outcome{}, false
		}
		return Outcome{Stdout: wrong(n, r)}, true
	}
}

// correctPick is a correct program's choice of move.
func correctPick(t Tie) func(int, Player) int {
	return func(s int, _ Player) int { return Best(s, t) }
}

func lastMatchWins(n int, r Reading) []byte {
	e := &negamax{tie: r.Tie, terminal: 0, minLeft: 0, negate: true, memo: map[int]int{}}
	return transcript{pick: pickOf(e), over: 0, printState: true, spelling: r.Spelling}.play(n)
}

func lastMatchAllowed(n int, r Reading) []byte {
	e := &negamax{tie: r.Tie, terminal: 1, minLeft: 0, negate: true, memo: map[int]int{}}
	return transcript{pick: pickOf(e), over: 1, spelling: r.Spelling}.play(n)
}

func valueNotNegated(n int, r Reading) []byte {
	e := &negamax{tie: r.Tie, terminal: 1, minLeft: 1, negate: false, memo: map[int]int{}}
	return transcript{pick: pickOf(e), over: 1, spelling: r.Spelling}.play(n)
}

// pickOf is a negamax program's choice of move.
func pickOf(e *negamax) func(int, Player) int {
	return func(s int, _ Player) int {
		_, k := e.value(s)
		return k
	}
}

func tableIgnoresTurn(n int, r Reading) []byte {
	c := &colourTable{tie: r.Tie, table: map[int][2]int{}} // one table for the whole game
	pick := func(s int, p Player) int {
		colour := 1
		if p == Min {
			colour = -1
		}
		k, _ := c.search(s, colour)
		return k
	}
	return transcript{pick: pick, over: 1, spelling: r.Spelling}.play(n)
}

func namesSwapped(n int, r Reading) []byte {
	return transcript{pick: correctPick(r.Tie), over: 1, swap: true, spelling: r.Spelling}.play(n)
}

func winnerNamed(n int, r Reading) []byte {
	return transcript{pick: correctPick(r.Tie), over: 1, winner: true, spelling: r.Spelling}.play(n)
}

// outOfBoundsCrash is the N from which the table-out-of-bounds program's
// first look-up, table[N], lies past the top of its stack, so that it
// always dies of a segmentation fault; from 101 up to it the program
// reads whatever the stack holds there, and may loop, print garbage or
// crash.
const outOfBoundsCrash = 1000

func tableOutOfBounds(args []string, _ Reading) (Outcome, bool) {
	n, k, _ := Classify(args)
	if k != Beyond || n < outOfBoundsCrash {
		return Outcome{}, false
	}
	return Outcome{End: Crashed}, true
}

// tooSlow is the N from which plain negamax cannot finish in any
// sensible time limit (in C, N = 34 takes seconds, each match more
// multiplies the time by about 1.84).
const tooSlow = 40

func noTable(args []string, _ Reading) (Outcome, bool) {
	n, k, _ := Classify(args)
	if k != Play || n < tooSlow {
		return Outcome{}, false
	}
	return Outcome{End: TooSlow}, true
}

// noUsageCheck is a program that checks the number of arguments but not
// the number, read with C's atoi, and sizes its table from it: below 3
// it plays on (a "game" of 2 matches, or none at all for 0 or 1, as its
// loop runs while more than one match is left).
func noUsageCheck(args []string, r Reading) (Outcome, bool) {
	if len(args) != 1 {
		return Outcome{}, false
	}
	n := atoi(args[0])
	if n < 0 || n >= MinN {
		return Outcome{}, false
	}
	return Outcome{Stdout: transcript{pick: correctPick(r.Tie), over: 1, spelling: r.Spelling}.play(n)}, true
}

// atoi is C's atoi for the values that matter here: leading blanks, a
// sign, the digits up to the first other byte; no digits is 0; an
// overflow is -1 (undefined in C, and outside every case anyway).
func atoi(s string) int {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			break
		}
		if n = n*10 + int(c-'0'); n > 1<<31 {
			return -1
		}
	}
	if neg {
		return -n
	}
	return n
}
