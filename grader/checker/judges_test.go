package checker_test

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// The example problems' packages, beside the command's tests.
const problems = "../../cmd/autograder/testdata/problems/"

// huge is a line of 10 MB of digits.
var huge = strings.Repeat("1", 10<<20) + "\n"

// TestShippedOutputValidators: the divisors validators the project ships
// (C++ and Python) reject, never fail on nor accept, output that is not
// an answer: NaN and infinity for the mean, bytes that are not UTF-8,
// digits Python reads but the format does not write, 10 MB lines.
func TestShippedOutputValidators(t *testing.T) {
	for _, v := range []struct{ name, path, tool string }{
		{"cpp", problems + "divisors/output_validators/check", "g++"},
		{"python", problems + "divisorspy/output_validator/validate.py", "python3"},
	} {
		t.Run(v.name, func(t *testing.T) {
			testenv.NeedTools(t, v.tool)
			jd := newJudge(t, v.path)
			c := cases.Case{ID: "a/1", Part: "a", Stdin: []byte("6\n"), Outputs: []cases.Output{{Stdout: []byte("1 2 3 6\n3\n")}}}
			judge := func(stdout string) grader.Judgement {
				t.Helper()
				j, err := jd.Judge(context.Background(), grader.Trial{Case: c, Stdout: []byte(stdout)})
				if err != nil {
					t.Fatalf("%.40q: the validator failed: %v", stdout, err)
				}
				return j
			}
			if !judge("6 3 2 1\n3.0\n").Pass {
				t.Fatal("the right answer is rejected")
			}
			for _, out := range []string{
				"1 2 3 6\nnan\n", "1 2 3 6\nNaN\n", "1 2 3 6\ninf\n", "1 2 3 6\n-infinity\n",
				"1 2 3 6\n\xff\n", "\xff\xfe\n3\n", "1 2 3 \xef\xbc\x96\n3\n", "1 2 3 6\n\xef\xbc\x93\n",
				"1 2 3 6\n3_0\n", "1 2 3 6\n" + huge, huge + "3\n", "1 2 3 6\n3\n" + huge,
			} {
				if j := judge(out); j.Pass {
					t.Errorf("%.40q accepted", out)
				}
			}
		})
	}
}

// TestShippedInteractors: the guessing game's judges the project ships
// reject, never fail on nor accept, a guess that is not a number as the
// game writes one: bytes that are not UTF-8, NaN, a 10 MB line, digits
// Python reads but the game does not write ("1_0", fullwidth).
func TestShippedInteractors(t *testing.T) {
	testenv.NeedTools(t, "python3")
	for _, path := range []string{"testdata/guess/interactor.py", problems + "guess/output_validator/judge.py"} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			jd := newInteractor(t, path)
			play := func(sent string) grader.Judgement {
				t.Helper()
				c := cases.Case{ID: "a/1", Part: "a", Stdin: []byte("10\n"), Check: "checker"}
				_, j, err := jd.Interact(context.Background(), grader.Trial{Case: c}, func(in grader.Input) (grader.Execution, error) {
					io.WriteString(in.StdoutTo, sent)
					return grader.Execution{}, nil
				})
				if err != nil || j.Violation != nil {
					t.Fatalf("%.40q: the judge failed: %v %v", sent, err, j.Violation)
				}
				return j
			}
			if !play("10\n").Pass {
				t.Fatal("the right guess is rejected")
			}
			for _, sent := range []string{"\xff\xfe\n", "1\xff\n", "nan\n", "inf\n", "1_0\n", "\xef\xbc\x91\xef\xbc\x90\n", "10.0\n", huge, "5\n" + huge} {
				if j := play(sent); j.Pass {
					t.Errorf("%.40q accepted", sent)
				}
			}
		})
	}
}

// newInteractor is the interactive judge of the checker at path.
func newInteractor(t *testing.T, path string) grader.Interactor {
	t.Helper()
	return newChecker(t, path, true).(grader.Interactor)
}
