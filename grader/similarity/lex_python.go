package similarity

import "strings"

// pythonSyntax is Python's words and operators.
var pythonSyntax = newSyntax(pythonKeywords, "self", pythonOps)

const (
	pythonKeywords = `False None True and as assert async await break class continue def del elif
		else except finally for from global if import in is lambda nonlocal not or pass raise
		return try while with yield match case`
	pythonOps = `**= //= >>= <<= -> := ** // == != <= >= += -= *= /= %= &= |= ^= << >> @=`
)

// lexPython reads Python. Comments, import lines and "self" (with its
// dot) are dropped; a logical line's end is a token (Python's
// statements end there), a blank or comment line none.
func lexPython(src []byte, limit int) []Token {
	s := newScanner(src, pythonSyntax, limit)
	depth := 0 // brackets open: line ends inside them are layout
	for !s.done() {
		if s.space(true) {
			continue
		}
		c := s.src[s.pos]
		switch {
		case c == '\n':
			s.endLine(depth)
			s.advance(1)
		case c == '#':
			s.restOfLine()
		case c == '\\' && s.peek(1) == '\n':
			s.advance(2)
		case c == ';': // ends a statement, as a line end does
			s.endLine(depth)
			s.pos++
		case s.pythonString():
		case isIdentStart(c):
			start := s.pos
			w := s.word()
			if (w == "import" || w == "from") && depth == 0 && s.lineStarts(start) {
				s.restOfLine()
				continue
			}
			if w == "self" && s.peek(0) == '.' {
				s.pos++
			}
			s.name(w, start)
		case s.isNumberStart():
			s.number()
		default:
			depth = max(0, depth+strings.Count("([{", string(c))-strings.Count(")]}", string(c)))
			s.operator()
		}
	}
	s.endLine(0)
	return s.out
}

// endLine emits a line's end when it ends a statement: outside brackets,
// after a token that is not a line's end already.
func (s *scanner) endLine(depth int) {
	if depth == 0 && len(s.out) > 0 && s.out[len(s.out)-1].Kind != kindLine {
		s.emit(kindLine, s.pos, s.line)
	}
}

// lineStarts says whether only blanks come before start on its line.
func (s *scanner) lineStarts(start int) bool {
	for i := start - 1; i >= 0 && s.src[i] != '\n'; i-- {
		if s.src[i] != ' ' && s.src[i] != '\t' {
			return false
		}
	}
	return true
}

// pythonString reads a string with any prefix (r, b, u, f and their
// pairs) and one or three quotes, and reports whether there was one.
func (s *scanner) pythonString() bool {
	i := 0
	for i < 2 && strings.IndexByte("rRbBuUfF", s.peek(i)) >= 0 {
		i++
	}
	q := s.peek(i)
	if q != '"' && q != '\'' {
		return false
	}
	start, line := s.pos, s.line
	s.pos += i
	triple := strings.Repeat(string(q), 3)
	if !s.has(triple) {
		n := len(s.out)
		s.quoted(q, kindString)
		if len(s.out) > n {
			s.out[n].Start = int32(start)
		}
		return true
	}
	s.advance(3)
	for !s.done() && !s.has(triple) {
		if s.src[s.pos] == '\\' {
			s.advance(2)
			continue
		}
		s.advance(1)
	}
	s.advance(3)
	s.emit(kindString, start, line)
	return true
}
