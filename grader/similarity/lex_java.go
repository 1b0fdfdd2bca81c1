package similarity

// javaSyntax is Java's words and operators.
var javaSyntax = newSyntax(javaKeywords, javaDrop, javaOps)

const (
	javaKeywords = `abstract assert boolean break byte case catch char class continue default do
		double else enum extends finally float for if implements instanceof int interface long
		native new return short super switch throw throws try void while var record yield
		true false null`
	// Modifiers a copy may add or remove without changing what it does.
	javaDrop = `public private protected final static synchronized transient volatile strictfp
		this`
	javaOps = `>>>= <<= >>= >>> ... -> :: ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^=`
)

// lexJava reads Java. Comments, annotations, and package and import
// declarations are dropped; so are modifiers and "this" (with its dot).
func lexJava(src []byte, limit int) []Token {
	s := newScanner(src, javaSyntax, limit)
	atStatement := true // where package and import may start
	for !s.done() {
		if s.space(false) {
			continue
		}
		c := s.src[s.pos]
		switch {
		case s.has("//"):
			s.restOfLine()
			continue
		case s.has("/*"):
			s.skipTo("*/")
			continue
		case c == '@' && isIdentStart(s.peek(1)):
			s.annotation()
			continue
		case s.has(`"""`):
			start, line := s.pos, s.line
			s.advance(3)
			s.textBlock()
			s.emit(kindString, start, line)
		case isIdentStart(c):
			start := s.pos
			w := s.word()
			if atStatement && (w == "package" || w == "import") {
				s.skipTo(";")
				continue
			}
			if w == "this" && s.peek(0) == '.' {
				s.pos++
			}
			s.name(w, start)
		case s.isNumberStart():
			s.number()
		case c == '"' || c == '\'':
			s.quoted(c, literalKind(c))
		case c == ';':
			s.semicolon()
		default:
			s.operator()
		}
		atStatement = c == ';' || c == '}' || c == '{'
	}
	return s.out
}

// annotation skips @Name, a qualified one, and its parenthesised
// arguments; @interface is kept.
func (s *scanner) annotation() {
	start := s.pos
	s.pos++
	w := s.word()
	if w == "interface" {
		s.emit(kindOf("@interface"), start, s.line)
		return
	}
	for s.peek(0) == '.' && isIdentStart(s.peek(1)) {
		s.pos++
		s.word()
	}
	s.space(false)
	if s.peek(0) != '(' {
		return
	}
	depth := 0
	for !s.done() {
		switch s.src[s.pos] {
		case '(':
			depth++
		case ')':
			depth--
		case '"', '\'':
			n := len(s.out)
			s.quoted(s.src[s.pos], kindString)
			s.out = s.out[:n]
			continue
		case '\n':
			s.line++
		}
		s.pos++
		if depth == 0 {
			return
		}
	}
}

// textBlock moves past a text block's closing """, its opening read.
func (s *scanner) textBlock() {
	for !s.done() {
		if s.src[s.pos] == '\\' {
			s.advance(2)
			continue
		}
		if s.has(`"""`) {
			s.advance(3)
			return
		}
		s.advance(1)
	}
}
