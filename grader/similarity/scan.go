package similarity

import (
	"bytes"
	"slices"
	"strings"
)

// scanner is what the lexers share: a position in a file, its line, the
// tokens found so far, and the language's keywords (each a kind of its
// own; the rest of the names are identifiers), the words dropped (as
// modifiers that change nothing copied) and operators (the longest that
// matches is one token).
type scanner struct {
	src      []byte
	pos      int
	line     int32
	out      []Token
	keywords map[string]uint32
	drop     map[string]bool
	ops      []op // longest first
	limit    int  // the most tokens read: the rest of the file is skipped
	// rawEnd, when set, says where a C++ raw string ends (see lexC).
	rawEnd func(at int, closer string) int
	// C's object-like macros: each one's tokens, and the one being
	// defined on this line, whose tokens start at out[bodyFrom].
	macros   map[string][]uint32
	defining string
	bodyFrom int
}

// op is an operator of two or more characters and its kind.
type op struct {
	text string
	kind uint32
}

// syntax is a language's word lists, made into a scanner's tables once.
type syntax struct {
	keywords map[string]uint32
	drop     map[string]bool
	ops      []op
}

// newSyntax makes the tables of a language from its keywords, the words
// to drop and its operators of two or more characters.
func newSyntax(keywords, drop, ops string) syntax {
	s := syntax{keywords: map[string]uint32{}, drop: map[string]bool{}}
	for _, o := range strings.Fields(ops) {
		s.ops = append(s.ops, op{o, kindOf(o)})
	}
	for _, k := range strings.Fields(keywords) {
		s.keywords[k] = kindOf(k)
	}
	for _, k := range strings.Fields(drop) {
		s.drop[k] = true
	}
	slices.SortStableFunc(s.ops, func(a, b op) int { return len(b.text) - len(a.text) })
	return s
}

func newScanner(src []byte, s syntax, limit int) *scanner {
	return &scanner{src: src, line: 1, keywords: s.keywords, drop: s.drop, ops: s.ops, limit: limit,
		out: make([]Token, 0, min(len(src)/4, limit))}
}

func (s *scanner) done() bool { return s.pos >= len(s.src) }

// peek is the byte i ahead, or 0 past the end.
func (s *scanner) peek(i int) byte {
	if s.pos+i < len(s.src) {
		return s.src[s.pos+i]
	}
	return 0
}

func (s *scanner) has(prefix string) bool {
	return bytes.HasPrefix(s.src[s.pos:], []byte(prefix))
}

// advance moves n bytes on, counting the lines passed.
func (s *scanner) advance(n int) {
	end := min(s.pos+n, len(s.src))
	s.line += int32(bytes.Count(s.src[s.pos:end], []byte{'\n'}))
	s.pos = end
}

// emit adds a token of kind from start to the current position, which
// began on line.
// At the limit, it emits nothing and ends the file.
func (s *scanner) emit(kind uint32, start int, line int32) {
	if len(s.out) >= s.limit {
		s.pos = len(s.src)
		return
	}
	s.out = append(s.out, Token{Kind: kind, Start: int32(start), End: int32(s.pos), Line: line})
}

// space skips blanks other than line ends when keepNewline, else all of
// them; it reports whether it skipped any.
func (s *scanner) space(keepNewline bool) bool {
	start := s.pos
	for !s.done() {
		c := s.src[s.pos]
		if c == '\n' {
			if keepNewline {
				break
			}
			s.line++
		} else if c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v' {
			break
		}
		s.pos++
	}
	return s.pos > start
}

// skipTo moves past the first end at or after the position, or to the
// end of the file.
func (s *scanner) skipTo(end string) {
	i := bytes.Index(s.src[s.pos:], []byte(end))
	if i < 0 {
		s.advance(len(s.src) - s.pos)
		return
	}
	s.advance(i + len(end))
}

// restOfLine moves to the line's end (not past it), going on over a line
// that ends in a backslash.
func (s *scanner) restOfLine() {
	for !s.done() && s.src[s.pos] != '\n' {
		if s.src[s.pos] == '\\' && s.peek(1) == '\n' {
			s.advance(2)
			continue
		}
		s.pos++
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// word reads a name and returns it.
func (s *scanner) word() string {
	start := s.pos
	for !s.done() && isIdentPart(s.src[s.pos]) {
		s.pos++
	}
	return string(s.src[start:s.pos])
}

// name emits a word read from start: its keyword's kind, nothing when it
// is dropped, else an identifier.
func (s *scanner) name(w string, start int) {
	if s.drop[w] {
		return
	}
	kind, ok := s.keywords[w]
	if !ok {
		kind = kindIdent
	}
	s.emit(kind, start, s.line)
}

// isNumberStart says whether a number starts here: a digit, or a dot
// before one.
func (s *scanner) isNumberStart() bool {
	c := s.peek(0)
	return isDigit(c) || c == '.' && isDigit(s.peek(1))
}

// number reads a number of any base, with its separators, exponent and
// suffix, as one token.
func (s *scanner) number() {
	start := s.pos
	for !s.done() {
		c := s.src[s.pos]
		switch {
		case (c == '+' || c == '-') && s.pos > start && strings.IndexByte("eEpP", s.src[s.pos-1]) >= 0 && !isHex(s.src[start:s.pos]):
		case isIdentPart(c) || c == '.' || c == '\'' && isIdentPart(s.peek(1)):
		default:
			s.emit(kindNumber, start, s.line)
			return
		}
		s.pos++
	}
	s.emit(kindNumber, start, s.line)
}

// isHex says whether a number read so far is hexadecimal, where e is a
// digit, not an exponent (p is its exponent).
func isHex(num []byte) bool {
	return len(num) > 1 && num[0] == '0' && (num[1] == 'x' || num[1] == 'X') && !bytes.ContainsAny(num, "pP")
}

// quoted reads a literal closed by q, with backslash escapes, ending it
// early at a line end (an unended literal), and emits kind.
func (s *scanner) quoted(q byte, kind uint32) {
	start, line := s.pos, s.line
	s.pos++
	for !s.done() {
		c := s.src[s.pos]
		if c == '\\' && s.pos+1 < len(s.src) {
			s.advance(2)
			continue
		}
		if c == '\n' {
			break
		}
		s.pos++
		if c == q {
			break
		}
	}
	s.emit(kind, start, line)
}

// operator emits the longest operator that starts here, or the byte
// alone.
func (s *scanner) operator() {
	start := s.pos
	for _, o := range s.ops {
		if s.has(o.text) {
			s.pos += len(o.text)
			s.emit(o.kind, start, s.line)
			return
		}
	}
	s.pos++
	s.emit(opKinds[s.src[start]], start, s.line)
}

// semicolon reads a ";" that ends a statement in C, C++ or Java: it is
// dropped when the last token ends one already (";", "{" or "}": an empty
// statement, which changes nothing).
func (s *scanner) semicolon() {
	start := s.pos
	s.pos++
	if n := len(s.out); n > 0 {
		switch s.out[n-1].Kind {
		case opKinds[';'], opKinds['{'], opKinds['}']:
			return
		}
	}
	s.emit(opKinds[';'], start, s.line)
}

// opKinds are the kinds of single bytes, made once.
var opKinds = func() (k [256]uint32) {
	for i := range k {
		k[i] = kindOf(string([]byte{byte(i)}))
	}
	return k
}()
