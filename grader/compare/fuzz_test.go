package compare

import (
	"strings"
	"testing"
)

func FuzzEqual(f *testing.F) {
	for _, tc := range equalCases {
		f.Add([]byte(tc.expected), []byte(tc.got))
	}
	f.Add([]byte("a\nb \r\n\n"), []byte("A\nb\n\t"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if !Equal(a, a, Lines) {
			t.Fatalf("Equal(%q, itself, Lines) = false", a)
		}
		var eq [3]bool
		for _, mode := range []Mode{Lines, Strict, IgnoreCase} {
			eq[mode] = Equal(a, b, mode)
			if Equal(b, a, mode) != eq[mode] {
				t.Fatalf("Equal(%q, %q, %v) is not symmetric", a, b, mode)
			}
			if naive := naiveEqual(a, b, mode); naive != eq[mode] {
				t.Fatalf("Equal(%q, %q, %v) = %v, the oracle says %v", a, b, mode, eq[mode], naive)
			}
			m := Explain(a, b, mode)
			if (m.Line == 0) != eq[mode] {
				t.Fatalf("Explain(%q, %q, %v).Line = %d, Equal = %v", a, b, mode, m.Line, eq[mode])
			}
			if strings.ContainsAny(m.Expected+m.Got, "\n\r") {
				t.Fatalf("Explain(%q, %q, %v): %q / %q is not one line each", a, b, mode, m.Expected, m.Got)
			}
			if strings.Count(m.Diff, "\n") > maxDiffLines+2 || strings.Contains(m.Diff, "\r") {
				t.Fatalf("Explain(%q, %q, %v).Diff is too long or has a raw CR:\n%s", a, b, mode, m.Diff)
			}
		}
		if eq[Strict] && !eq[Lines] || eq[Lines] && !eq[IgnoreCase] {
			t.Fatalf("Equal(%q, %q): strict %v, lines %v, ignore-case %v", a, b, eq[Strict], eq[Lines], eq[IgnoreCase])
		}
	})
}
