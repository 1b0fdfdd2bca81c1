// Package compare decides whether a program's standard output matches the
// expected output, and explains a mismatch to a student.
//
// # Modes
//
// Lines (the default) compares line by line: "\r\n" counts as "\n", spaces
// and tabs at the end of a line are ignored, and so are empty lines at the
// end of the output (so a missing final newline does not matter). Everything
// else must match exactly, case included: "solved" is not "Solved". Strict
// compares bytes. IgnoreCase is Lines with Unicode simple case folding (the
// folding of [strings.EqualFold]); bytes that are not valid UTF-8 must match
// exactly.
//
// # Explanations
//
// [Explain] names the first line that differs under the mode, shows that line
// of both outputs with their whitespace made visible, and adds a unified diff
// capped in length. See [Mismatch] for the notation.
//
// # Tokens
//
// [Tokens] is the default output validator of the Kattis problem package
// format, a policy of its own beside the modes: both outputs are cut into
// tokens at any run of whitespace and compared token by token, ASCII letters
// regardless of case. The validator_flags of a problem.yaml, which
// [ParseValidatorFlags] reads into [TokenOptions], make case or whitespace
// count, or compare numbers within a tolerance ("1e5" is then "100000").
// A [TokenMismatch] names the first token that differs, the line of the
// output it is on, and why.
package compare

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Mode is a comparison policy. The zero Mode is Lines.
type Mode int

// The comparison modes; see the package documentation.
const (
	Lines Mode = iota
	Strict
	IgnoreCase
)

var modeNames = [...]string{Lines: "lines", Strict: "strict", IgnoreCase: "ignore-case"}

// String returns the mode's name as a rubric spells it.
func (m Mode) String() string {
	if m < 0 || int(m) >= len(modeNames) {
		return fmt.Sprintf("Mode(%d)", int(m))
	}
	return modeNames[m]
}

// ParseMode reads a mode's name: "lines", "strict" or "ignore-case". The empty
// string is Lines, the default.
func ParseMode(s string) (Mode, error) {
	if s == "" {
		return Lines, nil
	}
	for m, name := range modeNames {
		if s == name {
			return Mode(m), nil
		}
	}
	return Lines, fmt.Errorf("unknown comparison mode %q (want lines, strict or ignore-case)", s)
}

// Equal reports whether got is an accepted output when expected is the
// expected one.
func Equal(expected, got []byte, mode Mode) bool {
	if mode == Strict {
		return bytes.Equal(expected, got)
	}
	// Walk both outputs line by line without splitting them up front:
	// outputs can be megabytes long and most comparisons succeed.
	for len(expected) > 0 && len(got) > 0 {
		var le, lg []byte
		le, expected = nextLine(expected)
		lg, got = nextLine(got)
		if !lineEqual(le, lg, mode) {
			return false
		}
	}
	return blankTail(expected) && blankTail(got)
}

// nextLine cuts the first line off b and normalizes it for Lines mode: a
// "\r" before the "\n" and then trailing spaces and tabs are dropped. A
// final line without "\n" keeps a trailing "\r": only "\r\n" is a newline.
func nextLine(b []byte) (line, rest []byte) {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		return trimSpace(b), nil
	}
	line, rest = b[:i], b[i+1:]
	line = bytes.TrimSuffix(line, []byte{'\r'})
	return trimSpace(line), rest
}

func trimSpace(b []byte) []byte { return bytes.TrimRight(b, " \t") }

// blankTail reports whether every line left in b is empty once normalized.
func blankTail(b []byte) bool {
	for i, c := range b {
		switch {
		case c == ' ' || c == '\t' || c == '\n':
		case c == '\r' && i+1 < len(b) && b[i+1] == '\n':
		default:
			return false
		}
	}
	return true
}

// lineEqual compares two normalized lines.
func lineEqual(a, b []byte, mode Mode) bool {
	if mode != IgnoreCase {
		return bytes.Equal(a, b)
	}
	return foldEqual(a, b)
}

// foldEqual is bytes.EqualFold except that invalid UTF-8 bytes must match
// byte for byte (EqualFold decodes every one of them to U+FFFD, which would
// make "\xff" equal "\xfe").
func foldEqual(a, b []byte) bool {
	for len(a) > 0 && len(b) > 0 {
		if a[0] < utf8.RuneSelf && b[0] < utf8.RuneSelf {
			if lowerASCII(a[0]) != lowerASCII(b[0]) {
				return false
			}
			a, b = a[1:], b[1:]
			continue
		}
		r1, n1 := utf8.DecodeRune(a)
		r2, n2 := utf8.DecodeRune(b)
		bad1 := r1 == utf8.RuneError && n1 == 1
		bad2 := r2 == utf8.RuneError && n2 == 1
		switch {
		case bad1 || bad2:
			if !bad1 || !bad2 || a[0] != b[0] {
				return false
			}
		case foldRune(r1) != foldRune(r2):
			return false
		}
		a, b = a[n1:], b[n2:]
	}
	return len(a) == 0 && len(b) == 0
}

// lowerASCII lowers an ASCII letter and leaves any other byte alone.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// foldRune maps a rune to the smallest rune of its simple case folding
// orbit, a canonical representative: two runes fold together exactly when
// their foldRune values are equal.
func foldRune(r rune) rune {
	lo := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		lo = min(lo, f)
	}
	return lo
}
