package compare

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// numbered returns lines "line 1" to "line n", each ending in "\n".
func numbered(n int, change map[int]string) string {
	var sb strings.Builder
	for i := 1; i <= n; i++ {
		l, ok := change[i]
		if !ok {
			l = fmt.Sprintf("line %d\n", i)
		}
		sb.WriteString(l)
	}
	return sb.String()
}

var explainCases = []struct {
	name          string
	mode          Mode
	expected, got string
}{
	{"equal", Lines, "a\n", "a\r\n"},
	{"case", Lines, "0:12375643 14\nSolved\n", "0:12375643 14\nsolved\n"},
	{"missing-line", Lines, "a\nb\nc\n", "a\nb\n"},
	{"extra-line", Lines, "a\nb\n", "a\nb\nc\n"},
	{"empty-output", Lines, "a\nb\n", ""},
	{"blank-line", Lines, "a\n\nb\n", "a\nb\n"},
	{"inner-whitespace", Lines, "1:0 2 3\n", "1:0  2\t3 \n"},
	{"crlf-and-case", Lines, "x\r\nSolved\r\n", "x\nSOLVED   \n"},
	{"control-chars", Lines, "done\n", "\x1b[32mdone\x1b[0m\u00a0\xff\n"},
	{"strict-crlf", Strict, "a\nb\n", "a\r\nb\r\n"},
	{"strict-no-newline", Strict, "a\nb\n", "a\nb"},
	{"strict-trailing-space", Strict, "a b\n", "a b  \n"},
	{"strict-extra-blank", Strict, "a\n", "a\n\n"},
	{"ignore-case", IgnoreCase, "Local optimum\nSolved\n", "LOCAL OPTIMUM\nsolved!\n"},
	{"two-hunks", Lines, numbered(30, nil), numbered(30, map[int]string{3: "line three\n", 25: ""})},
	{"merged-hunks", Lines, numbered(20, nil), numbered(20, map[int]string{5: "five\n", 11: "eleven\n"})},
	{"capped", Lines, numbered(60, nil), strings.ToUpper(numbered(60, nil))},
	{"long-line", Lines, strings.Repeat("0123456789", 50) + "x\n", strings.Repeat("0123456789", 50) + "y\n"},
	{"window", Lines, numbered(5000, nil), numbered(5000, map[int]string{10: "", 4000: "line 4000\nline 4000b\n"})},
	{"window-suffix", Lines, numbered(5000, nil), numbered(5000, map[int]string{10: ""})},
}

func TestExplainGolden(t *testing.T) {
	for _, tc := range explainCases {
		t.Run(tc.name, func(t *testing.T) {
			m := Explain([]byte(tc.expected), []byte(tc.got), tc.mode)
			got := fmt.Sprintf("mode: %v\nline: %d\nexpected: %s\ngot: %s\ndiff:\n%s", tc.mode, m.Line, m.Expected, m.Got, m.Diff)
			if m == (Mismatch{}) {
				got = fmt.Sprintf("mode: %v\nequal\n", tc.mode)
			}
			checkGolden(t, filepath.Join("testdata", tc.name+".golden"), got)

			if strings.Contains(m.Expected, "\n") || strings.Contains(m.Got, "\n") {
				t.Errorf("Expected %q or Got %q spans lines", m.Expected, m.Got)
			}
			if n := strings.Count(m.Diff, "\n"); n > maxDiffLines+2 {
				t.Errorf("diff has %d lines, want at most %d", n, maxDiffLines+2)
			}
			again := Explain([]byte(tc.expected), []byte(tc.got), tc.mode)
			if again != m {
				t.Errorf("Explain is not deterministic")
			}
		})
	}
}

// checkGolden compares got with the golden file, or rewrites it with -update.
// A failure shows the diff, made by the package under test.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	want := testenv.Golden(t, path, []byte(got))
	if m := Explain(want, []byte(got), Strict); m.Line != 0 {
		t.Errorf("%s differs from the output (go test -update rewrites it):\n%s", path, m.Diff)
	}
}

func TestExplainHunkRanges(t *testing.T) {
	// GNU diff's conventions for hunk ranges.
	for _, tc := range []struct{ expected, got, header string }{
		{"a\n", "b\n", "@@ -1 +1 @@"},
		{"a\nb\n", "a\n", "@@ -1,2 +1 @@"},
		{"", "a\n", "@@ -0,0 +1 @@"},
		{"a\n", "", "@@ -1 +0,0 @@"},
	} {
		m := Explain([]byte(tc.expected), []byte(tc.got), Lines)
		lines := strings.Split(m.Diff, "\n")
		if len(lines) < 3 || lines[2] != tc.header {
			t.Errorf("Explain(%q, %q) diff:\n%s\nwant header %q", tc.expected, tc.got, m.Diff, tc.header)
		}
	}
}

func bigOutput(lines int) []byte {
	var sb strings.Builder
	for i := range lines {
		fmt.Fprintf(&sb, "%d:%08d %d\n", i%1000, i, i%29)
	}
	return []byte(sb.String())
}

func TestExplainLarge(t *testing.T) {
	e := bigOutput(300000) // about 5 MB
	g := []byte(strings.ToUpper(string(e[:len(e)/2])) + "x\n" + string(e[len(e)/2:]))
	m := Explain(e, g, Strict)
	if m.Line == 0 || strings.Count(m.Diff, "\n") > maxDiffLines+2 {
		t.Errorf("Explain on 5 MB: line %d, diff:\n%s", m.Line, m.Diff)
	}
}

func BenchmarkEqual(b *testing.B) {
	e := bigOutput(300000)
	g := []byte(strings.ReplaceAll(string(e), "\n", " \r\n"))
	b.SetBytes(int64(len(e)))
	for _, mode := range []Mode{Lines, IgnoreCase} {
		b.Run(mode.String(), func(b *testing.B) {
			for b.Loop() {
				if !Equal(e, g, mode) {
					b.Fatal("not equal")
				}
			}
		})
	}
}

func BenchmarkExplain(b *testing.B) {
	e := bigOutput(300000)
	late := append([]byte{}, e...)
	late[len(late)-5] = 'X'
	oneLine := []byte(strings.Repeat("ab", 2500000))
	for _, tc := range []struct {
		name          string
		expected, got []byte
	}{
		{"5MB-first-line", e, e[1:]},
		{"5MB-last-line", e, late},
		{"5MB-all-different", e, []byte(strings.ReplaceAll(string(e), "1", "7"))},
		{"5MB-shuffled", e, bigOutput(299999)[1000:]},
		{"5MB-disjoint", e, []byte(strings.ReplaceAll(string(e), "\n", "x\n"))},
		{"5MB-vs-empty", e, nil},
		{"5MB-one-line", oneLine, append(oneLine[:len(oneLine):len(oneLine)], 'c')},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.expected)))
			for b.Loop() {
				if Explain(tc.expected, tc.got, Lines).Line == 0 {
					b.Fatal("no mismatch")
				}
			}
		})
	}
}
