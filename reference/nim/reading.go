package nim

import (
	"fmt"
	"slices"
	"strings"
)

// Tie is how a program chooses among equally good moves, which matters
// only from a lost state, where every legal move is optimal.
type Tie int

// The tie rules the course's materials use.
const (
	// TieFirst is the course's nim.c: moves tried 1, 2, 3, a move kept
	// only when strictly better, so a lost state takes 1.
	TieFirst Tie = iota
	// TieLargest is lab 1's report: moves tried 3, 2, 1 and the search
	// stopped at the first winning move, so a lost state takes the
	// largest legal move.
	TieLargest
)

// Spelling is the verb of the loser line.
type Spelling int

// The spellings: the course's "looses", or "loses", a typo fixed.
const (
	Looses Spelling = iota
	Loses
)

// String is the word printed.
func (s Spelling) String() string {
	if s == Loses {
		return "loses"
	}
	return "looses"
}

// Reading is one way a correct program settles the points the
// assignment leaves open.
type Reading struct {
	Tie      Tie
	Spelling Spelling
}

// Default is the course's own program's reading.
var Default = Reading{}

// Reading names, for rubric parts (readings = [...]) and case sections.
const (
	NameTieFirst   = "ties-first"
	NameTieLargest = "ties-largest"
	NameLooses     = "looses"
	NameLoses      = "loses"
)

// Names are the reading's choices, tie rule first.
func (r Reading) Names() []string {
	tie := NameTieFirst
	if r.Tie == TieLargest {
		tie = NameTieLargest
	}
	return []string{tie, r.Spelling.String()}
}

// String is the reading's names joined with commas.
func (r Reading) String() string { return strings.Join(r.Names(), ",") }

// Readings are every reading, Default first.
func Readings() []Reading {
	return []Reading{
		{TieFirst, Looses}, {TieLargest, Looses},
		{TieFirst, Loses}, {TieLargest, Loses},
	}
}

// points groups the reading names by the open point they settle.
var points = [][]string{{NameTieFirst, NameTieLargest}, {NameLooses, NameLoses}}

// Accepted returns the readings that names accept: for each open point
// the names mention, the reading's choice must be among them; a point
// they do not mention is open. No names: every reading. Names of no
// point are ignored.
func Accepted(names []string) []Reading {
	var out []Reading
	for _, r := range Readings() {
		ok := true
		for i, choices := range points {
			mentioned := slices.ContainsFunc(choices, func(c string) bool { return slices.Contains(names, c) })
			if mentioned && !slices.Contains(names, r.Names()[i]) {
				ok = false
			}
		}
		if ok {
			out = append(out, r)
		}
	}
	return out
}

// ParseReading parses a reading's String ("" is Default).
func ParseReading(s string) (Reading, error) {
	if s == "" {
		return Default, nil
	}
	names := strings.Split(s, ",")
	for _, n := range names {
		if !slices.ContainsFunc(points, func(p []string) bool { return slices.Contains(p, n) }) {
			return Reading{}, fmt.Errorf("no reading %q (the readings are %s)", n, strings.Join(slices.Concat(points...), ", "))
		}
	}
	for _, p := range points {
		if slices.Contains(names, p[0]) && slices.Contains(names, p[1]) {
			return Reading{}, fmt.Errorf("reading %q names both %s and %s", s, p[0], p[1])
		}
	}
	return Accepted(names)[0], nil
}
