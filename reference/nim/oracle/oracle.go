// Package oracle gives the grader the Nim reference (rubric keys
// reference = "nim" and [judge] name = "nim"): it judges each run by the
// rules every correct run obeys (package nim's checker), names the
// catalogued mistake a wrong answer, a crash or a time-out reproduces,
// and explains a correct game line by line.
//
// Its Judges give the grader the judge "nim": a grader.Judge, a grader.Diagnoser and a
// grader.Tracer.
package oracle

import (
	"context"
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/reference/nim"
)

// Name is the judge's name in a rubric.
const Name = "nim"

// Nim is the judge of the Nim assignment.
type Nim struct{}

var (
	_ grader.Judge     = Nim{}
	_ grader.Diagnoser = Nim{}
	_ grader.Tracer    = Nim{}
)

// Judges is this package's judge, Name, for a program's list of judges
// (grader.Judges).
var Judges = grader.Judges{Name: func(*rubric.Rubric) (grader.Judge, error) { return Nim{}, nil }}

// Judge implements grader.Judge: the run passes when it obeys every rule
// of its command line (a game, or a usage error) under the part's
// readings.
func (Nim) Judge(_ context.Context, t grader.Trial) (grader.Judgement, error) {
	v := nim.Check(nim.Run{Args: t.Case.Args, Stdout: t.Stdout, Stderr: t.Stderr, ExitCode: t.ExitCode}, nim.Accepted(t.Readings))
	if v == nil {
		return grader.Judgement{Pass: true}, nil
	}
	return grader.Judgement{Violation: &grader.Violation{Line: v.Line, Rule: v.Rule, Msg: v.Msg}}, nil
}

// Mistakes implements grader.Diagnoser: what each catalogued mistake
// does on args, under each accepted reading when it prints a wrong
// answer (once when the readings agree), or how it ends.
func (Nim) Mistakes(args []string, readings []string) []grader.KnownMistake {
	var out []grader.KnownMistake
	for _, m := range nim.Catalogue() {
		seen := map[string]bool{}
		for _, r := range nim.Accepted(readings) {
			o, ok := m.Run(args, r)
			if !ok || seen[string(o.Stdout)] {
				continue
			}
			seen[string(o.Stdout)] = true
			out = append(out, grader.KnownMistake{Name: m.Name, Stdout: o.Stdout, Verdict: verdict(o.End)})
		}
	}
	return out
}

// verdict is the grader's verdict of a way to end; "" for a program that
// ended on its own, whose output decides.
func verdict(e nim.End) grader.Verdict {
	switch e {
	case nim.Crashed:
		return grader.RuntimeError
	case nim.TooSlow:
		return grader.Timeout
	}
	return ""
}

// Hint implements grader.Diagnoser.
func (Nim) Hint(mistake string) string {
	m, err := nim.LookupMistake(mistake)
	if err != nil {
		return ""
	}
	return m.Hint
}

// Trace implements grader.Tracer: the game a correct program following
// the reading prints, each line with why it is what it is.
func (Nim) Trace(args []string, reading string) (grader.Trace, error) {
	r, err := nim.ParseReading(reading)
	if err != nil {
		return grader.Trace{}, err
	}
	n, kind, why := nim.Classify(args)
	if kind == nim.Usage {
		return grader.Trace{Reading: r.String(), Why: []string{"the command line is wrong (" + why +
			"): a correct program prints nothing on standard output, a usage message on standard error, and exits with a non-zero status"}}, nil
	}
	var b strings.Builder
	var whys []string
	for _, m := range nim.Game(n, r.Tie) {
		b.WriteString(m.String() + "\n")
		whys = append(whys, explain(m, r.Tie))
	}
	p := nim.Max
	if len(whys)%2 == 1 {
		p = nim.Min
	}
	b.WriteString(nim.LoserLine(p, r.Spelling) + "\n")
	whys = append(whys, fmt.Sprintf("1 match is left and %s is to move: %s must take it, and loses", p, p))
	if kind == nim.Beyond {
		whys = append(whys, fmt.Sprintf("%d is more than %d matches: a program may also reject it as a usage error", n, nim.MaxN))
	}
	return grader.Trace{Reading: r.String(), Stdout: []byte(b.String()), Why: whys}, nil
}

// explain says why move m is the one a correct program under tie rule t
// plays.
func explain(m nim.Move, t nim.Tie) string {
	s := m.State
	if !nim.Lost(s) {
		return fmt.Sprintf("%d %% 4 = %d: %s wins by taking %d, leaving %d = 4×%d+1 matches, a lost state for %s",
			s, s%4, m.Player, m.Take, s-m.Take, (s-m.Take)/4, m.Player.Other())
	}
	rule := "the first best move, trying 1, 2, 3, is 1"
	if t == nim.TieLargest {
		rule = fmt.Sprintf("trying 3, 2, 1, the first legal move is %d", m.Take)
	}
	return fmt.Sprintf("%d %% 4 = 1: %s has lost whatever it takes, so every legal move is a best move; %s", s, m.Player, rule)
}
