package report

import (
	"strings"
	"testing"
)

// TestIntraLine: the characters one side of a changed pair lacks are
// marked, on each side; lines with nothing in common are not.
func TestIntraLine(t *testing.T) {
	for _, tc := range []struct{ a, b, left, right string }{
		{"28", "29", "2[8]", "2[9]"},
		{"28", "56", "28", "56"},
		{"1:02375643·10", "1:02375643··10", "1:02375643·10", "1:02375643·[·]10"},
		{"Solved", "solved", "[S]olved", "[s]olved"},
		{"12575643", "1→2575643", "12575643", "1[→]2575643"},
		{"same", "same", "same", "same"},
		{"abc", "", "abc", ""},
		{"héllo wörld", "héllo world", "héllo w[ö]rld", "héllo w[o]rld"},
		{"x" + strings.Repeat("a", maxIntraLine) + "y", "x" + strings.Repeat("b", maxIntraLine) + "y",
			"x[" + strings.Repeat("a", maxIntraLine) + "]y", "x[" + strings.Repeat("b", maxIntraLine) + "]y"},
	} {
		l, r := intraLine(tc.a, tc.b)
		if got := show(l); got != tc.left {
			t.Errorf("%q vs %q: left %q, want %q", tc.a, tc.b, got, tc.left)
		}
		if got := show(r); got != tc.right {
			t.Errorf("%q vs %q: right %q, want %q", tc.a, tc.b, got, tc.right)
		}
	}
}

// show writes marked spans in brackets.
func show(spans []span) string {
	var b strings.Builder
	for _, s := range spans {
		if s.Mark {
			b.WriteString("[" + s.Text + "]")
		} else {
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

// TestSideBySideLineNumbers: each side counts its own lines from the
// hunk's header on.
func TestSideBySideLineNumbers(t *testing.T) {
	rows := sideBySide("--- expected\n+++ got\n@@ -4,3 +4,2 @@\n a\n-b\n-c\n+B\n... (3 more lines)\n")
	var got []string
	for _, r := range rows {
		if r.Hunk != "" {
			got = append(got, r.Hunk)
			continue
		}
		got = append(got, strings.Join([]string{itoa(r.Left.Line), show(r.Left.Spans), itoa(r.Right.Line), show(r.Right.Spans)}, " "))
	}
	want := []string{"@@ -4,3 +4,2 @@", "4 a 4 a", "5 b 5 B", "6 c 0 ", "... (3 more lines)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func itoa(n int) string { return num(float64(n)) }

// FuzzIntraLine: the pieces of each side make up its line again, and
// marked pieces are never next to each other.
func FuzzIntraLine(f *testing.F) {
	f.Add("28", "29")
	f.Add("1:02375643·10", "1:02375643··10")
	f.Add("héllo", "hello\xff")
	f.Fuzz(func(t *testing.T, a, b string) {
		l, r := intraLine(a, b)
		for _, side := range []struct {
			line  string
			spans []span
		}{{a, l}, {b, r}} {
			var got strings.Builder
			for i, s := range side.spans {
				got.WriteString(s.Text)
				if s.Text == "" || i > 0 && side.spans[i-1].Mark == s.Mark {
					t.Errorf("%q vs %q: pieces %+v", a, b, side.spans)
				}
			}
			if got.String() != side.line {
				t.Errorf("%q vs %q: pieces make up %q", a, b, got.String())
			}
		}
	})
}

// FuzzSideBySide: any text given as a diff gives rows without a panic,
// numbered upwards on each side.
func FuzzSideBySide(f *testing.F) {
	f.Add("--- expected\n+++ got\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n\\ No newline at end of file\n")
	f.Add("@@ -99999999999999999999 +1 @@\n-x\n")
	f.Fuzz(func(t *testing.T, diff string) {
		last := [2]int{}
		for _, r := range sideBySide(diff) {
			if r.Hunk != "" {
				last = [2]int{}
				continue
			}
			for i, n := range []int{r.Left.Line, r.Right.Line} {
				if n != 0 && n <= last[i] {
					t.Errorf("line %d after line %d in %q", n, last[i], diff)
				}
				if n != 0 {
					last[i] = n
				}
			}
		}
	})
}
