package mutation

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/submission"
)

// fn is a Program of a Go function of its first argument, a number: it
// prints f(n), and fails on anything but a number, or on a number above
// 1000 (a limit).
type fn func(n int) int

func (f fn) Run(_ context.Context, args []string, _ []byte) (Run, error) {
	if len(args) != 1 {
		return Run{Failed: "wants one argument"}, nil
	}
	n, err := strconv.Atoi(args[0])
	switch {
	case err != nil:
		return Run{Failed: "not a number: " + args[0]}, nil
	case n > 1000:
		return Run{Failed: "ran past the CPU limit"}, nil
	}
	return Run{Stdout: []byte(strconv.Itoa(f(n)) + "\n")}, nil
}

// squares: the correct program prints n*n; its bugs get it wrong for
// negative numbers, for 0, or for numbers above 10.
func squares() Implementations {
	return Implementations{
		Correct: []Implementation{{Name: "square", Program: fn(func(n int) int { return n * n })}},
		Bugs: []Bug{
			{Name: "abs", Hint: "squares |n| wrongly", Program: fn(func(n int) int {
				if n < 0 {
					return -n * n
				}
				return n * n
			})},
			{Name: "zero", Program: fn(func(n int) int {
				if n == 0 {
					return 1
				}
				return n * n
			})},
			{Name: "big", Hint: "overflows early", Program: fn(func(n int) int {
				if n > 10 {
					return 0
				}
				return n * n
			})},
		},
	}
}

func ownCases(args ...string) []cases.Case {
	var cs []cases.Case
	for _, a := range args {
		cs = append(cs, cases.Case{Args: []string{a}})
	}
	return cs
}

var cfg = Config{PerBug: 2, Ceiling: 5, MaxTests: 3, MaxBytes: 200, Files: "*.case", Show: ShowExposed, Mode: compare.Lines}

func testFile(name, arg, out string) submission.File {
	return submission.File{Name: name, Data: []byte("args: " + arg + "\n-- stdout --\n" + out + "\n")}
}

// TestGrade: validity, exposure, the score and its ceiling, tests past the
// most counted ignored, files not matching the pattern left alone.
func TestGrade(t *testing.T) {
	p, err := NewPart(context.Background(), cfg, squares(), ownCases("-2", "0", "11"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		files     []submission.File
		valid     []bool
		exposed   []string
		score     float64
		ignored   int
		whyPrefix map[string]string
	}{
		{"none", nil, nil, nil, 0, 0, nil},
		{"one bug", []submission.File{testFile("a.case", "-3", "9")}, []bool{true}, []string{"abs"}, 2, 0, nil},
		{"all, capped", []submission.File{testFile("a.case", "-3", "9"), testFile("b.case", "0", "0"), testFile("c.case", "12", "144")},
			[]bool{true, true, true}, []string{"abs", "zero", "big"}, 5, 0, nil},
		{"valid but exposes none", []submission.File{testFile("a.case", "3", "9")}, []bool{true}, nil, 0, 0, nil},
		{"invalid tests expose nothing", []submission.File{
			testFile("a.case", "-3", "-9"),         // what the bug prints, not the correct program
			testFile("b.case", "2000", "0"),        // the correct program hits a limit
			{Name: "c.case", Data: []byte("junk")}, // not a case file
		}, []bool{false, false, false}, nil, 0, 0, map[string]string{
			"a.case": "the correct implementation (square) prints another output: line 1",
			"b.case": "the correct implementation (square) fails on it: ran past the CPU limit",
			"c.case": "not a case file: c.case:1:",
		}},
		{"too big, other keys", []submission.File{
			{Name: "a.case", Data: []byte("args: 1\n-- stdout --\n" + strings.Repeat("1\n", 200))},
			{Name: "b.case", Data: []byte("args: 1\ncheck: tokens\n-- stdout --\n1\n")},
			{Name: "c.case", Data: []byte("args: 1\n-- stdout --\n1\n-- stdout --\n2\n")},
		}, []bool{false, false, false}, nil, 0, 0, map[string]string{
			"a.case": "421 bytes, more than the 200 a test may hold",
			"b.case": "a test may not name a judge",
			"c.case": "a test has one expected output",
		}},
		{"exit lines, even exit: 0", []submission.File{
			{Name: "a.case", Data: []byte("args: 1\nexit: 0\n-- stdout --\n1\n")},
			{Name: "b.case", Data: []byte("args: 1\n exit :0\n-- stdout --\n1\n")},
			{Name: "c.case", Data: []byte("args: 1\nexit: nonzero\n-- stdout --\n1\n")},
		}, []bool{false, false, false}, nil, 0, 0, map[string]string{
			"a.case": "a test expects a run that ends with status 0: it may not have an exit line",
			"b.case": "a test expects a run that ends with status 0: it may not have an exit line",
			"c.case": "a test expects a run that ends with status 0: it may not have an exit line",
		}},
		{"past the most counted", []submission.File{testFile("a.case", "1", "1"), testFile("b.case", "1", "1"), testFile("c.case", "1", "1"),
			testFile("d.case", "-3", "9"), testFile("e.case", "0", "0")}, []bool{true, true, true}, nil, 0, 2, nil},
		{"two files named alike", []submission.File{testFile("x%FF.case", "-3", "9"), testFile("x%FF.case", "0", "0")},
			[]bool{true, true}, []string{"abs", "zero"}, 4, 0, nil},
		{"other files left alone", []submission.File{{Name: "README.md", Data: []byte("hi")}, testFile("dir/a.case", "0", "0")}, []bool{true}, []string{"zero"}, 2, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := p.Grade(context.Background(), tc.files)
			if err != nil {
				t.Fatal(err)
			}
			var valid []bool
			for _, te := range res.Tests {
				valid = append(valid, te.Valid)
				if want := tc.whyPrefix[te.Name]; !strings.HasPrefix(te.Why, want) || te.Valid != (te.Why == "") {
					t.Errorf("test %s: why %q, want it to start with %q", te.Name, te.Why, want)
				}
			}
			var exposed []string
			for _, b := range res.Bugs {
				if b.Exposed {
					exposed = append(exposed, b.Name)
				}
			}
			if !reflect.DeepEqual(valid, tc.valid) || !reflect.DeepEqual(exposed, tc.exposed) || res.Score() != tc.score || res.IgnoredCount != tc.ignored {
				t.Errorf("valid %v, exposed %v, score %v, ignored %d; want %v, %v, %v, %d", valid, exposed, res.Score(), res.IgnoredCount, tc.valid, tc.exposed, tc.score, tc.ignored)
			}
			if res.Exposed != len(tc.exposed) || len(res.Bugs) != 3 {
				t.Errorf("Exposed %d of %d bugs, want %d of 3", res.Exposed, len(res.Bugs), len(tc.exposed))
			}
		})
	}
}

// TestWhyBounded: why a test is invalid is bounded, however much of the
// student's input the correct implementation's message echoes.
func TestWhyBounded(t *testing.T) {
	big := cfg
	big.MaxBytes = 1 << 20
	p, err := NewPart(context.Background(), big, squares(), ownCases("-2", "0", "11"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Grade(context.Background(), []submission.File{testFile("a.case", strings.Repeat("x", 60000), "1")})
	if err != nil {
		t.Fatal(err)
	}
	why := res.Tests[0].Why
	if len(why) > maxWhy+100 || !strings.HasPrefix(why, "the correct implementation (square) fails on it: not a number: xxx") || !strings.Contains(why, "bytes left out") {
		t.Errorf("why is %d bytes, want at most about %d, clipped: %.200q", len(why), maxWhy, why)
	}
}

// TestEveryCorrectImplementation: a test is valid only when every correct
// implementation prints its expected output.
func TestEveryCorrectImplementation(t *testing.T) {
	im := squares()
	im.Correct = append(im.Correct, Implementation{Name: "other reading", Program: fn(func(n int) int {
		if n == 5 {
			return 0
		}
		return n * n
	})})
	p, err := NewPart(context.Background(), cfg, im, ownCases("-2", "0", "11"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Grade(context.Background(), []submission.File{testFile("a.case", "5", "25")})
	if err != nil {
		t.Fatal(err)
	}
	if te := res.Tests[0]; te.Valid || !strings.Contains(te.Why, "(other reading)") {
		t.Errorf("a test one correct implementation disagrees with: %+v, want invalid naming it", te)
	}
}

// TestWrongRubric: a bug the own cases cannot tell from the correct
// program, two bugs they cannot tell apart, an unknown bug: one line each.
func TestWrongRubric(t *testing.T) {
	for _, tc := range []struct {
		name string
		own  []cases.Case
		bugs []string
		want []string
	}{
		{"equals correct", ownCases("-2", "0"), nil, []string{`bug "big" prints what the correct implementation prints on all 2 of the part's own cases: add a case it fails, or drop it`}},
		{"same bugs", ownCases("-2", "11", "0"), []string{"abs", "big", "abs2"}, []string{`bug "abs2": the implementations have no bug of that name`}},
		{"no bugs", ownCases("1"), []string{}, []string{"no bugs: a tests part needs at least one"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := cfg
			c.Bugs = tc.bugs
			_, err := NewPart(context.Background(), c, squares(), tc.own)
			if err == nil || !reflect.DeepEqual(strings.Split(err.Error(), "\n"), tc.want) {
				t.Errorf("NewPart: %v, want the lines %q", err, tc.want)
			}
		})
	}
	im := squares()
	im.Bugs = append(im.Bugs, Bug{Name: "abs-again", Program: im.Bugs[0].Program})
	_, err := NewPart(context.Background(), cfg, im, ownCases("-2", "0", "11"))
	want := `bugs "abs" and "abs-again" print the same on all 3 of the part's own cases: add a case that tells them apart, or drop one`
	if err == nil || err.Error() != want {
		t.Errorf("two bugs alike: %v, want %s", err, want)
	}
}

// TestView: what a student sees under each show.
func TestView(t *testing.T) {
	r := Result{Tests: []Test{{Name: "a.case", Valid: true, Exposes: []string{"x"}}}, Exposed: 1,
		Bugs: []BugResult{{Name: "x", Hint: "hx", Exposed: true, By: []string{"a.case"}}, {Name: "y"}}}
	for _, tc := range []struct {
		show  Show
		count string
		bugs  []string
	}{
		{ShowNothing, "", nil},
		{ShowCount, "1 of 2 bugs exposed", nil},
		{ShowExposed, "1 of 2 bugs exposed", []string{"x"}},
		{ShowAll, "1 of 2 bugs exposed", []string{"x", "y"}},
	} {
		r.Show = tc.show
		v := r.View()
		var bugs []string
		for _, b := range v.Bugs {
			bugs = append(bugs, b.Name)
			if b.By != nil {
				t.Errorf("show %s: the student sees which tests expose %s", tc.show, b.Name)
			}
		}
		if v.Count != tc.count || !reflect.DeepEqual(bugs, tc.bugs) || v.Tests[0].Exposes != nil {
			t.Errorf("show %s: count %q, bugs %v, exposes %v; want %q, %v, none", tc.show, v.Count, bugs, v.Tests[0].Exposes, tc.count, tc.bugs)
		}
	}
}

// failing is a Program whose every run is the grader's own error.
type failing struct{}

func (failing) Run(context.Context, []string, []byte) (Run, error) {
	return Run{}, errors.New("broken")
}

// TestGraderError: a program's error is the grader's, never a verdict.
func TestGraderError(t *testing.T) {
	im := squares()
	p, err := NewPart(context.Background(), cfg, im, ownCases("-2", "0", "11"))
	if err != nil {
		t.Fatal(err)
	}
	p.impls.Correct[0].Program = failing{}
	if _, err := p.Grade(context.Background(), []submission.File{testFile("a.case", "1", "1")}); err == nil {
		t.Error("Grade with a failing program: no error")
	}
}

// FuzzGrade: any bytes as a test file grade without a panic or an error,
// to a test valid with no why or invalid with one.
func FuzzGrade(f *testing.F) {
	f.Add([]byte("args: -3\n-- stdout --\n9\n"))
	f.Add([]byte("args: 2000\n-- stdout --\n0\n"))
	f.Add([]byte("args: 1\n-- stdin --\nx\n-- stdout --\n1\n\\ no final newline\n"))
	f.Add([]byte("\x00\xff-- stdout --"))
	p, err := NewPart(context.Background(), cfg, squares(), ownCases("-2", "0", "11"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := p.Grade(context.Background(), []submission.File{{Name: "t.case", Data: data}})
		if err != nil {
			t.Fatal(err)
		}
		if te := res.Tests[0]; te.Valid == (te.Why != "") || !te.Valid && te.Exposes != nil {
			t.Errorf("test %+v", te)
		}
	})
}

// TestNamesUnique: two files a submission names alike (a byte that is not
// UTF-8 and a literal %XX both show as %XX) are tests of distinct names,
// in the tests and in the list of those exposing each bug.
func TestNamesUnique(t *testing.T) {
	p, err := NewPart(context.Background(), cfg, squares(), ownCases("-2", "0", "11"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Grade(context.Background(), []submission.File{testFile("x%FF.case", "-3", "9"), testFile("x%FF.case", "-4", "16")})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"x%FF.case", "x%FF.case (file 2 of that name)"}
	if got := []string{res.Tests[0].Name, res.Tests[1].Name}; !reflect.DeepEqual(got, want) || !reflect.DeepEqual(res.Bugs[0].By, want) {
		t.Errorf("tests %q, exposing abs %q; want %q for both", got, res.Bugs[0].By, want)
	}
}
