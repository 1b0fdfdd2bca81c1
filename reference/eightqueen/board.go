package eightqueen

import (
	"fmt"
)

// Size is the number of columns (and rows) of the board.
const Size = 8

// Board holds one queen per column: Board[c] is the row of the queen in
// column c, as the handout's eight-digit string does.
type Board [Size]int8

// ParseBoard reads the handout's board string: exactly eight digits 0-7.
func ParseBoard(s string) (Board, error) {
	var b Board
	if len(s) != Size {
		return b, fmt.Errorf("board %q must be %d digits 0-7, got %d characters", s, Size, len(s))
	}
	for i := 0; i < Size; i++ {
		c := s[i]
		if c < '0' || c > '7' {
			return b, fmt.Errorf("board %q: character %d is %q, want a digit 0-7", s, i+1, rune(c))
		}
		b[i] = int8(c - '0')
	}
	return b, nil
}

// String returns the eight-digit form.
func (b Board) String() string {
	var s [Size]byte
	for i, v := range b {
		s[i] = '0' + byte(v)
	}
	return string(s[:])
}

func (b Board) appendTo(dst []byte) []byte {
	for _, v := range b {
		dst = append(dst, '0'+byte(v))
	}
	return dst
}

// Cost is the handout's heuristic: the number of queen pairs that share a row
// or a diagonal (columns are distinct by construction).
func (b Board) Cost() int {
	var l lines
	l.add(b)
	return l.cost()
}

// lines counts the queens on each row and diagonal, so the cost of moving one
// queen is a few lookups instead of recounting all 28 pairs.
type lines struct {
	row  [Size]int8
	diag [2*Size - 1]int8 // c+r
	anti [2*Size - 1]int8 // c-r+7
}

func (l *lines) add(b Board) {
	for c, r := range b {
		l.row[r]++
		l.diag[c+int(r)]++
		l.anti[c-int(r)+Size-1]++
	}
}

func (l *lines) cost() int {
	n := 0
	for _, k := range l.row {
		n += int(k) * int(k-1) / 2
	}
	for i := range l.diag {
		n += int(l.diag[i])*int(l.diag[i]-1)/2 + int(l.anti[i])*int(l.anti[i]-1)/2
	}
	return n
}

// attacks is how many queens already on the board attack square (c, r).
func (l *lines) attacks(c, r int) int {
	return int(l.row[r]) + int(l.diag[c+r]) + int(l.anti[c-r+Size-1])
}

func (l *lines) shift(c, r int, d int8) {
	l.row[r] += d
	l.diag[c+r] += d
	l.anti[c-r+Size-1] += d
}

// moveCosts fills costs[c][v] with the cost of the board after moving the
// queen of column c to row v (costs[c][b[c]] is the board's own cost).
func moveCosts(b Board, cost int) (costs [Size][Size]int) {
	var l lines
	l.add(b)
	for c := 0; c < Size; c++ {
		r := int(b[c])
		l.shift(c, r, -1)
		base := cost - l.attacks(c, r)
		for v := 0; v < Size; v++ {
			costs[c][v] = base + l.attacks(c, v)
		}
		l.shift(c, r, 1)
	}
	return costs
}
