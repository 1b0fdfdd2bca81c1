package rubric

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// The toml package reports positions for syntax errors only; a rubric's
// semantic errors need the position of the key they concern too. So this
// file finds where every key is written. It runs only on documents that
// toml has parsed, so it needs just enough TOML to find keys and skip values.

// pathSep joins the elements of a key path; an element "#N" is the N-th
// (0-based) table of an array of tables.
const pathSep = "\x1f"

func joinPath(path []string) string { return strings.Join(path, pathSep) }

func index(n int) string { return "#" + strconv.Itoa(n) }

// positions maps a key path to where the key (or a table's header) starts.
type positions map[string]toml.Position

type keyScanner struct {
	src   string
	i     int
	lines []int // offsets where lines start
	pos   positions
	aot   map[string]int // entries seen of each array of tables
	table []string       // the current table's path
}

func keyPositions(src string) positions {
	s := &keyScanner{src: src, pos: positions{}, aot: map[string]int{}, lines: []int{0}}
	for i := range len(src) {
		if src[i] == '\n' {
			s.lines = append(s.lines, i+1)
		}
	}
	for {
		s.skipSpace(true)
		if s.i >= len(s.src) {
			return s.pos
		}
		start := s.i
		switch {
		case strings.HasPrefix(s.src[s.i:], "[["):
			s.i += 2
			s.table = s.resolve(s.key(), true)
			s.skipPast("]]")
		case s.src[s.i] == '[':
			s.i++
			s.table = s.resolve(s.key(), false)
			s.skipPast("]")
		default:
			s.keyValue(s.table)
		}
		s.mark(s.table, start)
		if s.i == start { // not TOML after all; give up rather than loop
			return s.pos
		}
	}
}

// resolve turns a header's key into a path, numbering arrays of tables.
func (s *keyScanner) resolve(key []string, newEntry bool) []string {
	var out []string
	for i, k := range key {
		out = append(out, k)
		id := joinPath(out)
		if newEntry && i == len(key)-1 {
			n := s.aot[id]
			s.aot[id] = n + 1
			out = append(out, index(n))
		} else if n, ok := s.aot[id]; ok {
			out = append(out, index(n-1))
		}
	}
	return out
}

// mark records the position of path and of its prefixes, unless known.
func (s *keyScanner) mark(path []string, offset int) {
	line := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > offset })
	p := toml.Position{Line: line, Col: offset - s.lines[line-1] + 1, Start: offset}
	for n := 1; n <= len(path); n++ {
		if id := joinPath(path[:n]); s.pos[id] == (toml.Position{}) {
			s.pos[id] = p
		}
	}
}

func (s *keyScanner) peek() byte {
	if s.i < len(s.src) {
		return s.src[s.i]
	}
	return 0
}

// skipSpace skips blanks and, with newlines, line breaks and comments.
func (s *keyScanner) skipSpace(newlines bool) {
	for s.i < len(s.src) {
		switch c := s.src[s.i]; {
		case c == ' ' || c == '\t':
			s.i++
		case newlines && (c == '\n' || c == '\r'):
			s.i++
		case newlines && c == '#':
			for s.i < len(s.src) && s.src[s.i] != '\n' {
				s.i++
			}
		default:
			return
		}
	}
}

func (s *keyScanner) skipPast(end string) {
	if j := strings.Index(s.src[s.i:], end); j >= 0 {
		s.i += j + len(end)
	} else {
		s.i = len(s.src)
	}
}

// key reads a possibly dotted, possibly quoted key.
func (s *keyScanner) key() []string {
	var parts []string
	for {
		s.skipSpace(false)
		start := s.i
		switch s.peek() {
		case '"':
			s.i++
			for s.i < len(s.src) && s.src[s.i] != '"' {
				if s.src[s.i] == '\\' {
					s.i++
				}
				s.i++
			}
			s.i = min(s.i+1, len(s.src))
			k, err := strconv.Unquote(s.src[start:s.i])
			if err != nil {
				k = s.src[start+1 : max(start+1, s.i-1)]
			}
			parts = append(parts, k)
		case '\'':
			s.i++
			s.skipPast("'")
			parts = append(parts, s.src[start+1:max(start+1, s.i-1)])
		default:
			for s.i < len(s.src) && !strings.ContainsRune(" \t.=]\r\n#", rune(s.src[s.i])) {
				s.i++
			}
			parts = append(parts, s.src[start:s.i])
		}
		s.skipSpace(false)
		if s.peek() != '.' || s.i == start {
			return parts
		}
		s.i++
	}
}

// keyValue reads "key = value" in table.
func (s *keyScanner) keyValue(table []string) {
	start := s.i
	path := append(append([]string(nil), table...), s.key()...)
	s.mark(path, start)
	if s.peek() == '=' {
		s.i++
	}
	s.skipSpace(false)
	s.value(path)
}

// value skips a value, marking the keys of inline tables in it.
func (s *keyScanner) value(path []string) {
	s.mark(path, s.i)
	rest := s.src[s.i:]
	switch {
	case strings.HasPrefix(rest, `"""`), strings.HasPrefix(rest, `'''`):
		q := rest[:3]
		s.i += 3
		for s.i < len(s.src) && !strings.HasPrefix(s.src[s.i:], q) {
			if q == `"""` && s.src[s.i] == '\\' {
				s.i++
			}
			s.i++
		}
		s.i = min(s.i+3, len(s.src))
		for n := 0; n < 2 && s.peek() == q[0]; n++ { // """a"""" ends in a quote
			s.i++
		}
	case strings.HasPrefix(rest, `"`):
		s.key() // a quoted string reads like a quoted key
	case strings.HasPrefix(rest, `'`):
		s.i++
		s.skipPast("'")
	case strings.HasPrefix(rest, "["):
		s.i++
		for n := 0; ; n++ {
			s.skipSpace(true)
			if c := s.peek(); c == ']' || c == 0 {
				s.i = min(s.i+1, len(s.src))
				return
			}
			before := s.i
			s.value(append(path[:len(path):len(path)], index(n)))
			s.skipSpace(true)
			if s.peek() == ',' {
				s.i++
			}
			if s.i == before {
				s.i = len(s.src)
			}
		}
	case strings.HasPrefix(rest, "{"):
		s.i++
		for {
			s.skipSpace(true)
			if c := s.peek(); c == '}' || c == 0 {
				s.i = min(s.i+1, len(s.src))
				return
			}
			before := s.i
			s.keyValue(path[:len(path):len(path)])
			s.skipSpace(true)
			if s.peek() == ',' {
				s.i++
			}
			if s.i == before {
				s.i = len(s.src)
			}
		}
	default: // number, boolean, date and time
		start := s.i
		for s.i < len(s.src) && !strings.ContainsRune(" \t\r\n,]}#", rune(s.src[s.i])) {
			s.i++
		}
		// "1979-05-27 07:32:00": a space may separate date and time.
		if s.i-start == 10 && s.i+1 < len(s.src) && s.src[s.i] == ' ' && '0' <= s.src[s.i+1] && s.src[s.i+1] <= '9' {
			s.i++
			for s.i < len(s.src) && !strings.ContainsRune(" \t\r\n,]}#", rune(s.src[s.i])) {
				s.i++
			}
		}
	}
}

// fixColumn recomputes a toml error's line and column from its byte
// offset when it has one (toml's line can be a line past the offset: an
// unclosed "[[part]" is reported on the line after it) and keeps the
// position inside the file.
func fixColumn(src []byte, p toml.Position) toml.Position {
	if 0 < p.Start && p.Start <= len(src) {
		p.Line = 1 + bytes.Count(src[:p.Start], []byte("\n"))
	}
	lines := bytes.Split(src, []byte("\n"))
	if p.Line < 1 {
		p.Line, p.Col = 1, 1
	}
	if p.Line > len(lines) {
		p.Line, p.Col = len(lines), len(lines[len(lines)-1])+1
	}
	start := 0
	for _, l := range lines[:p.Line-1] {
		start += len(l) + 1
	}
	n := len(lines[p.Line-1])
	if start <= p.Start && p.Start <= start+n {
		p.Col = p.Start - start + 1
	}
	p.Col = min(max(p.Col, 1), n+1)
	return p
}
