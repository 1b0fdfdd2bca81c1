package toolchain

import (
	"unicode"
	"unicode/utf8"
)

// JavaPackage finds a Java source's package statement as javac does: the
// first declaration, after any annotations, with comments and string,
// character and text-block literals skipped (ReadJava), so that "package
// hw4;" in a comment or a string is no statement. It returns the package's name and
// the statement's byte range (from "package" to ";"); ok is false when the
// source has none.
func JavaPackage(src []byte) (name string, start, end int, ok bool) {
	s := &javaScanner{src: src}
	t := s.next()
	for t.text == "@" { // annotations: @A, @a.B(...)
		if t = s.next(); !t.ident() || t.text == "interface" {
			return "", 0, 0, false
		}
		for t = s.next(); t.text == "."; t = s.next() {
			if t = s.next(); !t.ident() {
				return "", 0, 0, false
			}
		}
		if t.text == "(" {
			for depth := 1; depth > 0; {
				switch t = s.next(); t.text {
				case "(":
					depth++
				case ")":
					depth--
				case "":
					return "", 0, 0, false
				}
			}
			t = s.next()
		}
	}
	if t.text != "package" {
		return "", 0, 0, false
	}
	start = t.start
	for {
		id := s.next()
		if !id.ident() {
			return "", 0, 0, false
		}
		name += id.text
		switch t = s.next(); t.text {
		case ".":
			name += "."
		case ";":
			return name, start, t.end, true
		default:
			return "", 0, 0, false
		}
	}
}

// javaToken is one token: an identifier or keyword, or one other
// character ("@", ".", ";", "(", ...); a literal is the token "lit"; text
// is "" at the end. A javaScanner reads them, past white space and
// comments.
type javaToken struct {
	text       string
	start, end int
	word       bool
}

func (t javaToken) ident() bool { return t.word && t.text != "package" }

type javaScanner struct {
	src []byte
	i   int
}

func (s *javaScanner) next() javaToken {
	s.skip()
	if s.i >= len(s.src) {
		return javaToken{start: s.i, end: s.i}
	}
	start := s.i
	if part, end := ReadJava(s.src, s.i); part != CodePart {
		s.i = end
		return javaToken{text: "lit", start: start, end: s.i}
	}
	r, n := utf8.DecodeRune(s.src[s.i:])
	if isJavaStart(r) {
		for s.i < len(s.src) {
			r, n := utf8.DecodeRune(s.src[s.i:])
			if !isJavaStart(r) && !unicode.IsDigit(r) {
				break
			}
			s.i += n
		}
		return javaToken{text: string(s.src[start:s.i]), start: start, end: s.i, word: true}
	}
	s.i += n
	return javaToken{text: string(s.src[start:s.i]), start: start, end: s.i}
}

func isJavaStart(r rune) bool {
	return r == '_' || r == '$' || unicode.IsLetter(r)
}

// skip passes white space, comments (ReadJava) and a byte order mark.
func (s *javaScanner) skip() {
	for s.i < len(s.src) {
		r, n := utf8.DecodeRune(s.src[s.i:])
		if unicode.IsSpace(r) || r == '\uFEFF' {
			s.i += n
			continue
		}
		part, end := ReadJava(s.src, s.i)
		if !part.Comment() {
			return
		}
		s.i = end
	}
}
