package similarity

import (
	"fmt"
	"strconv"

	"github.com/cs540-tools/autograder/grader/escape"
)

// CSV is similarity.csv: the first n pairs, best first (rank, the two
// submissions, each one's share found in the other and the pair's score,
// the pooled share, as percentages, and for an aligned pair the longest
// match's tokens and lines), then a row for each submission not
// compared, with why, and one for each note on how a submission was read
// (Doc.Notes). Every cell is made inert for a spreadsheet (escape.CSV):
// IDs and file names are the students' (IDs are shown with escape.ID, a
// look-alike flagged).
func (r *Result) CSV(n int) []byte {
	rows := [][]string{{"rank", "submission_a", "submission_b", "a_in_b_percent", "b_in_a_percent", "score_percent", "longest_match_tokens", "longest_match_a", "longest_match_b", "note"}}
	for i, p := range r.Pairs[:min(n, len(r.Pairs))] {
		row := []string{strconv.Itoa(i + 1), escape.ID(r.Docs[p.A].ID), escape.ID(r.Docs[p.B].ID), pct(p.AB), pct(p.BA), pct(p.Score()), "", "", "", r.corpusNote(p)}
		if len(p.Matches) > 0 {
			m := p.Matches[0]
			row[6] = strconv.Itoa(p.Longest)
			row[7], row[8] = r.Docs[p.A].where(m.A), r.Docs[p.B].where(m.B)
		}
		rows = append(rows, row)
	}
	for _, d := range r.Docs {
		if d.Problem != "" {
			rows = append(rows, []string{"", escape.ID(d.ID), "", "", "", "", "", "", "", "not compared: " + d.Problem})
		}
	}
	for _, d := range r.Docs {
		for _, n := range d.Notes {
			rows = append(rows, []string{"", escape.ID(d.ID), "", "", "", "", "", "", "", "note: " + n})
		}
	}
	return escape.CSV(rows)
}

// pct is a share as a percentage with one decimal.
func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

// where is a span as file:first-last.
func (d *Doc) where(s Span) string {
	return fmt.Sprintf("%s:%d-%d", d.Files[s.File].Name, s.FirstLine, s.LastLine)
}

// corpusNote says which of a pair's submissions come from a corpus.
func (r *Result) corpusNote(p Pair) string {
	switch {
	case r.Docs[p.A].Corpus:
		return "a is from a corpus (--against)"
	case r.Docs[p.B].Corpus:
		return "b is from a corpus (--against)"
	}
	return ""
}
