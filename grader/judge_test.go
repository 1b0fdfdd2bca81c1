package grader_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/store"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
)

// testJudges are the judges of these tests, listed as a program lists
// its own, and the reference of the repository's rubric.toml.
var testJudges = grader.JoinJudges(oracle.Judges, grader.Judges{
	"test-half":      func(r *rubric.Rubric) (grader.Judge, error) { return halfJudge{}, nil },
	"test-half-pass": func(r *rubric.Rubric) (grader.Judge, error) { return halfJudge{accept: true}, nil },
	"test-broken":    func(*rubric.Rubric) (grader.Judge, error) { return brokenJudge{}, nil },
	"test-ping": func(r *rubric.Rubric) (grader.Judge, error) {
		return pingJudge{first: slices.Contains(r.Judge.Flags, "first")}, nil
	},
	"test-quiet": func(*rubric.Rubric) (grader.Judge, error) { return quietJudge{}, nil },
	"test-flags": func(r *rubric.Rubric) (grader.Judge, error) {
		if len(r.Judge.Flags) != 1 {
			return nil, errors.New("wants one flag")
		}
		return halfJudge{}, nil
	},
	"test-usage": func(*rubric.Rubric) (grader.Judge, error) { return usageJudge{}, nil },
	"test-suite": func(*rubric.Rubric) (grader.Judge, error) { return theSuite, nil },
})

// halfJudge passes the expected output and gives half the credit to any
// other, rejecting it or, with accept, accepting it; its feedback and log
// say which.
type halfJudge struct{ accept bool }

func (h halfJudge) Judge(ctx context.Context, t grader.Trial) (grader.Judgement, error) {
	j, err := grader.ExpectedOutput{}.Judge(ctx, t)
	if !j.Pass {
		half := 0.5
		j.Pass, j.Mismatch = h.accept, nil
		j.Score, j.Feedback, j.Log = &half, "half right", "judge: half"
	}
	return j, err
}

// quietJudge judges as the diff does but shows no difference, only a
// message, as a checker program does.
type quietJudge struct{}

func (quietJudge) Judge(ctx context.Context, t grader.Trial) (grader.Judgement, error) {
	j, err := grader.ExpectedOutput{}.Judge(ctx, t)
	if !j.Pass {
		j.Mismatch, j.Feedback = nil, "wrong cost"
	}
	return j, err
}

type brokenJudge struct{}

func (brokenJudge) Judge(context.Context, grader.Trial) (grader.Judgement, error) {
	return grader.Judgement{}, errors.New("checker exited 1: segmentation fault")
}

// pingJudge says "ping" and passes a program that answers "pong"; with
// the flag "first", it says it decided before the program ended.
type pingJudge struct {
	brokenJudge
	first bool
}

func (p pingJudge) Interact(ctx context.Context, t grader.Trial, run func(grader.Input) (grader.Execution, error)) (grader.Execution, grader.Judgement, error) {
	var got bytes.Buffer
	ex, err := run(grader.Input{StdinFrom: strings.NewReader("ping\n"), StdoutTo: &got})
	ok := got.String() == "pong\n"
	j := grader.Judgement{Pass: ok, DecidedFirst: p.first}
	if !ok {
		j.Feedback = "expected pong, got " + strings.TrimSpace(got.String())
	}
	return ex, j, err
}

// talker answers what it reads on a live stdin; its runs end as ex says.
type talker struct {
	answer map[string]string
	ex     grader.Execution
}

func (p talker) Run(_ context.Context, in grader.Input) (grader.Execution, error) {
	if in.StdinFrom == nil || in.StdoutTo == nil {
		return grader.Execution{}, errors.New("not run live")
	}
	heard, err := io.ReadAll(in.StdinFrom)
	if err != nil {
		return grader.Execution{}, err
	}
	io.WriteString(in.StdoutTo, p.answer[string(heard)])
	return p.ex, nil
}
func (talker) Close() error { return nil }

func judgeEdit(name string, flags ...string) []string {
	section := "[judge]\nname = \"" + name + "\"\n"
	if len(flags) > 0 {
		section += "flags = [\"" + strings.Join(flags, `", "`) + "\"]\n"
	}
	return []string{"[late]", section + "\n[late]"}
}

// TestJudgeScore: a judge's partial credit counts in the part's score; its
// feedback and log reach the case's result.
func TestJudgeScore(t *testing.T) {
	a := testAssignment(t, judgeEdit("test-half")...)
	prog := override(correct, "100 01234567", func([]byte) grader.Execution { return grader.Execution{Stdout: []byte("29\n")} })
	res := grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
	c := caseResult(t, res, "a/public-01")
	if c.Verdict != grader.WrongAnswer || c.Score == nil || *c.Score != 0.5 || c.Feedback != "half right" || c.JudgeLog != "judge: half" {
		t.Fatalf("a/public-01: %+v", c)
	}
	// Part a: 10 points over 3 cases, two passed and one half: 8.33.
	if p := res.Parts[0]; p.ID != "a" || p.Passed != 2 || p.Score != 8.33 {
		t.Errorf("part a: %+v, want 2 passed and 8.33 points", p)
	}
	if res.Score != 38.33 {
		t.Errorf("score %v, want 38.33", res.Score)
	}
}

// TestPartialPass: a run its judge accepts with part of the credit
// passes without all of it: its part earns that share when proportional,
// nothing when all-or-nothing (every case must earn all its credit).
func TestPartialPass(t *testing.T) {
	prog := override(correct, "100 01234567", func([]byte) grader.Execution { return grader.Execution{Stdout: []byte("29\n")} })
	for _, tc := range []struct {
		name  string
		edits []string
		part  float64
	}{
		{"proportional", nil, 8.33},
		{"all-or-nothing", []string{"points = 10\nscoring = \"proportional\"", "points = 10\nscoring = \"all-or-nothing\""}, 0},
	} {
		a := testAssignment(t, append(judgeEdit("test-half-pass"), tc.edits...)...)
		res := grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
		c := caseResult(t, res, "a/public-01")
		if c.Verdict != grader.Pass || c.Credit() != 0.5 || c.Full() || c.Output == nil {
			t.Errorf("%s: a/public-01: %s, credit %v, full %v, output %v; want a pass with half, its output kept", tc.name, c.Verdict, c.Credit(), c.Full(), c.Output)
		}
		if p := res.Parts[0]; p.ID != "a" || p.Passed != 3 || p.Score != tc.part {
			t.Errorf("%s: part a: %+v, want 3 passed and %v points", tc.name, p, tc.part)
		}
	}
}

// TestJudgeOutputKept: a run its judge fails without a difference to show
// (a checker's verdict) keeps the output the judge's message is about,
// "" for none; a diff-judged run, a passing one and a live one keep none.
func TestJudgeOutputKept(t *testing.T) {
	wrong := override(correct, "100 01234567", func([]byte) grader.Execution { return grader.Execution{Stdout: []byte("29\n")} })
	silent := override(correct, "100 01234567", func([]byte) grader.Execution { return grader.Execution{} })
	for _, tc := range []struct {
		name  string
		judge string
		prog  grader.Program
		want  *string
	}{
		{"checker-like", "test-quiet", wrong, ptr("29\n")},
		{"checker-like, no output", "test-quiet", silent, ptr("")},
		{"diff", "diff", wrong, nil},
		{"live", "test-ping", talker{answer: map[string]string{"ping\n": "pang\n"}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := testAssignment(t, judgeEdit(tc.judge)...)
			res := grade(t, a, run(tc.prog), eightQueen("s"), 0, grader.Options{})
			c := caseResult(t, res, "a/public-01")
			if c.Verdict != grader.WrongAnswer || !equalPtr(c.Output, tc.want) {
				t.Errorf("a/public-01: %s, output %s; want wrong-answer, output %s", c.Verdict, show(c.Output), show(tc.want))
			}
			if tc.judge == "test-quiet" && c.Feedback != "wrong cost" {
				t.Errorf("a/public-01: feedback %q, want the judge's", c.Feedback)
			}
			if p := caseResult(t, res, "a/public-02"); tc.judge != "test-ping" && (p.Verdict != grader.Pass || p.Output != nil) {
				t.Errorf("a/public-02: %s, output %s; want a pass without output", p.Verdict, show(p.Output))
			}
		})
	}
}

func ptr(s string) *string { return &s }

func equalPtr(x, y *string) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }

func show(s *string) string {
	if s == nil {
		return "none"
	}
	return fmt.Sprintf("%q", *s)
}

// TestJudgeFailure: a judge that fails is the grader's failure on that
// case, told to the TA, and grading goes on.
func TestJudgeFailure(t *testing.T) {
	a := testAssignment(t, judgeEdit("test-broken")...)
	res := grade(t, a, run(correct), eightQueen("s"), 0, grader.Options{})
	for _, c := range res.Cases {
		if c.Verdict != grader.GraderFailure || !strings.Contains(c.JudgeLog, "segmentation fault") {
			t.Fatalf("%s: %+v, want a grader failure with the judge's error", c.ID, c)
		}
	}
	if len(res.Flags) != len(res.Cases) || !strings.HasPrefix(res.Flags[0], "case a/hidden-01: the judge failed, regrade: checker exited 1") {
		t.Errorf("flags %q, want one per case for the TA", res.Flags)
	}
	// Never a score (issue 28, item 2): not graded, no points, a note.
	if res.Status != grader.StatusFailed || res.Score != 0 || res.Parts[0].Score != 0 {
		t.Errorf("status %s, score %v, part a %v; want grader-failure with no points", res.Status, res.Score, res.Parts[0].Score)
	}
	if len(res.Notes) != 1 || !strings.HasPrefix(res.Notes[0], "not graded: the grader failed to judge ") {
		t.Errorf("notes %q, want one saying the cases were not judged", res.Notes)
	}
	// How a run ended is decided before any judge is asked.
	res = grade(t, a, run(scripted(grader.Execution{ExitCode: 1})), eightQueen("s"), 0, grader.Options{})
	if got := verdicts(res); !maps.Equal(got, every(grader.RuntimeError)) {
		t.Errorf("verdicts %v, want every case a runtime error", got)
	}
}

// TestJudgeChoice: an unknown judge, or flags a judge refuses, is the
// rubric's fault, named with the rubric.
func TestJudgeChoice(t *testing.T) {
	for _, tc := range []struct {
		edit []string
		want string
	}{
		{judgeEdit("nope"), `rubric.toml: judge "nope": no judge "nope" in this grader (it has `},
		{judgeEdit("test-flags"), `rubric.toml: judge "test-flags": wants one flag`},
		{[]string{`cases = "cases"`, "cases = \"cases\"\nreference = \"nope\""}, `rubric.toml: reference "nope": no judge "nope"`},
	} {
		r := gradertest.Rubric(t, "testdata", tc.edit...)
		_, err := grader.NewAssignment(r, testJudges)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, rubric.ErrInvalid) {
			t.Errorf("%v: got %v, want %q", tc.edit, err, tc.want)
		}
	}
	if _, err := grader.NewAssignment(gradertest.Rubric(t, "testdata", judgeEdit("test-flags", "x")...), testJudges); err != nil {
		t.Errorf("one flag: %v", err)
	}
}

// TestInteractor: an interactive judge runs the program live; the verdict
// is the judge's when the program ended as it should, or when the judge
// rejected before the program ended; otherwise how the program ended.
func TestInteractor(t *testing.T) {
	after := testAssignment(t, judgeEdit("test-ping")...)
	first := testAssignment(t, judgeEdit("test-ping", "first")...)
	pang := map[string]string{"ping\n": "pang\n"}
	pong := map[string]string{"ping\n": "pong\n"}
	crash := grader.Execution{ExitCode: 2}
	limit := grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.CPU}
	for _, tc := range []struct {
		name string
		a    *grader.Assignment
		prog talker
		want grader.Verdict
	}{
		{"pong", after, talker{answer: pong}, grader.Pass},
		{"wrong", after, talker{answer: pang}, grader.WrongAnswer},
		{"wrong, crashed before the judge decided", after, talker{answer: pang, ex: crash}, grader.RuntimeError},
		{"wrong, crashed after the judge rejected", first, talker{answer: pang, ex: crash}, grader.WrongAnswer},
		{"wrong, timed out after the judge rejected", first, talker{answer: pang, ex: limit}, grader.WrongAnswer},
		{"wrong, stopped after the judge rejected", first, talker{answer: pang, ex: grader.Execution{ExitCode: -1, Signal: "killed", Stopped: true}}, grader.WrongAnswer},
		{"right, crashed before the judge decided", after, talker{answer: pong, ex: crash}, grader.RuntimeError},
		{"right, crashed after the judge accepted", first, talker{answer: pong, ex: crash}, grader.RuntimeError},
		{"right, timed out after the judge accepted", first, talker{answer: pong, ex: limit}, grader.Timeout},
		{"never flushed", after, talker{ex: grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.Wall}}, grader.Timeout},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := grade(t, tc.a, run(tc.prog), eightQueen("s"), 0, grader.Options{})
			if got := verdicts(res); !maps.Equal(got, every(tc.want)) {
				t.Errorf("verdicts %v, want every case %s", got, tc.want)
			}
			// A rejection first: how the program ended afterwards is
			// for the TA's log alone, not the result.
			c := res.Cases[0]
			if tc.a == first && tc.want == grader.WrongAnswer &&
				(c.ExitCode != 0 || c.Signal != "" || c.Limit != grader.None || !strings.HasPrefix(c.JudgeLog, "the judge rejected the run before the program ended; the program then ")) {
				t.Errorf("exit %d, signal %q, limit %q, log %q", c.ExitCode, c.Signal, c.Limit, c.JudgeLog)
			}
		})
	}
}

// TestTokensJudge: the rubric's [judge] "tokens" compares token by token
// with its flags; bad flags are the rubric's fault.
func TestTokensJudge(t *testing.T) {
	a := testAssignment(t, judgeEdit("tokens", "float_absolute_tolerance", "0.5")...)
	prog := override(correct, "100 01234567", func([]byte) grader.Execution { return grader.Execution{Stdout: []byte("  28.4 \n\n")} })
	prog = override(prog, "100 12375643", func([]byte) grader.Execution { return grader.Execution{Stdout: []byte("15\n")} })
	res := grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
	if c := caseResult(t, res, "a/public-01"); c.Verdict != grader.Pass {
		t.Errorf("28.4 within 0.5 of 28: %+v", c)
	}
	c := caseResult(t, res, "a/public-02")
	if c.Verdict != grader.WrongAnswer || c.Mismatch == nil || c.Mismatch.Line != 1 || !strings.Contains(c.Mismatch.Diff, "is not within 0.5") {
		t.Errorf("15 for 14: %+v", c)
	}
	_, err := grader.NewAssignment(gradertest.Rubric(t, "testdata", judgeEdit("tokens", "float_tolerance")...), testJudges)
	if err == nil || !strings.Contains(err.Error(), `rubric.toml: judge "tokens": `) {
		t.Errorf("a tolerance without a value: %v", err)
	}
}

// TestTokensCaseArgs: a case's own JudgeArgs replace the rubric's flags
// (a problem package's output_validator_args for one case).
func TestTokensCaseArgs(t *testing.T) {
	tk := grader.Tokens{}
	c := cases.Case{ID: "s/1", Outputs: []cases.Output{{Stdout: []byte("Yes 1.0\n")}}}
	try := func(args []string, got string) (bool, error) {
		c.JudgeArgs = args
		j, err := tk.Judge(context.Background(), grader.Trial{Case: c, Stdout: []byte(got)})
		return j.Pass, err
	}
	for _, tc := range []struct {
		args []string
		got  string
		pass bool
	}{
		{nil, "yes 1.0", true},
		{nil, "Yes 1.1", false},
		{[]string{"float_tolerance", "0.2"}, "yes 1.1", true},
		{[]string{"case_sensitive"}, "yes 1.0", false},
		{[]string{}, "yes 1.0", true},
	} {
		if pass, err := try(tc.args, tc.got); err != nil || pass != tc.pass {
			t.Errorf("args %q, %q: pass %v, %v; want %v", tc.args, tc.got, pass, err, tc.pass)
		}
	}
	if _, err := try([]string{"float_tolerance"}, "Yes 1.0"); err == nil || !strings.Contains(err.Error(), "case s/1") {
		t.Errorf("bad case args: %v", err)
	}
}

// usageJudge passes a run that printed nothing and explained itself on
// stderr, as a program refusing its command line does.
type usageJudge struct{}

func (usageJudge) Judge(_ context.Context, t grader.Trial) (grader.Judgement, error) {
	ok := len(t.Stdout) == 0 && len(t.Stderr) > 0 && t.ExitCode != 0
	return grader.Judgement{Pass: ok}, nil
}

// TestExitNonzero: a case with exit: nonzero passes a program that stops
// with an error status as its judge wants, and fails one that exits 0,
// one killed, and one whose error its judge refuses; exit: any leaves
// any status to the judge.
func TestExitNonzero(t *testing.T) {
	exitCases := func(exit string) *grader.Assignment {
		var parts [][]cases.Case
		for _, id := range []string{"a", "b", "c"} {
			c, err := cases.Parse(id+"/usage.case", []byte("args:\nexit: "+exit+"\ncheck: test-usage\n"))
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, []cases.Case{c})
		}
		a, err := grader.NewAssignmentOf(gradertest.Rubric(t, "testdata"), parts, testJudges)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	nonzero, anyExit := exitCases("nonzero"), exitCases("any")
	for _, tc := range []struct {
		name string
		a    *grader.Assignment
		ex   grader.Execution
		want grader.Verdict
		rule string
	}{
		{"usage error", nonzero, grader.Execution{ExitCode: 255, Stderr: []byte("usage: nim N\n")}, grader.Pass, ""},
		{"silent error", nonzero, grader.Execution{ExitCode: 1}, grader.WrongAnswer, ""},
		{"exit 0", nonzero, grader.Execution{Stdout: []byte("10: Max takes 1\n")}, grader.WrongAnswer, "exit status"},
		{"killed", nonzero, grader.Execution{ExitCode: -1, Signal: "segmentation fault", Stderr: []byte("x")}, grader.RuntimeError, ""},
		{"time limit", nonzero, grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.Wall}, grader.Timeout, ""},
		{"any: usage error", anyExit, grader.Execution{ExitCode: 2, Stderr: []byte("usage\n")}, grader.Pass, ""},
		{"any: exit 0, judge refuses", anyExit, grader.Execution{Stdout: []byte("x\n")}, grader.WrongAnswer, ""},
		{"any: killed", anyExit, grader.Execution{ExitCode: -1, Signal: "segmentation fault"}, grader.RuntimeError, ""},
	} {
		res := grade(t, tc.a, run(scripted(tc.ex)), eightQueen("s"), 0, grader.Options{})
		c := caseResult(t, res, "a/usage")
		if c.Verdict != tc.want {
			t.Errorf("%s: verdict %s, want %s", tc.name, c.Verdict, tc.want)
		}
		if got := ""; c.Violation != nil {
			if got = c.Violation.Rule; got != tc.rule {
				t.Errorf("%s: violation %v, want rule %q", tc.name, c.Violation, tc.rule)
			}
		} else if tc.rule != "" {
			t.Errorf("%s: no violation, want rule %q", tc.name, tc.rule)
		}
	}
}

// slowMistake is a reference that knows a program too slow for every case.
type slowMistake struct{ grader.ExpectedOutput }

func (slowMistake) Mistakes([]string, []string) []grader.KnownMistake {
	return []grader.KnownMistake{{Name: "no-table", Verdict: grader.Timeout}, {Name: "crash", Verdict: grader.RuntimeError}}
}
func (slowMistake) Hint(m string) string { return "hint for " + m }

// TestDiagnoseHowItEnded: a mistake known by how its runs end is named
// for a run that ended so, and only then.
func TestDiagnoseHowItEnded(t *testing.T) {
	a := testAssignment(t)
	if err := a.SetReference(slowMistake{}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ex   grader.Execution
		want []string
	}{
		{grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.CPU}, []string{"no-table"}},
		{grader.Execution{ExitCode: -1, Signal: "segmentation fault"}, []string{"crash"}},
		{grader.Execution{Stdout: []byte("wrong\n")}, nil},
	} {
		res := grade(t, a, run(scripted(tc.ex)), eightQueen("s"), 0, grader.Options{})
		if c := caseResult(t, res, "a/hidden-01"); !slices.Equal(c.Mistakes, tc.want) {
			t.Errorf("%+v: mistakes %q, want %q", tc.ex, c.Mistakes, tc.want)
		}
		if tc.want != nil && (len(res.Diagnoses) != 1 || res.Diagnoses[0].Hint != "hint for "+tc.want[0]) {
			t.Errorf("%+v: diagnoses %+v", tc.ex, res.Diagnoses)
		}
	}
}

// printJudge is a judge with files of its own, fingerprinted.
type printJudge struct {
	grader.ExpectedOutput
	fp string
}

func (p printJudge) Fingerprint() string { return p.fp }

// TestJudgesHash: a judge's own files (a checker's source) are part of a
// result's provenance; an assignment whose judges have none says nothing.
func TestJudgesHash(t *testing.T) {
	a := testAssignment(t)
	if h := a.JudgesHash(); h != "" {
		t.Fatalf("JudgesHash() = %q with no fingerprinted judge", h)
	}
	res := grade(t, a, run(correct), eightQueen("s"), 0, grader.Options{})
	if res.Provenance == nil || res.Provenance.JudgeSHA256 != "" {
		t.Errorf("provenance %+v, want no judge hash", res.Provenance)
	}
	hashes := map[string]bool{}
	for _, fp := range []string{"v1", "v2"} {
		if err := a.SetReference(printJudge{fp: fp}); err != nil {
			t.Fatal(err)
		}
		res := grade(t, a, run(correct), eightQueen("s"), 0, grader.Options{})
		h := a.JudgesHash()
		if h == "" || res.Provenance.JudgeSHA256 != h {
			t.Errorf("%s: JudgesHash %q, provenance %q", fp, h, res.Provenance.JudgeSHA256)
		}
		hashes[h] = true
	}
	if len(hashes) != 2 {
		t.Error("two checkers, one hash")
	}
}

// TestJudgeFailureNotStored: a result the grader failed to judge is never
// kept in a batch's store (issue 28, item 2): the next run grades it again.
func TestJudgeFailureNotStored(t *testing.T) {
	a := testAssignment(t, judgeEdit("test-broken")...)
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var cached []bool
	b := &grader.Batch{Assignment: a, Runner: run(correct), Store: st, Jobs: 1, Version: "test",
		Progress: func(ev grader.Event) {
			if !ev.Started {
				cached = append(cached, ev.Cached)
			}
		}}
	for range 2 {
		rs, err := b.Run(context.Background(), []submission.Submission{eightQueen("s")})
		if err != nil {
			t.Fatal(err)
		}
		if rs[0].Status != grader.StatusFailed {
			t.Fatalf("status %s, want grader-failure", rs[0].Status)
		}
	}
	if !slices.Equal(cached, []bool{false, false}) {
		t.Errorf("taken from the store: %v, want never", cached)
	}
}
