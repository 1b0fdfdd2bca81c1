package nim

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxN is the largest number of matches the course's program handles:
// its transposition table has MaxN+1 rows. A correct program may reject a
// larger N as a usage error or play it correctly.
const MaxN = 100

// MinN is the smallest number of matches a program must accept.
const MinN = 3

// Player is who moves: Max moves first.
type Player int

// The players.
const (
	Max Player = iota
	Min
)

// String is the name a program prints.
func (p Player) String() string {
	if p == Max {
		return "Max"
	}
	return "Min"
}

// Other is the opponent.
func (p Player) Other() Player { return 1 - p }

// Lost reports whether the player to move from state s (s >= 1 matches)
// loses against best play: s % 4 == 1.
func Lost(s int) bool { return s%4 == 1 }

// Value is the negamax value of state s for the player to move: +1 won,
// -1 lost.
func Value(s int) int {
	if Lost(s) {
		return -1
	}
	return 1
}

// WinningMove is the one move that wins from a won state s: (s-1) % 4
// matches, which leaves the opponent a lost state. It is 0 for a lost
// state, where no move wins.
func WinningMove(s int) int { return (s - 1) % 4 }

// Legal reports whether taking k matches from state s is a move: k in
// 1..3 and at least one match left.
func Legal(s, k int) bool { return k >= 1 && k <= 3 && s-k >= 1 }

// Largest is the largest legal move from state s >= 2.
func Largest(s int) int { return min(3, s-1) }

// Move is one line of a game: the state, who moves and how many matches
// they take.
type Move struct {
	State  int
	Player Player
	Take   int
}

// String is the move's line, without its newline.
func (m Move) String() string {
	return fmt.Sprintf("%d: %s takes %d", m.State, m.Player, m.Take)
}

// Best is the move a correct program following tie rule t plays from
// state s >= 2: the winning move, or, from a lost state, the one the
// tie rule picks among the legal moves (all of equal value).
func Best(s int, t Tie) int {
	if !Lost(s) {
		return WinningMove(s)
	}
	if t == TieLargest {
		return Largest(s)
	}
	return 1
}

// Game is the game a correct program following tie rule t plays from n
// matches: its moves, Max first, until one match is left.
func Game(n int, t Tie) []Move {
	var g []Move
	p := Max
	for s := n; s > 1; p = p.Other() {
		k := Best(s, t)
		g = append(g, Move{State: s, Player: p, Take: k})
		s -= k
	}
	return g
}

// loserAfter is the player left at state 1 after a game of len moves.
func loserAfter(moves int) Player { return Player(moves % 2) }

// LoserLine is the last line of a game whose player p is left at state 1.
func LoserLine(p Player, sp Spelling) string {
	return fmt.Sprintf("1: %s %s", p, sp)
}

// Output is what a correct program prints for `nim n` (n >= MinN) under
// reading r.
func Output(n int, r Reading) []byte {
	g := Game(n, r.Tie)
	var b strings.Builder
	for _, m := range g {
		b.WriteString(m.String() + "\n")
	}
	b.WriteString(LoserLine(loserAfter(len(g)), r.Spelling) + "\n")
	return []byte(b.String())
}

// Kind is what a command line asks of a correct program.
type Kind int

// The kinds of command lines.
const (
	// Usage: no argument, several, one that is not a number, or a
	// number below MinN; a correct program reports a usage error.
	Usage Kind = iota
	// Play: MinN <= N <= MaxN; a correct program plays the game.
	Play
	// Beyond: N > MaxN; a correct program either reports a usage error
	// or plays the game.
	Beyond
)

// Classify says what a correct program does with args, and the N of a
// game. Why says, for a usage error, what is wrong.
func Classify(args []string) (n int, k Kind, why string) {
	if len(args) != 1 {
		return 0, Usage, fmt.Sprintf("%d arguments instead of one", len(args))
	}
	n, err := strconv.Atoi(args[0])
	switch {
	case err != nil || strings.HasPrefix(args[0], "+"):
		return 0, Usage, fmt.Sprintf("%q is not a number", args[0])
	case n < MinN:
		return n, Usage, fmt.Sprintf("%d is fewer than %d matches", n, MinN)
	case n > MaxN:
		return n, Beyond, ""
	}
	return n, Play, ""
}
