package report

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// diffRow is one row of a side-by-side diff: a hunk header (or a note such
// as "\ No newline at end of file"), a line both sides share, or a changed
// pair (either side may be missing).
type diffRow struct {
	Hunk        string
	Left, Right diffSide
	Changed     bool
}

// diffSide is one side of a diff row: its line number in its output (0
// when the side has no line in this row) and its text in pieces, the
// pieces that differ from the other side marked.
type diffSide struct {
	Line  int
	Spans []span
	Got   bool // the program's side, on the right
}

// span is a piece of a line; Mark says it differs from the other side.
type span struct {
	Text string
	Mark bool
}

var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@`)

// sideBySide turns a unified diff into rows: the expected output on the
// left, the program's on the right, a run of removed lines beside the run
// of added lines that replaces it, each line with its number. The diff has
// tabs and control characters made visible already (package compare);
// spaces are made visible here too ("·"), as in the first difference.
func sideBySide(unified string) []diffRow {
	var rows []diffRow
	var minus, plus []string
	left, right := 1, 1 // the next line numbers
	flush := func() {
		for i := range max(len(minus), len(plus)) {
			r := diffRow{Changed: true}
			switch {
			case i < len(minus) && i < len(plus):
				l, p := visibleSpaces(minus[i]), visibleSpaces(plus[i])
				r.Left.Spans, r.Right.Spans = intraLine(l, p)
			case i < len(minus):
				r.Left.Spans = []span{{Text: visibleSpaces(minus[i])}}
			default:
				r.Right.Spans = []span{{Text: visibleSpaces(plus[i])}}
			}
			if i < len(minus) {
				r.Left.Line, left = left, left+1
			}
			if i < len(plus) {
				r.Right.Line, right = right, right+1
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
			if m := hunkHeader.FindStringSubmatch(l); m != nil {
				left, _ = strconv.Atoi(m[1])
				right, _ = strconv.Atoi(m[2])
			}
			rows = append(rows, diffRow{Hunk: l})
		case l[0] == '-':
			minus = append(minus, l[1:])
		case l[0] == '+':
			plus = append(plus, l[1:])
		default:
			flush()
			same := []span{{Text: visibleSpaces(l[1:])}}
			rows = append(rows, diffRow{Left: diffSide{Line: left, Spans: same}, Right: diffSide{Line: right, Spans: same}})
			left, right = left+1, right+1
		}
	}
	flush()
	for i := range rows {
		rows[i].Right.Got = true
	}
	return rows
}

// visibleSpaces shows a diff line's spaces as compare shows them in the
// first difference.
func visibleSpaces(s string) string { return strings.ReplaceAll(s, " ", "·") }

// maxIntraLine bounds the characters of a changed pair's middles (what is
// left once their common start and end are cut) that are diffed character
// by character; longer middles are marked whole, so that a huge line costs
// little.
const maxIntraLine = 1000

// intraLine splits a changed pair of lines into pieces, marking on each
// side the characters the other side lacks. Lines with nothing in common
// are not marked: the whole row is changed.
func intraLine(a, b string) (left, right []span) {
	if !utf8.ValidString(a) || !utf8.ValidString(b) {
		// Not from package compare, which shows a stray byte as "\xff";
		// diffing by character would change it.
		return appendSpan(nil, a, false), appendSpan(nil, b, false)
	}
	p := commonPrefix(a, b)
	s := commonSuffix(a[p:], b[p:])
	midA, midB := a[p:len(a)-s], b[p:len(b)-s]
	var diffs []diffmatchpatch.Diff
	if len(midA)+len(midB) <= maxIntraLine {
		dmp := diffmatchpatch.New()
		dmp.DiffTimeout = 0 // no clock: the same lines give the same marks
		diffs = dmp.DiffCleanupSemantic(dmp.DiffMain(midA, midB, false))
	} else {
		diffs = []diffmatchpatch.Diff{{Type: diffmatchpatch.DiffDelete, Text: midA}, {Type: diffmatchpatch.DiffInsert, Text: midB}}
	}
	if p == 0 && s == 0 && !hasEqual(diffs) {
		return appendSpan(nil, a, false), appendSpan(nil, b, false)
	}
	left = appendSpan(left, a[:p], false)
	right = appendSpan(right, b[:p], false)
	for _, d := range diffs {
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			left = appendSpan(left, d.Text, false)
			right = appendSpan(right, d.Text, false)
		case diffmatchpatch.DiffDelete:
			left = appendSpan(left, d.Text, true)
		case diffmatchpatch.DiffInsert:
			right = appendSpan(right, d.Text, true)
		}
	}
	left = appendSpan(left, a[len(a)-s:], false)
	right = appendSpan(right, b[len(b)-s:], false)
	return left, right
}

func hasEqual(diffs []diffmatchpatch.Diff) bool {
	for _, d := range diffs {
		if d.Type == diffmatchpatch.DiffEqual && d.Text != "" {
			return true
		}
	}
	return false
}

// appendSpan adds text to spans, joining it to the last span when both
// are marked alike.
func appendSpan(spans []span, text string, mark bool) []span {
	switch {
	case text == "":
		return spans
	case len(spans) > 0 && spans[len(spans)-1].Mark == mark:
		spans[len(spans)-1].Text += text
		return spans
	}
	return append(spans, span{Text: text, Mark: mark})
}

// commonPrefix is the length in bytes of the characters a and b start
// with, cut at a character's boundary.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) {
		_, s1 := utf8.DecodeRuneInString(a[n:])
		if n+s1 > len(b) || a[n:n+s1] != b[n:n+s1] {
			break
		}
		n += s1
	}
	return n
}

// commonSuffix is the length in bytes of the characters a and b end with.
func commonSuffix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) {
		_, s1 := utf8.DecodeLastRuneInString(a[:len(a)-n])
		if n+s1 > len(b) || a[len(a)-n-s1:len(a)-n] != b[len(b)-n-s1:len(b)-n] {
			break
		}
		n += s1
	}
	return n
}
