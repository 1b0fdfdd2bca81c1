package eightqueen

import (
	"fmt"
	"slices"
	"strings"
)

// Reading fixes each point the handout leaves open. Every reading reproduces
// all 24 handout examples; they differ on rare command lines only.
type Reading struct {
	// NonRaising: the steepest moves are taken among moves that do not raise
	// the cost, so at a strict local minimum 200 prints nothing and 3XX stops.
	// Otherwise (the default) they are the lowest-cost moves among all moves.
	NonRaising bool
	// OptimumAtCutoff: 4XX prints "Local optimum" when it reaches the cutoff
	// on a board with no better move. Otherwise it stops silently there.
	OptimumAtCutoff bool
	// CoolBefore: 5XX multiplies T by 0.95 before the acceptance test of an
	// iteration. Otherwise after it.
	CoolBefore bool
}

// Default is the reading the grader assumes when none is named.
var Default = Reading{}

// A choice is one named answer to one open point.
type choice struct {
	point, name, summary string
	parts                []Part
	on                   bool
	field                func(*Reading) *bool
}

var choices = []choice{
	{"steepest", "steepest-all", "steepest moves are the lowest-cost moves among all moves", []Part{PartSteepest, PartHill}, false, func(r *Reading) *bool { return &r.NonRaising }},
	{"steepest", "steepest-nonraising", "steepest moves are taken among moves that do not raise the cost; none at a strict local minimum", []Part{PartSteepest, PartHill}, true, func(r *Reading) *bool { return &r.NonRaising }},
	{"cutoff", "cutoff-silent", "4XX stops silently at the cutoff", []Part{PartFirstChoice}, false, func(r *Reading) *bool { return &r.OptimumAtCutoff }},
	{"cutoff", "cutoff-optimum", "4XX prints \"Local optimum\" at the cutoff when no move is better", []Part{PartFirstChoice}, true, func(r *Reading) *bool { return &r.OptimumAtCutoff }},
	{"cooling", "cool-after", "5XX lowers T after the acceptance test", []Part{PartAnneal}, false, func(r *Reading) *bool { return &r.CoolBefore }},
	{"cooling", "cool-before", "5XX lowers T before the acceptance test", []Part{PartAnneal}, true, func(r *Reading) *bool { return &r.CoolBefore }},
}

// ReadingChoice describes one selectable answer to an open point.
type ReadingChoice struct {
	Point   string // "steepest", "cutoff" or "cooling"
	Name    string // e.g. "steepest-nonraising"
	Summary string
	Parts   []Part // the parts whose output it can change
	Default bool
}

// ReadingChoices lists every named choice, defaults first within each point.
func ReadingChoices() []ReadingChoice {
	out := make([]ReadingChoice, len(choices))
	for i, c := range choices {
		out[i] = ReadingChoice{c.point, c.name, c.summary, slices.Clone(c.parts), !c.on}
	}
	return out
}

// ParseReading starts from Default and applies each named choice; naming two
// choices for the same point is an error.
func ParseReading(names []string) (Reading, error) {
	r := Default
	seen := map[string]string{}
	for _, n := range names {
		for _, part := range strings.Split(n, ",") {
			part = strings.TrimSpace(part)
			if part == "" || part == "default" {
				continue
			}
			i := slices.IndexFunc(choices, func(c choice) bool { return c.name == part })
			if i < 0 {
				return r, fmt.Errorf("unknown reading %q (known: %s)", part, strings.Join(choiceNames(), ", "))
			}
			c := choices[i]
			if prev, ok := seen[c.point]; ok && prev != c.name {
				return r, fmt.Errorf("readings %q and %q both answer the %s point", prev, c.name, c.point)
			}
			seen[c.point] = c.name
			*c.field(&r) = c.on
		}
	}
	return r, nil
}

func choiceNames() []string {
	n := make([]string, len(choices))
	for i, c := range choices {
		n[i] = c.name
	}
	return n
}

// Names returns the choice names that make up the reading, one per point.
func (r Reading) Names() []string {
	var out []string
	for _, c := range choices {
		if *c.field(&r) == c.on {
			out = append(out, c.name)
		}
	}
	return out
}

// Describe says, in the handout's words, how the reading answers the open
// points that can change part p's output: what a student reads beside
// the reference's run ("steepest moves are the lowest-cost moves among all
// moves"); none for a part no open point concerns.
func (r Reading) Describe(p Part) []string {
	var out []string
	for _, c := range choices {
		if *c.field(&r) == c.on && slices.Contains(c.parts, p) {
			out = append(out, c.summary)
		}
	}
	return out
}

// String joins Names with commas; ParseReading reads it back.
func (r Reading) String() string { return strings.Join(r.Names(), ",") }

// Readings returns every combination of choices, Default first.
func Readings() []Reading {
	var out []Reading
	for i := 0; i < 8; i++ {
		out = append(out, Reading{NonRaising: i&1 != 0, OptimumAtCutoff: i&2 != 0, CoolBefore: i&4 != 0})
	}
	return out
}

// relevant reports whether the reading's choices that do not concern part are
// all at their defaults, so that each distinct behaviour of a part is listed once.
func (r Reading) relevant(p Part) bool {
	for _, c := range choices {
		if *c.field(&r) && !slices.Contains(c.parts, p) {
			return false
		}
	}
	return true
}

// ReadingsFor returns the distinct readings that can matter for the part,
// Default first: the other points stay at their defaults.
func ReadingsFor(p Part) []Reading {
	var out []Reading
	for _, r := range Readings() {
		if r.relevant(p) {
			out = append(out, r)
		}
	}
	return out
}
