package web

import (
	"path"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/toolchain"
)

// Span is a run of a line's text and its class: "" (plain), "kw", "str"
// or "com". Its text is shown as text (html/template), never markup.
type Span struct {
	Class, Text string
}

// maxShown bounds the bytes of a file shown: past it, the rest is left
// out with a note.
const maxShown = 2 << 20

// highlight splits a file into lines of spans, coloured by the syntax of
// its language (by its name's ending); a file of no known language, or
// one that is not text, is one plain span a line. Control characters and
// bytes that are not UTF-8 are shown visibly (escape.Terminal), as in
// every other view of a student's bytes.
func highlight(name string, data []byte) [][]Span {
	if len(data) > maxShown {
		data = data[:maxShown]
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	syn := toolchain.SyntaxOf(path.Ext(name))
	out := make([][]Span, len(lines))
	var st lexState
	for i, l := range lines {
		l = strings.ReplaceAll(escape.Terminal(l), "\n", "")
		if syn == nil {
			out[i] = []Span{{Text: l}}
			continue
		}
		out[i] = st.line(syn, l)
	}
	return out
}

// lexState is what a line leaves open for the next: a block comment or
// a triple-quoted string.
type lexState struct {
	inBlock  bool
	inTriple string
}

// spans collects a line's spans, merging neighbours of one class.
type spans []Span

func (ss *spans) add(class, text string) {
	if text == "" {
		return
	}
	if n := len(*ss); n > 0 && (*ss)[n-1].Class == class {
		(*ss)[n-1].Text += text
		return
	}
	*ss = append(*ss, Span{class, text})
}

// line colours one line, carrying open comments and strings over.
func (st *lexState) line(syn *toolchain.Syntax, l string) []Span {
	var out spans
	for i := 0; i < len(l); {
		n, class, rest := st.open(syn, l[i:])
		if rest {
			out.add(class, l[i:])
			break
		}
		out.add(class, l[i:i+n])
		i += n
	}
	return out
}

// open reads the token at the start of s: its length and class, or rest
// when it runs to the line's end.
func (st *lexState) open(syn *toolchain.Syntax, s string) (n int, class string, rest bool) {
	switch {
	case st.inBlock:
		return st.closeAt(s, syn.BlockComment[1], "com", func() { st.inBlock = false })
	case st.inTriple != "":
		return st.closeAt(s, st.inTriple, "str", func() { st.inTriple = "" })
	case syn.BlockComment[0] != "" && strings.HasPrefix(s, syn.BlockComment[0]):
		st.inBlock = true
		return len(syn.BlockComment[0]), "com", false
	case slices.ContainsFunc(syn.LineComment, func(c string) bool { return strings.HasPrefix(s, c) }):
		return 0, "com", true
	case syn.TripleQuotes && (strings.HasPrefix(s, `"""`) || strings.HasPrefix(s, "'''")):
		st.inTriple = s[:3]
		return 3, "str", false
	case strings.IndexByte(syn.Quotes, s[0]) >= 0:
		return quoted(s), "str", false
	case isWord(s[0]):
		n := 1
		for n < len(s) && isWord(s[n]) {
			n++
		}
		if slices.Contains(syn.Keywords, s[:n]) {
			return n, "kw", false
		}
		return n, "", false
	}
	return 1, "", false
}

// closeAt reads an open comment or string up to and with end, or to the
// line's end; done is called when it closes.
func (st *lexState) closeAt(s, end, class string, done func()) (int, string, bool) {
	i := strings.Index(s, end)
	if i < 0 {
		return 0, class, true
	}
	done()
	return i + len(end), class, false
}

// quoted is the length of the string that starts s (its quote, a
// backslash escaping the next byte), to the line's end if unclosed.
func quoted(s string) int {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i + 1
		}
	}
	return len(s)
}

func isWord(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}
