package checker_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/checker"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// newJudge makes the judge of a rubric whose checker is path, with
// limits far above a checker's need.
func newJudge(t *testing.T, path string, flags ...string) grader.Judge {
	t.Helper()
	return newChecker(t, path, false, flags...)
}

// newChecker makes the judge of a rubric whose checker is path,
// interactive or not, with limits far above a checker's need.
func newChecker(t *testing.T, path string, interactive bool, flags ...string) grader.Judge {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	r := &rubric.Rubric{
		Path:   "rubric.toml",
		Limits: rubric.Limits{BuildWall: 2 * time.Minute},
		Judge: rubric.Judge{Name: "checker", Checker: abs, Flags: flags, Interactive: interactive,
			CheckerWall: time.Minute, CheckerCPU: 30 * time.Second},
	}
	j, err := checker.New(r)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// numberCases judge outputs with the numbers checkers: the answer's
// numbers in any order, within 1e-6; with the flag "partial", the share
// right. score is -1 when the judgement gives none.
var numberCases = []struct {
	name     string
	partial  bool
	answer   string // "-" for a case with no expected output
	stdout   string
	pass     bool
	score    float64
	feedback string
	fails    bool // the checker's own failure
}{
	{name: "accepted", answer: "1.5 2 3\n", stdout: "3\n1.5\n2\n", pass: true, score: -1, feedback: "3 of 3 numbers right"},
	{name: "tolerance", answer: "1.5 2 3\n", stdout: "2.0000001 3e0 1.50", pass: true, score: -1, feedback: "3 of 3 numbers right"},
	{name: "wrong", answer: "1.5 2 3\n", stdout: "1 2 3\n", score: -1, feedback: "2 of 3 numbers right"},
	{name: "too many", answer: "1.5 2 3\n", stdout: "1.5 2 3 4\n", score: -1, feedback: "3 of 3 numbers right"},
	{name: "not a number", answer: "1.5 2 3\n", stdout: "1.5 two 3\n", score: -1, feedback: "not a number: two"},
	// Numbers as the format writes them, in ASCII: no NaN, infinity,
	// hexadecimal, "1_0", other scripts' digits or bytes that are not
	// UTF-8 (shown replaced).
	{name: "nan", answer: "1.5 2 3\n", stdout: "1.5 nan 3\n", score: -1, feedback: "not a number: nan"},
	{name: "infinity", answer: "1.5 2 3\n", stdout: "1.5 -Infinity 3\n", score: -1, feedback: "not a number: -Infinity"},
	{name: "hexadecimal", answer: "16\n", stdout: "0x10\n", score: -1, feedback: "not a number: 0x10"},
	{name: "underscore", answer: "10\n", stdout: "1_0\n", score: -1, feedback: "not a number: 1_0"},
	{name: "fullwidth", answer: "10\n", stdout: "\uff11\uff10\n", score: -1, feedback: "not a number: \uff11\uff10"},
	{name: "not UTF-8", answer: "10\n", stdout: "1\xff0\n", score: -1, feedback: "not a number: 1\ufffd0"},
	{name: "no answer", answer: "-", stdout: "\n", pass: true, score: -1, feedback: "0 of 0 numbers right"},
	{name: "checker crash", answer: "oops\n", stdout: "1\n", fails: true},
	{name: "score", partial: true, answer: "1.5 2 3\n", stdout: "9 1.5 2\n", pass: true, score: 0.666667, feedback: "2 of 3 numbers right"},
	{name: "score all", partial: true, answer: "4\n", stdout: "4.0\n", pass: true, score: 1, feedback: "1 of 1 numbers right"},
	{name: "score rejected", partial: true, answer: "1 2\n", stdout: "1\n", score: -1, feedback: "1 of 2 numbers right"},
}

func trial(answer, stdout string) grader.Trial {
	c := cases.Case{ID: "a/1", Part: "a", Stdin: []byte("3\n"), Check: "checker"}
	if answer != "-" {
		c.Check, c.Outputs = "", []cases.Output{{Stdout: []byte(answer)}}
	}
	return grader.Trial{Case: c, Stdout: []byte(stdout)}
}

// TestNumbers judges the same outputs with a checker in C++ and one in
// Python (a folder: __main__.py and a module), in the sandbox. The cases
// run at once: the first builds the checker, the others wait for it.
func TestNumbers(t *testing.T) {
	for _, lang := range []struct{ name, path, tool string }{
		{"cpp", "testdata/checkers/numbers.cpp", "g++"},
		{"python", "testdata/checkers/numbers-py", "python3"},
	} {
		t.Run(lang.name, func(t *testing.T) {
			testenv.NeedTools(t, lang.tool)
			plain, partial := newJudge(t, lang.path), newJudge(t, lang.path, "partial")
			for _, tc := range numberCases {
				t.Run(tc.name, func(t *testing.T) {
					t.Parallel()
					jd := plain
					if tc.partial {
						jd = partial
					}
					j, err := jd.Judge(context.Background(), trial(tc.answer, tc.stdout))
					checkJudgement(t, j, err, tc.pass, tc.score, tc.feedback, tc.fails)
				})
			}
			// A case's own arguments (a problem package's
			// output_validator_args) replace the rubric's flags.
			t.Run("case args", func(t *testing.T) {
				t.Parallel()
				tr := trial("1.5 2 3\n", "9 1.5 2\n")
				tr.Case.JudgeArgs = []string{"partial"}
				j, err := plain.Judge(context.Background(), tr)
				checkJudgement(t, j, err, true, 0.666667, "2 of 3 numbers right", false)
				tr.Case.JudgeArgs = []string{}
				j, err = partial.Judge(context.Background(), tr)
				checkJudgement(t, j, err, false, -1, "2 of 3 numbers right", false)
			})
		})
	}
}

func checkJudgement(t *testing.T, j grader.Judgement, err error, pass bool, score float64, feedback string, fails bool) {
	t.Helper()
	if fails {
		if err == nil || !strings.Contains(err.Error(), "testdata/checkers/numbers") {
			t.Fatalf("judgement %+v, error %v; want the checker's failure, named", j, err)
		}
		t.Logf("the checker's failure: %v", err)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if j.Pass != pass || j.Feedback != feedback {
		t.Errorf("pass %v, feedback %q; want %v, %q", j.Pass, j.Feedback, pass, feedback)
	}
	switch {
	case score < 0 && j.Score != nil:
		t.Errorf("score %v, want none", *j.Score)
	case score >= 0 && (j.Score == nil || math.Abs(*j.Score-score) > 1e-9):
		t.Errorf("score %v, want %v", j.Score, score)
	}
	if !strings.HasPrefix(j.Log, "got ") && !strings.HasPrefix(feedback, "not a number: ") {
		t.Errorf("log %q, want the judge message", j.Log)
	}
}

// TestBuildFailure: a checker that does not compile fails every judgement
// with its compiler's messages, and is built once.
func TestBuildFailure(t *testing.T) {
	testenv.NeedTools(t, "g++")
	jd := newJudge(t, "testdata/checkers/broken.cpp")
	_, err1 := jd.Judge(context.Background(), trial("1\n", "1\n"))
	_, err2 := jd.Judge(context.Background(), trial("1\n", "1\n"))
	if err1 == nil || !strings.Contains(err1.Error(), "broken.cpp does not build") || !strings.Contains(err1.Error(), "undeclared") {
		t.Fatalf("error %v, want the compiler's messages", err1)
	}
	if err2 != err1 {
		t.Errorf("second error %v, want the first build's", err2)
	}
}

// TestNewErrors: what is wrong with a checker's files is said when the
// assignment is loaded.
func TestNewErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.py"), "no such file"},
		{write("check.rb", "exit 42"), "no source file (.c, .cpp, .cc, .cxx, .C, .c++, .java, .py, .py3, .rs or .go)"},
		{filepath.Dir(write("mixed/a.c", "") + write("mixed/b.py", "")[:0]), "sources of several languages (a.c, b.py)"},
		{filepath.Dir(write("py/a.py", "") + write("py/b.py", "")[:0]), "several .py files and no __main__.py to run"},
		{filepath.Dir(write("clash/c.cpp", "") + write("clash/testcase.in", "")[:0]), "may not be named testcase.in"},
	} {
		r := &rubric.Rubric{Judge: rubric.Judge{Name: "checker", Checker: tc.path}}
		if _, err := checker.New(r); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.path, err, tc.want)
		}
	}
	if _, err := checker.New(&rubric.Rubric{}); err == nil {
		t.Error("no checker: no error")
	}
}

// TestFingerprint: a checker's fingerprint follows its source and flags,
// so a changed checker regrades a batch.
func TestFingerprint(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "check.py")
	write := func(s string) {
		if err := os.WriteFile(src, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fp := func(flags ...string) string {
		return newJudge(t, src, flags...).(grader.Fingerprinter).Fingerprint()
	}
	write("import sys\nsys.exit(42)\n")
	v1 := fp()
	if fp() != v1 {
		t.Error("the same checker, two fingerprints")
	}
	if fp("case_sensitive") == v1 {
		t.Error("other flags, the same fingerprint")
	}
	write("import sys\nsys.exit(43)\n")
	if fp() == v1 {
		t.Error("another source, the same fingerprint")
	}
}
