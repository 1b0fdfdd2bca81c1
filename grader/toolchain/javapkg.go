package toolchain

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// JavaPackage finds a Java source's package statement as javac does: the
// first declaration, after any annotations, with unicode escapes
// translated (JavaEscapes) and comments and string, character and
// text-block literals skipped (ReadJava), so that "package hw4;" in a
// comment or a string is no statement and "\u0070ackage hw4;" is one. It returns the package's name and
// the statement's byte range (from "package" to ";"); ok is false when the
// source has none.
func JavaPackage(src []byte) (name string, start, end int, ok bool) {
	s := newJavaScanner(src)
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
			return name, s.fileAt(start), s.fileAt(t.end), true
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
	src  []byte // the text javac reads: the source, its unicode escapes translated
	i    int
	file []byte // the source, when its escapes made src another text; else nil
}

// newJavaScanner reads src as javac does, its unicode escapes
// (JavaEscapes) translated first: "\u0070ackage p;" is a package
// statement.
func newJavaScanner(src []byte) *javaScanner {
	s := &javaScanner{src: src}
	if !bytes.Contains(src, []byte(`\u`)) {
		return s
	}
	var text []byte
	last := 0
	JavaEscapes(src, func(start, end int, r rune) {
		text = utf8.AppendRune(append(text, src[last:start]...), r)
		last = end
	})
	if text != nil {
		s.src, s.file = append(text, src[last:]...), src
	}
	return s
}

// fileAt is where the text's byte t lies in the source (t may be the
// text's length): a translated escape's bytes lie in the escape. It
// reads the escapes again: a few calls a source need no table.
func (s *javaScanner) fileAt(t int) int {
	if s.file == nil {
		return t
	}
	text, file := 0, 0 // offsets in step: the text's bytes from text on are the source's from file on
	at := -1
	JavaEscapes(s.file, func(start, end int, r rune) {
		if at >= 0 {
			return
		}
		if t < text+start-file {
			at = file + t - text
			return
		}
		text += start - file
		n := utf8.RuneLen(r)
		if n < 0 { // a surrogate half, written as U+FFFD
			n = utf8.RuneLen(utf8.RuneError)
		}
		if t < text+n {
			at = start + t - text
			return
		}
		text, file = text+n, end
	})
	if at < 0 {
		at = file + t - text
	}
	return at
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
