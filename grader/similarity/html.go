package similarity

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader/escape"
)

//go:embed page/similarity.html.tmpl
var pageSource string

var pageTemplate = template.Must(template.New("similarity").Funcs(template.FuncMap{
	"pct":    pct,
	"colour": colour,
	"f1":     func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) },
}).Parse(pageSource))

// maxShownBytes bounds the code of one file shown in the page.
const maxShownBytes = 256 << 10

// HTML is similarity.html: one self-contained page (inline CSS, SVG and
// script, nothing fetched) that tells a TA where to stop. Its overview
// has the histogram of each submission's highest score with a suggested
// threshold (Suggest), the clusters at that threshold drawn as a graph,
// and each submission's closest other (with its section, when it was
// handed in and who of the two was first, where known); then the
// submissions not compared and why, the first n pairs ranked, and for
// each aligned pair its two submissions side by side, every matching
// region in a colour of its own in both, with a table of the regions
// (clicking a region or a row shows it on both sides). Student code and
// names are escaped (html/template); IDs that could pass for others
// (bidi controls, look-alike letters) are shown with visible escapes and
// flagged (escape.ID); notes on how a submission was read are listed
// with it.
func (r *Result) HTML(title string, n int) ([]byte, error) {
	d := pageData{Title: title, K: r.Settings.K, W: r.Settings.W, Compared: r.Compared}
	for i, doc := range r.Docs {
		for _, n := range doc.Notes {
			d.Noted = append(d.Noted, pageSkipped{r.pageID(i), escape.TerminalLine(n)})
		}
		if doc.Problem != "" {
			d.Skipped = append(d.Skipped, pageSkipped{r.pageID(i), escape.TerminalLine(doc.Problem)})
		} else {
			d.Docs++
		}
	}
	d.Overview = r.overview()
	if d.Overview.HasThreshold {
		for _, c := range r.clustersAt(d.Overview.Threshold.Score) {
			var ids []pageID
			for _, i := range c {
				ids = append(ids, r.pageID(i))
			}
			d.Clusters = append(d.Clusters, ids)
		}
	}
	for i, p := range r.Pairs[:min(n, len(r.Pairs))] {
		d.Pairs = append(d.Pairs, r.pagePair(i, p))
	}
	var out bytes.Buffer
	if err := pageTemplate.Execute(&out, d); err != nil {
		return nil, fmt.Errorf("similarity.html: %w", err)
	}
	return out.Bytes(), nil
}

func (r *Result) overview() pageOverview {
	highest := r.Highest()
	var hs []float64
	for _, v := range highest {
		hs = append(hs, v)
	}
	var o pageOverview
	o.Threshold, o.HasThreshold = Suggest(hs)
	for _, v := range hs {
		if o.HasThreshold && v >= o.Threshold.Score {
			o.Above++
		}
	}
	o.Hist = histogram(highest, o.Threshold, o.HasThreshold)
	if o.HasThreshold {
		o.Graph = r.graph(o.Threshold.Score)
	}
	o.Closest = r.closestRows(o.Threshold, o.HasThreshold)
	return o
}

type pageData struct {
	Title    string
	K, W     int
	Docs     int
	Compared int
	Overview pageOverview
	Skipped  []pageSkipped
	Noted    []pageSkipped // notes on how a submission was read
	Clusters [][]pageID
	Pairs    []pagePair
}

type pageSkipped struct {
	ID  pageID
	Why string
}

type pagePair struct {
	Rank          int
	A, B          pageID
	AB, BA, Score float64
	Longest       int
	LongestWhere  string
	Aligned       bool
	First         string // who handed in first, where known
	Regions       []pageRegion
	SideA, SideB  []pageFile
}

// pageRegion is a row of a pair's table of matching regions.
type pageRegion struct {
	N      int
	Tokens int
	A, B   string // file:first-last
}

// pageFile is one file of a side: its code cut into stretches, each
// marked with the match it belongs to (0: none).
type pageFile struct {
	Name      string
	Lines     string // "1\n2\n...", the gutter
	Parts     []pagePart
	Truncated bool
}

type pagePart struct {
	Text  string
	Match int
}

func (r *Result) pagePair(i int, p Pair) pagePair {
	a, b := r.Docs[p.A], r.Docs[p.B]
	pp := pagePair{Rank: i + 1, A: r.pageID(p.A), B: r.pageID(p.B),
		AB: p.AB, BA: p.BA, Score: p.Score(), Longest: p.Longest, Aligned: i < r.Aligned}
	switch f := first(a, b); {
	case strings.HasPrefix(f, "this one"):
		pp.First = pp.A.Shown + " handed in first, " + strings.TrimPrefix(f, "this one, ")
	case strings.HasPrefix(f, "the other"):
		pp.First = pp.B.Shown + " handed in first, " + strings.TrimPrefix(f, "the other, ")
	case f != "":
		pp.First = "both handed in " + f
	}
	if len(p.Matches) > 0 {
		pp.LongestWhere = a.shownWhere(p.Matches[0].A) + " and " + b.shownWhere(p.Matches[0].B)
	}
	if pp.Aligned {
		for n, m := range p.Matches {
			pp.Regions = append(pp.Regions, pageRegion{N: n + 1, Tokens: m.Tokens, A: a.shownWhere(m.A), B: b.shownWhere(m.B)})
		}
		pp.SideA = side(a, p.Matches, func(m Match) Span { return m.A })
		pp.SideB = side(b, p.Matches, func(m Match) Span { return m.B })
	}
	return pp
}

// shownWhere is a span as file:first-last, the file's name as the page
// shows names (shownText).
func (d *Doc) shownWhere(s Span) string {
	return fmt.Sprintf("%s:%d-%d", shownText(d.Files[s.File].Name), s.FirstLine, s.LastLine)
}

// colour is match n's background: hues a golden angle apart, so that
// no two regions of a pair share one and neighbours differ most.
func colour(n int) template.CSS {
	hue := math.Mod(float64(n-1)*137.508, 360)
	return template.CSS(fmt.Sprintf("background-color:hsl(%.0f,80%%,%d%%)", hue, 78+4*(n%3)))
}

// side is a document's files with the matches (numbered from 1 in the
// order given) marked, as span picks each match's part in it.
func side(d *Doc, ms []Match, span func(Match) Span) []pageFile {
	var out []pageFile
	for fi, f := range d.Files {
		type marked struct {
			s Span
			n int
		}
		var here []marked
		for n, m := range ms {
			if s := span(m); s.File == fi {
				here = append(here, marked{s, n + 1})
			}
		}
		slices.SortFunc(here, func(x, y marked) int { return x.s.Start - y.s.Start })
		data := f.Data
		pf := pageFile{Name: shownText(f.Name)}
		if len(data) > maxShownBytes {
			data, pf.Truncated = data[:maxShownBytes], true
		}
		at := 0
		for _, m := range here {
			if m.s.Start < at || m.s.End > len(data) {
				continue
			}
			pf.Parts = append(pf.Parts, pagePart{Text: text(data[at:m.s.Start])}, pagePart{Text: text(data[m.s.Start:m.s.End]), Match: m.n})
			at = m.s.End
		}
		pf.Parts = append(pf.Parts, pagePart{Text: text(data[at:])})
		pf.Lines = gutter(bytes.Count(data, []byte{'\n'}) + 1)
		out = append(out, pf)
	}
	return out
}

// text is code as valid UTF-8, for the page (html/template escapes it).
func text(b []byte) string { return strings.ToValidUTF8(string(b), "\uFFFD") }

// gutter is the line numbers 1 to n, one a line.
func gutter(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	return b.String()
}
