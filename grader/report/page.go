package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
)

//go:embed page/index.html.tmpl
var pageSource string

var pageTemplate = template.Must(template.New("index").Funcs(template.FuncMap{
	"num": num,
}).Parse(pageSource))

// Page is index.html: one self-contained page (inline CSS, JavaScript and
// SVG; nothing fetched) for the TA. It holds the class table, sortable by
// any column and filtered by verdict, histograms of the totals and of each
// part's scores, and one section per submission, shown when the address
// ends in #s-<id> (opened from the table; works from file://), with every
// case's verdict and each failure's diff side by side. Student output is
// escaped (html/template); hidden cases are shown too: it is the TA's.
func Page(a *grader.Assignment, b Batch) ([]byte, error) {
	d := pageData{Title: a.Rubric.Name, Total: a.Rubric.Total, Version: b.GraderVersion, GradedAt: b.GradedAt}
	for _, p := range a.Rubric.Parts {
		d.Parts = append(d.Parts, pagePart{ID: p.ID, Name: p.Name, Points: p.Points})
	}
	var verdicts []string
	var totals []float64
	for _, r := range b.Submissions {
		row := pageRow{ID: r.ID, Anchor: anchor(r.ID), Score: r.Score, Status: string(r.Status), LateDays: r.LateDays}
		for _, p := range a.Rubric.Parts {
			cell := pageCell{Text: "-", Sort: -1}
			for _, pr := range r.Parts {
				if pr.ID == p.ID {
					cell = pageCell{Text: num(pr.Score), Sort: pr.Score}
				}
			}
			row.Parts = append(row.Parts, cell)
		}
		var vs []string
		for _, c := range r.Cases {
			if !slices.Contains(vs, string(c.Verdict)) {
				vs = append(vs, string(c.Verdict))
			}
			if !slices.Contains(verdicts, string(c.Verdict)) {
				verdicts = append(verdicts, string(c.Verdict))
			}
		}
		slices.Sort(vs)
		row.Verdicts = strings.Join(vs, " ")
		d.Rows = append(d.Rows, row)
		d.Subs = append(d.Subs, pageSubmission(a, r))
		if r.Status != grader.StatusFailed {
			totals = append(totals, r.Score)
		}
	}
	slices.Sort(verdicts)
	d.Verdicts = verdicts
	d.Histograms = append(d.Histograms, pageHistogram{Title: "Totals", SVG: histogram(totals, a.Rubric.Total, 10)})
	for _, p := range a.Rubric.Parts {
		var scores []float64
		for _, r := range b.Submissions {
			for _, pr := range r.Parts {
				if pr.ID == p.ID {
					scores = append(scores, pr.Score)
				}
			}
		}
		d.Histograms = append(d.Histograms, pageHistogram{Title: "Part " + p.ID + ": " + p.Name, SVG: histogram(scores, p.Points, 5)})
	}
	var out bytes.Buffer
	if err := pageTemplate.Execute(&out, d); err != nil {
		return nil, fmt.Errorf("index.html: %w", err)
	}
	return out.Bytes(), nil
}

type pageData struct {
	Title, Version, GradedAt string
	Total                    float64
	Parts                    []pagePart
	Rows                     []pageRow
	Verdicts                 []string
	Histograms               []pageHistogram
	Subs                     []pageSub
}

type pagePart struct {
	ID, Name string
	Points   float64
}

type pageRow struct {
	ID, Anchor, Status, Verdicts string
	Score                        float64
	LateDays                     int
	Parts                        []pageCell
}

type pageCell struct {
	Text string
	Sort float64
}

type pageHistogram struct {
	Title string
	SVG   template.HTML // made here from numbers only
}

type pageSub struct {
	grader.Result
	Anchor string
	Cases  []pageCase
}

type pageCase struct {
	grader.CaseResult
	Command string
	Failed  bool
	Diff    []diffRow // side by side, when the output differed
}

// diffRow is one row of a side-by-side diff: a hunk header, a line both
// sides share, or a changed pair (either side may be missing).
type diffRow struct {
	Hunk            string
	Left, Right     string
	HasLeft, HasRgt bool
	Changed         bool
}

func pageSubmission(a *grader.Assignment, r grader.Result) pageSub {
	s := pageSub{Result: r, Anchor: anchor(r.ID)}
	for _, c := range r.Cases {
		pc := pageCase{CaseResult: c, Failed: c.Verdict != grader.Pass,
			Command: a.Command(c)}
		if c.Mismatch != nil {
			pc.Diff = sideBySide(c.Mismatch.Diff)
		}
		s.Cases = append(s.Cases, pc)
	}
	return s
}

// sideBySide turns a unified diff into rows: the expected output on the
// left, the program's on the right, a run of removed lines beside the run
// of added lines that replaces it.
func sideBySide(unified string) []diffRow {
	var rows []diffRow
	var minus, plus []string
	flush := func() {
		for i := range max(len(minus), len(plus)) {
			r := diffRow{Changed: true}
			if i < len(minus) {
				r.Left, r.HasLeft = minus[i], true
			}
			if i < len(plus) {
				r.Right, r.HasRgt = plus[i], true
			}
			rows = append(rows, r)
		}
		minus, plus = nil, nil
	}
	for _, l := range strings.Split(strings.TrimSuffix(unified, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ ") || l == "":
		case strings.HasPrefix(l, "@@") || strings.HasPrefix(l, "... ") || strings.HasPrefix(l, `\ `):
			flush()
			rows = append(rows, diffRow{Hunk: l})
		case l[0] == '-':
			minus = append(minus, l[1:])
		case l[0] == '+':
			plus = append(plus, l[1:])
		default:
			flush()
			rows = append(rows, diffRow{Left: l[1:], Right: l[1:], HasLeft: true, HasRgt: true})
		}
	}
	flush()
	return rows
}

// anchor makes an id usable in an address's fragment and as an HTML id.
func anchor(id string) string {
	var b strings.Builder
	b.WriteString("s-")
	for _, c := range []byte(id) {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, ".%02x", c)
		}
	}
	return b.String()
}

// histogram draws counts of scores in bins equal slices of 0..max as an
// inline SVG bar chart.
func histogram(scores []float64, maxScore float64, bins int) template.HTML {
	counts := make([]int, bins)
	for _, s := range scores {
		i := 0
		if maxScore > 0 {
			i = int(s / maxScore * float64(bins))
		}
		counts[min(max(i, 0), bins-1)]++
	}
	most := max(1, slices.Max(counts))
	const w, h, pad = 320, 120, 18
	bw := float64(w) / float64(bins)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="hist" viewBox="0 0 %d %d" width="%d" height="%d" role="img">`, w, h+2*pad, w, h+2*pad)
	for i, n := range counts {
		bh := float64(h) * float64(n) / float64(most)
		x := float64(i) * bw
		lo, hi := maxScore*float64(i)/float64(bins), maxScore*float64(i+1)/float64(bins)
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f"><title>%s–%s: %d</title></rect>`,
			x+1, float64(pad+h)-bh, bw-2, bh, num(round2(lo)), num(round2(hi)), n)
		if n > 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%d</text>`, x+bw/2, float64(pad+h)-bh-3, n)
		}
	}
	fmt.Fprintf(&b, `<text x="0" y="%d">0</text><text x="%d" y="%d" text-anchor="end">%s</text></svg>`, h+2*pad-2, w, h+2*pad-2, num(maxScore))
	return template.HTML(b.String())
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }
