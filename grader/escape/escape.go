// Package escape makes text a student controls safe for each medium the
// grader writes it to, so that the bytes of a submission (its file names,
// its output, what a judge quotes of it) reach a TA or a student as data,
// never as markup or commands:
//
//   - a terminal (Terminal, TerminalLine): control characters, bidi
//     overrides and bytes that are not UTF-8 are shown visibly, so that no
//     escape sequence sets a window title, writes the clipboard, clears the
//     screen or fakes text;
//   - Markdown (Markdown for inline text, CodeBlock for a fenced block):
//     no link, image, HTML, emphasis, heading, list or table cell comes from
//     the text, and no code block is closed by it;
//   - a spreadsheet (CSVCell, CSV): no cell starts a formula, as OWASP's
//     CSV injection guidance describes, and control characters are shown
//     as on a terminal;
//   - a file name (FileName, FileNames): any id becomes a short, portable,
//     distinct name;
//   - an id shown to a person in any of them (ID): one that could pass for
//     another (a Cyrillic а in "аlice", a bidi override, full-width
//     letters) is shown with its characters as <U+XXXX> and flagged, and
//     two different ids are never shown alike (Deceptive says which).
//
// Every function is total: any string, valid UTF-8 or not, gives a result.
package escape

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Terminal is s with every character that could act on a terminal shown
// visibly instead: C0 controls as their Unicode control pictures (ESC is
// "␛", a carriage return "␍"), DEL as "␡", C1 controls, bidi overrides and
// other invisible formatting characters as "<U+202E>", and a byte that is
// not UTF-8 as "\xff". Newlines and tabs are kept, and a carriage return
// just before a newline is dropped (a Windows line end), so that text keeps
// its lines; a lone carriage return, which would overwrite a line, is
// shown.
func Terminal(s string) string { return visible(s, false) }

// TerminalLine is Terminal for text that must stay on one line (an id, a
// table cell, a progress line): newlines and tabs are shown too ("␊",
// "␉").
func TerminalLine(s string) string { return visible(s, true) }

// visible writes s with its dangerous characters shown; oneLine shows
// newlines and tabs as well.
func visible(s string, oneLine bool) string {
	if isPlain(s, oneLine) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !oneLine && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case !oneLine && r == '\r' && strings.HasPrefix(s[i+1:], "\n"):
			// A Windows line end: the newline that follows ends the line.
		case r < ' ':
			b.WriteRune(0x2400 + r)
		case r == 0x7f:
			b.WriteRune('␡')
		case hidden(r):
			fmt.Fprintf(&b, "<U+%04X>", r)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

// isPlain reports whether s has nothing visible would change: the common
// case, which then costs no copy.
func isPlain(s string, oneLine bool) bool {
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			if oneLine {
				return false
			}
		case r < ' ' || r == 0x7f:
			return false
		case r >= utf8.RuneSelf && (r == utf8.RuneError || hidden(r)):
			return false // RuneError: perhaps a byte that is not UTF-8
		}
	}
	return true
}

// hidden reports whether a non-ASCII character acts on how text is shown
// rather than being shown: C1 controls (CSI, OSC), formatting characters
// (bidi overrides and isolates, zero-width characters), the line and
// paragraph separators, and the noncharacters (U+FFFE, U+FFFF, U+10FFFF,
// U+FDD0 to U+FDEF), which no text holds.
func hidden(r rune) bool {
	return r >= utf8.RuneSelf && (unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) ||
		r&0xFFFE == 0xFFFE || r >= 0xFDD0 && r <= 0xFDEF)
}

// Hidden reports whether r is a character Terminal shows by its code
// ("<U+202E>") rather than as itself: for media that keep other
// characters as they are (a JUnit report's text).
func Hidden(r rune) bool { return hidden(r) }

// TerminalWriter writes to w what is written to it with Terminal: for
// output that quotes a program's from end to end. Each Write is escaped on
// its own (a character split between two writes is shown as its bytes).
func TerminalWriter(w io.Writer) io.Writer { return terminalWriter{w} }

type terminalWriter struct{ w io.Writer }

func (t terminalWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(t.w, Terminal(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}
