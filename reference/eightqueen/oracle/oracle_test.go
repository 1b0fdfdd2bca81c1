package oracle

import (
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/javarand"
)

func TestAccepted(t *testing.T) {
	hill, _ := eightqueen.ParseArgs([]string{"399", "1", "01234567"})
	first, _ := eightqueen.ParseArgs([]string{"499", "01234567"})
	tests := []struct {
		cmd   eightqueen.Command
		names []string
		want  []string // the readings' String()s
	}{
		{hill, nil, []string{"steepest-all,cutoff-silent,cool-after", "steepest-nonraising,cutoff-silent,cool-after"}},
		{hill, []string{"steepest-all"}, []string{"steepest-all,cutoff-silent,cool-after"}},
		{hill, []string{"steepest-nonraising", "cool-before"}, []string{"steepest-nonraising,cutoff-silent,cool-after"}},
		{hill, []string{"cutoff-optimum"}, []string{"steepest-all,cutoff-silent,cool-after", "steepest-nonraising,cutoff-silent,cool-after"}},
		{first, []string{"cutoff-silent", "cutoff-optimum"}, []string{"steepest-all,cutoff-silent,cool-after", "steepest-all,cutoff-optimum,cool-after"}},
		{first, []string{"cutoff-optimum"}, []string{"steepest-all,cutoff-optimum,cool-after"}},
	}
	for _, tt := range tests {
		var got []string
		for _, r := range accepted(tt.cmd, tt.names) {
			got = append(got, r.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("accepted(%s, %q) = %q, want %q", tt.cmd, tt.names, got, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	o := EightQueen{}
	args := []string{"399", "-1", "13276471"}
	cmd, _ := eightqueen.ParseArgs(args)
	right := eightqueen.Output(cmd, eightqueen.Options{Unseeded: javarand.New(7)})
	if v := o.Check(args, right, nil); v != nil {
		t.Errorf("a correct run: %+v", v)
	}
	stayPut, _ := eightqueen.LookupMistake("stay-put-successor")
	wrong := eightqueen.Output(cmd, eightqueen.Options{Unseeded: javarand.New(7), Mistakes: []eightqueen.Mistake{stayPut}})
	v := o.Check(args, wrong, nil)
	if v == nil || v.Rule != "move" || v.Line < 2 {
		t.Errorf("staying put: %+v, want a move violation", v)
	}
	if v := o.Check([]string{"399", "-1", "0123456"}, right, nil); v == nil || v.Rule != "args" {
		t.Errorf("a bad command line: %+v", v)
	}
	// A 3XX run under the non-raising reading stops at a strict local
	// optimum: a part that accepts only steepest-all does not accept it.
	nonRaising := eightqueen.Reading{NonRaising: true}
	for seed := int64(1); seed < 500; seed++ {
		rng := javarand.New(seed)
		var b eightqueen.Board
		for i := range b {
			b[i] = int8(rng.NextInt(8))
		}
		cmd := eightqueen.Command{Flag: 399, Seed: eightqueen.Unseeded, Board: b}
		out := eightqueen.Output(cmd, eightqueen.Options{Reading: nonRaising, Unseeded: rng})
		if eightqueen.VerifyRun(cmd, out, []eightqueen.Reading{eightqueen.Default}) == nil {
			continue
		}
		args := cmd.Args()
		if v := o.Check(args, out, []string{"steepest-nonraising"}); v != nil {
			t.Errorf("%s, seed %d: the non-raising run under its own reading: %+v", b, seed, v)
		}
		if v := o.Check(args, out, []string{"steepest-all"}); v == nil || v.Rule != "stop" {
			t.Errorf("%s, seed %d: the non-raising run under steepest-all only: %+v, want a stop violation", b, seed, v)
		}
		return
	}
	t.Error("no seed gives a run that only the non-raising reading explains")
}

func TestMistakes(t *testing.T) {
	o := EightQueen{}
	args := []string{"200", "01234567"}
	ms := o.Mistakes(args, nil)
	var names []string
	for _, m := range ms {
		if !slices.Contains(names, m.Name) {
			names = append(names, m.Name)
		}
	}
	for _, want := range []string{"value-first-order", "pairs-counted-twice", "stay-put-successor"} {
		if !slices.Contains(names, want) {
			t.Errorf("Mistakes(200) lacks %s: %q", want, names)
		}
	}
	for _, m := range ms {
		if m.Name == "sa-no-cooling" {
			t.Error("an SA mistake listed for FLAG 200")
		}
	}
	if ms := o.Mistakes([]string{"599", "-1", "01234567"}, nil); ms != nil {
		t.Errorf("an unseeded run has %d mistake outputs; its output is random", len(ms))
	}
	if h := o.Hint("sa-no-cooling"); !strings.Contains(h, "0.95") {
		t.Errorf("Hint(sa-no-cooling) = %q", h)
	}
	if h := o.Hint("no-such"); h != "" {
		t.Errorf("Hint(no-such) = %q", h)
	}
}

func TestTrace(t *testing.T) {
	o := EightQueen{}
	tr, err := o.Trace([]string{"315", "1", "12375643"}, "")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(tr.Stdout), "\n"), "\n")
	if len(tr.Why) < len(lines) {
		t.Fatalf("%d explanations for %d lines", len(tr.Why), len(lines))
	}
	if tr.Why[0] != "" || !strings.HasPrefix(tr.Why[1], "move 1: from 12375643") || !strings.Contains(tr.Why[1], "nextInt(") {
		t.Errorf("why: %q", tr.Why[:2])
	}
	if lines[len(lines)-1] == "Solved" && !strings.Contains(tr.Why[len(lines)-1], "Solved") {
		t.Errorf("the Solved line is not explained: %q", tr.Why[len(lines)-1])
	}
	if tr.Words != "steepest moves are the lowest-cost moves among all moves" {
		t.Errorf("words %q: a student reads the handout's words for the open point of part c alone", tr.Words)
	}
	if tr.Reading != "steepest-all,cutoff-silent,cool-after" {
		t.Errorf("reading %q", tr.Reading)
	}
	if _, err := o.Trace([]string{"315", "-1", "12375643"}, ""); err == nil {
		t.Error("a trace of an unseeded run")
	}
	if _, err := o.Trace([]string{"315", "1", "12375643"}, "steepest-sideways"); err == nil {
		t.Error("a trace under an unknown reading")
	}
}
