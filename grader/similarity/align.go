package similarity

import (
	"cmp"
	"slices"
)

// Match is a region two documents share: a run of equal tokens, not in
// the base code, within one file of each.
type Match struct {
	A, B   Span
	Tokens int
}

// Span is a stretch of a document's file: its bytes and lines.
type Span struct {
	File                int
	Start, End          int // bytes
	FirstLine, LastLine int
}

// maxCandidates bounds the places of one k-gram in B tried against each
// place in A, so that code repeating itself costs no more than so many.
const maxCandidates = 64

// run is a maximal run of equal tokens at i in A and j in B.
type run struct{ i, j, n int }

// align finds the regions a and b share by greedy tiling: every maximal
// run of k or more equal tokens that starts a k-gram match, longest
// first, each kept when it overlaps no run kept before in either.
func align(a, b *Doc, k int) []Match {
	for _, d := range []*Doc{a, b} {
		if d.hashes == nil {
			d.kgramsOwn(k)
		}
	}
	at := map[uint64][]int{}
	for j, h := range b.hashes {
		if h != 0 && len(at[h]) < maxCandidates {
			at[h] = append(at[h], j)
		}
	}
	var runs []run
	for i, h := range a.hashes {
		if h == 0 {
			continue
		}
		for _, j := range at[h] {
			if i > 0 && j > 0 && same(a, b, i-1, j-1) && inFiles(a, b, i-1, j-1, i, j) {
				continue // inside a run found from an earlier start
			}
			n := 0
			for i+n < len(a.kinds) && j+n < len(b.kinds) && same(a, b, i+n, j+n) && inFiles(a, b, i+n, j+n, i, j) {
				n++
			}
			if n >= k {
				runs = append(runs, run{i, j, n})
			}
		}
	}
	slices.SortFunc(runs, func(x, y run) int {
		return cmp.Or(y.n-x.n, x.i-y.i, x.j-y.j)
	})
	usedA, usedB := make([]bool, len(a.kinds)), make([]bool, len(b.kinds))
	var out []Match
	for _, r := range runs {
		if slices.Contains(usedA[r.i:r.i+r.n], true) || slices.Contains(usedB[r.j:r.j+r.n], true) {
			continue
		}
		for x := range r.n {
			usedA[r.i+x], usedB[r.j+x] = true, true
		}
		out = append(out, Match{A: a.span(r.i, r.n), B: b.span(r.j, r.n), Tokens: r.n})
	}
	return out
}

// same says whether token i of a and token j of b are equal and neither
// is base code.
func same(a, b *Doc, i, j int) bool {
	return a.kinds[i] == b.kinds[j] && !a.base[i] && !b.base[j]
}

// inFiles says whether tokens i of a and j of b are in the same files as
// tokens fi and fj: a run stays within one file of each.
func inFiles(a, b *Doc, i, j, fi, fj int) bool {
	return a.fileOf(i) == a.fileOf(fi) && b.fileOf(j) == b.fileOf(fj)
}

// span is where n tokens from i lie in their file.
func (d *Doc) span(i, n int) Span {
	f, first := d.token(i)
	_, last := d.token(i + n - 1)
	return Span{File: d.fileOf(i), Start: int(first.Start), End: int(last.End),
		FirstLine: int(first.Line), LastLine: lastLine(f.Data, last)}
}

// lastLine is the line a token ends on.
func lastLine(data []byte, t Token) int {
	n := int(t.Line)
	for _, c := range data[t.Start:t.End] {
		if c == '\n' {
			n++
		}
	}
	return n
}

// Tiling scores a pair of compared documents the way Greedy String
// Tiling (JPlag) does, for measuring against winnowing: the share of each
// one's own tokens (not base code) covered by the tiles align finds.
// It is much slower than the fingerprints' shares (a hash table of one
// document's k-grams per pair), so Compare ranks by those.
func Tiling(a, b *Doc, k int) (ab, ba float64) {
	if a.own == 0 || b.own == 0 {
		return 0, 0
	}
	covered := 0
	for _, m := range align(a, b, k) {
		covered += m.Tokens
	}
	return float64(covered) / float64(a.own), float64(covered) / float64(b.own)
}
