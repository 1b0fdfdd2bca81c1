package checker

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseScore: a score file either fails or gives a number from 0 to 1.
func FuzzParseScore(f *testing.F) {
	for _, s := range []string{"0.5", " 1\n", "0", "+.25", "5e-1", "1.", "-0", "", "nan", "inf", "0x1p-1", "1_0", "0.5 0.5", "1e400", "-1e-400"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := parseScore(data)
		if err == nil && !(x >= 0 && x <= 1) {
			t.Errorf("parseScore(%q) = %v", data, x)
		}
		if err != nil && x != 0 {
			t.Errorf("parseScore(%q) = %v with error %v", data, x, err)
		}
	})
}

// FuzzMessage: a message file becomes valid UTF-8 without NUL bytes, cut
// to the cap and saying so.
func FuzzMessage(f *testing.F) {
	for _, s := range []string{"", "ok\n", "a\x00b", "\xff\xfe", strings.Repeat("é", maxMessage), strings.Repeat("x", maxMessage+1)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m := message(data)
		if !utf8.ValidString(m) || strings.ContainsRune(m, 0) {
			t.Errorf("message(%q) = %q", data, m)
		}
		if body, _, _ := strings.Cut(m, "\n... ("); len(body) > maxMessage {
			t.Errorf("message of %d bytes keeps %d", len(data), len(body))
		}
	})
}

// FuzzTextCheck: what the program sends, cut anywhere into two writes,
// is found not text exactly when, whole, it is not valid UTF-8 or holds a
// control character or a line longer than maxLine; and at the same line.
func FuzzTextCheck(f *testing.F) {
	for _, s := range []string{"", "500\n", "é\n", "\xff\n", "a\x00b", "\xe2\x82", "\xe2\x82\xac\n", "\r\n\t\v\f", "\x7f", "\n\n\xc3"} {
		f.Add([]byte(s), uint(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, cut uint) {
		var whole, split textCheck
		whole.add(data)
		whole.end()
		i := int(cut % uint(len(data)+1))
		split.add(data[:i])
		split.add(data[i:])
		split.end()
		if whole.bad != split.bad || whole.badLine != split.badLine {
			t.Errorf("%q: whole %q at line %d, cut at %d %q at line %d", data, whole.bad, whole.badLine, i, split.bad, split.badLine)
		}
		if (whole.bad == "") != isText(data) {
			t.Errorf("%q: found %q", data, whole.bad)
		}
	})
}

// isText is textCheck's rule, written plainly.
func isText(b []byte) bool {
	s := string(b)
	if !utf8.ValidString(s) {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
		if len(line) > maxLine || strings.ContainsFunc(line, func(r rune) bool {
			return r < ' ' && !strings.ContainsRune("\t\v\f\r", r) || r == 0x7f
		}) {
			return false
		}
	}
	return true
}
