package nqueens

import (
	"fmt"
	"strings"
)

// Violation is the rule a run broke, at the line (1-based) where it
// shows; Line 0 when no one line does.
type Violation struct {
	Line int
	Rule string
	Msg  string
}

// Printed is a board as a run printed it: Board[r] is the column of the
// queen on the printed row r.
type Printed struct {
	Line  int // the line of its first row
	Board Board
}

// Report is what Check found in a run.
type Report struct {
	// Boards are the well-formed boards printed, in order: the first is
	// the initial state, the last the result.
	Boards []Printed
	// Solved is true when the last board has no conflicts.
	Solved bool
	// Violation is the first rule the run broke, nil when none.
	Violation *Violation
}

// Final is the last board printed, the run's result (zero when none).
func (r Report) Final() Printed {
	if len(r.Boards) == 0 {
		return Printed{}
	}
	return r.Boards[len(r.Boards)-1]
}

// The rules a run obeys, as Violation.Rule names them.
const (
	RuleBoard      = "board"      // n lines of n characters of .qQ, one queen per row
	RuleMarks      = "marks"      // q for a queen in no conflict, Q for one in conflict
	RuleBoards     = "boards"     // the initial and the final board are printed
	RuleClaim      = "claim"      // a claimed solution has no conflicts
	RuleEvaluation = "evaluation" // the random search's evaluation is n(n-1)/2 minus the conflicting pairs
)

// Check reads the stdout of a run of the program on n queens and
// algorithm alg and checks the rules every run obeys: every board is
// well formed and each queen's mark is true to its conflicts, the initial
// and the final board are printed, a claimed solution is one, and the
// random search's first evaluation is the initial board's. The first
// broken rule, by line, is the report's Violation.
func Check(n int, alg Algorithm, stdout []byte) Report {
	out := Parse(stdout)
	var rep Report
	var vs []*Violation
	for _, b := range out.Blocks {
		ps, v := boards(n, b)
		rep.Boards = append(rep.Boards, ps...)
		vs = append(vs, v)
	}
	for _, p := range rep.Boards {
		vs = append(vs, marks(out, p))
	}
	if len(rep.Boards) > 0 {
		rep.Solved = rep.Final().Board.Solved()
	}
	vs = append(vs, claims(out, rep))
	if alg == RandomSearch {
		vs = append(vs, evaluation(out, rep))
	}
	vs = append(vs, enough(rep))
	rep.Violation = first(vs)
	return rep
}

// first returns the violation of the earliest line, one of no line last.
func first(vs []*Violation) *Violation {
	var f *Violation
	for _, v := range vs {
		if v == nil {
			continue
		}
		if f == nil || f.Line == 0 && v.Line > 0 || v.Line > 0 && v.Line < f.Line {
			f = v
		}
	}
	return f
}

// boards reads the boards of block b: n rows each, back to back. Rows
// after the first malformed one are not read.
func boards(n int, b Block) ([]Printed, *Violation) {
	var out []Printed
	for i := 0; i < len(b.Rows); i += n {
		if len(b.Rows)-i < n {
			return out, &Violation{Line: b.Line + i, Rule: RuleBoard,
				Msg: fmt.Sprintf("a board of %d lines (lines %d to %d); with N = %d a board has %d lines of %d characters", len(b.Rows)-i, b.Line+i, b.Line+len(b.Rows)-1, n, n, n)}
		}
		p := Printed{Line: b.Line + i, Board: make(Board, n)}
		for r := range n {
			c, v := queenOf(n, b.Line+i+r, b.Rows[i+r])
			if v != nil {
				return out, v
			}
			p.Board[r] = c
		}
		out = append(out, p)
	}
	return out, nil
}

// queenOf returns the column of the one queen of row line l.
func queenOf(n, line int, l string) (int, *Violation) {
	if len(l) != n {
		return 0, &Violation{Line: line, Rule: RuleBoard, Msg: fmt.Sprintf("a board row of %d characters; with N = %d each row has %d", len(l), n, n)}
	}
	if k := strings.Count(l, "q") + strings.Count(l, "Q"); k != 1 {
		return 0, &Violation{Line: line, Rule: RuleBoard, Msg: fmt.Sprintf("a board row with %d queens; each row holds exactly one", k)}
	}
	return strings.IndexAny(l, "qQ"), nil
}

// marks checks that each queen of p is Q when it attacks another, q
// when not.
func marks(out Output, p Printed) *Violation {
	for r, c := range p.Board {
		line := p.Line + r
		got := out.Lines[line-1][c]
		att := p.Board.Attacked(r)
		switch {
		case att && got == 'q':
			return &Violation{Line: line, Rule: RuleMarks, Msg: fmt.Sprintf("the queen of row %d is marked q, but it attacks %s; a queen in conflict is Q%s", r+1, attackers(p.Board, r), laterOnly(p.Board, r))}
		case !att && got == 'Q':
			return &Violation{Line: line, Rule: RuleMarks, Msg: fmt.Sprintf("the queen of row %d is marked Q, but no other queen shares its column or a diagonal; it is q", r+1)}
		}
	}
	return nil
}

// attackers names the queens the queen of row r attacks: "the queen of
// row 5 (same diagonal)".
func attackers(b Board, r int) string {
	var names []string
	for o, c := range b {
		if o == r || !attack(r, b[r], o, c) {
			continue
		}
		how := "same diagonal"
		if c == b[r] {
			how = "same column"
		}
		names = append(names, fmt.Sprintf("the queen of row %d (%s)", o+1, how))
	}
	return strings.Join(names, " and ")
}

// laterOnly is a hint when the queen of row r attacks only queens of
// later rows: the conflict test looked at the earlier rows alone.
func laterOnly(b Board, r int) string {
	for o := range r {
		if attack(r, b[r], o, b[o]) {
			return ""
		}
	}
	return " (it attacks only queens of later rows: does the conflict test look at every other row, not only the earlier ones?)"
}

// claims checks that no line claims a solution the final board does not
// have.
func claims(out Output, rep Report) *Violation {
	if len(out.Claims) == 0 || rep.Solved || len(rep.Boards) == 0 {
		return nil
	}
	f := rep.Final()
	return &Violation{Line: out.Claims[0], Rule: RuleClaim,
		Msg: fmt.Sprintf("%q claims a solution, but the final board (line %d) has %d conflicting pairs", out.Lines[out.Claims[0]-1], f.Line, f.Board.Conflicts())}
}

// evaluation checks the random search's first evaluation, of the initial
// board: n(n-1)/2 minus its conflicting pairs.
func evaluation(out Output, rep Report) *Violation {
	if len(out.Evaluations) == 0 || len(rep.Boards) == 0 {
		return nil
	}
	e, b := out.Evaluations[0], rep.Boards[0].Board
	if e.Iteration != 0 || e.Line < rep.Boards[0].Line {
		return nil
	}
	n, c := len(b), b.Conflicts()
	want := n*(n-1)/2 - c
	if e.Value == want {
		return nil
	}
	msg := fmt.Sprintf("the initial board has %d conflicting pairs, so its evaluation is %d(%d-1)/2 - %d = %d, not %d", c, n, n, c, want, e.Value)
	if e.Value == n*(n-1)/2-2*c {
		msg += "; that is what counting each conflict twice gives (per queen, not per pair of queens)"
	}
	return &Violation{Line: e.Line, Rule: RuleEvaluation, Msg: msg}
}

// enough checks that the initial and the final board were printed.
func enough(rep Report) *Violation {
	if len(rep.Boards) >= 2 {
		return nil
	}
	return &Violation{Rule: RuleBoards, Msg: fmt.Sprintf("the run printed %d well-formed boards; it prints the initial state and the final state", len(rep.Boards))}
}
