package similarity

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDisplayID: IDs that look alike never show alike, and plain ones
// show as they are.
func TestDisplayID(t *testing.T) {
	for _, tt := range []struct {
		id, shown string
		flagged   bool
	}{
		{"alice", "alice", false},
		{"smithjohn_1234", "smithjohn_1234", false},
		{"josé", "josé", false},
		{"Дмитрий", "Дмитрий", false},
		{"\u0430lice", `\u0430lice`, true},       // Cyrillic а
		{"alice\u202e", `alice\u202E`, true},     // right-to-left override
		{"al\u200bice", `al\u200Bice`, true},     // zero-width space
		{"al\x1b[2Jice", `al\u001B[2Jice`, true}, // a terminal's escape
		{"bob\u00a0", `bob\u00A0`, true},         // no-break space
		{"\xffbob", `\xFFbob`, true},             // not UTF-8
	} {
		shown, flagged := displayID(tt.id)
		if shown != tt.shown || flagged != tt.flagged {
			t.Errorf("displayID(%q) = %q, %v; want %q, %v", tt.id, shown, flagged, tt.shown, tt.flagged)
		}
	}
}

// FuzzDisplayID: what displayID shows is valid UTF-8 with nothing hidden,
// and two IDs never show alike.
func FuzzDisplayID(f *testing.F) {
	for _, s := range [][2]string{{"alice", "\u0430lice"}, {"a\u202e", `a\u202E`}, {"\\u0430\u202e", "\u0430\u202e"}, {"x\xff", "x\ufffd"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		sa, fa := displayID(a)
		sb, fb := displayID(b)
		if !utf8.ValidString(sa) || strings.ContainsFunc(sa, hiddenRune) {
			t.Fatalf("displayID(%q) = %q: not valid UTF-8, or something hidden", a, sa)
		}
		if a != b && sa == sb && fa == fb {
			t.Fatalf("%q and %q both show as %q", a, b, sa)
		}
	})
}
