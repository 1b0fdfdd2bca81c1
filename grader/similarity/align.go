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

// alignWork bounds the token comparisons of one pair's alignment: a
// share per token of the two documents far above what code needs (each
// k-gram's places, up to maxCandidates, looked at and extended), and a
// floor for short ones. Greedy tiling is quadratic on a long run of one
// repeated pattern (an array of a million ones: every place matches
// every other); there it stops at the bound, with the longest runs
// found first kept.
func alignWork(a, b *Doc) int { return 256*(len(a.kinds)+len(b.kinds)) + 1<<16 }

// align finds the regions a and b share by greedy tiling: every maximal
// run of k or more equal tokens that starts a k-gram match, longest
// first, each kept when it overlaps no run kept before in either; within
// alignWork token comparisons.
func align(a, b *Doc, k int) []Match {
	ms, _ := alignCounted(a, b, k)
	return ms
}

// alignCounted is align, and the token comparisons it made.
func alignCounted(a, b *Doc, k int) ([]Match, int) {
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
	runs, work := tileRuns(a, b, k, at, alignWork(a, b))
	slices.SortFunc(runs, func(x, y run) int {
		return cmp.Or(y.n-x.n, x.i-y.i, x.j-y.j)
	})
	usedA, usedB := make([]bool, len(a.kinds)), make([]bool, len(b.kinds))
	var out []Match
	for _, r := range runs { // the runs' lengths add up to less than work
		if slices.Contains(usedA[r.i:r.i+r.n], true) || slices.Contains(usedB[r.j:r.j+r.n], true) {
			continue
		}
		for x := range r.n {
			usedA[r.i+x], usedB[r.j+x] = true, true
		}
		out = append(out, Match{A: a.span(r.i, r.n), B: b.span(r.j, r.n), Tokens: r.n})
	}
	a.release()
	b.release()
	return out, work
}

// release drops what aligning a pair made of a document (its k-grams,
// its files' tokens): made again for its next pair, they would hold a
// batch's memory for the pairs shown.
func (d *Doc) release() {
	d.hashes = nil
	for i := range d.Files {
		d.Files[i].Tokens = nil
	}
}

// tileRuns finds the maximal runs of k or more equal tokens that start a
// k-gram match of a (at b's places of each k-gram), until work token
// comparisons are made; it returns them and the comparisons made.
func tileRuns(a, b *Doc, k int, at map[uint64][]int, work int) ([]run, int) {
	var runs []run
	done := 0
	for i, h := range a.hashes {
		if h == 0 {
			continue
		}
		for _, j := range at[h] {
			done++
			if i > 0 && j > 0 && same(a, b, i-1, j-1) && inFiles(a, b, i-1, j-1, i, j) {
				continue // inside a run found from an earlier start
			}
			n, endA, endB := 0, a.fileEnd(i), b.fileEnd(j) // a run stays within one file of each
			for i+n < endA && j+n < endB && done < work && same(a, b, i+n, j+n) {
				n++
				done++
			}
			if n >= k {
				runs = append(runs, run{i, j, n})
			}
			if done >= work {
				return runs, done
			}
		}
	}
	return runs, done
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

// fileEnd is where the file of the stream's token i ends.
func (d *Doc) fileEnd(i int) int {
	if f := d.fileOf(i); f+1 < len(d.starts) {
		return d.starts[f+1]
	}
	return len(d.kinds)
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
