package unittest

import "testing"

// TestSteady: the addresses in objects' default strings, which differ
// from run to run, are written alike; other text is left as it is.
func TestSteady(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"assert <m.Fraction object at 0x7f3a9c2b1e50> == 1", "assert <m.Fraction object at 0x…> == 1"},
		{"expected: <Fraction@1b6d3586> but was: <Fraction@4554617c>", "expected: <Fraction@…> but was: <Fraction@…>"},
		{"<generator object mean.<locals>.<genexpr> at 0x7f33a1> and <function f at 0x7f0001>", "<generator object mean.<locals>.<genexpr> at 0x…> and <function f at 0x…>"},
		{"[I@1b6d3586 java.util.ArrayList@4554617c [Ljava.lang.String;@7a81197d", "[I@… java.util.ArrayList@… [Ljava.lang.String;@…"},
		{"mail me@example.org; 0x10 == 16; a@b; wrong@deadbeef", "mail me@example.org; 0x10 == 16; a@b; wrong@deadbeef"},
	} {
		if got := steady(tc.in); got != tc.want {
			t.Errorf("steady(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
