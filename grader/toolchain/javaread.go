package toolchain

import "bytes"

// JavaPart is what a part of a Java source is to javac's lexer (JLS 3):
// a comment, a literal, or anything else.
type JavaPart uint8

// The parts ReadJava reads.
const (
	CodePart         JavaPart = iota // one byte of anything else
	LineCommentPart                  // "//" up to its line's end, not past it
	BlockCommentPart                 // "/*" past the next "*/"
	StringPart                       // "..."
	CharPart                         // '...'
	TextBlockPart                    // """..."""
)

// ReadJava reads the part of a Java source that starts at src[i] (i below
// len(src)): a comment or a literal and the offset just past it, or
// CodePart and i+1. Every reader of Java source in the grader skips
// comments and literals with it, so that all of them read one text alike.
//
// In a literal a backslash escapes the byte after it (\" closes none); a
// string or character literal that its line does not close ends at the
// line's end (before it), a comment or text block that the source does
// not close at the source's end. A line ends at "\n" or "\r". It reads
// src as it is: javac first translates unicode escapes (JavaEscapes),
// which a caller that must see what javac sees does before (JavaPackage
// and the similarity lexer do).
func ReadJava(src []byte, i int) (JavaPart, int) {
	switch src[i] {
	case '/':
		if i+1 < len(src) && src[i+1] == '/' {
			return LineCommentPart, lineEnd(src, i+2)
		}
		if i+1 < len(src) && src[i+1] == '*' {
			return BlockCommentPart, index(src, i+2, "*/", len(src))
		}
	case '"':
		if hasPrefix(src[i:], `"""`) {
			return TextBlockPart, textBlockEnd(src, i+3)
		}
		return StringPart, quotedEnd(src, i+1, '"')
	case '\'':
		return CharPart, quotedEnd(src, i+1, '\'')
	}
	return CodePart, i + 1
}

// Comment reports whether a part is a comment.
func (p JavaPart) Comment() bool { return p == LineCommentPart || p == BlockCommentPart }

func hasPrefix(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

// index is the offset just past the first s in src from i on, or
// otherwise when there is none.
func index(src []byte, i int, s string, otherwise int) int {
	for ; i+len(s) <= len(src); i++ {
		if string(src[i:i+len(s)]) == s {
			return i + len(s)
		}
	}
	return otherwise
}

// lineEnd is the offset of the first line end from i on, or len(src).
func lineEnd(src []byte, i int) int {
	for ; i < len(src); i++ {
		if src[i] == '\n' || src[i] == '\r' {
			return i
		}
	}
	return len(src)
}

// quotedEnd is the offset just past the quote q that closes a literal
// whose contents start at i, or of its line's end.
func quotedEnd(src []byte, i int, q byte) int {
	for i < len(src) {
		switch src[i] {
		case '\\':
			i += 2
		case q:
			return i + 1
		case '\n', '\r':
			return i
		default:
			i++
		}
	}
	return len(src)
}

// textBlockEnd is the offset just past the """ that closes a text block
// whose contents start at i, or len(src).
func textBlockEnd(src []byte, i int) int {
	for i < len(src) {
		switch {
		case src[i] == '\\':
			i += 2
		case hasPrefix(src[i:], `"""`):
			return i + 3
		default:
			i++
		}
	}
	return len(src)
}

// JavaEscapes calls each, in order, for every unicode escape of a Java
// source as javac translates them before it reads anything else (JLS
// 3.3): a backslash that follows an even number of backslashes, one or
// more u's and four hexadecimal digits, at src[start:end], standing for
// r (a surrogate half stands for itself: what to make of it is the
// caller's). The character an escape makes takes part in no other
// escape.
func JavaEscapes(src []byte, each func(start, end int, r rune)) {
	slashes := 0 // backslashes of the source just before i
	for i := 0; i < len(src); {
		if src[i] == '\\' && slashes%2 == 0 {
			if r, n := javaEscape(src[i:]); n > 0 {
				each(i, i+n, r)
				i += n
				slashes = 0
				continue
			}
		}
		if src[i] == '\\' {
			slashes++
		} else {
			slashes = 0
		}
		i++
	}
}

// javaEscape reads \u+XXXX at the start of b: its character and length,
// or 0 when there is none.
func javaEscape(b []byte) (rune, int) {
	i := 1
	for i < len(b) && b[i] == 'u' {
		i++
	}
	if i == 1 || i+4 > len(b) {
		return 0, 0
	}
	var r rune
	for _, c := range b[i : i+4] {
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, 0
		}
		r = r<<4 | rune(d)
	}
	return r, i + 4
}

// JavaBlanked is a Java source with its comments (ReadJava) made spaces
// and, when literals, the contents of its literals too, every line feed
// and every byte's offset kept: a pattern matched on it matches code
// alone (a commented-out @Test, an import in a text block, are none).
func JavaBlanked(src []byte, literals bool) []byte {
	out := bytes.Clone(src)
	blank := func(i, j int) {
		for k := i; k < j && k < len(out); k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
	}
	for i := 0; i < len(src); {
		part, end := ReadJava(src, i)
		switch {
		case part.Comment():
			blank(i, end)
		case !literals:
		case part == TextBlockPart:
			blank(i+3, end-3)
		case part == StringPart || part == CharPart:
			blank(i+1, end-1)
		}
		i = end
	}
	return out
}
