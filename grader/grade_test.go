package grader_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen"
)

var allCases = []string{"a/hidden-01", "a/public-01", "a/public-02", "b/hidden-01", "b/public-01", "c/hidden-01", "c/hidden-02"}

// every gives each case of the test assignment the verdict v.
func every(v grader.Verdict) map[string]grader.Verdict {
	m := map[string]grader.Verdict{}
	for _, id := range allCases {
		m[id] = v
	}
	return m
}

// with is every(grader.Pass) but for the given case verdicts.
func with(pairs ...any) map[string]grader.Verdict { return withBase(grader.Pass, pairs...) }

// withBase is every(base) but for the given case verdicts.
func withBase(base grader.Verdict, pairs ...any) map[string]grader.Verdict {
	m := every(base)
	for i := 0; i < len(pairs); i += 2 {
		m[pairs[i].(string)] = pairs[i+1].(grader.Verdict)
	}
	return m
}

func TestVerdicts(t *testing.T) {
	const oom = "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat EightQueen.main(EightQueen.java:3)\n"
	killed := grader.Execution{ExitCode: -1, Signal: "killed"}
	tests := []struct {
		name string
		prog programFunc
		want map[string]grader.Verdict
	}{
		{"correct", correct, every(grader.Pass)},
		{"crlf-and-trailing-blanks", func(args []string, stdin []byte) (grader.Execution, error) {
			ex, err := correct(args, stdin)
			ex.Stdout = []byte(strings.ReplaceAll(string(ex.Stdout), "\n", " \t\r\n") + "\r\n\r\n")
			return ex, err
		}, every(grader.Pass)},
		{"prefixed-output", func(args []string, stdin []byte) (grader.Execution, error) {
			ex, err := correct(args, stdin)
			ex.Stdout = append([]byte("x"), ex.Stdout...)
			return ex, err
		}, every(grader.WrongAnswer)},
		{"no-output", scripted(grader.Execution{}), withBase(grader.WrongAnswer, "b/hidden-01", grader.Pass)}, // the non-raising reading prints nothing there
		{"exit-1-right-output", func(args []string, stdin []byte) (grader.Execution, error) {
			ex, err := correct(args, stdin)
			ex.ExitCode = 1
			return ex, err
		}, every(grader.RuntimeError)},
		{"exit-1", scripted(grader.Execution{ExitCode: 1, Stderr: []byte("Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException\n")}), every(grader.RuntimeError)},
		{"wall", scripted(grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.Wall}), every(grader.Timeout)},
		{"cpu", scripted(grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.CPU}), every(grader.Timeout)},
		{"memory", scripted(grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.Memory}), every(grader.MemoryLimit)},
		{"jvm-out-of-memory", scripted(grader.Execution{ExitCode: 1, Limit: grader.Memory, Stderr: []byte(oom)}), every(grader.MemoryLimit)},
		// The grader knows no language: reading an OutOfMemoryError as the
		// memory limit is the runner's, by the preset (grader/runner).
		{"out-of-memory-unread", scripted(grader.Execution{ExitCode: 1, Stderr: []byte(oom)}), every(grader.RuntimeError)},
		{"output", scripted(grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.Output, Stdout: []byte("28\n")}), every(grader.OutputLimit)},
		{"signal", scripted(grader.Execution{ExitCode: -1, Signal: "segmentation fault"}), every(grader.RuntimeError)},
		{"killed", scripted(killed), every(grader.RuntimeError)},
		{"processes", scripted(grader.Execution{ExitCode: 1, Limit: grader.Procs}), every(grader.RuntimeError)},
		{"file-size", scripted(grader.Execution{ExitCode: -1, Signal: "file size limit exceeded", Limit: grader.FileSize}), every(grader.RuntimeError)},
		{"one-wrong", override(correct, "100 01234567", func([]byte) grader.Execution {
			return grader.Execution{Stdout: []byte("29\n")}
		}), with("a/public-01", grader.WrongAnswer)},
		{"one-timeout", override(correct, "200 12375643", func(right []byte) grader.Execution {
			return grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.Wall, Stdout: right}
		}), with("b/public-01", grader.Timeout)},
	}
	a := testAssignment(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := grade(t, a, run(tc.prog), eightQueen("s"), 0, grader.Options{})
			if res.Status != grader.Graded {
				t.Errorf("status %s, want graded", res.Status)
			}
			if got := verdicts(res); !maps.Equal(got, tc.want) {
				t.Errorf("verdicts:\n got %v\nwant %v", got, tc.want)
			}
			for _, c := range res.Cases {
				if (c.Mismatch != nil) != (c.Verdict == grader.WrongAnswer) {
					t.Errorf("%s: verdict %s with mismatch %+v", c.ID, c.Verdict, c.Mismatch)
				}
				if c.TimeMS != nil {
					t.Errorf("%s: time %d recorded without Options.Timings", c.ID, *c.TimeMS)
				}
			}
		})
	}
}

func TestWrongAnswerMismatch(t *testing.T) {
	a := testAssignment(t)
	prog := override(correct, "100 01234567", func([]byte) grader.Execution {
		return grader.Execution{Stdout: []byte("29\n"), Stderr: []byte("debug: cost computed\n")}
	})
	res := grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
	c := caseResult(t, res, "a/public-01")
	if c.Verdict != grader.WrongAnswer || c.Mismatch == nil {
		t.Fatalf("got %+v, want a wrong answer with a mismatch", c)
	}
	m := *c.Mismatch
	if m.Line != 1 || m.Expected != "28" || m.Got != "29" || !strings.Contains(m.Diff, "-28\n+29\n") {
		t.Errorf("mismatch %+v", m)
	}
	if c.Stderr != "debug: cost computed\n" || c.ExitCode != 0 || c.Part != "a" || c.Visibility != "public" ||
		!reflect.DeepEqual(c.Args, []string{"100", "01234567"}) {
		t.Errorf("case result %+v", c)
	}

	// A case with several accepted outputs explains against the first.
	prog = override(correct, "200 27364150", func([]byte) grader.Execution { return grader.Execution{Stdout: []byte("1\n")} })
	res = grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
	if m := caseResult(t, res, "b/hidden-01").Mismatch; m == nil || m.Line != 1 || m.Expected != "47364150" || m.Got != "1" {
		t.Errorf("b/hidden-01 mismatch %+v", m)
	}
}

// TestStderrIgnored: whatever a program writes on stderr, a run that exits
// 0 is judged by its stdout alone.
func TestStderrIgnored(t *testing.T) {
	a := testAssignment(t)
	for _, stderr := range []string{
		"warning: something\n",
		"Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n",
		strings.Repeat("e", 1<<16),
		"\xff\xfe not UTF-8\n",
	} {
		for _, base := range []struct {
			prog programFunc
			want grader.Verdict
		}{{correct, grader.Pass}, {scripted(grader.Execution{Stdout: []byte("nonsense\n")}), grader.WrongAnswer}} {
			prog := func(args []string, stdin []byte) (grader.Execution, error) {
				ex, err := base.prog(args, stdin)
				ex.Stderr = []byte(stderr)
				return ex, err
			}
			res := grade(t, a, run(programFunc(prog)), eightQueen("s"), 0, grader.Options{})
			if got := verdicts(res)["a/public-01"]; got != base.want {
				t.Errorf("stderr %.40q: verdict %s, want %s", stderr, got, base.want)
			}
			if c := caseResult(t, res, "a/public-01"); len(stderr) < 2048 && c.Stderr != stderr {
				t.Errorf("stderr %.40q kept as %.40q", stderr, c.Stderr)
			}
		}
	}
}

func TestStderrTruncated(t *testing.T) {
	a := testAssignment(t)
	res := grade(t, a, run(scripted(grader.Execution{ExitCode: 1, Stderr: []byte(strings.Repeat("x", 3000))})), eightQueen("s"), 0, grader.Options{})
	want := strings.Repeat("x", 1024) + "\n… 952 bytes left out …\n" + strings.Repeat("x", 1024)
	if got := res.Cases[0].Stderr; got != want {
		t.Errorf("stderr kept as %d bytes ending %q", len(got), got[max(0, len(got)-30):])
	}
}

func TestTimings(t *testing.T) {
	a := testAssignment(t)
	prog := func(args []string, stdin []byte) (grader.Execution, error) {
		ex, err := correct(args, stdin)
		ex.Time = 1234567 * time.Microsecond
		return ex, err
	}
	res := grade(t, a, run(programFunc(prog)), eightQueen("s"), 0, grader.Options{Timings: true})
	for _, c := range res.Cases {
		if c.TimeMS == nil || *c.TimeMS != 1234 {
			t.Errorf("%s: time_ms %v, want 1234", c.ID, c.TimeMS)
		}
	}
}

func TestVisibility(t *testing.T) {
	a := testAssignment(t)
	res := grade(t, a, run(correct), eightQueen("s"), 0, grader.Options{Visibility: "public"})
	var ids []string
	for _, c := range res.Cases {
		ids = append(ids, c.ID)
	}
	if want := []string{"a/public-01", "a/public-02", "b/public-01"}; !reflect.DeepEqual(ids, want) {
		t.Errorf("public run ran %v, want %v", ids, want)
	}
	want := []grader.PartResult{
		{ID: "a", Name: "Cost", Score: 10, MaxScore: 10, Passed: 2, Total: 2},
		{ID: "b", Name: "Steepest, either reading", Score: 20, MaxScore: 20, Passed: 1, Total: 1},
		{ID: "c", Name: "Steepest, all moves", Score: 0, MaxScore: 10, Passed: 0, Total: 0},
	}
	if !reflect.DeepEqual(res.Parts, want) {
		t.Errorf("parts\n got %+v\nwant %+v", res.Parts, want)
	}
}

// failOn makes a correct program print a wrong answer for each command line.
func failOn(cmds ...string) programFunc {
	p := correct
	for _, c := range cmds {
		p = override(p, c, func([]byte) grader.Execution { return grader.Execution{Stdout: []byte("wrong\n")} })
	}
	return p
}

// policyEdit sets the package policy of testdata/rubric.toml.
func policyEdit(policy string) []string {
	if policy == "strip" {
		return nil
	}
	return []string{"package = \"strip\"\npackage_penalty = 5", fmt.Sprintf("package = %q", policy)}
}

const withPackage = "package hw4;\n\npublic class EightQueen {}\n"

func TestScore(t *testing.T) {
	pkgSub := submission.Submission{ID: "s", Files: []submission.File{{Name: "EightQueen.java", Data: []byte(withPackage)}}}
	tests := []struct {
		name   string
		edits  []string // to testdata/rubric.toml
		prog   programFunc
		sub    submission.Submission
		late   int
		status grader.Status
		score  float64
		parts  map[string]float64
	}{
		{name: "full", prog: correct, status: grader.Graded, score: 40, parts: map[string]float64{"a": 10, "b": 20, "c": 10}},
		// 10 points over 3 cases: 6.666... rounds to 6.67, 3.333... to 3.33.
		{name: "two-of-three", prog: failOn("100 27364150"), status: grader.Graded, score: 36.67, parts: map[string]float64{"a": 6.67, "b": 20, "c": 10}},
		{name: "one-of-three", prog: failOn("100 27364150", "100 12375643"), status: grader.Graded, score: 33.33, parts: map[string]float64{"a": 3.33, "b": 20, "c": 10}},
		{name: "proportional-half", prog: failOn("200 12375643"), status: grader.Graded, score: 30, parts: map[string]float64{"a": 10, "b": 10, "c": 10}},
		// c is all-or-nothing: one failed case of two loses it all.
		{name: "all-or-nothing", prog: failOn("200 01234567"), status: grader.Graded, score: 30, parts: map[string]float64{"a": 10, "b": 20, "c": 0}},
		{name: "proportional-c", edits: []string{"scoring = \"all-or-nothing\"", "scoring = \"proportional\""}, prog: failOn("200 01234567"), status: grader.Graded, score: 35, parts: map[string]float64{"a": 10, "b": 20, "c": 5}},
		{name: "all-or-nothing-a", edits: []string{"points = 10\nscoring = \"proportional\"", "points = 10\nscoring = \"all-or-nothing\""}, prog: failOn("100 27364150"), status: grader.Graded, score: 30, parts: map[string]float64{"a": 0, "b": 20, "c": 10}},
		// A min part is worth the least credit of its cases.
		{name: "min-a", edits: []string{"points = 10\nscoring = \"proportional\"", "points = 10\nscoring = \"min\""}, prog: failOn("100 27364150"), status: grader.Graded, score: 30, parts: map[string]float64{"a": 0, "b": 20, "c": 10}},
		{name: "min-a-full", edits: []string{"points = 10\nscoring = \"proportional\"", "points = 10\nscoring = \"min\""}, prog: correct, status: grader.Graded, score: 40, parts: map[string]float64{"a": 10, "b": 20, "c": 10}},
		// Two parts failing: the total is the sum of the rounded parts.
		{name: "sum", prog: failOn("100 27364150", "200 12375643", "200 01234567"), status: grader.Graded, score: 16.67, parts: map[string]float64{"a": 6.67, "b": 10, "c": 0}},
		{name: "nothing", prog: scripted(grader.Execution{Stdout: []byte("?\n")}), status: grader.Graded, score: 0, parts: map[string]float64{"a": 0, "b": 0, "c": 0}},

		{name: "package-strip", prog: correct, sub: pkgSub, status: grader.Graded, score: 35, parts: map[string]float64{"a": 10, "b": 20, "c": 10}},
		{name: "package-strip-floor", prog: failOn("100 01234567", "100 12375643", "100 27364150", "200 12375643", "200 27364150", "200 01234567"), sub: pkgSub, status: grader.Graded, score: 0, parts: map[string]float64{"a": 0, "b": 0, "c": 0}},
		{name: "package-report", edits: policyEdit("report"), prog: correct, sub: pkgSub, status: grader.Graded, score: 40, parts: map[string]float64{"a": 10, "b": 20, "c": 10}},
		{name: "package-reject", edits: policyEdit("reject"), prog: correct, sub: pkgSub, status: grader.StatusReject, score: 0, parts: map[string]float64{"a": 0, "b": 0, "c": 0}},

		// Late penalties are percentages of the total (40), not of the score.
		{name: "late-1", prog: correct, late: 1, status: grader.Graded, score: 36, parts: map[string]float64{"a": 10, "b": 20, "c": 10}},
		{name: "late-2", prog: correct, late: 2, status: grader.Graded, score: 30, parts: map[string]float64{"a": 10, "b": 20, "c": 10}},
		{name: "late-3", prog: correct, late: 3, status: grader.Graded, score: 20, parts: map[string]float64{"a": 10, "b": 20, "c": 10}},
		{name: "late-3-partial", prog: failOn("200 01234567"), late: 3, status: grader.Graded, score: 10, parts: map[string]float64{"a": 10, "b": 20, "c": 0}},
		{name: "late-3-floor", prog: failOn("200 12375643", "200 27364150", "200 01234567"), late: 3, status: grader.Graded, score: 0, parts: map[string]float64{"a": 10, "b": 0, "c": 0}},
		{name: "late-4", prog: correct, late: 4, status: grader.StatusLate, score: 0, parts: map[string]float64{"a": 0, "b": 0, "c": 0}},
		{name: "late-and-package", prog: correct, sub: pkgSub, late: 1, status: grader.Graded, score: 31, parts: map[string]float64{"a": 10, "b": 20, "c": 10}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := testAssignment(t, tc.edits...)
			sub := tc.sub
			if sub.ID == "" {
				sub = eightQueen("s")
			}
			res := grade(t, a, run(tc.prog), sub, tc.late, grader.Options{})
			if res.Status != tc.status || res.Score != tc.score || !maps.Equal(partScores(res), tc.parts) {
				t.Errorf("got %s %v %v, want %s %v %v (notes %q)", res.Status, res.Score, partScores(res), tc.status, tc.score, tc.parts, res.Notes)
			}
			if res.MaxScore != 40 || res.LateDays != tc.late || res.ID != "s" {
				t.Errorf("max %v, late days %d, id %q", res.MaxScore, res.LateDays, res.ID)
			}
		})
	}
}

func TestLatePenalty(t *testing.T) {
	a := testAssignment(t)
	for days, want := range map[int]float64{-1: 0, 0: 0, 1: 4, 2: 10, 3: 20, 4: 0, 10: 0} {
		res := grade(t, a, run(correct), eightQueen("s"), days, grader.Options{})
		if res.Penalty != want {
			t.Errorf("%d days late: penalty %v, want %v", days, res.Penalty, want)
		}
	}
	r := run(correct)
	res := grade(t, a, r, eightQueen("s"), 4, grader.Options{})
	if len(r.builds) != 0 {
		t.Errorf("a submission too late to be accepted was built")
	}
	if !maps.Equal(verdicts(res), every(grader.NotAccepted)) || len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "4 days late") {
		t.Errorf("4 days late: %v, notes %q", verdicts(res), res.Notes)
	}
}

func TestPackage(t *testing.T) {
	pkg := submission.Submission{ID: "s", Files: []submission.File{
		{Name: "Board.java", Data: []byte("  package  edu.wisc.cs540 ;\nclass Board {}\n")},
		{Name: "EightQueen.java", Data: []byte(withPackage)},
		{Name: "notes.txt", Data: []byte("package x;\n")},
	}}
	tests := []struct {
		policy string
		status grader.Status
		built  map[string]string // what the build got, by name; nil: no build
		note   string
	}{
		{"strip", grader.Graded, map[string]string{
			"Board.java":      strings.Repeat(" ", len("  package  edu.wisc.cs540 ;")) + "\nclass Board {}\n",
			"EightQueen.java": "            \n\npublic class EightQueen {}\n",
			"notes.txt":       "package x;\n",
		}, "Board.java, EightQueen.java has a package statement: removed before building, 5 points deducted"},
		{"report", grader.Graded, map[string]string{
			"Board.java":      "  package  edu.wisc.cs540 ;\nclass Board {}\n",
			"EightQueen.java": withPackage,
			"notes.txt":       "package x;\n",
		}, "Board.java, EightQueen.java has a package statement; the assignment asks for none"},
		{"reject", grader.StatusReject, nil, "Board.java, EightQueen.java has a package statement; the assignment asks for none"},
	}
	for _, tc := range tests {
		t.Run(tc.policy, func(t *testing.T) {
			a := testAssignment(t, policyEdit(tc.policy)...)
			r := run(correct)
			res := grade(t, a, r, pkg, 0, grader.Options{})
			if res.Status != tc.status || !reflect.DeepEqual(res.Notes, []string{tc.note}) {
				t.Errorf("status %s notes %q, want %s %q", res.Status, res.Notes, tc.status, tc.note)
			}
			if tc.built == nil {
				if len(r.builds) != 0 {
					t.Errorf("a rejected submission was built")
				}
				if !maps.Equal(verdicts(res), every(grader.Rejected)) {
					t.Errorf("verdicts %v", verdicts(res))
				}
				return
			}
			got := map[string]string{}
			for _, f := range r.builds[0] {
				got[f.Name] = string(f.Data)
			}
			if !maps.Equal(got, tc.built) {
				t.Errorf("built\n%q\nwant\n%q", got, tc.built)
			}
		})
	}

	// A word "package" elsewhere is no package statement.
	a := testAssignment(t, policyEdit("reject")...)
	ok := submission.Submission{ID: "s", Files: []submission.File{{Name: "EightQueen.java", Data: []byte("// package hw4; was removed\nclass EightQueen { String packageName; }\n")}}}
	if res := grade(t, a, run(correct), ok, 0, grader.Options{}); res.Status != grader.Graded || len(res.Notes) != 0 {
		t.Errorf("no package statement: %s %q", res.Status, res.Notes)
	}
}

func TestSubmissionFailures(t *testing.T) {
	tests := []struct {
		name    string
		sub     submission.Submission
		runner  *fakeRunner
		status  grader.Status
		verdict grader.Verdict
		note    string
		built   bool
	}{
		{"missing-file", submission.Submission{ID: "s", Files: []submission.File{{Name: "Main.java", Data: []byte("class Main {}")}, {Name: "src/EightQueen.txt"}}},
			run(correct), grader.StatusMissing, grader.MissingFile, "missing EightQueen.java; handed in src/EightQueen.txt (another extension), not built in its place", false},
		{"empty", submission.Submission{ID: "s"}, run(correct), grader.StatusMissing, grader.MissingFile, "missing EightQueen.java", false},
		{"unreadable", submission.Submission{ID: "s", Problem: "not a readable zip archive: zip: not a valid zip file"},
			run(correct), grader.StatusUnread, grader.Unreadable, "not a readable zip archive: zip: not a valid zip file", false},
		{"compile-error", eightQueen("s"), &fakeRunner{buildLog: "EightQueen.java:1: error: ';' expected\n1 error\n"},
			grader.StatusCompile, grader.CompileError, "", true},
		// javac succeeded, but there is no class EightQueen to run: a
		// failed build, its one note the runner's, no case run.
		{"no-program", eightQueen("s"), &fakeRunner{prog: correct, buildNote: "compiled, but no class EightQueen: it declares class Main"},
			grader.StatusCompile, grader.CompileError, "compiled, but no class EightQueen: it declares class Main", true},
	}
	a := testAssignment(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := grade(t, a, tc.runner, tc.sub, 0, grader.Options{})
			if res.Status != tc.status || res.Score != 0 || res.Penalty != 0 {
				t.Errorf("status %s score %v penalty %v", res.Status, res.Score, res.Penalty)
			}
			if !maps.Equal(verdicts(res), every(tc.verdict)) {
				t.Errorf("verdicts %v, want all %s", verdicts(res), tc.verdict)
			}
			var wantNotes []string
			if tc.note != "" {
				wantNotes = []string{tc.note}
			}
			if !reflect.DeepEqual(res.Notes, wantNotes) {
				t.Errorf("notes %q, want %q", res.Notes, wantNotes)
			}
			if tc.status == grader.StatusCompile && res.BuildLog != tc.runner.buildLog {
				t.Errorf("build log %q", res.BuildLog)
			}
			if built := len(tc.runner.builds) > 0; built != tc.built {
				t.Errorf("built: %v, want %v", built, tc.built)
			}
			for _, p := range res.Parts {
				if p.Score != 0 || p.Passed != 0 || p.Total == 0 {
					t.Errorf("part %+v", p)
				}
			}
		})
	}
}

// TestGraderErrors: a failure of the runner itself is an error, not a verdict.
func TestGraderErrors(t *testing.T) {
	a := testAssignment(t)
	boom := errors.New("sandbox: cannot create cgroup")
	if _, err := a.Grade(context.Background(), &fakeRunner{buildErr: boom}, eightQueen("s"), 0, grader.Options{}); !errors.Is(err, boom) {
		t.Errorf("build error: got %v", err)
	}
	failing := programFunc(func([]string, []byte) (grader.Execution, error) { return grader.Execution{}, boom })
	if _, err := a.Grade(context.Background(), run(failing), eightQueen("s"), 0, grader.Options{}); !errors.Is(err, boom) {
		t.Errorf("run error: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancelling := programFunc(func([]string, []byte) (grader.Execution, error) {
		cancel()
		return grader.Execution{}, errors.New("killed")
	})
	if _, err := a.Grade(ctx, run(cancelling), eightQueen("s"), 0, grader.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
}

// closeCounter counts Close calls.
type closeCounter struct {
	programFunc
	closed int
}

func (c *closeCounter) Close() error { c.closed++; return nil }

func TestProgramClosed(t *testing.T) {
	a := testAssignment(t)
	p := &closeCounter{programFunc: correct}
	grade(t, a, run(p), eightQueen("s"), 0, grader.Options{})
	if p.closed != 1 {
		t.Errorf("Close called %d times, want 1", p.closed)
	}
}

func TestPickFiles(t *testing.T) {
	f := func(name, data string) submission.File { return submission.File{Name: name, Data: []byte(data)} }
	tests := []struct {
		name     string
		required string // edits rubric's required list when set
		files    []submission.File
		want     []submission.File // nil: missing
		note     string            // the missing-file note; for a build, the note on a tie ("" none)
	}{
		{"top", "", []submission.File{f("EightQueen.java", "1")}, []submission.File{f("EightQueen.java", "1")}, ""},
		{"hw4", "", []submission.File{f("README.md", "r"), f("hw4/Board.java", "b"), f("hw4/EightQueen.java", "e"), f("hw4/lib/Util.java", "u"), f("other/Foo.java", "o")},
			[]submission.File{f("Board.java", "b"), f("EightQueen.java", "e")}, ""},
		{"src", "", []submission.File{f("project/src/EightQueen.java", "e"), f("project/src/Helper.java", "h"), f("project/bin/EightQueen.class", "c")},
			[]submission.File{f("EightQueen.java", "e"), f("Helper.java", "h")}, ""},
		{"shallowest-wins", "", []submission.File{f("old/hw4/EightQueen.java", "old"), f("old/hw4/Helper.java", "oldh"), f("src/EightQueen.java", "new"), f("src/Helper.java", "newh")},
			[]submission.File{f("EightQueen.java", "new"), f("Helper.java", "newh")},
			"2 files named EightQueen.java: built src/EightQueen.java, the shallowest, and ignored old/hw4/EightQueen.java"},
		{"top-over-nested", "", []submission.File{f("EightQueen.java", "top"), f("backup/EightQueen.java", "backup")},
			[]submission.File{f("EightQueen.java", "top")}, "2 files named EightQueen.java: built EightQueen.java, the shallowest, and ignored backup/EightQueen.java"},
		{"tie-takes-first", "", []submission.File{f("a/EightQueen.java", "a"), f("b/EightQueen.java", "b")},
			[]submission.File{f("EightQueen.java", "a")}, "2 files named EightQueen.java at the same depth: built a/EightQueen.java, ignored b/EightQueen.java"},
		{"three-tie", "", []submission.File{f("x/EightQueen.java", "x"), f("EightQueen.java/deep/EightQueen.java", "d"), f("c/EightQueen.java", "c"), f("b/EightQueen.java", "b")},
			[]submission.File{f("EightQueen.java", "b")}, "3 files named EightQueen.java at the same depth: built b/EightQueen.java, ignored EightQueen.java/deep/EightQueen.java, c/EightQueen.java, x/EightQueen.java"},
		{"nested-zip", "", []submission.File{f("hw4.zip/hw4/EightQueen.java", "z"), f("hw4.zip/hw4/Notes.txt", "n")},
			[]submission.File{f("EightQueen.java", "z"), f("Notes.txt", "n")}, ""},
		// Names that differ by case could each be it (sources_test.go).
		{"case-matters", "", []submission.File{f("eightqueen.java", "x"), f("EightQueen.Java", "y")}, nil,
			"missing EightQueen.java: EightQueen.Java and eightqueen.java could each be it, so none was built"},
		{"second-required-elsewhere", `required = ["EightQueen.java", "Board.java"]`,
			[]submission.File{f("hw4/EightQueen.java", "e"), f("Board.java", "b")}, nil, "missing Board.java; handed in Board.java (outside hw4/, the folder of EightQueen.java), not built in its place"},
		{"both-required", `required = ["EightQueen.java", "Board.java"]`,
			[]submission.File{f("hw4/Board.java", "b"), f("hw4/EightQueen.java", "e")}, []submission.File{f("Board.java", "b"), f("EightQueen.java", "e")}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var a *grader.Assignment
			if tc.required != "" {
				a = testAssignment(t, `required = ["EightQueen.java"]`, tc.required)
			} else {
				a = testAssignment(t)
			}
			r := run(correct)
			res := grade(t, a, r, submission.Submission{ID: "s", Files: tc.files}, 0, grader.Options{})
			if tc.want == nil {
				if res.Status != grader.StatusMissing || !reflect.DeepEqual(res.Notes, []string{tc.note}) || len(r.builds) != 0 {
					t.Errorf("status %s notes %q builds %d, want missing-file %q", res.Status, res.Notes, len(r.builds), tc.note)
				}
				return
			}
			if len(r.builds) != 1 || !reflect.DeepEqual(r.builds[0], tc.want) {
				t.Errorf("built %q, want %q", r.builds, tc.want)
			}
			var want []string
			if tc.note != "" {
				want = []string{tc.note}
			}
			if !reflect.DeepEqual(res.Notes, want) {
				t.Errorf("notes %q, want %q", res.Notes, want)
			}
		})
	}
}

func TestReadings(t *testing.T) {
	a := testAssignment(t)
	for _, tc := range []struct {
		name     string
		r        eightqueen.Reading
		verdicts map[string]grader.Verdict
		readings map[string]string // case ID to the reading reported
		score    float64
	}{
		{"steepest-all", eightqueen.Default, every(grader.Pass), map[string]string{"b/hidden-01": "steepest-all", "c/hidden-01": "steepest-all"}, 40},
		// Part b accepts both readings; part c only the default, and is all-or-nothing.
		{"steepest-nonraising", eightqueen.Reading{NonRaising: true}, with("c/hidden-01", grader.WrongAnswer), map[string]string{"b/hidden-01": "steepest-nonraising"}, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := grade(t, a, run(refProgram(tc.r)), eightQueen("s"), 0, grader.Options{})
			if !maps.Equal(verdicts(res), tc.verdicts) || res.Score != tc.score {
				t.Errorf("verdicts %v score %v, want %v %v", verdicts(res), res.Score, tc.verdicts, tc.score)
			}
			got := map[string]string{}
			for _, c := range res.Cases {
				if c.Reading != "" {
					got[c.ID] = c.Reading
				}
			}
			if !maps.Equal(got, tc.readings) {
				t.Errorf("readings %v, want %v", got, tc.readings)
			}
		})
	}
}

// TestDeterministic: grading twice gives equal results.
func TestDeterministic(t *testing.T) {
	a := testAssignment(t)
	prog := failOn("100 27364150", "200 12375643")
	r1 := grade(t, a, run(prog), eightQueen("s"), 1, grader.Options{})
	r2 := grade(t, a, run(prog), eightQueen("s"), 1, grader.Options{})
	if !reflect.DeepEqual(r1, r2) {
		t.Errorf("two gradings differ:\n%+v\n%+v", r1, r2)
	}
}
