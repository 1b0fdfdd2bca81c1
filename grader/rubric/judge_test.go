package rubric

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestJudgeChecker: [judge]'s checker keys resolve, with their defaults.
func TestJudgeChecker(t *testing.T) {
	for _, tc := range []struct {
		name, judge string
		want        Judge
	}{
		{"none", "", Judge{Name: "diff", CheckerWall: time.Minute, CheckerCPU: 20 * time.Second}},
		{"checker", "name = \"checker\"\nchecker = \"check/numbers.py\"\nflags = [\"partial\"]\n",
			Judge{Name: "checker", Flags: []string{"partial"}, Checker: "DIR/check/numbers.py", CheckerWall: time.Minute, CheckerCPU: 20 * time.Second}},
		{"interactive", "name = \"checker\"\nchecker = \"guess\"\ninteractive = true\n",
			Judge{Name: "checker", Checker: "DIR/guess", Interactive: true, CheckerWall: 70 * time.Second, CheckerCPU: 20 * time.Second}},
		{"limits", "checker = \"c.cpp\"\nchecker_wall = \"5s\"\nchecker_cpu = \"2s\"\n",
			Judge{Name: "diff", Checker: "DIR/c.cpp", CheckerWall: 5 * time.Second, CheckerCPU: 2 * time.Second}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := casesDir(t)
			r, err := Parse("rubric.toml", []byte(head+"[limits]\nwall = \"10s\"\n[judge]\n"+tc.judge+partA), dir)
			if err != nil {
				t.Fatal(err)
			}
			got := r.Judge
			got.Checker = strings.ReplaceAll(filepath.ToSlash(got.Checker), filepath.ToSlash(dir), "DIR")
			if !equalJudge(got, tc.want) {
				t.Errorf("judge %+v, want %+v", got, tc.want)
			}
		})
	}
}

func equalJudge(a, b Judge) bool {
	return a.Name == b.Name && strings.Join(a.Flags, "\x00") == strings.Join(b.Flags, "\x00") &&
		a.Checker == b.Checker && a.Interactive == b.Interactive && a.CheckerWall == b.CheckerWall && a.CheckerCPU == b.CheckerCPU
}

// TestJudgeCheckerErrors: the checker keys' problems, at their lines.
func TestJudgeCheckerErrors(t *testing.T) {
	for _, tc := range []struct{ judge, want string }{
		{"interactive = true\n", `rubric.toml:7:1: judge.interactive applies only with judge.checker`},
		{"checker_wall = \"1s\"\n", `rubric.toml:7:1: judge.checker_wall applies only with judge.checker`},
		{"checker = \"\"\n", `rubric.toml:7:1: judge.checker must name a file or folder`},
		{"checker = \"g.py\"\ninteractive = \"yes\"\n", `rubric.toml:8:1: judge.interactive must be true or false, got a string`},
		{"checker = \"g.py\"\ninteractive = true\nchecker_wall = \"10s\"\n",
			`rubric.toml:9:1: judge.checker_wall (10s) must exceed limits.wall (10s): an interactive checker runs as long as the program`},
		{"checker = \"g.py\"\nchecker_cpu = \"-1s\"\n", `rubric.toml:8:1: judge.checker_cpu must be a positive duration such as "10s" or "1m30s", got "-1s"`},
	} {
		_, err := Parse("rubric.toml", []byte(head+"[limits]\nwall = \"10s\"\n[judge]\n"+tc.judge+partA), casesDir(t))
		if err == nil || err.Error() != tc.want || !errors.Is(err, ErrInvalid) {
			t.Errorf("%q: got %v, want %s", tc.judge, err, tc.want)
		}
	}
}
