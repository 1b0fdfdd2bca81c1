package compare

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Mismatch explains how an output differs from the expected one.
//
// Expected and Got show the first differing line of each output with its
// whitespace made visible: a space is "·", a tab "→", a carriage return "␍",
// other control characters their Unicode control pictures (ESC is "␛"),
// other invisible or formatting characters "<U+00A0>", and a byte that is
// not UTF-8 "\xff". A line longer than 160 characters is cut to a window
// around its first difference, with "…" where it was cut. Since every space
// of the output is shown as "·", a real space marks a note of the grader's:
// "(empty line)", "(end of output)" when that output has no such line,
// "(no output)" when it is empty, and,
// in Strict mode, " (no newline at end)" after a last line that lacks its
// newline.
//
// Diff is a unified diff ("--- expected", "+++ got", "@@" hunks with three
// lines of context) of the lines as the mode compares them: in Lines and
// IgnoreCase mode without "\r" and trailing blanks, and without the empty
// lines at the end. Tabs, control characters and, in Strict mode, trailing
// spaces are made visible as above; other spaces are left as they are. A line
// missing its final newline is followed by "\ No newline at end of file". The
// diff covers at most 2000 lines of each output past the first difference
// and is cut to 40 lines, with a closing "... (K more lines)".
type Mismatch struct {
	Line     int    // 1-based number of the first differing line; 0 when the outputs are equal
	Expected string // that line of the expected output, made visible
	Got      string // that line of the output, made visible
	Diff     string // unified diff, capped; ends with a newline
}

const (
	diffContext  = 3    // lines of context around a change
	maxDiffLines = 40   // lines of diff shown, headers included
	diffWindow   = 2000 // lines of each output diffed past the first difference
	maxShown     = 160  // characters of one line shown
	leadShown    = 40   // characters shown before the first difference of a cut line
)

// Markers; each holds a real space, which no shown line does.
const (
	endOfOutput = "(end of output)"
	noOutput    = "(no output)"
	emptyLine   = "(empty line)"
	noNewline   = " (no newline at end)"
)

// Explain says how got differs from expected under mode. It returns the zero
// Mismatch when Equal(expected, got, mode). The result is deterministic and
// its cost is bounded by the sizes of the outputs, not by how they differ.
func Explain(expected, got []byte, mode Mode) Mismatch {
	if Equal(expected, got, mode) {
		return Mismatch{}
	}
	e, g := split(expected, mode), split(got, mode)
	k := 0
	for k < len(e.lines) && k < len(g.lines) && same(e, k, g, k, mode) {
		k++
	}
	m := Mismatch{Line: k + 1}
	m.Expected, m.Got = showPair(e, g, k, mode)
	m.Diff = unified(e, g, k, mode)
	return m
}

// text is an output cut into lines (without their "\n").
type text struct {
	lines [][]byte
	open  bool // the last line has no "\n" after it (kept in Strict mode only)
	empty bool // the output is no bytes at all
}

func (t text) isOpen(i int) bool { return t.open && i == len(t.lines)-1 }

func split(b []byte, mode Mode) text {
	t := text{empty: len(b) == 0}
	t.lines = make([][]byte, 0, bytes.Count(b, []byte{'\n'})+1)
	for len(b) > 0 {
		var l []byte
		if mode == Strict {
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				l, b, t.open = b, nil, true
			} else {
				l, b = b[:i], b[i+1:]
			}
		} else {
			l, b = nextLine(b)
		}
		t.lines = append(t.lines, l)
	}
	if mode != Strict {
		for n := len(t.lines); n > 0 && len(t.lines[n-1]) == 0; n-- {
			t.lines = t.lines[:n-1]
		}
	}
	return t
}

// same compares line i of a with line j of b.
func same(a text, i int, b text, j int, mode Mode) bool {
	return a.isOpen(i) == b.isOpen(j) && lineEqual(a.lines[i], b.lines[j], mode)
}

// showPair renders line k of both outputs. Long lines are cut at the same
// place in both, a little before their first difference.
func showPair(e, g text, k int, mode Mode) (string, string) {
	from := 0
	if k < len(e.lines) && k < len(g.lines) {
		if d := firstDiffRune(e.lines[k], g.lines[k], mode); d > maxShown-leadShown {
			from = d - leadShown
		}
	}
	show := func(t text) string {
		switch {
		case t.empty:
			return noOutput
		case k >= len(t.lines):
			return endOfOutput
		case len(t.lines[k]) == 0 && !t.isOpen(k):
			return emptyLine
		}
		s := render(t.lines[k], true, from)
		if t.isOpen(k) {
			s += noNewline
		}
		return s
	}
	return show(e), show(g)
}

// firstDiffRune counts the characters two lines have in common before they
// differ.
func firstDiffRune(a, b []byte, mode Mode) int {
	n := 0
	for len(a) > 0 && len(b) > 0 {
		_, n1 := utf8.DecodeRune(a)
		_, n2 := utf8.DecodeRune(b)
		if !bytes.Equal(a[:n1], b[:n2]) && (mode != IgnoreCase || !foldEqual(a[:n1], b[:n2])) {
			break
		}
		a, b, n = a[n1:], b[n2:], n+1
	}
	return n
}

// render makes a line visible (see Mismatch), from its from-th character
// on and at most maxShown characters long. With allSpaces every space is
// shown as "·", otherwise only trailing ones are.
func render(l []byte, allSpaces bool, from int) string {
	var sb strings.Builder
	trail := len(bytes.TrimRight(l, " "))
	if from > 0 {
		sb.WriteString("…")
	}
	for i, n := 0, 0; i < len(l); n++ {
		r, size := utf8.DecodeRune(l[i:])
		switch {
		case n < from:
		case n >= from+maxShown:
			sb.WriteString("…")
			return sb.String()
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&sb, `\x%02x`, l[i])
		case r == ' ':
			if allSpaces || i >= trail {
				sb.WriteString("·")
			} else {
				sb.WriteByte(' ')
			}
		case r == '\t':
			sb.WriteString("→")
		case r < ' ':
			sb.WriteRune(0x2400 + r) // control pictures: "␍", "␛", ...
		case r == 0x7f:
			sb.WriteRune('␡')
		case r >= utf8.RuneSelf && (!unicode.IsGraphic(r) || unicode.Is(unicode.Zs, r)):
			fmt.Fprintf(&sb, "<U+%04X>", r)
		default:
			sb.WriteRune(r)
		}
		i += size
	}
	return sb.String()
}

// op is one line of a line diff.
type op struct {
	kind diffmatchpatch.Operation
	i, j int // lines of expected and got before this one
}

// unified renders the diff of the two outputs around their first
// difference, line k.
func unified(e, g text, k int, mode Mode) string {
	// Common lines at the end need no diffing, only a few as context; the
	// rest is cut to a window so that huge outputs cost little.
	s := 0
	for s < len(e.lines)-k && s < len(g.lines)-k && same(e, len(e.lines)-1-s, g, len(g.lines)-1-s, mode) {
		s++
	}
	lo := max(0, k-diffContext)
	eHi, gHi := len(e.lines)-s, len(g.lines)-s
	cut := eHi-k > diffWindow || gHi-k > diffWindow
	if cut {
		eHi, gHi = min(eHi, k+diffWindow), min(gHi, k+diffWindow)
	} else {
		eHi, gHi = min(len(e.lines), eHi+diffContext), min(len(g.lines), gHi+diffContext)
	}
	ops := lineDiff(e, g, lo, eHi, lo, gHi, mode)
	if cut {
		// Where a window ends is arbitrary: changes after the last common
		// line may only be lines the other window left out.
		last := len(ops)
		for last > 0 && ops[last-1].kind != diffmatchpatch.DiffEqual {
			last--
		}
		if hasChange(ops[:last]) {
			ops = ops[:last]
		}
	}

	out := []string{"--- expected", "+++ got"}
	for start := 0; start < len(ops); {
		// A hunk runs from diffContext lines before a change to
		// diffContext lines after the last change that is at most
		// 2*diffContext lines from the next.
		first := start
		for first < len(ops) && ops[first].kind == diffmatchpatch.DiffEqual {
			first++
		}
		if first == len(ops) {
			break
		}
		end := first
		for i := first; i < len(ops); i++ {
			if ops[i].kind != diffmatchpatch.DiffEqual {
				end = i + 1
			} else if i-end >= 2*diffContext {
				break
			}
		}
		from, to := max(start, first-diffContext), min(len(ops), end+diffContext)
		out = append(out, hunk(e, g, ops[from:to], mode)...)
		start = to
	}
	var more string
	if len(out) > maxDiffLines {
		more = fmt.Sprintf("... (%d more lines)\n", len(out)-maxDiffLines)
		out = out[:maxDiffLines]
	}
	if cut {
		more += fmt.Sprintf("... (the diff covers only %d lines past line %d)\n", diffWindow, k+1)
	}
	return strings.Join(out, "\n") + "\n" + more
}

func hasChange(ops []op) bool {
	for _, o := range ops {
		if o.kind != diffmatchpatch.DiffEqual {
			return true
		}
	}
	return false
}

// hunk renders ops as one "@@" hunk.
func hunk(e, g text, ops []op, mode Mode) []string {
	ne, ng := 0, 0
	var body []string
	line := func(prefix string, t text, i int) {
		body = append(body, prefix+render(t.lines[i], false, 0))
		if t.isOpen(i) {
			body = append(body, `\ No newline at end of file`)
		}
	}
	for _, o := range ops {
		switch o.kind {
		case diffmatchpatch.DiffEqual:
			line(" ", e, o.i)
			ne, ng = ne+1, ng+1
		case diffmatchpatch.DiffDelete:
			line("-", e, o.i)
			ne++
		case diffmatchpatch.DiffInsert:
			line("+", g, o.j)
			ng++
		}
	}
	return append([]string{fmt.Sprintf("@@ -%s +%s @@", rangeOf(ops[0].i, ne), rangeOf(ops[0].j, ng))}, body...)
}

// rangeOf writes a hunk range as GNU diff does: the count is left out
// when it is 1, and an empty range names the line before it.
func rangeOf(before, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", before)
	case 1:
		return fmt.Sprint(before + 1)
	}
	return fmt.Sprintf("%d,%d", before+1, n)
}

// lineDiff diffs lines [eLo,eHi) of e with [gLo,gHi) of g in go-diff's line
// mode: each distinct line becomes one rune and the runes are diffed. The
// lines are keyed as the mode compares them, which DiffLinesToRunes cannot
// do (it keys raw lines). There is no time limit, so the result does not
// depend on the machine's speed; the window bounds the work.
func lineDiff(e, g text, eLo, eHi, gLo, gHi int, mode Mode) []op {
	ids := map[string]rune{}
	runes := func(t text, lo, hi int) []rune {
		rs := make([]rune, 0, hi-lo)
		for i := lo; i < hi; i++ {
			key := lineKey(t.lines[i], t.isOpen(i), mode)
			r, ok := ids[key]
			if !ok {
				// Skip the surrogates: go-diff turns runes into strings
				// and back, which would make them all U+FFFD.
				r = rune(len(ids) + 1)
				if r >= 0xd800 {
					r += 0x800
				}
				ids[key] = r
			}
			rs = append(rs, r)
		}
		return rs
	}
	r1, r2 := runes(e, eLo, eHi), runes(g, gLo, gHi)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	var ops []op
	i, j := eLo, gLo
	for _, d := range dmp.DiffMainRunes(r1, r2, false) {
		for range utf8.RuneCountInString(d.Text) {
			ops = append(ops, op{kind: d.Type, i: i, j: j})
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				i, j = i+1, j+1
			case diffmatchpatch.DiffDelete:
				i++
			case diffmatchpatch.DiffInsert:
				j++
			}
		}
	}
	return ops
}

// lineKey is equal for two lines exactly when same says they are.
func lineKey(l []byte, open bool, mode Mode) string {
	var sb strings.Builder
	if open {
		sb.WriteByte('o')
	} else {
		sb.WriteByte('t')
	}
	if mode != IgnoreCase {
		sb.Write(l)
		return sb.String()
	}
	for len(l) > 0 {
		r, n := utf8.DecodeRune(l)
		if r == utf8.RuneError && n == 1 {
			sb.WriteByte(l[0])
		} else {
			sb.WriteRune(foldRune(r))
		}
		l = l[n:]
	}
	return sb.String()
}
