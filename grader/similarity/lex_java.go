package similarity

import (
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// javaSyntax is Java's words and operators.
// Its keywords are toolchain's (the modifiers among them dropped first).
var javaSyntax = newSyntax(strings.Join(append(slices.Clone(toolchain.JavaKeywords), toolchain.JavaRestricted...), " "), javaDrop, javaOps)

const (
	// Modifiers a copy may add or remove without changing what it does.
	javaDrop = `public private protected final static synchronized transient volatile strictfp
		this`
	javaOps = `>>>= <<= >>= >>> ... -> :: ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^=`
)

// lexJava reads Java. Comments, annotations, and package and import
// declarations are dropped; so are modifiers and "this" (with its dot).
// Comments and literals are where toolchain.ReadJava says.
func lexJava(src []byte, limit int) []Token {
	s := newScanner(src, javaSyntax, limit)
	atStatement := true // where package and import may start
	for !s.done() {
		if s.space(false) {
			continue
		}
		c := s.src[s.pos]
		if part := s.javaPart(); part != toolchain.CodePart {
			atStatement = atStatement && part.Comment()
			continue
		}
		switch {
		case c == '@' && isIdentStart(s.peek(1)):
			s.annotation()
			continue
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
// arguments (whose comments and literals are read as the compiler reads them,
// a parenthesis in one closing nothing); @interface is kept.
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
		case '"', '\'', '/':
			if part, end := toolchain.ReadJava(s.src, s.pos); part != toolchain.CodePart {
				s.advance(end - s.pos)
				continue
			}
		case '\n':
			s.line++
		}
		s.pos++
		if depth == 0 {
			return
		}
	}
}

// javaPart reads a comment (dropped) or a literal (a string's or a
// character's token) that starts here, as the compiler reads it
// (toolchain.ReadJava), and returns it; CodePart when there is none.
func (s *scanner) javaPart() toolchain.JavaPart {
	part, end := toolchain.ReadJava(s.src, s.pos)
	start, line := s.pos, s.line
	switch part {
	case toolchain.CodePart:
		return part
	case toolchain.StringPart, toolchain.TextBlockPart:
		s.advance(end - s.pos)
		s.emit(kindString, start, line)
	case toolchain.CharPart:
		s.advance(end - s.pos)
		s.emit(kindChar, start, line)
	default:
		s.advance(end - s.pos)
	}
	return part
}
