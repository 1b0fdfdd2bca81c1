// Package oracle gives the grader the Eight Queens reference program
// (rubric key reference = "eightqueen"): it checks unseeded runs by the
// rules every correct run obeys, names the catalogued mistake that
// reproduces a wrong output, and explains a correct run line by line.
//
// It is the one place where the assignment-neutral grader meets package
// eightqueen; neither of those imports the other. Its Judges give the
// grader the oracle as the judge "eightqueen": a grader.Judge of unseeded runs, a
// grader.Diagnoser of wrong answers and a grader.Tracer for explanations.
package oracle

import (
	"context"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/eightqueen/casegen"
)

// Name is the rubric's reference value for Eight Queens.
const Name = "eightqueen"

// EightQueen is the reference judge of the Eight Queens homework.
type EightQueen struct{}

var (
	_ grader.Judge        = EightQueen{}
	_ grader.Diagnoser    = EightQueen{}
	_ grader.Tracer       = EightQueen{}
	_ grader.CaseVerifier = EightQueen{}
)

// Judges is this package's judge, Name, for a program's list of judges
// (grader.Judges).
var Judges = grader.Judges{Name: func(*rubric.Rubric) (grader.Judge, error) { return EightQueen{}, nil }}

// Judge implements grader.Judge: a run passes when it obeys every rule a
// correct run obeys under the part's readings (Check).
func (e EightQueen) Judge(_ context.Context, t grader.Trial) (grader.Judgement, error) {
	v := e.Check(t.Case.Args, t.Stdout, t.Readings)
	return grader.Judgement{Pass: v == nil, Violation: v}, nil
}

// accepted returns the readings of cmd's part that a rubric part
// accepting the reading names accepts: for each open point of the part
// that the names mention, the reading's choice must be among them; a
// point the names do not mention is open to every choice. No names:
// every reading.
func accepted(cmd eightqueen.Command, names []string) []eightqueen.Reading {
	all := eightqueen.ReadingsFor(cmd.Part())
	if len(names) == 0 {
		return all
	}
	points := map[string][]string{} // point -> the names given for it
	for _, ch := range eightqueen.ReadingChoices() {
		if slices.Contains(names, ch.Name) && slices.Contains(ch.Parts, cmd.Part()) {
			points[ch.Point] = append(points[ch.Point], ch.Name)
		}
	}
	var out []eightqueen.Reading
	for _, r := range all {
		ok := true
		for _, ch := range eightqueen.ReadingChoices() {
			given, mentioned := points[ch.Point]
			if mentioned && slices.Contains(r.Names(), ch.Name) && !slices.Contains(given, ch.Name) {
				ok = false
			}
		}
		if ok {
			out = append(out, r)
		}
	}
	return out
}

// VerifyCases implements grader.CaseVerifier: each case's outputs are
// what the reference prints under their readings (casegen.Check).
func (EightQueen) VerifyCases(cs []cases.Case) error { return casegen.Check(cs) }

// Check judges an unseeded run: VerifyRun under the accepted readings. It
// returns nil when the run obeys every rule.
func (EightQueen) Check(args []string, stdout []byte, readings []string) *grader.Violation {
	cmd, err := eightqueen.ParseArgs(args)
	if err != nil {
		return &grader.Violation{Line: 0, Rule: "args", Msg: "the case's command line is not one the handout allows: " + err.Error()}
	}
	rs := accepted(cmd, readings)
	if len(rs) == 0 {
		return &grader.Violation{Line: 0, Rule: "readings", Msg: "the part accepts no reading of this command line: " + strings.Join(readings, ", ")}
	}
	v := eightqueen.VerifyRun(cmd, stdout, rs)
	if v == nil {
		return nil
	}
	return &grader.Violation{Line: v.Line, Rule: v.Rule, Msg: v.Msg}
}

// Mistakes implements grader.Diagnoser: the output of each catalogued
// mistake that concerns the command line's part, under each accepted
// reading. An unseeded run prints something else each time: none.
func (EightQueen) Mistakes(args []string, readings []string) []grader.KnownMistake {
	cmd, err := eightqueen.ParseArgs(args)
	if err != nil || !cmd.Seeded() {
		return nil
	}
	var out []grader.KnownMistake
	for _, m := range eightqueen.Catalogue() {
		if !m.Concerns(cmd.Part()) {
			continue
		}
		for _, r := range accepted(cmd, readings) {
			out = append(out, grader.KnownMistake{Name: m.Name,
				Stdout: eightqueen.Output(cmd, eightqueen.Options{Reading: r, Mistakes: []eightqueen.Mistake{m}})})
		}
	}
	return out
}

// Hint implements grader.Diagnoser.
func (EightQueen) Hint(mistake string) string {
	m, err := eightqueen.LookupMistake(mistake)
	if err != nil {
		return ""
	}
	return m.Hint
}

// Trace implements grader.Oracle: the correct run and, for each line, the
// steps that led to it.
func (EightQueen) Trace(args []string, reading string) (grader.Trace, error) {
	cmd, err := eightqueen.ParseArgs(args)
	if err != nil {
		return grader.Trace{}, err
	}
	r, err := eightqueen.ParseReading([]string{reading})
	if err != nil {
		return grader.Trace{}, err
	}
	if !cmd.Seeded() {
		return grader.Trace{}, errUnseeded
	}
	var steps []eightqueen.Step
	out := eightqueen.Output(cmd, eightqueen.Options{Reading: r, Trace: func(s eightqueen.Step) { steps = append(steps, s) }})
	n := strings.Count(string(out), "\n")
	if len(out) > 0 && !strings.HasSuffix(string(out), "\n") {
		n++
	}
	why := make([]string, n)
	var after []string // steps after the last line: how the run ended
	for _, s := range steps {
		if s.Kind == eightqueen.StepSolved && s.Line >= 1 && s.Line <= n {
			why[s.Line-1] = join(why[s.Line-1], s.String()) // told once "Solved" is out
			continue
		}
		if s.Line < n {
			why[s.Line] = join(why[s.Line], s.String())
		} else {
			after = append(after, s.String())
		}
	}
	if len(after) > 0 {
		why = append(why, strings.Join(after, "; "))
	}
	return grader.Trace{Reading: r.String(), Words: strings.Join(r.Describe(cmd.Part()), "; "), Stdout: out, Why: why}, nil
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

type unseededError struct{}

func (unseededError) Error() string {
	return "seed -1 runs differently each time: there is no one correct run to explain"
}

var errUnseeded = unseededError{}
