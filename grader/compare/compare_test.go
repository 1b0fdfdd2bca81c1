package compare

import (
	"bytes"
	"strings"
	"testing"
)

// equalCases hold, for each pair of outputs, whether they are equal in
// Lines, Strict and IgnoreCase mode.
var equalCases = []struct {
	name          string
	expected, got string
	want          [3]bool // indexed by Mode
}{
	{"identical", "a\nb\n", "a\nb\n", [3]bool{true, true, true}},
	{"both empty", "", "", [3]bool{true, true, true}},
	{"CRLF", "a\nb\n", "a\r\nb\r\n", [3]bool{true, false, true}},
	{"CRLF expected", "a\r\nb\r\n", "a\nb\n", [3]bool{true, false, true}},
	{"trailing spaces and tabs", "a\nb\n", "a  \nb\t \n", [3]bool{true, false, true}},
	{"trailing space before CRLF", "a\n", "a \r\n", [3]bool{true, false, true}},
	{"trailing blank lines", "a\n", "a\n\n\n", [3]bool{true, false, true}},
	{"trailing blank lines of spaces", "a\n", "a\n \n\t\r\n", [3]bool{true, false, true}},
	{"no final newline", "a\nb\n", "a\nb", [3]bool{true, false, true}},
	{"empty vs blank lines", "", "\n\r\n \n", [3]bool{true, false, true}},
	{"case matters", "solved\n", "Solved\n", [3]bool{false, false, true}},
	{"missing last line", "a\nb\n", "a\n", [3]bool{false, false, false}},
	{"extra line", "a\n", "a\nb\n", [3]bool{false, false, false}},
	{"empty vs non-empty", "", "a", [3]bool{false, false, false}},
	{"non-empty vs empty", "a\n", "", [3]bool{false, false, false}},
	{"leading space", "a\n", " a\n", [3]bool{false, false, false}},
	{"inner spaces", "a b\n", "a  b\n", [3]bool{false, false, false}},
	{"tab for space", "a b\n", "a\tb\n", [3]bool{false, false, false}},
	{"blank line inside", "a\n\nb\n", "a\nb\n", [3]bool{false, false, false}},
	{"lone CR at the end", "a", "a\r", [3]bool{false, false, false}},
	{"CR inside a line", "ab\n", "a\rb\n", [3]bool{false, false, false}},
	{"CR then space", "a\n", "a\r \n", [3]bool{false, false, false}},
	{"Unicode case", "ÉTÉ\n", "été\n", [3]bool{false, false, true}},
	{"Kelvin sign", "k\n", "\u212a\n", [3]bool{false, false, true}},
	{"long s", "S\n", "\u017f\n", [3]bool{false, false, true}},
	{"invalid UTF-8 differs", "\xff\n", "\xfe\n", [3]bool{false, false, false}},
	{"invalid UTF-8 same", "\xffA\n", "\xffa\n", [3]bool{false, false, true}},
	{"prefix", "abc\n", "ab\n", [3]bool{false, false, false}},
}

func TestEqual(t *testing.T) {
	for _, tc := range equalCases {
		for _, mode := range []Mode{Lines, Strict, IgnoreCase} {
			t.Run(tc.name+"/"+mode.String(), func(t *testing.T) {
				want := tc.want[mode]
				e, g := []byte(tc.expected), []byte(tc.got)
				if got := Equal(e, g, mode); got != want {
					t.Errorf("Equal(%q, %q, %v) = %v, want %v", tc.expected, tc.got, mode, got, want)
				}
				if got := Equal(g, e, mode); got != want {
					t.Errorf("Equal(%q, %q, %v) = %v, want %v (swapped)", tc.got, tc.expected, mode, got, want)
				}
				if got := naiveEqual(e, g, mode); got != want {
					t.Errorf("naiveEqual(%q, %q, %v) = %v, want %v: the table or the oracle is wrong", tc.expected, tc.got, mode, got, want)
				}
				if m := Explain(e, g, mode); (m.Line == 0) != want {
					t.Errorf("Explain(%q, %q, %v).Line = %d, want 0 exactly when equal", tc.expected, tc.got, mode, m.Line)
				}
			})
		}
	}
}

// naiveEqual is the rule as the issue states it, written with strings: an
// oracle for Equal.
func naiveEqual(expected, got []byte, mode Mode) bool {
	if mode == Strict {
		return string(expected) == string(got)
	}
	norm := func(b []byte) []string {
		lines := strings.Split(string(b), "\n")
		for i := range lines {
			if i < len(lines)-1 {
				lines[i] = strings.TrimSuffix(lines[i], "\r")
			}
			lines[i] = strings.TrimRight(lines[i], " \t")
		}
		for len(lines) > 0 && lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		return lines
	}
	e, g := norm(expected), norm(got)
	if len(e) != len(g) {
		return false
	}
	for i := range e {
		if mode == IgnoreCase && !foldEqual([]byte(e[i]), []byte(g[i])) || mode == Lines && e[i] != g[i] {
			return false
		}
	}
	return true
}

func TestParseMode(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Mode
		err  string
	}{
		{"", Lines, ""},
		{"lines", Lines, ""},
		{"strict", Strict, ""},
		{"ignore-case", IgnoreCase, ""},
		{"Lines", Lines, `unknown comparison mode "Lines" (want lines, strict or ignore-case)`},
		{"exact", Lines, `unknown comparison mode "exact" (want lines, strict or ignore-case)`},
	} {
		got, err := ParseMode(tc.in)
		var msg string
		if err != nil {
			msg = err.Error()
		}
		if got != tc.want || msg != tc.err {
			t.Errorf("ParseMode(%q) = %v, %q; want %v, %q", tc.in, got, msg, tc.want, tc.err)
		}
		if tc.err == "" && tc.in != "" && got.String() != tc.in {
			t.Errorf("ParseMode(%q).String() = %q", tc.in, got.String())
		}
	}
	if s := Mode(7).String(); s != "Mode(7)" {
		t.Errorf("Mode(7).String() = %q", s)
	}
}

func TestFoldRune(t *testing.T) {
	// Every rune of a folding orbit has the same representative.
	for _, orbit := range []string{"kK\u212a", "sS\u017f", "éÉ", "σςΣ"} {
		var want rune = -1
		for _, r := range orbit {
			if want < 0 {
				want = foldRune(r)
			}
			if got := foldRune(r); got != want {
				t.Errorf("foldRune(%q) = %q, want %q", r, got, want)
			}
		}
	}
	if !foldEqual([]byte("ΣΊΣΥΦΟΣ"), []byte("σίσυφος")) {
		t.Error("foldEqual(ΣΊΣΥΦΟΣ, σίσυφος) = false")
	}
	if foldEqual([]byte("a"), []byte("ab")) || foldEqual(bytes.Repeat([]byte("a"), 3), []byte("aa")) {
		t.Error("foldEqual accepts a prefix")
	}
}
