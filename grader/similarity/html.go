package similarity

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"

	"github.com/cs540-tools/autograder/grader/escape"
	"slices"
	"strings"
)

//go:embed page/similarity.html.tmpl
var pageSource string

var pageTemplate = template.Must(template.New("similarity").Funcs(template.FuncMap{
	"pct": pct,
	"mod": func(n int) int { return n % 6 },
}).Parse(pageSource))

// maxShownBytes bounds the code of one file shown in the page.
const maxShownBytes = 256 << 10

// HTML is similarity.html: one self-contained page (inline CSS and
// script, nothing fetched) with the submissions not compared and why,
// the clusters, the first n pairs ranked, and for each aligned pair its
// two submissions side by side, every matching region marked in both
// (the same colour and number; clicking one shows the other). Student
// code and names are escaped (html/template), and ids shown as ids are
// everywhere (escape.ID: a look-alike flagged).
func (r *Result) HTML(title string, n int) ([]byte, error) {
	d := pageData{Title: title, K: r.Settings.K, W: r.Settings.W, Compared: r.Compared}
	for _, doc := range r.Docs {
		for _, n := range doc.Notes {
			d.Noted = append(d.Noted, pageSkipped{escape.ID(doc.ID), escape.TerminalLine(n)})
		}
		if doc.Problem != "" {
			d.Skipped = append(d.Skipped, pageSkipped{escape.ID(doc.ID), escape.TerminalLine(doc.Problem)})
		} else {
			d.Docs++
		}
	}
	for _, c := range r.Clusters {
		var ids []string
		for _, i := range c {
			ids = append(ids, escape.ID(r.Docs[i].ID))
		}
		d.Clusters = append(d.Clusters, ids)
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

type pageData struct {
	Title    string
	K, W     int
	Docs     int
	Compared int
	Skipped  []pageSkipped
	Noted    []pageSkipped // notes on how a submission was read
	Clusters [][]string
	Pairs    []pagePair
}

type pageSkipped struct{ ID, Why string }

type pagePair struct {
	Rank          int
	A, B          string
	CorpusA       bool
	CorpusB       bool
	AB, BA, Score float64
	Longest       int
	LongestWhere  string
	Aligned       bool
	SideA, SideB  []pageFile
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
	pp := pagePair{Rank: i + 1, A: escape.ID(a.ID), B: escape.ID(b.ID), CorpusA: a.Corpus, CorpusB: b.Corpus,
		AB: p.AB, BA: p.BA, Score: p.Score(), Longest: p.Longest, Aligned: i < r.Aligned}
	if len(p.Matches) > 0 {
		pp.LongestWhere = escape.TerminalLine(a.where(p.Matches[0].A) + " and " + b.where(p.Matches[0].B))
	}
	if pp.Aligned {
		pp.SideA = side(a, p.Matches, func(m Match) Span { return m.A })
		pp.SideB = side(b, p.Matches, func(m Match) Span { return m.B })
	}
	return pp
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
		pf := pageFile{Name: escape.TerminalLine(f.Name)}
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
