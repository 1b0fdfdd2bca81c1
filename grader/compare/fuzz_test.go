package compare

import (
	"bytes"
	"math"
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

// fuzzOptions makes valid TokenOptions of fuzzed values: the low four bits
// of bits say which flags are given.
func fuzzOptions(bits uint8, abs, rel float64) TokenOptions {
	tol := func(x float64) float64 {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 1e-6
		}
		return math.Abs(x)
	}
	o := TokenOptions{CaseSensitive: bits&1 != 0, SpaceSensitive: bits&2 != 0, HasAbsTol: bits&4 != 0, HasRelTol: bits&8 != 0}
	if o.HasAbsTol {
		o.AbsTol = tol(abs)
	}
	if o.HasRelTol {
		o.RelTol = tol(rel)
	}
	return o
}

func FuzzTokens(f *testing.F) {
	for _, tc := range tokenCases {
		opt, err := ParseValidatorFlags(strings.Fields(tc.flags))
		if err != nil {
			f.Fatal(err)
		}
		var bits uint8
		for i, b := range []bool{opt.CaseSensitive, opt.SpaceSensitive, opt.HasAbsTol, opt.HasRelTol} {
			if b {
				bits |= 1 << i
			}
		}
		f.Add([]byte(tc.want), []byte(tc.got), bits, opt.AbsTol, opt.RelTol)
	}
	f.Fuzz(func(t *testing.T, a, b []byte, bits uint8, abs, rel float64) {
		opt := fuzzOptions(bits, abs, rel)
		for _, x := range [][]byte{a, b} {
			if m := Tokens(x, x, opt); m != nil {
				t.Fatalf("Tokens(%q, itself, %v) = %v", x, opt, m)
			}
		}
		m := Tokens(a, b, opt)
		if naive := naiveTokens(a, b, opt); naive != (m == nil) {
			t.Fatalf("Tokens(%q, %q, %v) = %v, the oracle says %v", a, b, opt, m, naive)
		}
		if m != nil {
			s := m.String()
			lines := 1 + bytes.Count(b, []byte{'\n'})
			switch {
			case strings.ContainsAny(s, "\n\r"):
				t.Fatalf("Tokens(%q, %q, %v).String() = %q is not one line", a, b, opt, s)
			case m.Line < 1 || m.Line > lines:
				t.Fatalf("Tokens(%q, %q, %v).Line = %d, the output has %d lines", a, b, opt, m.Line, lines)
			case m.Token < 0 || m.Token == 0 && !m.Space || m.Reason == "":
				t.Fatalf("Tokens(%q, %q, %v) = %#v", a, b, opt, m)
			}
		}

		// Without a tolerance the rule is symmetric; each flag only
		// rejects more; and outputs equal line by line have equal tokens.
		for bits := range uint8(4) {
			opt := fuzzOptions(bits, 0, 0)
			ok := Tokens(a, b, opt) == nil
			if Tokens(b, a, opt) == nil != ok {
				t.Fatalf("Tokens(%q, %q, %v) is not symmetric", a, b, opt)
			}
			if ok && bits != 0 && Tokens(a, b, TokenOptions{}) != nil {
				t.Fatalf("Tokens(%q, %q) accepts with %v, not without", a, b, opt)
			}
		}
		if Equal(a, b, Lines) && Tokens(a, b, TokenOptions{CaseSensitive: true}) != nil {
			t.Fatalf("Equal(%q, %q, Lines) but not their tokens", a, b)
		}
	})
}

func FuzzParseValidatorFlags(f *testing.F) {
	for _, tc := range flagCases {
		f.Add(tc.flags)
	}
	f.Fuzz(func(t *testing.T, s string) {
		opt, err := ParseValidatorFlags(strings.Fields(s))
		if err != nil {
			msg := err.Error()
			if strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, "validator flag ") && !strings.HasPrefix(msg, "unknown validator flag ") {
				t.Fatalf("ParseValidatorFlags(%q): error %q", s, msg)
			}
			return
		}
		for _, x := range []float64{opt.AbsTol, opt.RelTol} {
			if math.IsNaN(x) || math.IsInf(x, 0) || math.Signbit(x) {
				t.Fatalf("ParseValidatorFlags(%q) = %+v", s, opt)
			}
		}
		again, err := ParseValidatorFlags(strings.Fields(opt.String()))
		if err != nil || again != opt {
			t.Fatalf("ParseValidatorFlags(%q) = %+v, whose String %q parses to %+v, %v", s, opt, opt.String(), again, err)
		}
	})
}
