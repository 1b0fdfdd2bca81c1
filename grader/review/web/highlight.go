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

// line colours one line, carrying open comments and strings over.
func (st *lexState) line(syn *toolchain.Syntax, l string) []Span {
	var spans []Span
	add := func(class, text string) {
		if text == "" {
			return
		}
		if n := len(spans); n > 0 && spans[n-1].Class == class {
			spans[n-1].Text += text
			return
		}
		spans = append(spans, Span{class, text})
	}
	i := 0
	for i < len(l) {
		rest := l[i:]
		switch {
		case st.inBlock:
			end := strings.Index(rest, syn.BlockComment[1])
			if end < 0 {
				add("com", rest)
				return spans
			}
			add("com", rest[:end+len(syn.BlockComment[1])])
			i += end + len(syn.BlockComment[1])
			st.inBlock = false
		case st.inTriple != "":
			end := strings.Index(rest, st.inTriple)
			if end < 0 {
				add("str", rest)
				return spans
			}
			add("str", rest[:end+3])
			i += end + 3
			st.inTriple = ""
		case syn.BlockComment[0] != "" && strings.HasPrefix(rest, syn.BlockComment[0]):
			st.inBlock = true
			add("com", syn.BlockComment[0])
			i += len(syn.BlockComment[0])
		case slices.ContainsFunc(syn.LineComment, func(c string) bool { return strings.HasPrefix(rest, c) }):
			add("com", rest)
			return spans
		case syn.TripleQuotes && (strings.HasPrefix(rest, `"""`) || strings.HasPrefix(rest, "'''")):
			st.inTriple = rest[:3]
			add("str", rest[:3])
			i += 3
		case strings.IndexByte(syn.Quotes, rest[0]) >= 0:
			n := quoted(rest)
			add("str", rest[:n])
			i += n
		case isWord(rest[0]):
			n := 1
			for n < len(rest) && isWord(rest[n]) {
				n++
			}
			class := ""
			if slices.Contains(syn.Keywords, rest[:n]) {
				class = "kw"
			}
			add(class, rest[:n])
			i += n
		default:
			add("", rest[:1])
			i++
		}
	}
	return spans
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
