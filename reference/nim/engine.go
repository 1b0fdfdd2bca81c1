package nim

import (
	"fmt"
	"strings"
)

// The engines below are Go twins of the catalogued wrong programs
// (testdata/submissions): each computes, move for move, what its C
// program prints, including the C program's sentinel values, so that a
// wrong output can be matched byte for byte.

// infinity is the sentinel the C programs start a search with.
const infinity = 9999999

// negamax is a negamax program's search, with its mistakes as knobs.
type negamax struct {
	tie      Tie
	terminal int  // the state whose player to move has lost
	minLeft  int  // a move must leave at least this many matches
	negate   bool // false: the child's value is used as it is
	memo     map[int]int
}

// value is the search's value of state s for the player to move; move
// is the move it picks (0 when it has none).
func (e *negamax) value(s int) (value, move int) {
	if s == e.terminal {
		return -1, 0
	}
	best := -infinity
	for _, k := range order(e.tie) {
		if s-k < e.minLeft {
			continue
		}
		v := e.child(s - k)
		if e.negate {
			v = -v
		}
		if v > best {
			best, move = v, k
			if e.tie == TieLargest && best >= 1 {
				break
			}
		}
	}
	return best, move
}

// child is the value of state s, memoised: the program's table, which
// in a negamax of values for the player to move needs no colour.
func (e *negamax) child(s int) int {
	if v, ok := e.memo[s]; ok {
		return v
	}
	v, _ := e.value(s)
	e.memo[s] = v
	return v
}

// order is the order a tie rule tries moves in.
func order(t Tie) []int {
	if t == TieLargest {
		return []int{3, 2, 1}
	}
	return []int{1, 2, 3}
}

// colourTable is the search of the course's nimTrans.c (values from
// Max's point of view, colour +1 for Max and -1 for Min) with a table
// that keeps a state's move and value but not whose turn it was, and so
// returns the value unnegated to the other player.
type colourTable struct {
	tie   Tie
	table map[int][2]int // state -> {move, value}
}

// search returns the move and Max's value of state s with colour to move.
func (c *colourTable) search(s, colour int) (move, value int) {
	if e, ok := c.table[s]; ok {
		return e[0], e[1]
	}
	if s == 1 {
		return 0, -colour
	}
	best, bestMove := -colour*infinity, 1
	for _, k := range order(c.tie) {
		if s-k < 1 {
			continue
		}
		if _, v := c.search(s-k, -colour); colour*v > colour*best {
			best, bestMove = v, k
			if c.tie == TieLargest && colour*best >= 1 {
				break
			}
		}
	}
	c.table[s] = [2]int{bestMove, best}
	return bestMove, best
}

// transcript plays a game from n matches, asking pick for each move
// (nil: a correct program's), and prints it as a program does; while
// says when the game goes on, last is the loser line's state, swap
// names Max Min and the other way round, winner names the other player
// on the loser line.
type transcript struct {
	pick         func(s int, p Player) int
	over         int // the game goes on while more than over matches are left
	printState   bool
	swap, winner bool
	spelling     Spelling
}

// play returns the program's stdout for n matches.
func (t transcript) play(n int) []byte {
	var b strings.Builder
	s, p := n, Max
	for ; s > t.over; p = p.Other() {
		k := t.pick(s, p)
		fmt.Fprintf(&b, "%d: %s takes %d\n", s, t.name(p), k)
		s -= k
	}
	state := 1
	if t.printState {
		state = s
	}
	if t.winner {
		p = p.Other()
	}
	fmt.Fprintf(&b, "%d: %s %s\n", state, t.name(p), t.spelling)
	return []byte(b.String())
}

// name is the name the program prints for p.
func (t transcript) name(p Player) string {
	if t.swap {
		p = p.Other()
	}
	return p.String()
}
