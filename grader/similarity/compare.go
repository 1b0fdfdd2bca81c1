package similarity

import (
	"cmp"
	"context"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Options say how to compare and what to keep.
type Options struct {
	Settings
	Base Base // code not counted as copied (nil: none)
	Jobs int  // goroutines comparing at once (0: one per core)
	// Show is how many of the top pairs are aligned, for the matching
	// regions and the longest match (0: 50; less than 0: none).
	Show int
	// Cluster is the score from which two submissions are linked into a
	// cluster (0: 0.5).
	Cluster float64
	// Progress, when set, is told now and then how many pairs of all are
	// compared.
	Progress func(done, total int)
	// Context, when set, stops the comparison when it is done (a
	// signal): Compare then returns what it has, incomplete, and the
	// caller tells by Context.Err.
	Context context.Context
}

// Pair is two documents (indices into Result.Docs, A before B) and how
// much of each is found in the other.
type Pair struct {
	A, B int
	// AB is the share of A's fingerprints found in B, BA the reverse,
	// each fingerprint by its weight (code many share counts for less);
	// Pooled is the share of both together's found in the other.
	AB, BA, Pooled float64
	// Matches are the regions both share, longest first; Longest is the
	// tokens of the longest. Only the top Options.Show pairs have them.
	Matches []Match
	Longest int
}

// Score is how a pair is ranked: its pooled share, which ranked the
// labelled sets best (docs/similarity.md, How pairs are scored; the
// larger share ranks two short programs that any two students write
// alike too high, the lesser misses a program copied into a longer one).
func (p Pair) Score() float64 { return p.Pooled }

// Result is a comparison's outcome: the documents, the pairs that share
// any fingerprint, best first, and the clusters.
type Result struct {
	Settings Settings
	Docs     []*Doc
	Pairs    []Pair
	Compared int // the pairs compared
	// Clusters are groups of three or more documents linked by pairs of
	// at least Options.Cluster, largest first; each sorted.
	Clusters [][]int
	Aligned  int // Pairs[:Aligned] have their matches
}

// Compare compares every pair of docs but two of a corpus, after
// removing the base code from each.
func Compare(docs []*Doc, o Options) *Result {
	o = o.defaults()
	r := &Result{Settings: o.Settings, Docs: docs}
	var ok []int // the documents compared
	for i, d := range docs {
		if o.Context.Err() != nil {
			return r
		}
		if d.Problem != "" {
			continue
		}
		d.prepare(o.Base, o.Settings)
		if len(d.fps) == 0 {
			d.Problem = tooFew(d, o.Settings)
			continue
		}
		ok = append(ok, i)
	}
	ix := index(docs, ok, o.Common)
	r.Pairs, r.Compared = allPairs(docs, ok, ix, o)
	sortPairs(r.Pairs)
	r.Aligned = max(0, min(o.Show, len(r.Pairs)))
	for i := range r.Pairs[:r.Aligned] { // one at a time: align reads the files again
		if o.Context.Err() != nil {
			r.Aligned = i
			break
		}
		p := &r.Pairs[i]
		p.Matches = align(docs[p.A], docs[p.B], o.K)
		if len(p.Matches) > 0 {
			p.Longest = p.Matches[0].Tokens
		}
	}
	r.Clusters = clusters(r.Pairs, len(docs), o.Cluster)
	return r
}

func (o Options) defaults() Options {
	if o.K <= 0 || o.W <= 0 {
		o.Settings = DefaultSettings
	}
	if o.Jobs <= 0 {
		o.Jobs = runtime.NumCPU()
	}
	if o.Show == 0 {
		o.Show = 50
	}
	if o.Cluster <= 0 {
		o.Cluster = 0.5
	}
	if o.Context == nil {
		o.Context = context.Background()
	}
	return o
}

// tooFew says why a document has no fingerprint.
func tooFew(d *Doc, s Settings) string {
	if d.Tokens() < s.K {
		return "too short to compare: fewer tokens than a match needs"
	}
	return "nothing but the base code"
}

// allPairs scores the pairs of the documents ok, a row (one document
// against those after it) at a time on o.Jobs goroutines; it keeps the
// pairs that share a fingerprint, and counts those compared. A row
// looks its document's fingerprints up in an index of where each is
// (postings), so that the work is the fingerprints the pairs share,
// not every pair's two lists.
func allPairs(docs []*Doc, ok []int, ix postings, o Options) ([]Pair, int) {
	total := len(ok) * (len(ok) - 1) / 2
	rows := make([][]Pair, len(ok))
	var next, done, compared atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex // orders the progress calls
	for range o.Jobs {
		wg.Go(func() {
			acc := newAccumulator(len(ok))
			for {
				x := int(next.Add(1) - 1)
				if x >= len(ok) || o.Context.Err() != nil {
					return
				}
				var n int
				rows[x], n = acc.row(docs, ok, ix, x)
				compared.Add(int64(n))
				d := done.Add(int64(len(ok) - 1 - x))
				if o.Progress != nil {
					mu.Lock()
					o.Progress(int(d), total)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	n := 0
	for _, r := range rows {
		n += len(r)
	}
	out := make([]Pair, 0, n)
	for _, r := range rows {
		out = append(out, r...)
	}
	return out, int(compared.Load())
}

// posting is a fingerprint in a document (its position in ok) and its
// weight.
type posting struct {
	hash   uint64
	at     int32
	weight float32
}

// postings are where the fingerprints that documents share are, sorted
// by fingerprint and then document.
type postings []posting

// index makes the postings of the documents ok, and weighs their
// fingerprints. In a batch of ten or more, a fingerprint more than a
// share common of them have is dropped, and the rest weigh by how few
// have them: 1 for a fingerprint of one or two documents, less the more
// have it (its inverse document frequency, ln((n+1)/df), over that of
// two), so that code many solutions share counts for less than code two
// share. Below ten documents nothing is dropped and every weight is 1:
// too few to tell what is common. Each document's total is the weight
// of its fingerprints; its fps are left with those it shares.
func index(docs []*Doc, ok []int, common float64) postings {
	var all postings
	for at, i := range ok {
		for _, h := range docs[i].fps {
			all = append(all, posting{hash: h, at: int32(at)})
		}
		docs[i].fps, docs[i].total = nil, 0
	}
	slices.SortFunc(all, func(p, q posting) int { return cmp.Or(cmp.Compare(p.hash, q.hash), cmp.Compare(p.at, q.at)) })
	n, most := len(ok), len(ok)
	if common > 0 && n >= 10 {
		most = int(common * float64(n))
	}
	out := all[:0]
	for i := 0; i < len(all); {
		j := i + 1
		for j < len(all) && all[j].hash == all[i].hash {
			j++
		}
		if df := j - i; df <= most {
			w := float32(1)
			if n >= 10 {
				w = float32(min(1, math.Log(float64(n+1)/float64(df))/math.Log(float64(n+1)/2)))
			}
			for _, p := range all[i:j] {
				d := docs[ok[p.at]]
				d.total += float64(w)
				if df > 1 {
					d.fps = append(d.fps, p.hash)
					out = append(out, posting{p.hash, p.at, w})
				}
			}
		}
		i = j
	}
	return slices.Clip(out)
}

// of is the postings of fingerprint h.
func (ps postings) of(h uint64) postings {
	i, found := slices.BinarySearchFunc(ps, h, func(p posting, h uint64) int { return cmp.Compare(p.hash, h) })
	if !found {
		return nil
	}
	j := i + 1
	for j < len(ps) && ps[j].hash == h {
		j++
	}
	return ps[i:j]
}

// accumulator sums a row's shared weights, per document after it.
type accumulator struct {
	wa, wb  []float64
	touched []int32
}

func newAccumulator(n int) *accumulator {
	return &accumulator{wa: make([]float64, n), wb: make([]float64, n)}
}

// row compares document ok[x] with those after it: the pairs that share
// a fingerprint, in ok's order, and how many were compared (two of a
// corpus are not). Each pair's weights are summed in the order of the
// first document's fingerprints, as a merge of the two lists would.
func (acc *accumulator) row(docs []*Doc, ok []int, ix postings, x int) ([]Pair, int) {
	a := docs[ok[x]]
	for _, h := range a.fps {
		for _, p := range ix.of(h) {
			w := float64(p.weight)
			if int(p.at) <= x {
				continue
			}
			if acc.wa[p.at] == 0 && acc.wb[p.at] == 0 {
				acc.touched = append(acc.touched, p.at)
			}
			acc.wa[p.at] += w
			acc.wb[p.at] += w
		}
	}
	slices.Sort(acc.touched)
	var out []Pair
	for _, at := range acc.touched {
		j := ok[at]
		b := docs[j]
		wa, wb := acc.wa[at], acc.wb[at]
		acc.wa[at], acc.wb[at] = 0, 0
		if a.Corpus && b.Corpus {
			continue
		}
		out = append(out, Pair{A: ok[x], B: j, AB: share(wa, a.total), BA: share(wb, b.total), Pooled: share(wa+wb, a.total+b.total)})
	}
	acc.touched = acc.touched[:0]
	n := len(ok) - 1 - x
	if a.Corpus {
		n = 0
		for _, j := range ok[x+1:] {
			if !docs[j].Corpus {
				n++
			}
		}
	}
	return out, n
}

// sortPairs orders pairs best first; ties by the lesser share, then by
// position, so that the order is the same in every run.
func sortPairs(ps []Pair) {
	slices.SortFunc(ps, func(x, y Pair) int {
		return cmp.Or(cmp.Compare(y.Score(), x.Score()), cmp.Compare(min(y.AB, y.BA), min(x.AB, x.BA)),
			cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B))
	})
}

// clusters groups the documents linked by pairs scoring at least least
// into connected groups, keeping those of three or more, largest first.
func clusters(ps []Pair, n int, least float64) [][]int {
	var out [][]int
	for _, g := range components(ps, n, least) {
		if len(g) >= 3 {
			out = append(out, g)
		}
	}
	slices.SortStableFunc(out, func(x, y []int) int { return len(y) - len(x) })
	return out
}

// components are the n documents' groups linked by pairs scoring at
// least least, each sorted, in the order of their first members.
func components(ps []Pair, n int, least float64) [][]int {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, p := range ps {
		if p.Score() >= least {
			a, b := find(p.A), find(p.B)
			parent[max(a, b)] = min(a, b)
		}
	}
	groups := map[int][]int{}
	for i := range n {
		r := find(i)
		groups[r] = append(groups[r], i)
	}
	var out [][]int
	for i := range n { // roots in order, not the map's
		if g, ok := groups[i]; ok {
			out = append(out, g)
		}
	}
	return out
}

// share is part over all, 0 when all is.
func share(part, all float64) float64 {
	if all == 0 {
		return 0
	}
	return min(1, part/all)
}
