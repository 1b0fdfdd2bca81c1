package unittest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/grader/unittest/pybridge"
)

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

// TestOneFeedbackCut: the bridges cut a test's message where a report
// shows it: Java's test side (Cap.MAX), Python's (MAX_REPR) and maxShown
// are one limit.
func TestOneFeedbackCut(t *testing.T) {
	java := string(javabridge.TestSideFiles()["autograder/bridge/Cap.java"])
	var py string
	for _, f := range pybridge.TestFiles("b") {
		if f.Name == "b/autograder_bridge.py" {
			py = string(f.Data)
		}
	}
	for _, tc := range []struct{ where, src, want string }{
		{"Cap.java", java, fmt.Sprintf("static final int MAX = %d;", maxShown)},
		{"autograder_bridge.py", py, fmt.Sprintf("\nMAX_REPR = %d\n", maxShown)},
	} {
		if !strings.Contains(tc.src, tc.want) {
			t.Errorf("%s does not say %q", tc.where, tc.want)
		}
	}
}
