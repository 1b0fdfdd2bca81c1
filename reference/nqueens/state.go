package nqueens

// state is a board with the number of queens on each column and diagonal,
// so that a move's effect on the conflicts costs O(1), not O(n²): the
// algorithms run millions of moves when the rates are measured.
type state struct {
	b         Board
	col       []int // queens per column
	diag      []int // queens per r+c
	anti      []int // queens per r-c+n-1
	conflicts int   // attacking pairs
}

// newState returns the state of board b, which it keeps (not a copy).
func newState(b Board) *state {
	n := len(b)
	s := &state{b: b, col: make([]int, n), diag: make([]int, 2*n), anti: make([]int, 2*n)}
	for r, c := range b {
		s.conflicts += s.attackers(r, c)
		s.add(r, c, 1)
	}
	return s
}

// add puts (d=1) or takes (d=-1) a queen at (r, c) in the counts.
func (s *state) add(r, c, d int) {
	s.col[c] += d
	s.diag[r+c] += d
	s.anti[r-c+len(s.b)-1] += d
}

// attackers counts the queens in the counts that a queen at (r, c) would
// attack, the queen on row r itself included if counted there.
func (s *state) attackers(r, c int) int {
	return s.col[c] + s.diag[r+c] + s.anti[r-c+len(s.b)-1]
}

// delta is the change in conflicts if the queen on row r moved to column c.
func (s *state) delta(r, c int) int {
	old := s.b[r]
	if c == old {
		return 0
	}
	// Without the queen itself: 3 of its own counts at its square.
	lose := s.attackers(r, old) - 3
	s.add(r, old, -1)
	gain := s.attackers(r, c)
	s.add(r, old, 1)
	return gain - lose
}

// move puts the queen on row r in column c.
func (s *state) move(r, c int) {
	s.conflicts += s.delta(r, c)
	s.add(r, s.b[r], -1)
	s.b[r] = c
	s.add(r, c, 1)
}
