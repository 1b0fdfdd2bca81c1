package nim

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Run is how a program ran on one command line.
type Run struct {
	Args     []string
	Stdout   []byte
	Stderr   []byte
	ExitCode int
}

// Violation is the first rule a run breaks: the 1-based line of stdout
// at fault (0: the run as a whole, as its exit status), the rule's name
// and what is wrong, for the student.
type Violation struct {
	Line int
	Rule string
	Msg  string
}

// The rules Check enforces.
const (
	RuleFormat   = "format"       // "N: Max takes K" or "1: Min looses"
	RuleState    = "state"        // each state is the previous minus its move; the first is N
	RuleTurn     = "turn"         // Max first, then the players alternate
	RuleLegal    = "legal move"   // 1..3 matches, at least one left
	RuleWinning  = "winning move" // from a won state, the winning move
	RuleTie      = "tie rule"     // from a lost state, the move the part's tie rule picks
	RuleEnd      = "end"          // the game ends at state 1 with the loser line
	RuleLoser    = "loser"        // the loser line names the player left at 1
	RuleSpelling = "spelling"     // the loser line's verb, as the part's readings allow
	RuleAfter    = "after the end"
	RuleUsage    = "usage"       // a usage error: nothing on stdout, a message on stderr
	RuleExit     = "exit status" // a game ends with status 0
)

var (
	moveRE  = regexp.MustCompile(`^(-?\d+): (Max|Min) takes (-?\d+)$`)
	loserRE = regexp.MustCompile(`^(-?\d+): (Max|Min) (\w+)$`)
)

// Check judges run under the readings rs (nil: every reading): nil when
// it obeys every rule a correct run of its command line obeys, else the
// first rule it breaks.
func Check(run Run, rs []Reading) *Violation {
	if len(rs) == 0 {
		rs = Readings()
	}
	n, kind, why := Classify(run.Args)
	switch {
	case kind == Usage:
		return checkUsage(run, why)
	case kind == Beyond && run.ExitCode != 0:
		return checkUsage(run, fmt.Sprintf("%d is more than %d matches", n, MaxN))
	case run.ExitCode != 0:
		return &Violation{Rule: RuleExit, Msg: fmt.Sprintf("the program ended with status %d; a game ends with status 0", run.ExitCode)}
	}
	return CheckGame(n, run.Stdout, rs)
}

// checkUsage judges the run of a command line a program must reject
// (why says what is wrong with it).
func checkUsage(run Run, why string) *Violation {
	switch {
	case run.ExitCode == 0:
		return &Violation{Rule: RuleExit, Msg: "the command line is wrong (" + why + "): the program must stop with an error status, not 0"}
	case len(bytes.TrimSpace(run.Stdout)) > 0:
		return &Violation{Line: 1, Rule: RuleUsage, Msg: "the command line is wrong (" + why + "): the program must print nothing on standard output, only a usage message on standard error"}
	case len(bytes.TrimSpace(run.Stderr)) == 0:
		return &Violation{Rule: RuleUsage, Msg: "the command line is wrong (" + why + "): the program must say so on standard error (a usage message)"}
	}
	return nil
}

// Lines splits an output into lines as the grader's "lines" comparison
// sees them: "\r\n" is "\n", trailing blanks and trailing empty lines
// are ignored.
func Lines(out []byte) []string {
	lines := strings.Split(string(out), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// CheckGame judges the output of a game from n matches under readings
// rs: nil when it is a game a correct program may print.
func CheckGame(n int, out []byte, rs []Reading) *Violation {
	if len(rs) == 0 {
		rs = Readings()
	}
	lines := Lines(out)
	s, p := n, Max
	for i, l := range lines {
		at := i + 1
		if m := loserRE.FindStringSubmatch(l); m != nil && m[3] != "takes" {
			if v := checkLoser(at, m, s, p, rs); v != nil {
				return v
			}
			if at < len(lines) {
				return &Violation{Line: at + 1, Rule: RuleAfter, Msg: "the game ended on the line before; nothing may follow the loser line"}
			}
			return nil
		}
		mv, v := parseMove(at, l)
		if v != nil {
			return v
		}
		if v := checkMove(at, mv, s, p, rs); v != nil {
			return v
		}
		s, p = s-mv.Take, p.Other()
	}
	return &Violation{Line: len(lines) + 1, Rule: RuleEnd, Msg: fmt.Sprintf(
		"the output stops with %d matches left and %s to move; the game goes on until 1 match is left, then says who lost (%q)", s, p, LoserLine(p, Looses))}
}

// parseMove reads line at as a move.
func parseMove(at int, l string) (Move, *Violation) {
	m := moveRE.FindStringSubmatch(l)
	if m == nil {
		return Move{}, &Violation{Line: at, Rule: RuleFormat, Msg: fmt.Sprintf("%q is neither a move (\"N: Max takes K\") nor the loser line (\"1: Min looses\")", clip(l))}
	}
	s, err1 := strconv.Atoi(m[1])
	k, err2 := strconv.Atoi(m[3])
	if err1 != nil || err2 != nil {
		return Move{}, &Violation{Line: at, Rule: RuleFormat, Msg: fmt.Sprintf("%q holds a number too large to be a state or a move", clip(l))}
	}
	p := Max
	if m[2] == "Min" {
		p = Min
	}
	return Move{State: s, Player: p, Take: k}, nil
}

// checkMove checks move mv on line at, with s matches left and p to move.
func checkMove(at int, mv Move, s int, p Player, rs []Reading) *Violation {
	switch {
	case mv.State != s && at == 1:
		return &Violation{Line: at, Rule: RuleState, Msg: fmt.Sprintf("the game starts with %d matches (the command line's N), not %d", s, mv.State)}
	case mv.State != s:
		return &Violation{Line: at, Rule: RuleState, Msg: fmt.Sprintf("after the move before, %d matches are left, not %d", s, mv.State)}
	case mv.Player != p && at == 1:
		return &Violation{Line: at, Rule: RuleTurn, Msg: "Max moves first"}
	case mv.Player != p:
		return &Violation{Line: at, Rule: RuleTurn, Msg: fmt.Sprintf("the players take turns: %s moves here, not %s", p, mv.Player)}
	case !Legal(s, mv.Take):
		return &Violation{Line: at, Rule: RuleLegal, Msg: fmt.Sprintf("taking %d of %d matches is not a move: a player takes 1, 2 or 3 matches and must leave at least one", mv.Take, s)}
	case !Lost(s) && mv.Take != WinningMove(s):
		return &Violation{Line: at, Rule: RuleWinning, Msg: fmt.Sprintf(
			"%s wins from %d matches by taking %d, which leaves %d (%d = 4×%d+1, a lost state for %s); taking %d leaves %d, from which %s wins",
			p, s, WinningMove(s), s-WinningMove(s), s-WinningMove(s), (s-WinningMove(s))/4, p.Other(), mv.Take, s-mv.Take, p.Other())}
	case Lost(s) && tieFixed(rs) && Best(s, rs[0].Tie) != mv.Take:
		return &Violation{Line: at, Rule: RuleTie, Msg: fmt.Sprintf(
			"%d matches is a lost state, where every move is as good; the part's tie rule takes %d", s, Best(s, rs[0].Tie))}
	}
	return nil
}

// tieFixed reports whether the readings rs settle the tie rule: when
// they allow several, any legal move from a lost state is a best move.
func tieFixed(rs []Reading) bool {
	return !slices.ContainsFunc(rs, func(r Reading) bool { return r.Tie != rs[0].Tie })
}

// checkLoser checks the loser line at (m: its regexp match) with s
// matches left and p to move.
func checkLoser(at int, m []string, s int, p Player, rs []Reading) *Violation {
	word := m[3]
	if word != NameLooses && word != NameLoses {
		return &Violation{Line: at, Rule: RuleFormat, Msg: fmt.Sprintf("%q is neither a move (\"N: Max takes K\") nor the loser line (\"1: Min looses\")", clip(m[0]))}
	}
	switch {
	case s != 1:
		return &Violation{Line: at, Rule: RuleEnd, Msg: fmt.Sprintf("the game ends when 1 match is left, but %d are left here", s)}
	case m[1] != "1":
		return &Violation{Line: at, Rule: RuleState, Msg: fmt.Sprintf("1 match is left here, not %s", m[1])}
	case m[2] != p.String():
		return &Violation{Line: at, Rule: RuleLoser, Msg: fmt.Sprintf("%s is to move with 1 match left and must take it, so %s loses: %q", p, p, LoserLine(p, rs[0].Spelling))}
	case !slices.ContainsFunc(rs, func(r Reading) bool { return r.Spelling.String() == word }):
		return &Violation{Line: at, Rule: RuleSpelling, Msg: fmt.Sprintf("the part wants %q", LoserLine(p, rs[0].Spelling))}
	}
	return nil
}

// clip shortens a line for a message.
func clip(l string) string {
	if len(l) > 60 {
		return l[:57] + "..."
	}
	return l
}
