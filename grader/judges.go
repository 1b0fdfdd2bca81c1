package grader

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// JudgeMaker makes a judge for an assignment; r's [judge] section holds
// its options (Flags). Its error names the problem in a line.
type JudgeMaker func(r *rubric.Rubric) (Judge, error)

// Judges are the judges an assignment may name, by name ([judge] name,
// reference, a case's check key): the program lists every judge it has
// in one value (the autograder command in its package bundle, a test its
// own) and passes it when it loads an assignment. The grader's own judges,
// "diff" and "tokens", need no listing.
type Judges map[string]JudgeMaker

// JoinJudges is the judges of every list, which name no judge twice
// (that panics: the program's lists are wrong).
func JoinJudges(lists ...Judges) Judges {
	all := Judges{}
	for _, js := range lists {
		for name, mk := range js {
			if _, dup := all[name]; dup {
				panic("grader: judge " + name + " listed twice")
			}
			all[name] = mk
		}
	}
	return all
}

// ownJudges are the judges every assignment may name.
var ownJudges = Judges{
	"diff": func(r *rubric.Rubric) (Judge, error) {
		mode, err := compare.ParseMode(r.Compare.Mode)
		return ExpectedOutput{Mode: mode}, err
	},
	"tokens": func(r *rubric.Rubric) (Judge, error) {
		opt, err := compare.ParseValidatorFlags(r.Judge.Flags)
		return Tokens{Compare: opt}, err
	},
}

// maker is the judge js or the grader has by name.
func (js Judges) maker(name string) (JudgeMaker, bool) {
	if mk, ok := ownJudges[name]; ok {
		return mk, true
	}
	mk, ok := js[name]
	return mk, ok
}

// makeJudge makes the judge called name, one of js or the grader's own.
func (js Judges) makeJudge(name string, r *rubric.Rubric) (Judge, error) {
	mk, ok := js.maker(name)
	if !ok {
		known := slices.Sorted(maps.Keys(ownJudges))
		for n := range js {
			if _, own := ownJudges[n]; !own {
				known = append(known, n)
			}
		}
		slices.Sort(known)
		return nil, fmt.Errorf("no judge %q in this grader (it has %s)", name, strings.Join(known, ", "))
	}
	return mk(r)
}

// ExpectedOutput is the judge "diff": a run passes when its output is one the
// case accepts under the part's readings, compared as Mode says.
type ExpectedOutput struct{ Mode compare.Mode }

// Judge implements Judge.
func (e ExpectedOutput) Judge(_ context.Context, t Trial) (Judgement, error) {
	accepted := t.Case.Accepts(t.Readings)
	for _, o := range accepted {
		if compare.Equal(o.Stdout, t.Stdout, e.Mode) {
			return Judgement{Pass: true, Reading: strings.Join(o.Readings, ",")}, nil
		}
	}
	var j Judgement
	if len(accepted) > 0 {
		m := compare.Explain(accepted[0].Stdout, t.Stdout, e.Mode)
		j.Mismatch = &Mismatch{Line: m.Line, Expected: m.Expected, Got: m.Got, Diff: m.Diff}
	}
	return j, nil
}

// Tokens is the judge "tokens": a run passes when its output matches one
// the case accepts token by token, as contest packages' default output
// validator compares (compare.Tokens; the rubric's [judge] flags are its
// validator flags: case_sensitive, space_change_sensitive,
// float_tolerance E, float_absolute_tolerance E, float_relative_tolerance E).
type Tokens struct{ Compare compare.TokenOptions }

// Judge implements Judge. A case with its own JudgeArgs is compared under
// those flags instead.
func (tk Tokens) Judge(_ context.Context, t Trial) (Judgement, error) {
	if t.Case.JudgeArgs != nil {
		opt, err := compare.ParseValidatorFlags(t.Case.JudgeArgs)
		if err != nil {
			return Judgement{}, fmt.Errorf("case %s: %w", t.Case.ID, err)
		}
		tk.Compare = opt
	}
	accepted := t.Case.Accepts(t.Readings)
	var first *compare.TokenMismatch
	for i, o := range accepted {
		m := compare.Tokens(o.Stdout, t.Stdout, tk.Compare)
		if m == nil {
			return Judgement{Pass: true, Reading: strings.Join(o.Readings, ",")}, nil
		}
		if i == 0 {
			first = m
		}
	}
	var j Judgement
	if first != nil {
		j.Mismatch = &Mismatch{Line: first.Line, Expected: first.Expected, Got: first.Got, Diff: first.String()}
	}
	return j, nil
}
