package textfmt

import (
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
