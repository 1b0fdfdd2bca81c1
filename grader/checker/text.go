package checker

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxLine is the longest line a program may send its interactive checker
// and still have the checker blamed when it fails on it.
const maxLine = 64 << 10

// textCheck watches what a program sends its interactive checker for
// what a line-based text protocol cannot carry: a byte that is not UTF-8
// (or a character cut short at the end), a control character other than
// tab, vertical tab, form feed, carriage return and line feed, a line
// longer than maxLine bytes. A checker that fails after reading such
// bytes failed because of the program.
type textCheck struct {
	bad     string // the first such thing, "" while there is none
	badLine int    // its line, from 1
	line    int    // lines ended so far
	length  int    // bytes of the unfinished line
	partial []byte // an unfinished UTF-8 sequence
}

// add takes what the program sent next.
func (c *textCheck) add(p []byte) {
	if c.bad != "" {
		return
	}
	if len(c.partial) > 0 {
		p = append(c.partial, p...)
		c.partial = nil
	}
	for len(p) > 0 && c.bad == "" {
		if !utf8.FullRune(p) {
			c.partial = append([]byte(nil), p...)
			return
		}
		r, size := utf8.DecodeRune(p)
		c.rune(r, size, p[0])
		p = p[size:]
	}
}

// rune takes one character of size bytes, its first byte b.
func (c *textCheck) rune(r rune, size int, b byte) {
	switch {
	case r == utf8.RuneError && size == 1:
		c.fail(fmt.Sprintf("a byte that is not UTF-8 (%#02x)", b))
	case r == '\n':
		c.line, c.length = c.line+1, 0
		return
	case r < ' ' && r != '\t' && r != '\v' && r != '\f' && r != '\r' || r == 0x7f:
		c.fail(fmt.Sprintf("a control character (%#02x)", b))
	}
	c.length += size
	if c.length > maxLine {
		c.fail(fmt.Sprintf("a line longer than %d KiB", maxLine>>10))
	}
}

func (c *textCheck) fail(why string) {
	if c.bad == "" {
		c.bad, c.badLine = why, c.line+1
	}
}

// end says the program sent all it will: a character cut short is not
// UTF-8.
func (c *textCheck) end() {
	if len(c.partial) > 0 {
		c.fail(fmt.Sprintf("a byte that is not UTF-8 (%#02x, a character cut short)", c.partial[0]))
		c.partial = nil
	}
}

// message is a feedback file as a report shows it: valid UTF-8, without
// NUL bytes or trailing blank lines, cut at maxMessage.
func message(b []byte) string {
	return cut(strings.TrimRight(clean(string(b)), " \t\r\n"), maxMessage)
}

// clean makes what a program wrote fit for a report: valid UTF-8,
// without NUL bytes.
func clean(s string) string {
	return strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "")
}

// cut keeps at most n bytes of s, whole runes, and says how much it left.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + fmt.Sprintf("\n... (%d more bytes)", len(s)-i)
}

// tail is the last n bytes of b.
func tail(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	return b[len(b)-n:]
}

// maxMessage caps each message a checker writes, and what of its stderr
// a failure shows.
const maxMessage = 4 << 10
