package similarity

import (
	"slices"
	"testing"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// TestCanon checks that the disguises canon undoes read alike, and that
// what it keeps still tells programs apart.
func TestCanon(t *testing.T) {
	for _, tt := range []struct {
		name    string
		lang    *toolchain.Toolchain
		a, same string
		diff    string // reads differently from a
	}{
		{"declared type", Java, "double a = f(x);", "a = f(x);", "a = f(x) + 1;"},
		{"class type", Java, "Scanner in = new Scanner(System.in);", "in = new Scanner(System.in);", "in = new Scanner(System.out, 2);"},
		{"braces", C, "if (x) { y = 1; }", "if (x) y = 1;", "if (x) y = 1; else y = 2;"},
		{"loops", CPP, "while (i < n) i++;", "for (i < n) i++;", "if (i < n) i++;"},
		{"python untouched", Python, "x = 1\n", "y = 2\n", "x = [1]\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			kinds := func(src string) []uint32 {
				var out []uint32
				for _, tok := range readTokens(tt.lang, []byte(src)) {
					out = append(out, tok.Kind)
				}
				return out
			}
			a := kinds(tt.a)
			if !slices.Equal(a, kinds(tt.same)) {
				t.Errorf("%q and %q read differently", tt.a, tt.same)
			}
			if slices.Equal(a, kinds(tt.diff)) {
				t.Errorf("%q and %q read alike", tt.a, tt.diff)
			}
		})
	}
}
