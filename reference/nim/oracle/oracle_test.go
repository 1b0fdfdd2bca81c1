package oracle

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/reference/nim"
)

func TestJudge(t *testing.T) {
	tests := []struct {
		args   []string
		stdout string
		stderr string
		exit   int
		rule   string
	}{
		{[]string{"3"}, "3: Max takes 2\n1: Min looses\n", "", 0, ""},
		{[]string{"3"}, "3: Max takes 1\n2: Min takes 1\n1: Max looses\n", "", 0, nim.RuleWinning},
		{[]string{"2"}, "", "usage: nim N\n", 255, ""},
		{[]string{"2"}, "", "", 255, nim.RuleUsage},
		{[]string{"1000"}, "", "N > 100\n", 1, ""},
	}
	for _, tt := range tests {
		j, err := Nim{}.Judge(context.Background(), grader.Trial{Case: cases.Case{Args: tt.args},
			Stdout: []byte(tt.stdout), Stderr: []byte(tt.stderr), ExitCode: tt.exit})
		if err != nil {
			t.Fatal(err)
		}
		if got := ""; j.Violation != nil {
			got = j.Violation.Rule
			if got != tt.rule {
				t.Errorf("%q %q: %v, want rule %q", tt.args, tt.stdout, j.Violation, tt.rule)
			}
		} else if tt.rule != "" || !j.Pass {
			t.Errorf("%q %q: passed %v, want rule %q", tt.args, tt.stdout, j.Pass, tt.rule)
		}
	}
}

func TestMistakes(t *testing.T) {
	names := func(ms []grader.KnownMistake) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.Name+":"+string(m.Verdict))
		}
		return out
	}
	ms := Nim{}.Mistakes([]string{"10"}, nil)
	// value-not-negated and table-ignores-turn print the same under the
	// lab-1 tie rule, differently under the course's.
	if n := strings.Count(strings.Join(names(ms), " "), "names-swapped:"); n != 4 {
		t.Errorf("names-swapped listed %d times for N = 10 (2 tie rules × 2 spellings): %q", n, names(ms))
	}
	if got := names(Nim{}.Mistakes([]string{"10"}, []string{"ties-first", "looses"})); !slices.Contains(got, "value-not-negated:") || len(got) != 6 {
		t.Errorf("Mistakes(10, course) = %q, want one output of each of the 6 wrong-output mistakes", got)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"70"}, "no-table:" + string(grader.Timeout)},
		{[]string{"1000"}, "table-out-of-bounds:" + string(grader.RuntimeError)},
		{[]string{"abc"}, "no-usage-check:"},
	} {
		if got := names(Nim{}.Mistakes(tt.args, nil)); !slices.Contains(got, tt.want) {
			t.Errorf("Mistakes(%q) = %q, want %s", tt.args, got, tt.want)
		}
	}
	if h := (Nim{}).Hint("no-table"); !strings.Contains(h, "transposition table") {
		t.Errorf("Hint(no-table) = %q", h)
	}
	if h := (Nim{}).Hint("nope"); h != "" {
		t.Errorf("Hint(nope) = %q", h)
	}
}

func TestTrace(t *testing.T) {
	tr, err := Nim{}.Trace([]string{"10"}, "ties-largest")
	if err != nil {
		t.Fatal(err)
	}
	if string(tr.Stdout) != string(nim.Output(10, nim.Reading{Tie: nim.TieLargest})) {
		t.Errorf("Trace stdout:\n%s", tr.Stdout)
	}
	if len(tr.Why) != 6 || !strings.Contains(tr.Why[1], "9 % 4 = 1") || !strings.Contains(tr.Why[5], "Min must take it") {
		t.Errorf("Why = %q", tr.Why)
	}
	if tr, err := (Nim{}).Trace(nil, ""); err != nil || len(tr.Why) != 1 || len(tr.Stdout) != 0 {
		t.Errorf("Trace(no argument) = %+v, %v", tr, err)
	}
	if _, err := (Nim{}).Trace([]string{"10"}, "ties-sideways"); err == nil {
		t.Error("Trace accepted an unknown reading")
	}
}
