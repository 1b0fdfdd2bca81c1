// Package oracle gives the grader the N-queens judge (rubric keys
// reference = "nqueens" and [judge] name = "nqueens"): it checks one run
// of a program seeded from the clock by the rules of nqueens.Check and
// passes it only when it broke none and solved the puzzle, so that a case
// with runs: R and min_pass: K scores the algorithm by its success rate.
//
// Its Judges give the grader the judge; it is the one place where the grader meets package nqueens.
package oracle

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/reference/nqueens"
)

// Name is the judge's name in a rubric.
const Name = "nqueens"

// Judge is the N-queens judge of one run.
type Judge struct{}

// Judges is this package's judge, Name, for a program's list of judges
// (grader.Judges).
var Judges = grader.Judges{Name: func(*rubric.Rubric) (grader.Judge, error) { return Judge{}, nil }}

// Judge implements grader.Judge. A case's args are "N ALG"; any other
// command line is the case file's fault, an error.
func (Judge) Judge(_ context.Context, t grader.Trial) (grader.Judgement, error) {
	n, alg, err := ParseArgs(t.Case.Args)
	if err != nil {
		return grader.Judgement{}, fmt.Errorf("case %s: %w", t.Case.ID, err)
	}
	return Decide(n, alg, t.Stdout), nil
}

// ParseArgs reads a case's command line "N ALG": 1 <= N <= 100 and ALG
// from 1 to 4.
func ParseArgs(args []string) (int, nqueens.Algorithm, error) {
	if len(args) != 2 {
		return 0, 0, fmt.Errorf("nqueens: args %q: want N ALG", args)
	}
	n, err1 := strconv.Atoi(args[0])
	a, err2 := strconv.Atoi(args[1])
	if err1 != nil || err2 != nil || n < 1 || n > 100 || a < 1 || a > 4 {
		return 0, 0, fmt.Errorf("nqueens: args %q: want N from 1 to 100 and ALG from 1 to 4", args)
	}
	return n, nqueens.Algorithm(a), nil
}

// Decide judges the stdout of a run on n queens and algorithm alg: a
// pass when it broke no rule and its final board is solved. Its feedback
// says whether the run solved the puzzle; an unsolved one shows the final
// board with the queens in conflict marked Q and the pairs named.
func Decide(n int, alg nqueens.Algorithm, stdout []byte) grader.Judgement {
	rep := nqueens.Check(n, alg, stdout)
	j := grader.Judgement{Pass: rep.Violation == nil && rep.Solved, Feedback: feedback(n, alg, rep)}
	if v := rep.Violation; v != nil {
		j.Violation = &grader.Violation{Line: v.Line, Rule: v.Rule, Msg: v.Msg}
	}
	return j
}

// feedback says how the run ended.
func feedback(n int, alg nqueens.Algorithm, rep nqueens.Report) string {
	if len(rep.Boards) == 0 {
		return fmt.Sprintf("not solved: no well-formed %d×%d board was printed", n, n)
	}
	f := rep.Final()
	var b strings.Builder
	if rep.Solved {
		fmt.Fprintf(&b, "solved: %s ended on a board with no conflicts (line %d)", alg, f.Line)
		if rep.Violation != nil {
			b.WriteString(", but the run breaks a rule, so it does not count")
		}
		return b.String()
	}
	pl := "s"
	if f.Board.Conflicts() == 1 {
		pl = ""
	}
	fmt.Fprintf(&b, "not solved: %s ended on a board with %d conflicting pair%s (line %d): %s; the queens in conflict are Q:\n%s",
		alg, f.Board.Conflicts(), pl, f.Line, pairs(f.Board), f.Board)
	return strings.TrimSuffix(b.String(), "\n")
}

// pairs names the attacking pairs: "rows 1 and 4".
func pairs(b nqueens.Board) string {
	var ps []string
	for _, p := range b.Pairs() {
		ps = append(ps, fmt.Sprintf("rows %d and %d", p[0]+1, p[1]+1))
	}
	return strings.Join(ps, ", ")
}
