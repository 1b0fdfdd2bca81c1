package casegen

import (
	"slices"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/javarand"
)

// mustLoseHalf reports whether mistake k must fail at least half of part
// p's cases: the simulated annealing mistakes in part e. The handout's
// examples stop at XX = 15 while T is still high, and the seed -1 cases
// check only rules such programs obey, so without enough hidden long runs
// a program that accepts every worse move keeps most of the part (and
// passes every public case).
func mustLoseHalf(p eightqueen.Part, k eightqueen.Mistake) bool {
	return p == eightqueen.PartAnneal && slices.Equal(k.Parts, []eightqueen.Part{eightqueen.PartAnneal})
}

// The share of the part's cases sharpen makes each such mistake lose: 3
// in 5, a margin over the half it must lose, so that the same mistake in a
// slightly different shape still loses half.
const (
	sharpNum = 3
	sharpDen = 5
)

// sharpKinds are the candidates sharpen draws from, in turn: long runs,
// where the temperature falls low enough for the mistakes to show.
var sharpKinds = []kind{
	{"long run (XX 90-99) that tells annealing mistakes apart", 1, seeded(500, longCutoff, randomBoard)},
	{"FLAG 599 that tells annealing mistakes apart", 1, seeded(500, fixed(99), randomBoard)},
}

// sharpen adds hidden cases until every mistake that must lose half of the
// part loses sharpNum/sharpDen of it: each added case fails every such
// mistake still below that share.
// It panics if the candidates run out first: the case set would not be
// what the package promises.
func (g *partGen) sharpen() {
	for try := 0; ; try++ {
		lagging := g.lagging()
		if len(lagging) == 0 {
			return
		}
		if try == attempts {
			panic("casegen: part " + g.part.String() + ": no candidate makes " + g.targets[lagging[0]].Name + " fail enough cases")
		}
		kd := sharpKinds[try%len(sharpKinds)]
		cmd, ok := kd.make(g.rng)
		if !ok || !g.usable(cmd) {
			continue
		}
		kills := g.killsOf(cmd)
		if !slices.ContainsFunc(lagging, func(j int) bool { return !kills[j] }) {
			g.addHidden(cmd, kd.name, kills)
		}
	}
}

// lagging returns the indexes of the targets that must lose half of the
// part's cases and lose less than sharpNum/sharpDen of them.
func (g *partGen) lagging() []int {
	var out []int
	total := len(g.cases) + len(g.unseeded)
	for j, k := range g.targets {
		if !mustLoseHalf(g.part, k) {
			continue
		}
		lost := 0
		for i := range g.cases {
			if g.kills[i][j] {
				lost++
			}
		}
		for i := range g.unseeded {
			if g.unseededKills[i][j] {
				lost++
			}
		}
		if sharpDen*lost < sharpNum*total {
			out = append(out, j)
		}
	}
	return out
}

// verdictSeeds are the seeds that stand in for the clock when a seed -1
// case is judged for the kill matrix. A mistake's verdict on these cases
// does not depend on the seed (TestUnseededCases checks 100 seeds); one
// that breaks a rule under only some of them is counted as passing.
var verdictSeeds = []int64{1, 2, 3}

// unseededKillsOf reports, for each seed -1 case and each target, whether
// the wrong program breaks a rule of a correct run under every verdict seed.
func (g *partGen) unseededKillsOf(un []cases.Case) [][]bool {
	out := make([][]bool, len(un))
	for i, c := range un {
		cmd, err := eightqueen.ParseArgs(c.Args)
		if err != nil {
			panic("casegen: " + c.ID + ": " + err.Error())
		}
		out[i] = make([]bool, len(g.targets))
		for j, k := range g.targets {
			out[i][j] = true
			for _, s := range verdictSeeds {
				got := eightqueen.Output(cmd, eightqueen.Options{Mistakes: []eightqueen.Mistake{k}, Unseeded: javarand.New(s)})
				if eightqueen.VerifyRun(cmd, got, nil) == nil {
					out[i][j] = false
					break
				}
			}
		}
	}
	return out
}
