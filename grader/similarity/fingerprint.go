package similarity

import "slices"

// Settings are the comparison's parameters.
type Settings struct {
	K int // tokens in a k-gram: a match shorter than K is never seen
	W int // the winnowing window: any match of W+K-1 tokens or more is seen
	// Common, when more than 0, drops a fingerprint found in more than
	// this share of the documents (of ten or more): code every solution
	// of the task has, as MOSS's -m does.
	Common float64
}

// DefaultSettings are the parameters picked by the labelled benchmark
// (docs/performance.md, Similarity).
var DefaultSettings = Settings{K: 8, W: 4, Common: 0.5}

// hashBase is the rolling hash's multiplier (odd, so that no bit is lost).
const hashBase = 0x100000001b3

// kgrams sets d.hashes: the hash of the K tokens from each position, 0
// where they cross from one file into the next or run past the end.
func (d *Doc) kgrams(k int) {
	n := len(d.kinds)
	d.hashes = make([]uint64, n)
	if n < k {
		return
	}
	pow := uint64(1)
	for range k - 1 {
		pow *= hashBase
	}
	for f, lo := range d.starts {
		hi := n
		if f+1 < len(d.starts) {
			hi = d.starts[f+1]
		}
		var h uint64
		for i := lo; i < hi; i++ {
			if i-lo >= k {
				h -= uint64(d.kinds[i-k]) * pow
			}
			h = h*hashBase + uint64(d.kinds[i])
			if start := i - k + 1; start >= lo {
				d.hashes[start] = h | 1 // never 0, which means none
			}
		}
	}
}

// Base is the code no submission is counted as copying: the k-gram
// hashes of a handout's given files.
type Base map[uint64]bool

// NewBase reads base files (their language by their names) into a Base.
func NewBase(files []File, s Settings) Base {
	b := Base{}
	for _, f := range files {
		d := &Doc{}
		d.add(File{Name: f.Name, Lang: f.Lang, Tokens: readTokens(f.Lang, f.Data)})
		d.kgrams(s.K)
		for _, h := range d.hashes {
			if h != 0 {
				b[h] = true
			}
		}
	}
	return b
}

// prepare hashes a document's k-grams, marks the tokens of its k-grams
// found in base (and drops those k-grams), and winnows the rest into its
// fingerprints.
func (d *Doc) prepare(base Base, s Settings) {
	d.kgrams(s.K)
	d.base = make([]bool, len(d.kinds))
	for i, h := range d.hashes {
		if h != 0 && base[h] {
			for j := i; j < i+s.K; j++ {
				d.base[j] = true
			}
			d.hashes[i] = 0
		}
	}
	d.own = 0
	for _, b := range d.base {
		if !b {
			d.own++
		}
	}
	d.fps = winnow(d.hashes, s.W)
	slices.Sort(d.fps)
	d.fps = slices.Clip(slices.Compact(d.fps))
	d.hashes = nil // made again for a pair shown (align): a batch's would fill memory
}

// kgramsOwn sets d.hashes again after prepare: the k-grams with no token
// of base code.
func (d *Doc) kgramsOwn(k int) {
	d.kgrams(k)
	for i := range d.hashes {
		if d.hashes[i] != 0 && slices.Contains(d.base[i:i+k], true) {
			d.hashes[i] = 0
		}
	}
}

// winnow picks from each window of w consecutive k-gram hashes (the
// zeros, which are none, left out) the least, the rightmost of equal
// ones, as Schleimer, Wilkerson and Aiken's winnowing does; each pick
// once.
func winnow(hashes []uint64, w int) []uint64 {
	var hs []uint64
	for _, h := range hashes {
		if h != 0 {
			hs = append(hs, h)
		}
	}
	if w <= 1 || len(hs) <= w {
		if len(hs) > 0 && w > 1 {
			return []uint64{slices.Min(hs)}
		}
		return hs
	}
	var out []uint64
	last := -1
	for end := w; end <= len(hs); end++ {
		m := end - w
		for i := end - w; i < end; i++ {
			if hs[i] <= hs[m] {
				m = i
			}
		}
		if m != last {
			out = append(out, hs[m])
			last = m
		}
	}
	return out
}
