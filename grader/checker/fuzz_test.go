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
