package grader_test

import (
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

func TestCommandLine(t *testing.T) {
	preset := func(lang rubric.Language, file string) rubric.Build {
		b, err := rubric.Preset(lang, []string{file})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	long := strings.Repeat("12 34\n", 20) // 120 bytes
	for _, tc := range []struct {
		b     rubric.Build
		args  []string
		stdin string
		want  string
	}{
		{preset(rubric.Java, "EightQueen.java"), []string{"315", "1", "12375643"}, "", "java EightQueen 315 1 12375643"},
		{preset(rubric.C, "sum.c"), nil, "3 4\n", `./main < stdin: "3 4\n"`},
		{preset(rubric.CPP, "sum.cpp"), []string{"two words"}, "", `./main 'two words'`},
		{preset(rubric.Python, "sum.py"), []string{"-v"}, "2147483647 1", `python3 sum.py -v < stdin: "2147483647 1"`},
		{preset(rubric.Python, "sum.py"), nil, long, `python3 sum.py < stdin: "` + strings.Repeat(`12 34\n`, 13) + `12"... (120 bytes)`},
		{preset(rubric.Python, "sum.py"), nil, strings.Repeat("é", 50), `python3 sum.py < stdin: "` + strings.Repeat("é", 40) + `"... (100 bytes)`},
	} {
		if got := grader.CommandLine(tc.b, tc.args, []byte(tc.stdin)); got != tc.want {
			t.Errorf("CommandLine(%s, %q, %.20q):\n got %s\nwant %s", tc.b.Language, tc.args, tc.stdin, got, tc.want)
		}
	}
}
