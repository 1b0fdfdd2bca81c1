package toolchain

import (
	"slices"
	"testing"
)

// TestJavaWords: the review's colours know every reserved keyword and
// restricted identifier of the JLS (native and yield were missing), and
// no contextual keyword that is a name elsewhere; no word twice.
func TestJavaWords(t *testing.T) {
	for _, tc := range []struct {
		word    string
		keyword bool
	}{
		{"native", true}, {"yield", true}, {"synchronized", true}, {"transient", true}, {"volatile", true},
		{"strictfp", true}, {"goto", true}, {"const", true}, {"_", true}, {"sealed", true}, {"permits", true},
		{"record", true}, {"var", true}, {"null", true}, {"class", true},
		{"module", false}, {"to", false}, {"with", false}, {"when", false}, {"open", false}, {"String", false},
	} {
		if got := slices.Contains(javaSyntax.Keywords, tc.word); got != tc.keyword {
			t.Errorf("Java's Syntax has %q as a keyword: %v, want %v", tc.word, got, tc.keyword)
		}
	}
	all := append(slices.Clone(JavaKeywords), JavaRestricted...)
	slices.Sort(all)
	if c := slices.Compact(slices.Clone(all)); len(c) != len(all) {
		t.Errorf("a word listed twice in %q", all)
	}
	if n := len(JavaKeywords); n != 51+3 {
		t.Errorf("%d reserved keywords and literals, want JLS 21's 51 and true, false, null", n)
	}
}
