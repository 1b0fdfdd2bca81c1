package textfmt

import (
	"math"
	"os/exec"
	"testing"
)

func TestSizeText(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{{0, "0 bytes"}, {1000, "1000 bytes"}, {1024, "1 KiB"}, {1536, "1536 bytes"}, {8 << 20, "8 MiB"}, {1 << 30, "1 GiB"}, {3 << 40, "3 TiB"}, {1<<30 + 1, "1073741825 bytes"}} {
		if got := Size(tc.n); got != tc.want {
			t.Errorf("Size(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// ShellQuote's words read back, through bash, as the strings quoted.
func TestShellQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/srv/grading/out", "/srv/grading/out"},
		{"--late-days-default=0", "--late-days-default=0"},
		{"", "''"},
		{"two words", "'two words'"},
		{"it's", `'it'\''s'`},
		{"$HOME", "'$HOME'"},
		{"a;rm -rf ~", "'a;rm -rf ~'"},
		{"*.zip", "'*.zip'"},
		{"line\nbreak", "'line\nbreak'"},
	} {
		got := ShellQuote(tc.in)
		if got != tc.want {
			t.Errorf("ShellQuote(%q) = %s, want %s", tc.in, got, tc.want)
		}
		if _, err := exec.LookPath("bash"); err != nil {
			continue
		}
		out, err := exec.Command("bash", "-c", "printf %s "+got).Output()
		if err != nil || string(out) != tc.in {
			t.Errorf("bash reads %s as %q (%v), want %q", got, out, err, tc.in)
		}
	}
}

// TestDecimal: sums of decimal points show as a person adds them, with
// no binary artefact; numbers as written show as written.
func TestDecimal(t *testing.T) {
	sum := func(x float64, n int) float64 {
		s := 0.0
		for range n {
			s += x
		}
		return s
	}
	for _, tc := range []struct {
		name string
		x    float64
		want string
	}{
		{"0.1 + 0.2", 0.1 + 0.2, "0.3"},
		{"0.1 × 3 parts", sum(0.1, 3), "0.3"},
		{"0.1 × 10 parts", sum(0.1, 10), "1"},
		{"0.1 × 9 parts", sum(0.1, 9), "0.9"},
		{"0.01 × 1000 cases", sum(0.01, 1000), "10"},
		{"0.07 × 100 cases", sum(0.07, 100), "7"},
		{"3.33 × 3 cases", sum(3.33, 3), "9.99"},
		{"1.1 × 7 parts", sum(1.1, 7), "7.7"},
		{"20 - 9.57 hidden points", 20 - 9.57, "10.43"},
		{"10 - 6.67", 10 - 6.67, "3.33"},
		{"0.3 - 0.1 - 0.2", 0.3 - 0.1 - 0.2, "0"},
		{"written 0.125", 0.125, "0.125"},
		{"written 2.375", 2.375, "2.375"},
		{"whole", 40, "40"},
		{"negative deduction", -1.5, "-1.5"},
		{"minus zero", math.Copysign(0, -1), "0"},
		{"large", 1e6, "1000000"},
		{"third", 10.0 / 3, "3.33333333333"},
	} {
		if got := Decimal(tc.x); got != tc.want {
			t.Errorf("%s: Decimal(%v) = %q, want %q", tc.name, tc.x, got, tc.want)
		}
	}
}
