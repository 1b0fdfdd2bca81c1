package similarity

import "bytes"

// cSyntax and cppSyntax are C's and C++'s words and operators.
var (
	cSyntax = newSyntax(cKeywords, cDrop, cOps)
	// C++ has C's keywords and more.
	cppSyntax = newSyntax(cKeywords+" "+cppKeywords, cDrop+" "+cppDrop, cOps+" "+cppOps)
)

const (
	cKeywords = `auto break case char const continue default do double else enum extern float
		for goto if inline int long register restrict return short signed sizeof static struct
		switch typedef union unsigned void volatile while _Bool _Complex bool true false NULL`
	cppKeywords = `alignas alignof and and_eq asm bitand bitor catch char8_t char16_t char32_t class
		compl concept consteval constexpr constinit const_cast co_await co_return co_yield
		decltype delete dynamic_cast explicit export friend mutable namespace new noexcept not
		not_eq nullptr operator or or_eq private protected public reinterpret_cast requires
		static_assert static_cast template this thread_local throw try typeid typename using
		virtual wchar_t xor xor_eq`
	// Qualifiers that a copy may add or remove without changing the code.
	cDrop   = `const register volatile inline static`
	cppDrop = `constexpr explicit mutable virtual override final noexcept`
	cOps    = `<<= >>= ... -> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= ##`
	cppOps  = `->* <=> :: .*`
)

// lexC reads C, or C++ when cpp. Comments and #include lines are dropped;
// other preprocessor lines are read as code, their directive one token.
// rawEnd, when set, is where a raw string whose opening ends at a place
// ends (see source.rawEnd).
func lexC(src []byte, cpp bool, limit int, rawEnd func(at int, closer string) int) []Token {
	syn := cSyntax
	if cpp {
		syn = cppSyntax
	}
	s := newScanner(src, syn, limit)
	s.rawEnd = rawEnd
	lineStart := true
	for !s.done() {
		if s.space(true) {
			continue
		}
		c := s.src[s.pos]
		switch {
		case c == '\n':
			s.endDefine()
			s.advance(1)
			lineStart = true
			continue
		case s.has("//"):
			s.restOfLine()
		case s.has("/*"):
			s.advance(2) // "/*/" opens a comment; it does not close one
			s.skipTo("*/")
		case (c == '#' || s.has("%:") && !s.has("%:%:")) && lineStart:
			s.directive()
		case cpp && s.rawString():
		case isIdentStart(c):
			start := s.pos
			w := s.word()
			if cpp && w == "std" && s.has("::") {
				s.pos += 2 // as if not written, as under "using namespace std"
				break
			}
			if body, ok := s.macros[w]; ok && w != s.defining {
				s.expand(body, start)
				break
			}
			if op, ok := altTokens[w]; ok {
				s.emit(kindOf(op), start, s.line)
				break
			}
			if isStringPrefix(w) && (s.peek(0) == '"' || s.peek(0) == '\'') {
				s.pos = start + len(w)
				s.quoted(s.peek(0), literalKind(s.peek(0)))
				break
			}
			s.name(w, start)
		case s.isNumberStart():
			s.number()
		case c == '"' || c == '\'':
			s.quoted(c, literalKind(c))
		case s.digraph(cpp):
		case c == ';':
			s.semicolon()
		default:
			s.operator()
		}
		lineStart = false
	}
	return s.out
}

// altTokens are C++'s other spellings of operators (and C's, with
// <iso646.h>): each is read as the operator it spells.
var altTokens = map[string]string{"and": "&&", "or": "||", "not": "!", "not_eq": "!=", "bitand": "&", "bitor": "|",
	"xor": "^", "compl": "~", "and_eq": "&=", "or_eq": "|=", "xor_eq": "^="}

// digraphs are C's and C++'s other spellings of six operators, longest
// first.
var digraphs = []struct{ text, op string }{{"%:%:", "##"}, {"<%", "{"}, {"%>", "}"}, {"<:", "["}, {":>", "]"}, {"%:", "#"}}

// digraph emits the operator a digraph here spells, and reports whether
// there was one. In C++, <:: is < and :: but before : or >.
func (s *scanner) digraph(cpp bool) bool {
	for _, d := range digraphs {
		if !s.has(d.text) {
			continue
		}
		if cpp && d.text == "<:" && s.has("<::") && s.peek(3) != ':' && s.peek(3) != '>' {
			return false
		}
		start := s.pos
		s.pos += len(d.text)
		s.emit(kindOf(d.op), start, s.line)
		return true
	}
	return false
}

// literalKind is a string's kind for '"', a character's for '\”.
func literalKind(q byte) uint32 {
	if q == '"' {
		return kindString
	}
	return kindChar
}

// isStringPrefix says whether w prefixes a C or C++ literal: L"", u8"".
func isStringPrefix(w string) bool {
	switch w {
	case "L", "u", "U", "u8":
		return true
	}
	return false
}

// directive reads a preprocessor line: #include, #pragma and #import are
// dropped (they name headers, which any program has), others are the
// directive as one token, and the rest of the line read as code.
func (s *scanner) directive() {
	start, line := s.pos, s.line
	s.pos++
	if s.src[start] == '%' { // %:
		s.pos++
	}
	s.space(true)
	w := s.word()
	switch w {
	case "include", "pragma", "import", "":
		s.restOfLine()
		return
	}
	s.emit(kindOf("#"+w), start, line)
	if w == "define" {
		s.startDefine()
	}
}

// startDefine notes an object-like macro defined on this line (its name
// not followed by a parenthesis): its tokens, read as code, are the
// line's after its name (endDefine).
func (s *scanner) startDefine() {
	at := s.pos
	s.space(true)
	if name := s.word(); name != "" && s.peek(0) != '(' {
		s.defining, s.bodyFrom = name, len(s.out)+1
	}
	s.pos = at
}

// endDefine records the macro defined on the line that ends here.
func (s *scanner) endDefine() {
	if s.defining == "" {
		return
	}
	if s.macros == nil {
		s.macros = map[string][]uint32{}
	}
	var body []uint32
	for _, t := range s.out[min(s.bodyFrom, len(s.out)):] {
		body = append(body, t.Kind)
	}
	s.macros[s.defining], s.defining = body, ""
}

// expand emits a macro's tokens for its name, read from start: the
// first over the name, the others after it, as the preprocessor puts
// them there.
func (s *scanner) expand(body []uint32, start int) {
	for i, k := range body {
		if i > 0 {
			start = s.pos
		}
		s.emit(k, start, s.line)
		if s.done() { // the limit
			return
		}
	}
}

// rawString reads a C++ raw string literal, R"delim(...)delim" with any
// encoding prefix, and reports whether there was one.
func (s *scanner) rawString() bool {
	i := 0
	for _, p := range []string{"u8R\"", "LR\"", "uR\"", "UR\"", "R\""} {
		if s.has(p) {
			i = len(p)
			break
		}
	}
	if i == 0 {
		return false
	}
	rest := s.src[s.pos+i:]
	open := bytes.IndexByte(rest, '(')
	if open < 0 || open > 16 || bytes.ContainsAny(rest[:open], " ()\\\t\n") {
		return false
	}
	start, line := s.pos, s.line
	s.advance(i + open + 1)
	closer := ")" + string(rest[:open]) + "\""
	if s.rawEnd != nil {
		s.advance(s.rawEnd(s.pos, closer) - s.pos)
	} else {
		s.skipTo(closer)
	}
	s.emit(kindString, start, line)
	return true
}
