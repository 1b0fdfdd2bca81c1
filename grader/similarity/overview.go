package similarity

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader/escape"
)

// pageOverview is the top of similarity.html: where a TA should stop.
type pageOverview struct {
	Threshold    Threshold
	HasThreshold bool
	Above        int // submissions whose highest score is at the threshold or more
	Hist         pageHist
	Graph        pageGraph
	Closest      []pageClosest
}

// pageID is a submission's ID as shown (escape.ID, cut when long: see
// bounded), whether it could pass for another (escape.Deceptive: the
// page marks it), and whether it is of an --against corpus.
type pageID struct {
	Shown   string
	Flagged bool
	Corpus  bool
}

func (r *Result) pageID(i int) pageID {
	id := r.Docs[i].ID
	flagged := escape.Deceptive(id)
	shown := bounded(strings.TrimSuffix(escape.ID(id), escape.Flag), id)
	if flagged {
		shown += escape.Flag
	}
	return pageID{shown, flagged, r.Docs[i].Corpus}
}

// shownText is a name the page shows (a section, a file's name) with
// what would hide or reorder text made visible (escape.TerminalLine),
// and bounded.
func shownText(s string) string { return bounded(escape.TerminalLine(s), s) }

// maxShownID is the longest ID shown whole, in runes: a longer one would
// fill the page each time it is named.
const maxShownID = 120

// bounded is an ID as shown, cut to maxShownID runes when longer, with a
// hash of the whole ID (SHA-256's first 64 bits: no student finds two
// that agree), so that two long IDs never show alike.
func bounded(shown, id string) string {
	if utf8.RuneCountInString(shown) <= maxShownID {
		return shown
	}
	h := sha256.Sum256([]byte(id))
	return fmt.Sprintf("%s… (#%x)", string([]rune(shown)[:maxShownID-20]), h[:8])
}

// The histogram's size and bins (of 5 points each).
const (
	histW, histH, histBins = 600, 140, 20
	histTop, histBottom    = 16, 24
)

// pageHist is the histogram of the highest scores, drawn as SVG.
type pageHist struct {
	W, H, Base int
	Bars       []pageBar
	LineX      float64 // the threshold's x, 0 without one
	Ticks      []pageTick
}

type pageBar struct {
	X, Y, W, H, Mid float64
	Count           int
	Title           string
	Above           bool
}

type pageTick struct {
	X     float64
	Label string
}

func histogram(highest map[int]float64, t Threshold, has bool) pageHist {
	counts := make([]int, histBins)
	for _, v := range highest {
		counts[min(histBins-1, int(v*histBins))]++
	}
	most := max(1, slices.Max(counts))
	h := pageHist{W: histW, H: histH, Base: histH - histBottom}
	bw := float64(histW) / histBins
	for i, c := range counts {
		bh := float64(h.Base-histTop) * float64(c) / float64(most)
		h.Bars = append(h.Bars, pageBar{X: float64(i) * bw, Y: float64(h.Base) - bh, W: bw - 1, H: bh, Mid: (float64(i) + 0.5) * bw, Count: c,
			Title: fmt.Sprintf("%d with a highest score of %d%% to %d%%", c, 100*i/histBins, 100*(i+1)/histBins),
			Above: has && float64(i+1)/histBins > t.Score})
	}
	for _, p := range []int{0, 25, 50, 75, 100} {
		h.Ticks = append(h.Ticks, pageTick{X: float64(p) / 100 * histW, Label: fmt.Sprintf("%d%%", p)})
	}
	if has {
		h.LineX = t.Score * histW
	}
	return h
}

// The graph's limits: nodes drawn at most, and its width.
const (
	graphMaxNodes = 60
	graphW        = 900
)

// pageGraph is the clusters at the threshold, drawn as SVG: each group
// of submissions linked by pairs at the threshold or more, its members
// on a circle.
type pageGraph struct {
	W, H  int
	Nodes []pageNode
	Edges []pageEdge
	Left  int // submissions in clusters not drawn
}

type pageNode struct {
	X, Y   float64
	ID     pageID
	Label  string
	Anchor string // the label's text-anchor
	LX, LY float64
}

type pageEdge struct {
	X1, Y1, X2, Y2, Width float64
	Title                 string
	Href                  string // #p-<rank> when the pair is shown
}

// clustersAt groups the documents linked by pairs scoring least or more,
// groups of two or more, largest first, then by their first member.
func (r *Result) clustersAt(least float64) [][]int {
	var groups [][]int
	for _, g := range components(r.Pairs, len(r.Docs), least) {
		if len(g) >= 2 {
			groups = append(groups, g)
		}
	}
	slices.SortStableFunc(groups, func(x, y []int) int { return cmp.Or(len(y)-len(x), x[0]-y[0]) })
	return groups
}

func (r *Result) graph(least float64) pageGraph {
	g := pageGraph{W: graphW}
	pos := map[int][2]float64{}
	x, y, rowH := 0.0, 0.0, 0.0
	for _, c := range r.clustersAt(least) {
		if len(pos)+len(c) > graphMaxNodes {
			g.Left += len(c)
			continue
		}
		w, h, place := cell(len(c))
		if x+w > graphW && x > 0 {
			x, y, rowH = 0, y+rowH, 0
		}
		for k, i := range c {
			px, py, left := place(k)
			n := pageNode{X: x + px, Y: y + py, ID: r.pageID(i), Anchor: "start"}
			n.LX, n.LY = n.X+8, n.Y+4
			if left {
				n.LX, n.Anchor = n.X-8, "end"
			}
			n.Label = shorten(n.ID.Shown, 18)
			pos[i] = [2]float64{n.X, n.Y}
			g.Nodes = append(g.Nodes, n)
		}
		x += w
		rowH = max(rowH, h)
	}
	g.H = int(y + rowH)
	for rank, p := range r.Pairs {
		a, okA := pos[p.A]
		b, okB := pos[p.B]
		if !okA || !okB || p.Score() < least {
			continue
		}
		e := pageEdge{X1: a[0], Y1: a[1], X2: b[0], Y2: b[1], Width: 1 + 4*(p.Score()-least)/max(1e-9, 1-least),
			Title: fmt.Sprintf("%s and %s: %s%%", r.pageID(p.A).Shown, r.pageID(p.B).Shown, pct(p.Score()))}
		if rank < r.Aligned {
			e.Href = fmt.Sprintf("#p-%d", rank+1)
		}
		g.Edges = append(g.Edges, e)
	}
	return g
}

// cell is the size of a cluster of n in the graph and where its k-th
// member goes in it (and whether its label goes to the left): a pair
// side by side, more on a circle.
func cell(n int) (w, h float64, place func(k int) (x, y float64, left bool)) {
	if n == 2 {
		return 300, 30, func(k int) (float64, float64, bool) { return 120 + 60*float64(k), 15, k == 0 }
	}
	rad := max(28, float64(n)*70/(2*math.Pi))
	w, h = 2*rad+260, 2*rad+30 // room for the labels either side
	return w, h, func(k int) (float64, float64, bool) {
		a := 2*math.Pi*float64(k)/float64(n) - math.Pi/2
		return w/2 + rad*math.Cos(a), 15 + rad + rad*math.Sin(a), math.Cos(a) < -0.1
	}
}

// shorten cuts s to n runes, marking the cut.
func shorten(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n-1]) + "…"
}

// pageClosest is a row of the closest-other table.
type pageClosest struct {
	ID, Other pageID
	Score     float64
	Rank      int
	Aligned   bool
	Above     bool
	Section   string
	Submitted string
	First     string // who of the two handed in first, when both times are known
}

func (r *Result) closestRows(t Threshold, has bool) []pageClosest {
	seen := map[int]bool{}
	var out []pageClosest
	for rank, p := range r.Pairs {
		for _, x := range [][2]int{{p.A, p.B}, {p.B, p.A}} {
			if seen[x[0]] || r.Docs[x[0]].Corpus {
				continue
			}
			seen[x[0]] = true
			d := r.Docs[x[0]]
			out = append(out, pageClosest{ID: r.pageID(x[0]), Other: r.pageID(x[1]), Score: p.Score(),
				Rank: rank + 1, Aligned: rank < r.Aligned, Above: has && p.Score() >= t.Score,
				Section: shownText(d.Section), Submitted: when(d.Submitted), First: first(d, r.Docs[x[1]])})
		}
	}
	for i, d := range r.Docs { // compared, sharing nothing
		if !seen[i] && d.Problem == "" && !d.Corpus {
			out = append(out, pageClosest{ID: r.pageID(i), Section: shownText(d.Section), Submitted: when(d.Submitted)})
		}
	}
	return out
}

// when is a submission time as the page shows it, in UTC.
func when(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02 15:04 UTC")
}

// first says which of two submissions was handed in first, and by how
// much, when both times are known.
func first(d, other *Doc) string {
	if d.Submitted.IsZero() || other.Submitted.IsZero() {
		return ""
	}
	gap := d.Submitted.Sub(other.Submitted)
	switch {
	case gap == 0:
		return "at the same time"
	case gap < 0:
		return "this one, " + span(-gap) + " earlier"
	}
	return "the other, " + span(gap) + " earlier"
}

// span is a duration in days, hours or minutes.
func span(d time.Duration) string {
	switch {
	case d >= 48*time.Hour:
		return fmt.Sprintf("%d days", d/(24*time.Hour))
	case d >= 2*time.Hour:
		return fmt.Sprintf("%d h", d/time.Hour)
	}
	return fmt.Sprintf("%d min", max(1, d/time.Minute))
}
