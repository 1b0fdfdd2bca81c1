package report

import "testing"

func TestInlineCode(t *testing.T) {
	for in, want := range map[string]string{
		"java EightQueen 315 1 12375643":    "`java EightQueen 315 1 12375643`",
		`./main < stdin: "a` + "`" + `b\n"`: "``./main < stdin: \"a`b\\n\"``",
		`./main < stdin: "` + "``" + `"`:    "```./main < stdin: \"``\"```",
		"`x`":                               "`` `x` ``",
		"":                                  "``",
	} {
		if got := inlineCode(in); got != want {
			t.Errorf("inlineCode(%q) = %s, want %s", in, got, want)
		}
	}
}
