package similarity

import (
	"bytes"
	"cmp"
	"slices"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// source is a file as its compiler reads it: the text the lexer reads,
// where each of its bytes lies in the file (marks), and what a reader of
// the comparison should know of it (note: decoded, not decoded).
//
// Every compiler turns a file's bytes into its text before it looks for
// tokens, and that text is what a copy must be judged by: the Java compiler's
// unicode escapes (\u000a ends a comment, /\u002a starts one), C's line
// splices (and trigraphs where the compiler honours them), Python's
// coding line (a file in UTF-7 writes its program on a comment line).
// The lexers read the text; the tokens' places are mapped back to the
// file's bytes, so that the regions shown are the file's.
type source struct {
	text  []byte
	marks []mark // none: text is the file itself
	note  string
}

// mark says that from byte t of the text on, the text's bytes are the
// file's from byte o on, up to the next mark.
type mark struct{ t, o int32 }

// translator builds a source's text and marks.
type translator struct {
	src   []byte
	out   []byte
	marks []mark
}

func newTranslator(src []byte) *translator {
	return &translator{src: src, out: make([]byte, 0, len(src)), marks: []mark{{0, 0}}}
}

// replace writes text in the place of the file's bytes from o to end.
func (x *translator) replace(o, end int, text []byte) {
	x.mark(len(x.out), o)
	x.out = append(x.out, text...)
	x.mark(len(x.out), end)
}

// replaceRune writes r (nothing when it is less than 0) in the place of
// the file's bytes from o to end.
func (x *translator) replaceRune(o, end int, r rune) {
	x.mark(len(x.out), o)
	if r >= 0 {
		x.out = utf8.AppendRune(x.out, r)
	}
	x.mark(len(x.out), end)
}

// mark adds a mark, unless it says what the last one does.
func (x *translator) mark(t, o int) {
	if n := len(x.marks); n > 0 {
		last := x.marks[n-1]
		if int(last.t) == t {
			x.marks[n-1].o = int32(o)
			return
		}
		if int(last.o)+t-int(last.t) == o {
			return
		}
	}
	x.marks = append(x.marks, mark{int32(t), int32(o)})
}

func (x *translator) source(note string) source {
	return source{text: x.out, marks: x.marks, note: note}
}

// fileOffsets maps the tokens' places in the text back to the file's
// bytes (src), and counts their lines in the file.
func (s source) fileOffsets(toks []Token, src []byte) {
	if s.marks == nil {
		return
	}
	m := 0 // the mark in force
	at := func(p int) int32 {
		for m+1 < len(s.marks) && int(s.marks[m+1].t) <= p {
			m++
		}
		o := int(s.marks[m].o) + p - int(s.marks[m].t)
		if m+1 < len(s.marks) {
			o = min(o, int(s.marks[m+1].o))
		}
		return int32(min(o, len(src)))
	}
	line, counted := int32(1), 0
	for i := range toks {
		t := &toks[i]
		t.Start, t.End = at(int(t.Start)), at(int(t.End))
		line += int32(bytes.Count(src[counted:t.Start], []byte{'\n'}))
		counted = int(t.Start)
		t.Line = line
	}
}

// lineEnds is b with every carriage return that is not followed by a
// line feed made one: the Java and C compilers and Python all end a line there (an
// old Mac file), and the lexers look for line feeds. The result has b's
// length; b itself is never changed.
func lineEnds(b []byte) []byte {
	i := loneCR(b, 0)
	if i < 0 {
		return b
	}
	out := bytes.Clone(b)
	for ; i >= 0; i = loneCR(out, i+1) {
		out[i] = '\n'
	}
	return out
}

// loneCR is the first carriage return from i on not followed by a line
// feed, or -1.
func loneCR(b []byte, i int) int {
	for i < len(b) {
		j := bytes.IndexByte(b[i:], '\r')
		if j < 0 {
			return -1
		}
		if i+j+1 >= len(b) || b[i+j+1] != '\n' {
			return i + j
		}
		i += j + 1
	}
	return -1
}

// rawEnd is where in the text a C++ raw string ends whose opening ends
// at the text's byte at: past the first closer in the file's bytes from
// there. g++ reverts line splices (and trigraphs) within a raw string,
// so that the splices made in the text must not end it early.
func (s source) rawEnd(src []byte, at int, closer string) int {
	o := s.fileAt(at)
	i := bytes.Index(src[o:], []byte(closer))
	if i < 0 {
		return len(s.text)
	}
	return s.textAt(o + i + len(closer))
}

// fileAt is where the text's byte t lies in the file.
func (s source) fileAt(t int) int {
	if s.marks == nil {
		return t
	}
	m, _ := slices.BinarySearchFunc(s.marks, t, func(x mark, t int) int { return cmp.Compare(int(x.t), t+1) })
	m-- // the last mark at or before t
	o := int(s.marks[m].o) + t - int(s.marks[m].t)
	if m+1 < len(s.marks) {
		o = min(o, int(s.marks[m+1].o))
	}
	return o
}

// textAt is the first of the text's bytes at or past the file's byte o.
func (s source) textAt(o int) int {
	if s.marks == nil {
		return min(o, len(s.text))
	}
	m, _ := slices.BinarySearchFunc(s.marks, o, func(x mark, o int) int { return cmp.Compare(int(x.o), o+1) })
	m-- // the last mark at or before o
	t := int(s.marks[m].t) + o - int(s.marks[m].o)
	if m+1 < len(s.marks) {
		t = min(t, int(s.marks[m+1].t))
	}
	return min(t, len(s.text))
}

// javaSource turns the file into what the Java compiler reads (JLS 3.3):
// each unicode escape (toolchain.JavaEscapes) becomes its character.
func javaSource(src []byte) source {
	if !bytes.Contains(src, []byte(`\u`)) {
		return source{text: src}
	}
	x := newTranslator(src)
	last := 0
	toolchain.JavaEscapes(src, func(start, end int, r rune) {
		x.out = append(x.out, src[last:start]...)
		x.replaceRune(start, end, r)
		last = end
	})
	x.out = append(x.out, src[last:]...)
	return x.source("")
}

// hexRune is the character of hexadecimal digits.
func hexRune(b []byte) (rune, bool) {
	var r rune
	for _, c := range b {
		d, ok := hexDigit(c)
		if !ok {
			return 0, false
		}
		r = r<<4 | d
	}
	return r, true
}

func hexDigit(c byte) (rune, bool) {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0'), true
	case 'a' <= c && c <= 'f':
		return rune(c-'a') + 10, true
	case 'A' <= c && c <= 'F':
		return rune(c-'A') + 10, true
	}
	return 0, false
}

// trigraphs are the characters ??x stands for where a C compiler
// honours trigraphs.
var trigraphs = map[byte]byte{'=': '#', '/': '\\', '\'': '^', '(': '[', ')': ']', '!': '|', '<': '{', '>': '}', '-': '~'}

// cSource turns the file into what a C or C++ compiler's translation
// phases 1 and 2 make of it: trigraphs replaced (when tri: gcc honours
// them only in a strict ISO mode or with -trigraphs), then every line
// splice removed: a backslash, blanks (gcc accepts them, with a
// warning) and a line end.
func cSource(src []byte, tri bool) source {
	if !bytes.Contains(src, []byte(`\`)) && !(tri && bytes.Contains(src, []byte("??"))) {
		return source{text: src}
	}
	x := newTranslator(src)
	for i := 0; i < len(src); {
		c, n := src[i], 1
		if tri && c == '?' && i+2 < len(src) && src[i+1] == '?' && trigraphs[src[i+2]] != 0 {
			c, n = trigraphs[src[i+2]], 3
		}
		if c == '\\' {
			if end := spliceEnd(src, i+n); end > 0 {
				x.mark(len(x.out), end)
				i = end
				continue
			}
		}
		if n > 1 {
			x.replace(i, i+n, []byte{c})
		} else {
			x.out = append(x.out, c)
		}
		i += n
	}
	return x.source("")
}

// spliceEnd is where a line splice whose backslash ends at i ends: past
// blanks and the line end; 0 when no line end follows.
func spliceEnd(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\f' || src[i] == '\v') {
		i++
	}
	if i < len(src) && src[i] == '\r' {
		i++
	}
	if i < len(src) && src[i] == '\n' {
		return i + 1
	}
	return 0
}
