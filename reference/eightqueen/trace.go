package eightqueen

import (
	"fmt"
	"strings"
)

// StepKind says what a traced step did.
type StepKind int

// The kinds of step.
const (
	StepSolved      StepKind = iota // the goal test succeeded
	StepCutoff                      // XX moves were made
	StepStuck                       // no move to make (local optimum)
	StepSteepest                    // FLAG 200: the steepest list
	StepHill                        // 3XX: a steepest move drawn
	StepFirstChoice                 // 4XX: the first better move
	StepAnneal                      // 5XX: one draw and its acceptance test
)

// Step explains one step of a run: what the program looked at, what it drew,
// and what it decided. Line is the number of output lines written before it.
type Step struct {
	Kind  StepKind
	Line  int
	Iter  int // the iteration number the step leads to (3XX-5XX)
	Board Board
	Cost  int

	Steepest     []Board // 200 and 3XX: the steepest moves, in order
	SteepestCost int
	Draw         int // 3XX: the value rng.nextInt(len(Steepest)) returned

	Index, Value int // 4XX: the move taken; 5XX: the move drawn
	Tried        int // 4XX: how many successors were examined
	NewCost      int // 4XX and 5XX: the cost after the move

	Prob      float64 // 5XX: rng.nextDouble()
	Candidate Board   // 5XX
	Delta     int     // 5XX: NewCost - Cost
	T         float64 // 5XX: the temperature used in the test
	Threshold float64 // 5XX: the acceptance probability compared with Prob
	Accepted  bool
}

// String renders the step as one line for a person.
func (s Step) String() string {
	switch s.Kind {
	case StepSolved:
		return fmt.Sprintf("after line %d: %s has cost 0: Solved", s.Line, s.Board)
	case StepCutoff:
		return fmt.Sprintf("after line %d: cutoff reached after %d moves on %s (cost %d): stop", s.Line, s.Iter, s.Board, s.Cost)
	case StepStuck:
		return fmt.Sprintf("after line %d: no better move from %s (cost %d): stop", s.Line, s.Board, s.Cost)
	case StepSteepest:
		return fmt.Sprintf("%s (cost %d): %d steepest moves at cost %d: %s", s.Board, s.Cost, len(s.Steepest), s.SteepestCost, joinBoards(s.Steepest))
	case StepHill:
		return fmt.Sprintf("move %d: from %s (cost %d), %d steepest moves at cost %d: %s; nextInt(%d) = %d -> %s",
			s.Iter, s.Board, s.Cost, len(s.Steepest), s.SteepestCost, joinBoards(s.Steepest), len(s.Steepest), s.Draw, s.Steepest[s.Draw])
	case StepFirstChoice:
		return fmt.Sprintf("move %d: from %s (cost %d), successor #%d (index %d -> value %d) is the first with a lower cost, %d",
			s.Iter, s.Board, s.Cost, s.Tried, s.Index, s.Value, s.NewCost)
	case StepAnneal:
		verdict := "rejected, board unchanged"
		if s.Accepted {
			verdict = "accepted"
		}
		return fmt.Sprintf("move %d: from %s (cost %d), index=%d value=%d prob=%.6f: %s has cost %d, delta=%+d, T=%.6f, accept if prob < %.6f: %s",
			s.Iter, s.Board, s.Cost, s.Index, s.Value, s.Prob, s.Candidate, s.NewCost, s.Delta, s.T, s.Threshold, verdict)
	}
	return fmt.Sprintf("step of kind %d", s.Kind)
}

func joinBoards(bs []Board) string {
	if len(bs) == 0 {
		return "(none)"
	}
	s := make([]string, len(bs))
	for i, b := range bs {
		s[i] = b.String()
	}
	return strings.Join(s, " ")
}
