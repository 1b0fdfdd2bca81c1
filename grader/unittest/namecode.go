package unittest

import (
	"bytes"
	"path/filepath"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// nameCode is the text of the code file o as it names a data file: its
// code and string literals (open("data/sample.txt")), without what
// reads no file: comments (Python's #, Java's // and /* */) and a Python
// assert's message (assert ok, "hidden_expected.txt is hidden"). Each
// byte left out is a space (a newline stays), so words do not join.
func nameCode(o source) []byte {
	switch filepath.Ext(o.name) {
	case ".py":
		return pythonNameCode(o.data)
	case ".java":
		return javaNameCode(o.data)
	}
	return o.data
}

// javaNameCode is the Java source src without its comments.
func javaNameCode(src []byte) []byte {
	out := bytes.Clone(src)
	for i := 0; i < len(src); {
		part, end := toolchain.ReadJava(src, i)
		if part.Comment() {
			blankOut(out[i:end])
		}
		i = end
	}
	return out
}

// pythonNameCode is the Python source src without its comments and the
// messages of its assert statements (what follows an assert's first
// comma outside brackets, to the statement's end).
func pythonNameCode(src []byte) []byte {
	out := bytes.Clone(src)
	depth := 0                                   // open brackets
	start, assert, message := true, false, false // at a statement's start; in an assert; in its message
	for i := 0; i < len(src); {
		c := src[i]
		if start && c != ' ' && c != '\t' && c != '\f' {
			assert = bytes.HasPrefix(src[i:], []byte("assert")) && (i+6 == len(src) || !pyWordByte(src[i+6]))
			start = false
		}
		end := i + 1
		switch {
		case c == '#':
			end = lineEnd(src, i)
			blankOut(out[i:end])
		case c == '\'' || c == '"':
			end = pyStringEnd(src, i)
		case c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			end = i + 2 // a line joined to the next
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth = max(depth-1, 0)
		case depth == 0 && (c == '\n' || c == ';'):
			start, assert, message = true, false, false
			i = end
			continue
		case depth == 0 && c == ',' && assert:
			message = true
		}
		if message {
			blankOut(out[i:end])
		}
		i = end
	}
	return out
}

// pyStringEnd is the end of the Python string literal whose quote is at
// src[i]: past its closing quote (three for a triple-quoted one), a
// backslash escaping the byte after it; a one-quote literal ends at its
// line's end at the latest.
func pyStringEnd(src []byte, i int) int {
	q := src[i]
	if bytes.HasPrefix(src[i:], []byte{q, q, q}) {
		for j := i + 3; j < len(src); j++ {
			switch {
			case src[j] == '\\':
				j++
			case bytes.HasPrefix(src[j:], []byte{q, q, q}):
				return j + 3
			}
		}
		return len(src)
	}
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(src)
}

// lineEnd is the index of the end of the line at i: its newline, or the
// end of src.
func lineEnd(src []byte, i int) int {
	if j := bytes.IndexAny(src[i:], "\r\n"); j >= 0 {
		return i + j
	}
	return len(src)
}

// pyWordByte reports whether b may be part of a Python name (ASCII).
func pyWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// blankOut replaces b's bytes but newlines by spaces.
func blankOut(b []byte) {
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
}
