package casegen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/reference/eightqueen"
)

// The PCG seed of part p's stream is (seedHi, seedLo + p): changing one
// part's candidates leaves the others' cases as they were.
const (
	seedHi = 540
	seedLo = 2025
)

// attempts bounds the candidates tried per part in each phase.
const attempts = 20000

// partGen picks one part's cases.
type partGen struct {
	part    eightqueen.Part
	rng     *rand.Rand
	targets []eightqueen.Mistake // the mistakes that concern the part
	cases   []cases.Case
	kills   [][]bool // kills[i][j]: cases[i] fails targets[j]
	public  int
	seen    map[string]bool // command lines already used
	// forgiven[j]: some candidate's output under targets[j] differed from
	// the correct one only in ways the comparison forgives.
	forgiven []bool
	// unseeded are the part's seed -1 cases; unseededKills[i][j]: targets[j]
	// breaks a rule of unseeded[i].
	unseeded      []cases.Case
	unseededKills [][]bool
}

func newPartGen(p eightqueen.Part) *partGen {
	g := &partGen{part: p, rng: rand.New(rand.NewPCG(seedHi, seedLo+uint64(p))), seen: map[string]bool{}}
	for _, k := range eightqueen.Catalogue() {
		if k.Concerns(p) {
			g.targets = append(g.targets, k)
		}
	}
	g.forgiven = make([]bool, len(g.targets))
	return g
}

func (g *partGen) addPublic(cmd eightqueen.Command, ex eightqueen.Example) {
	g.public++
	c := g.newCase(cmd, fmt.Sprintf("public-%02d", g.public), cases.Public)
	c.Note = "handout example; " + c.Note
	// The handout's own listing is what a public case expects; Check and a
	// test make sure the reference prints it under every reading.
	if len(c.Outputs) == 1 && string(c.Outputs[0].Stdout) != ex.Output {
		panic(fmt.Sprintf("casegen: the reference does not reproduce handout example %s", cmd))
	}
	g.add(c, g.killsOf(cmd))
}

func (g *partGen) add(c cases.Case, kills []bool) {
	g.seen[strings.Join(c.Args, " ")] = true
	g.cases = append(g.cases, c)
	g.kills = append(g.kills, kills)
}

func (g *partGen) addHidden(cmd eightqueen.Command, kind string, kills []bool) {
	c := g.newCase(cmd, fmt.Sprintf("hidden-%02d", len(g.cases)-g.public+1), cases.Hidden)
	c.Note = kind + "; " + c.Note
	var names []string
	for j, k := range kills {
		if k {
			names = append(names, g.targets[j].Name)
		}
	}
	if len(names) > 0 {
		c.Note += "; catches " + strings.Join(names, ", ")
	}
	g.add(c, kills)
}

// usable reports whether a hidden case may use cmd: new, seeded, and printing
// the same under every reading.
func (g *partGen) usable(cmd eightqueen.Command) bool {
	if g.seen[cmd.String()] || !cmd.Seeded() || cmd.Part() != g.part {
		return false
	}
	if cmd.TakesSeed() && (cmd.Seed < -1<<31 || cmd.Seed >= 1<<31) {
		return false
	}
	return eightqueen.Agree(cmd, nil)
}

// newCase makes the case for cmd, with one output per distinct outcome
// (one unlabelled output when the readings agree).
func (g *partGen) newCase(cmd eightqueen.Command, name string, v cases.Visibility) cases.Case {
	c := cases.Case{
		ID: g.part.String() + "/" + name, Part: g.part.String(),
		Args: cmd.Args(), Visibility: v,
	}
	outs := eightqueen.Outcomes(cmd, nil)
	if len(outs) == 1 {
		c.Outputs = []cases.Output{{Stdout: outs[0].Output}}
	} else {
		for _, o := range outs {
			var label []string
			for _, r := range o.Readings {
				for _, n := range relevantNames(r, g.part) {
					if !slices.Contains(label, n) {
						label = append(label, n)
					}
				}
			}
			c.Outputs = append(c.Outputs, cases.Output{Readings: label, Stdout: o.Output})
		}
	}
	c.Note = describe(cmd, outs[0].Output)
	return c
}

// relevantNames returns the names of r's choices for the points that
// concern part p.
func relevantNames(r eightqueen.Reading, p eightqueen.Part) []string {
	var out []string
	for _, ch := range eightqueen.ReadingChoices() {
		if slices.Contains(ch.Parts, p) && slices.Contains(r.Names(), ch.Name) {
			out = append(out, ch.Name)
		}
	}
	return out
}

// killsOf reports, for each target mistake, whether cmd catches it: under
// every reading of the part, the wrong program's output differs from the
// correct one as the default comparison sees it.
func (g *partGen) killsOf(cmd eightqueen.Command) []bool {
	readings := eightqueen.ReadingsFor(g.part)
	want := make([][]byte, len(readings))
	for i, r := range readings {
		want[i] = eightqueen.Output(cmd, eightqueen.Options{Reading: r})
	}
	kills := make([]bool, len(g.targets))
	for j, k := range g.targets {
		kills[j] = true
		for i, r := range readings {
			got := eightqueen.Output(cmd, eightqueen.Options{Reading: r, Mistakes: []eightqueen.Mistake{k}})
			if compare.Equal(want[i], got, compare.Lines) {
				if !bytes.Equal(want[i], got) {
					g.forgiven[j] = true
				}
				kills[j] = false
				break
			}
		}
	}
	return kills
}

// describe summarises what the correct program does on cmd, for the note.
func describe(cmd eightqueen.Command, out []byte) string {
	var lines []string
	if len(out) > 0 {
		lines = strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	}
	switch cmd.Part() {
	case eightqueen.PartCost:
		return "cost " + strings.TrimSpace(string(out))
	case eightqueen.PartSteepest:
		if len(lines) == 0 {
			return "no steepest move: no output"
		}
		n := len(lines) - 1
		return fmt.Sprintf("%d steepest move%s of cost %s from cost %d", n, plural(n), lines[n], cmd.Board.Cost())
	}
	r := summarise(cmd, out)
	xx := cmd.Cutoff()
	start := fmt.Sprintf("start cost %d, ", cmd.Board.Cost())
	switch {
	case r.solved && r.moves == 0:
		return "starts solved"
	case r.solved && r.moves == xx:
		return start + fmt.Sprintf("solved at move %d, exactly the cutoff", r.moves)
	case r.solved:
		return start + fmt.Sprintf("solved at move %d of at most %d", r.moves, xx)
	case r.optimum:
		return start + fmt.Sprintf("local optimum after %d move%s (cutoff %d)", r.moves, plural(r.moves), xx)
	case r.moves < xx:
		return start + fmt.Sprintf("no steepest move after %d move%s (cutoff %d)", r.moves, plural(r.moves), xx)
	}
	return start + fmt.Sprintf("runs to the cutoff, %d move%s, ends at cost %s", xx, plural(xx), r.lastCost)
}

// run is how a 3XX-5XX run ended.
type run struct {
	moves           int
	solved, optimum bool
	lastCost        string
}

func summarise(cmd eightqueen.Command, out []byte) run {
	var r run
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		switch {
		case l == "Solved":
			r.solved = true
		case l == "Local optimum":
			r.optimum = true
		default:
			if _, after, ok := strings.Cut(l, " "); ok {
				r.lastCost = after
			}
			r.moves++
		}
	}
	r.moves--
	return r
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
