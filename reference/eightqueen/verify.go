package eightqueen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Violation says which line of a run broke which rule.
type Violation struct {
	Line int    // 1-based output line; one past the last line for a missing line
	Rule string // a short name: "format", "numbering", "cost", "start", "move", "stop", "solved"
	Msg  string
}

func (v *Violation) Error() string { return fmt.Sprintf("line %d: %s: %s", v.Line, v.Rule, v.Msg) }

// VerifyRun checks the output of a run that cannot be compared with a
// fixed expected output, an unseeded (seed -1) 3XX or 5XX run, against the
// rules every correct run obeys under at least one of the readings:
//
//   - every line is "i:board cost", numbered from 0, line 0 is the start
//     board, and every cost is the board's true cost;
//   - 3XX: each board is one of the steepest moves of the board before it;
//   - 5XX: each board equals the one before it or differs in one queen,
//     with index and value drawn from 0..6 (nextInt(7));
//   - the run stops exactly when it must: "Solved" right after the first
//     board of cost 0, otherwise after move XX (3XX under the non-raising
//     reading may also stop at a board with no steepest move).
//
// A seeded command line is checked the same way, which is weaker than
// comparing its output. readings nil means every reading.
func VerifyRun(cmd Command, output []byte, readings []Reading) *Violation {
	if readings == nil {
		readings = ReadingsFor(cmd.Part())
	}
	var first *Violation
	for _, r := range readings {
		v := verifyRun(cmd, string(output), r)
		if v == nil {
			return nil
		}
		if first == nil || v.Line > first.Line {
			first = v // the reading that explains the most lines speaks
		}
	}
	return first
}

func verifyRun(cmd Command, out string, r Reading) *Violation {
	part := cmd.Part()
	if part != PartHill && part != PartAnneal {
		want := string(Output(cmd, Options{Reading: r}))
		if slices.Equal(normalLines(out), normalLines(want)) {
			return nil
		}
		return &Violation{Line: firstDiffLine(out, want), Rule: "output", Msg: "differs from the only correct output"}
	}
	lines := normalLines(out)
	m := machine{reading: r}
	prev := cmd.Board
	for i := 0; ; i++ {
		switch {
		case len(lines) == 0:
			return &Violation{Line: 1, Rule: "start", Msg: fmt.Sprintf("the program printed nothing; a run starts with its start board, 0:%s %d", cmd.Board, cmd.Board.Cost())}
		case i >= len(lines):
			return &Violation{Line: i + 1, Rule: "stop", Msg: fmt.Sprintf("output ends before line %d, and the run had not finished", i)}
		}
		b, cost, err := parseState(lines[i], i)
		if err != nil {
			return &Violation{Line: i + 1, Rule: "format", Msg: err.Error()}
		}
		if c := b.Cost(); cost != c {
			return &Violation{Line: i + 1, Rule: "cost", Msg: fmt.Sprintf("%s has cost %d, not %d", b, c, cost)}
		}
		switch {
		case i == 0 && b != cmd.Board:
			return &Violation{Line: 1, Rule: "start", Msg: fmt.Sprintf("the run must start at %s, not %s", cmd.Board, b)}
		case i > 0 && part == PartHill:
			var buf [Size * Size]move
			pc := prev.Cost()
			st := m.steepest(m.successors(prev, pc, &buf), pc)
			if !slices.ContainsFunc(st, func(mv move) bool { return prev.with(mv) == b }) {
				return &Violation{Line: i + 1, Rule: "move", Msg: fmt.Sprintf("%s is not one of the steepest moves of %s (%s)", b, prev, joinBoards(boards(prev, st)))}
			}
		case i > 0 && part == PartAnneal:
			if msg := annealStep(prev, b); msg != "" {
				return &Violation{Line: i + 1, Rule: "move", Msg: msg}
			}
		}
		prev = b
		rest := len(lines) - i - 1
		switch {
		case cost == 0:
			if rest == 0 || lines[i+1] != "Solved" {
				return &Violation{Line: i + 2, Rule: "solved", Msg: fmt.Sprintf("%s has cost 0: the next line must be \"Solved\" and the last", b)}
			}
			if rest > 1 {
				return &Violation{Line: i + 3, Rule: "stop", Msg: "nothing may follow \"Solved\""}
			}
			return nil
		case i == cmd.Cutoff():
			if rest > 0 {
				return &Violation{Line: i + 2, Rule: "stop", Msg: fmt.Sprintf("the run must stop after move %d (the cutoff)", i)}
			}
			return nil
		case part == PartHill && r.NonRaising && rest == 0:
			var buf [Size * Size]move
			if len(m.steepest(m.successors(b, cost, &buf), cost)) == 0 {
				return nil // a strict local minimum: this reading stops here
			}
		}
	}
}

// annealStep checks one simulated-annealing line against the one before.
func annealStep(prev, b Board) string {
	changed := -1
	for c := range b {
		if b[c] != prev[c] {
			if changed >= 0 {
				return fmt.Sprintf("%s differs from %s in more than one queen", b, prev)
			}
			changed = c
		}
	}
	if changed < 0 {
		return "" // a rejected move, or one that put a queen back where it was
	}
	if changed > 6 || b[changed] > 6 {
		return fmt.Sprintf("%s moves the queen of column %d to row %d: index and value come from nextInt(7), 0..6", b, changed, b[changed])
	}
	return ""
}

func parseState(line string, want int) (Board, int, error) {
	num, rest, ok := strings.Cut(line, ":")
	if !ok {
		return Board{}, 0, fmt.Errorf("%q is not \"%d:board cost\"", line, want)
	}
	if n, err := strconv.Atoi(num); err != nil || n != want {
		return Board{}, 0, fmt.Errorf("%q: the line number must be %d", line, want)
	}
	bs, cs, ok := strings.Cut(rest, " ")
	if !ok {
		return Board{}, 0, fmt.Errorf("%q is not \"%d:board cost\"", line, want)
	}
	b, err := ParseBoard(bs)
	if err != nil {
		return Board{}, 0, err
	}
	cost, err := strconv.Atoi(cs)
	if err != nil {
		return Board{}, 0, fmt.Errorf("%q: the cost %q is not a number", line, cs)
	}
	return b, cost, nil
}

func firstDiffLine(a, b string) int {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// normalLines splits output as the grader's default comparison sees it:
// "\r\n" is "\n", trailing spaces and tabs and trailing empty lines do not count.
func normalLines(out string) []string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
