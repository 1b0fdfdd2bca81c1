// Package casegen writes the default Eight Queens case set from the
// reference: the handout's 24 examples as public cases, and hidden cases
// chosen so that every catalogued mistake fails at least one hidden case of
// every part it concerns, and every simulated annealing mistake at least
// half of part e's cases (see mustLoseHalf).
//
// Generation is deterministic: the random command lines come from a fixed
// PCG seed per part, candidates are tried in a fixed order, and nothing is
// read from a map into the output. A hidden case is kept only when every
// reading of the part prints the same output for it, so a hidden case never
// depends on how a student reads an open point; seeded hidden cases use
// seeds within Java's int range.
//
// Hill climbing and simulated annealing also get seed -1 cases, which no
// output can be expected of: they are "check: reference" cases, judged by
// the rules of a correct run (see unseededCases).
//
// A mistake "fails" a case when, whichever reading the wrong program
// follows, its output differs from the expected one under the grader's
// default comparison (lines, trailing spaces and blank lines ignored).
package casegen

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/reference/eightqueen"
)

// HiddenPerPart is how many hidden cases each part gets, more only if
// catching every mistake takes more.
const HiddenPerPart = 20

// parts lists the handout's parts in order.
var parts = []eightqueen.Part{eightqueen.PartCost, eightqueen.PartSteepest, eightqueen.PartHill, eightqueen.PartFirstChoice, eightqueen.PartAnneal}

// Report is the kill matrix of a case set: for each catalogued mistake and
// each part it concerns, the cases it fails.
type Report struct {
	Pairs []Pair      // in catalogue order, then part order
	Parts []PartCount // in part order
}

// Pair is one (mistake, part) cell of the matrix.
type Pair struct {
	Mistake string
	Part    string
	Hidden  []string // IDs of the seeded hidden cases the mistake fails
	Public  []string // IDs of the public cases the mistake fails
	// Unseeded are the IDs of the seed -1 cases whose rules the mistake
	// breaks (under every probe seed: such a verdict does not depend on it).
	Unseeded []string
	// Cases is how many cases the part has; the mistake loses
	// Lost() of them.
	Cases int
	// Half says the mistake must lose at least half of the part's cases
	// (see mustLoseHalf).
	Half bool
	// Reason, for a pair no hidden case catches, says why.
	Reason string
}

// Lost is how many of the part's cases the mistake fails.
func (p Pair) Lost() int { return len(p.Hidden) + len(p.Public) + len(p.Unseeded) }

// Share is the fraction of the part's cases the mistake fails.
func (p Pair) Share() float64 {
	if p.Cases == 0 {
		return 0
	}
	return float64(p.Lost()) / float64(p.Cases)
}

// PartCount is how many cases a part has.
type PartCount struct {
	Part                     string
	Public, Hidden, Unseeded int // Hidden counts the seeded hidden cases
}

// BelowHalf returns the pairs that must lose half of their part's cases
// and do not.
func (r Report) BelowHalf() []Pair {
	var out []Pair
	for _, p := range r.Pairs {
		if p.Half && 2*p.Lost() < p.Cases {
			out = append(out, p)
		}
	}
	return out
}

// Uncaught returns the pairs that no hidden case catches.
func (r Report) Uncaught() []Pair {
	var out []Pair
	for _, p := range r.Pairs {
		if len(p.Hidden) == 0 {
			out = append(out, p)
		}
	}
	return out
}

// Format prints the matrix as an aligned table, then the uncaught pairs.
func (r Report) Format() string {
	var b strings.Builder
	for _, pc := range r.Parts {
		fmt.Fprintf(&b, "part %s: %d public + %d hidden cases", pc.Part, pc.Public, pc.Hidden)
		if pc.Unseeded > 0 {
			fmt.Fprintf(&b, " + %d unseeded (seed -1, checked by rules)", pc.Unseeded)
		}
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "MISTAKE\tPART\tLOSES\tSHARE\tHIDDEN\tPUBLIC\tUNSEEDED\tCAUGHT BY (HIDDEN)")
	for _, p := range r.Pairs {
		ids := p.Hidden
		more := ""
		if len(ids) > 4 {
			ids, more = ids[:4], fmt.Sprintf(" +%d more", len(p.Hidden)-4)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d/%d\t%.0f%%\t%d\t%d\t%d\t%s%s\n", p.Mistake, p.Part, p.Lost(), p.Cases, 100*p.Share(),
			len(p.Hidden), len(p.Public), len(p.Unseeded), strings.Join(ids, " "), more)
	}
	tw.Flush()
	un := r.Uncaught()
	if len(un) == 0 {
		b.WriteString("\nevery (mistake, part) pair fails at least one hidden case\n")
	}
	for _, p := range un {
		fmt.Fprintf(&b, "\nuncaught: %s in part %s: %s\n", p.Mistake, p.Part, p.Reason)
	}
	half := r.BelowHalf()
	if len(half) == 0 {
		b.WriteString("every simulated annealing mistake fails at least half of part e's cases\n")
	}
	for _, p := range half {
		fmt.Fprintf(&b, "below half: %s fails %d of part %s's %d cases\n", p.Mistake, p.Lost(), p.Part, p.Cases)
	}
	return b.String()
}

// Generate returns the default case set, sorted by ID, and its kill matrix.
func Generate() ([]cases.Case, Report) {
	examples := eightqueen.HandoutExamples()
	var all []cases.Case
	var rep Report
	for _, p := range parts {
		g := newPartGen(p)
		for _, ex := range examples {
			cmd, err := eightqueen.ParseArgs(ex.Args)
			if err != nil {
				panic(fmt.Sprintf("casegen: handout example line %d: %v", ex.Line, err))
			}
			if cmd.Part() == p {
				g.addPublic(cmd, ex)
			}
		}
		g.pickHidden()
		un := unseededCases(p)
		g.unseeded, g.unseededKills = un, g.unseededKillsOf(un)
		g.sharpen()
		all = append(all, g.cases...)
		all = append(all, un...)
		rep.Parts = append(rep.Parts, PartCount{Part: p.String(), Public: g.public, Hidden: len(g.cases) - g.public, Unseeded: len(un)})
		rep.Pairs = append(rep.Pairs, g.pairs()...)
	}
	slices.SortFunc(all, func(a, b cases.Case) int { return strings.Compare(a.ID, b.ID) })
	slices.SortStableFunc(rep.Pairs, func(a, b Pair) int {
		return catalogueIndex(a.Mistake) - catalogueIndex(b.Mistake)
	})
	return all, rep
}

func catalogueIndex(name string) int {
	return slices.IndexFunc(eightqueen.Catalogue(), func(k eightqueen.Mistake) bool { return k.Name == name })
}

// catchesWanted is how many hidden cases of a part the greedy phase wants
// each of the part's mistakes to fail: more than one, so that a program
// with the mistake in a slightly different shape is still likely caught.
const catchesWanted = 2

// giveUp is how many failed candidates in a row retire a kind from the fill.
const giveUp = 500

// pickHidden first adds candidates that catch a mistake fewer than
// catchesWanted hidden cases catch yet, trying each kind in turn; then it
// fills the part up to HiddenPerPart, each time from the kind furthest below
// its weighted share.
func (g *partGen) pickHidden() {
	kinds := kindsFor(g.part)
	used := make([]int, len(kinds))
	need := make([]int, len(g.targets))
	left := 0
	for j := range need {
		need[j] = catchesWanted
		left += catchesWanted
	}
	for try := 0; try < attempts && left > 0; try++ {
		k := try % len(kinds)
		cmd, ok := kinds[k].make(g.rng)
		if !ok || !g.usable(cmd) {
			continue
		}
		kills := g.killsOf(cmd)
		fresh := false
		for j, kill := range kills {
			if kill && need[j] > 0 {
				fresh = true
				need[j]--
				left--
			}
		}
		if fresh {
			g.addHidden(cmd, kinds[k].name, kills)
			used[k]++
		}
	}
	failed := make([]int, len(kinds))
	for try := 0; try < attempts && len(g.cases)-g.public < HiddenPerPart; try++ {
		k := -1
		for i := range kinds {
			// used/weight smallest first: compare by cross-multiplying.
			if failed[i] < giveUp && (k < 0 || used[i]*kinds[k].weight < used[k]*kinds[i].weight) {
				k = i
			}
		}
		if k < 0 {
			break
		}
		cmd, ok := kinds[k].make(g.rng)
		if !ok || !g.usable(cmd) {
			failed[k]++
			continue
		}
		failed[k] = 0
		g.addHidden(cmd, kinds[k].name, g.killsOf(cmd))
		used[k]++
	}
}

func (g *partGen) pairs() []Pair {
	var out []Pair
	for j, k := range g.targets {
		p := Pair{Mistake: k.Name, Part: g.part.String(), Cases: len(g.cases) + len(g.unseeded), Half: mustLoseHalf(g.part, k)}
		for i, c := range g.unseeded {
			if g.unseededKills[i][j] {
				p.Unseeded = append(p.Unseeded, c.ID)
			}
		}
		for i, c := range g.cases {
			if !g.kills[i][j] {
				continue
			}
			if c.Visibility == cases.Public {
				p.Public = append(p.Public, c.ID)
			} else {
				p.Hidden = append(p.Hidden, c.ID)
			}
		}
		if len(p.Hidden) == 0 {
			p.Reason = fmt.Sprintf("none of %d candidate command lines on which the readings agree shows it", attempts)
			if g.forgiven[j] {
				p.Reason = "its output differs from the correct one only in ways the default comparison forgives (trailing spaces, blank lines, line ends)"
			}
		}
		out = append(out, p)
	}
	return out
}
