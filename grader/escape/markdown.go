package escape

import (
	"strings"
)

// mdSpecial are the characters that start or end Markdown inline markup
// anywhere in a line (CommonMark and GitHub's extensions): code, emphasis,
// links and images, HTML and autolinks, entities, tables, strikethrough,
// math, headings and email autolinks. Each is escaped with a backslash,
// which CommonMark allows before any ASCII punctuation.
const mdSpecial = "\\`*_[]<>&|~!#$@"

// Markdown is s as Markdown inline text, shown as it is and never as
// markup: on one line (TerminalLine), every character that may start
// markup backslash-escaped, a line start that would make a list, a
// heading or a rule escaped, and URLs broken so that no autolink is
// made. It fits anywhere inline text does, a table cell and the start of
// a line included.
func Markdown(s string) string {
	s = TerminalLine(s)
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case strings.IndexByte(mdSpecial, c) >= 0,
			i == 0 && strings.IndexByte("-+=", c) >= 0,
			c == ':' && strings.HasPrefix(s[i+1:], "//"), // http://: no autolink
			c == '.' && endsFold(s[:i], "www"),           // www.: no autolink
			(c == '.' || c == ')') && allDigits(s[:i]):   // "1." or "1)": no list
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// endsFold reports whether s ends with suffix, ignoring ASCII case.
func endsFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// allDigits reports whether s is a non-empty run of ASCII digits.
func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// CodeBlock is s as a fenced Markdown code block (info, e.g. "diff", after
// the opening fence), ended by a blank line: the fence is longer than any
// run of backticks in s, so that nothing in s closes it, and control
// characters are shown (Terminal), so that the file is safe to print on a
// terminal too. Trailing newlines of s are dropped.
func CodeBlock(info, s string) string {
	s = Terminal(strings.TrimRight(s, "\n"))
	fence := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	return fence + info + "\n" + s + "\n" + fence + "\n\n"
}

// InlineCode is s as Markdown inline code on one line: fenced by more
// backticks than it holds in a row, and padded when it starts or ends with
// one.
func InlineCode(s string) string {
	s = TerminalLine(s)
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	run, longest := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}
