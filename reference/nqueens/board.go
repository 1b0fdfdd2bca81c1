package nqueens

import (
	"math/rand/v2"
	"strings"
)

// Board is a placement of one queen per row: Board[r] is the column of
// the queen on row r, from 0 to len(Board)-1.
type Board []int

// Random returns a board of n queens, each in a column drawn at random.
func Random(n int, rng *rand.Rand) Board {
	b := make(Board, n)
	for r := range b {
		b[r] = rng.IntN(n)
	}
	return b
}

// attack reports whether queens at (r0, c0) and (r1, c1), on different
// rows, share a column or a diagonal.
func attack(r0, c0, r1, c1 int) bool {
	dr, dc := r0-r1, c0-c1
	return dc == 0 || dr == dc || dr == -dc
}

// Conflicts counts the pairs of queens that attack each other, as the
// framework's countConflicts does: at most n(n-1)/2.
func (b Board) Conflicts() int {
	n := 0
	for r0 := range b {
		for r1 := r0 + 1; r1 < len(b); r1++ {
			if attack(r0, b[r0], r1, b[r1]) {
				n++
			}
		}
	}
	return n
}

// Attacked reports whether the queen on row r attacks another queen (the
// framework's inConflictWithAnotherQueen: printed Q, else q).
func (b Board) Attacked(r int) bool {
	for o := range b {
		if o != r && attack(r, b[r], o, b[o]) {
			return true
		}
	}
	return false
}

// Pairs returns the attacking pairs of rows, each once, in order.
func (b Board) Pairs() [][2]int {
	var out [][2]int
	for r0 := range b {
		for r1 := r0 + 1; r1 < len(b); r1++ {
			if attack(r0, b[r0], r1, b[r1]) {
				out = append(out, [2]int{r0, r1})
			}
		}
	}
	return out
}

// Solved reports whether no two queens attack each other.
func (b Board) Solved() bool { return b.Conflicts() == 0 }

// String prints the board as the framework's printState does, without its
// leading empty line: n lines of n characters, '.' an empty square, 'q' a
// queen in no conflict, 'Q' one in conflict with another.
func (b Board) String() string {
	var sb strings.Builder
	for r, c := range b {
		row := []byte(strings.Repeat(".", len(b)))
		row[c] = 'q'
		if b.Attacked(r) {
			row[c] = 'Q'
		}
		sb.Write(row)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Clone returns a copy of b.
func (b Board) Clone() Board { return append(Board(nil), b...) }
