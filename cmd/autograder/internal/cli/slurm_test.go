package cli

import (
	"os/exec"
	"testing"
)

// shellQuote's words read back, through bash, as the strings quoted.
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
		got := shellQuote(tc.in)
		if got != tc.want {
			t.Errorf("shellQuote(%q) = %s, want %s", tc.in, got, tc.want)
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
