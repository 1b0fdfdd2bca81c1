package unittest

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// exampleDir is the bundled example of students' pytest suites.
func exampleDir(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "cases", "pytest-tests")) // go test runs in the package's folder
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// suiteLimits are far above what any run of the JUnit example needs: a
// test's calls take milliseconds, and the JVMs' start (about a second of
// CPU time each) is outside the test's CPU limit (each box has 10 s more
// for it). A test that loops calling the implementation (examples/loops)
// ends at the relay's limit of 2 s of CPU time, both boxes'.
var suiteLimits = rubric.Limits{Wall: 5 * time.Second, CPU: 2 * time.Second, BuildWall: 60 * time.Second, Memory: 1 << 30}

// pySuiteLimits are the pytest examples': still far above what a run that
// must finish needs (a test's calls take milliseconds, pytest starts in
// about 0.3 s of CPU time and collects 10,000 tests in about 0.7 s), low
// enough that what must reach a limit reaches it soon. A test that
// loops in the test box without calling the implementation
// (examples/loops) dies at the relay's 2 s of CPU time, but its box
// spins on to the box's own limit, CPU + 5 s for pytest's start (7 s
// here); a collection that never ends stops at CPU + 5 s too.
var pySuiteLimits = rubric.Limits{Wall: 5 * time.Second, CPU: 2 * time.Second, BuildWall: 5 * time.Second, Memory: 1 << 30}

// exampleSuites are the example's implementations, only the bugs named
// (nil: all), or a skip (a failure under CI) when pytest is missing.
func exampleSuites(t *testing.T, bugs []string, maxTests int) *mutation.SuitePart {
	t.Helper()
	if testing.Short() {
		t.Skip("runs pytest in boxes")
	}
	if m := Missing("pytest"); m != "" {
		testenv.Missing(t, "pytest: %s", m)
	}
	j, err := newJudge(pytest, &rubric.Rubric{Limits: pySuiteLimits})
	if err != nil {
		t.Fatal(err)
	}
	s, err := j.Suites(context.Background(), filepath.Join(exampleDir(t), "impls"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := mutation.Config{PerBug: 5, Ceiling: 40, MaxTests: maxTests, MaxBytes: 64 << 10, Files: "test_*.py", Bugs: bugs, Show: mutation.ShowExposed, Mode: compare.Lines}
	p, err := mutation.NewSuitePart(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// hand is a student's hand-in of the example: its files.
func hand(t *testing.T, name string) []submission.File {
	t.Helper()
	dir := filepath.Join(exampleDir(t), "examples", name)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []submission.File
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, submission.File{Name: e.Name(), Data: data})
	}
	return files
}

// summary is a result in a line a test compares: each test valid or not
// and the bugs it exposes, then the score.
func summary(r mutation.Result) string {
	var parts []string
	for _, te := range r.Tests {
		s := te.Name + ":"
		if !te.Valid {
			s += "invalid"
		} else {
			s += strings.Join(append([]string{"valid"}, te.Exposes...), ",")
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ") + " = " + strconv.FormatFloat(r.Score(), 'f', -1, 64)
}

// TestSuiteExamples: the example batch, graded by hand against the nine
// bugs (bugs in name order: add-replaces, count-distinct,
// discount-inverted, names-unsorted, negative-price, remove-keeps-empty,
// remove-missing, total-ignores-quantity, zero-quantity): the full suite
// against all nine, each other hand against the bugs its valid tests
// expose and one they do not (a test that passes on a bug, twice, is the
// same path whichever the bug), which changes no line it is graded to.
func TestSuiteExamples(t *testing.T) {
	for _, tc := range []struct {
		hand, want string
		why        map[int]string // a test's why holds this
		bugs       []string       // the bugs it is graded against (nil: all nine)
	}{
		{"full", "test_cart.py::test_quantities_and_totals:valid,add-replaces,count-distinct,names-unsorted,total-ignores-quantity" +
			" test_cart.py::test_rejects_bad_items:valid,negative-price,zero-quantity" +
			" test_cart.py::test_remove:valid,remove-keeps-empty,remove-missing" +
			" test_cart.py::test_discount:valid,discount-inverted = 40", nil, nil},
		{"misses", "test_cart.py::test_total:valid,total-ignores-quantity test_cart.py::test_one_of_each:valid = 5", nil,
			[]string{"count-distinct", "total-ignores-quantity"}},
		{"invalid", "test_cart.py::test_wrong_expectation:invalid test_cart.py::test_expects_what_the_handout_does_not_say:invalid" +
			" test_cart.py::test_skipped:invalid test_cart.py::test_valid_count:valid,add-replaces,count-distinct = 10",
			map[int]string{0: "three apples cost 3\nassert 300 == 3\n +  where 300 = <bound method Cart.total of <cart.Cart object at 0x0>>()", 1: "DID NOT RAISE", 2: "skipped: not finished"},
			[]string{"add-replaces", "count-distinct", "total-ignores-quantity"}},
		{"chatty", "test_cart.py::test_prints_a_lot:valid,total-ignores-quantity test_cart.py::test_writes_a_gigabyte:invalid = 5", nil,
			[]string{"add-replaces", "total-ignores-quantity"}},
		{"loops", "test_cart.py::test_never_ends:invalid test_cart.py::test_names:valid,names-unsorted = 5", map[int]string{0: "it fails on the correct implementation"},
			[]string{"add-replaces", "names-unsorted"}},
		{"broken", "test_cart.py:invalid = 0", map[int]string{0: "SyntaxError"}, nil},
	} {
		t.Run(tc.hand, func(t *testing.T) {
			p := exampleSuites(t, tc.bugs, 25)
			p.Parallel = 2
			res, err := p.Grade(context.Background(), hand(t, tc.hand), []byte("secret"))
			if err != nil {
				t.Fatal(err)
			}
			if got := summary(res); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			for i, te := range res.Tests {
				t.Logf("%s: %s", te.Name, te.Why)
				if w := tc.why[i]; !strings.Contains(te.Why, w) || len(te.Why) > 500 || strings.Contains(te.Why, box+"/") {
					t.Errorf("test %s: why %q, want it to hold %q, at most 500 bytes, the files named as handed in", te.Name, te.Why, w)
				}
			}
		})
	}
}

// TestSuiteBadInput: a file of 10,000 tests is collected and its first
// tests counted, the rest ignored with a note, and so is each file after
// them (one ignored test each); a file with no test, one too large and
// one whose collection never ends are each one invalid test, named by
// the file; the batch goes on. The file whose collection never ends is
// left out of the first grade: ignored, it is one test as the file with
// no test is, and each collection of it costs its CPU limit (7 s).
func TestSuiteBadInput(t *testing.T) {
	p := exampleSuites(t, []string{"add-replaces"}, 4)
	files := []submission.File{
		{Name: "test_a_many.py", Data: []byte("import pytest\n\n\n@pytest.mark.parametrize(\"i\", range(10000))\ndef test_many(i):\n    assert i < 0, \"never\"\n")},
		{Name: "test_b_none.py", Data: []byte("x = 1\n")},
		{Name: "test_c_big.py", Data: []byte("# " + strings.Repeat("x", 70<<10) + "\n")},
		{Name: "test_d_hangs.py", Data: []byte("while True:\n    pass\n")},
	}
	res, err := p.Grade(context.Background(), files[:3], nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "test_a_many.py::test_many[0]:invalid test_a_many.py::test_many[1]:invalid test_a_many.py::test_many[2]:invalid test_a_many.py::test_many[3]:invalid = 0"
	if got := summary(res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if res.IgnoredCount != 9998 || !strings.Contains(res.IgnoredNote(), "9998 tests past the first 4 were ignored") {
		t.Errorf("ignored %d: %s", res.IgnoredCount, res.IgnoredNote())
	}
	if why := res.Tests[0].Why; !strings.Contains(why, "never") {
		t.Errorf("why %q, want the assertion's message", why)
	}
	// With room for them, the other files are one invalid test each.
	p = exampleSuites(t, []string{"add-replaces"}, 25)
	res, err = p.Grade(context.Background(), files[1:], nil)
	if err != nil {
		t.Fatal(err)
	}
	wants := []string{"no test in it", "more than the 65536 a test file may hold", "stopped at the"}
	for i, te := range res.Tests {
		if te.Valid || i >= len(wants) || !strings.Contains(te.Why, wants[i]) {
			t.Errorf("test %s: valid %v, why %q; want invalid, %q", te.Name, te.Valid, te.Why, wants[min(i, len(wants)-1)])
		}
	}
	if len(res.Tests) != 3 {
		t.Errorf("%d tests, want 3", len(res.Tests))
	}
}

// TestSuiteExampleOwn: the example's own tests (own/test_cart.py) pass
// on its correct cart, every bug imports, and they tell the nine bugs
// apart: its rubric is right (`cases verify`).
func TestSuiteExampleOwn(t *testing.T) {
	p := exampleSuites(t, nil, 25)
	p.Parallel = 2
	data, err := os.ReadFile(filepath.Join(exampleDir(t), "own", "test_cart.py"))
	if err != nil {
		t.Fatal(err)
	}
	problems, err := p.Verify(context.Background(), []submission.File{{Name: "test_cart.py", Data: data}})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range problems {
		t.Error(l)
	}
}

// tinySuites is a suite part of one small implementation (mod.py, which
// imports a module) and one bug, for tests of what a student's test can
// reach; or a skip (a failure under CI) when pytest is missing.
func tinySuites(t *testing.T) *mutation.SuitePart {
	t.Helper()
	if testing.Short() {
		t.Skip("runs pytest in boxes")
	}
	if m := Missing("pytest"); m != "" {
		testenv.Missing(t, "pytest: %s", m)
	}
	dir := t.TempDir()
	impl := "import collections\n\n\nclass Box:\n    def __init__(self):\n        self.items = collections.OrderedDict()\n\n    def put(self, k):\n        self.items[k] = %s\n        return len(self.items)\n\n\ndef make():\n    return Box()\n"
	for name, v := range map[string]string{"correct": "True", "bugs/wrong": "False"} {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		src := strings.Replace(impl, "%s", v, 1)
		if name == "bugs/wrong" {
			src = strings.Replace(src, "return len(self.items)", "return len(self.items) + 1", 1)
		}
		if err := os.WriteFile(filepath.Join(dir, name, "mod.py"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, _ := pytestSuitePart(t, dir, 40)
	return p
}

// pytestSuitePart is the suite part of students' pytest suites against
// the implementations folder dir (5 points a bug up to ceiling), and
// the suites it grades against.
func pytestSuitePart(t *testing.T, dir string, ceiling float64) (*mutation.SuitePart, mutation.Suites) {
	t.Helper()
	j, err := newJudge(pytest, &rubric.Rubric{Limits: pySuiteLimits})
	if err != nil {
		t.Fatal(err)
	}
	s, err := j.Suites(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := mutation.Config{PerBug: 5, Ceiling: ceiling, MaxTests: 25, MaxBytes: 64 << 10, Files: "test_*.py", Show: mutation.ShowExposed, Mode: compare.Lines}
	p, err := mutation.NewSuitePart(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	return p, s
}

// writeParities writes, for each folder of dir named in bodies, a mod.py
// whose parity(n) returns the body's expression.
func writeParities(t *testing.T, dir string, bodies map[string]string) {
	t.Helper()
	for name, body := range bodies {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name, "mod.py"), []byte("def parity(n):\n    return "+body+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSuiteSeveralCorrect: with two correct implementations (correct/
// and correct-title/, which differ where the handout leaves the case of
// the answer open), a test valid on one alone is invalid, saying which
// it fails on; one that passes on both is valid and exposes the bug.
func TestSuiteSeveralCorrect(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pytest in boxes")
	}
	if m := Missing("pytest"); m != "" {
		testenv.Missing(t, "pytest: %s", m)
	}
	dir := t.TempDir()
	writeParities(t, dir, map[string]string{
		"correct":       `"even" if n % 2 == 0 else "odd"`,
		"correct-title": `"Even" if n % 2 == 0 else "Odd"`,
		"bugs/flipped":  `"odd" if n % 2 == 0 else "even"`,
	})
	p, s := pytestSuitePart(t, dir, 5)
	if got := strings.Join(s.Correct, ","); got != "correct,correct-title" {
		t.Fatalf("correct implementations %q", got)
	}
	tests := "import mod\n\n\ndef test_lower_case():\n    assert mod.parity(2) == \"even\"\n\n\n" +
		"def test_either_case():\n    assert mod.parity(3).lower() == \"odd\"\n"
	res, err := p.Grade(context.Background(), []submission.File{{Name: "test_mod.py", Data: []byte(tests)}}, []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(res), "test_mod.py::test_lower_case:invalid test_mod.py::test_either_case:valid,flipped = 5"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if why := res.Tests[0].Why; !strings.Contains(why, "it fails on the correct implementation (correct-title)") {
		t.Errorf("why %q, want it to name correct-title", why)
	}
}

// TestSuiteReachesOnlyTheImplementation: a student's test reaches the
// implementation's own modules, classes, functions and objects, nothing
// else of its box: not a module by a forged path (builtins.open), not
// Python's classes through __class__ (type, then str.format walking
// into bytecode), not a module the implementation imported (and through
// it sys.modules). Each attack below passes on the correct
// implementation, so exposes the bug, wherever it reaches what it asks
// for; refused, each is an invalid test. The honest test beside them
// stays valid and exposes the bug.
func TestSuiteReachesOnlyTheImplementation(t *testing.T) {
	p := tinySuites(t)
	tests := `import sys

import mod


def test_forged_path():
    b = sys.modules["autograder_bridge"]
    mod.make
    f = b._peer.request({"op": "call", "target": {"path": ["builtins", "open"]}, "args": ["mod.py"]})
    assert "collections" in f.read()


def test_class_of_a_class():
    box = mod.make()
    typ = box._ag_op("getattr", name="__class__")._ag_op("getattr", name="__class__")
    text = typ("").format("{0.put.__code__.co_code}", box)
    assert text


def test_imported_module():
    src = mod.collections._sys.modules["builtins"].open("mod.py").read()
    assert "collections" in src


def test_honest():
    assert mod.make().put("a") == 1
`
	res, err := p.Grade(context.Background(), []submission.File{{Name: "test_mod.py", Data: []byte(tests)}}, []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	want := "test_mod.py::test_forged_path:invalid test_mod.py::test_class_of_a_class:invalid test_mod.py::test_imported_module:invalid test_mod.py::test_honest:valid,wrong = 5"
	if got := summary(res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, te := range res.Tests {
		t.Logf("%s: %s", te.Name, te.Why)
	}
}

// TestSuiteChanceIsFixed: what a student's test draws at random (os.urandom,
// secrets, uuid4, random) is the same in every run, so a grade of the
// same hand-in with the same secret is the same: here a test that fails
// saying what it drew says the same both times.
func TestSuiteChanceIsFixed(t *testing.T) {
	p := tinySuites(t)
	tests := "import os, random, secrets, uuid\n\nimport mod\n\n\ndef test_draws():\n" +
		"    mod.make()\n    assert False, repr((os.urandom(4), secrets.token_hex(4), uuid.uuid4().hex, random.random()))\n"
	var whys []string
	for range 2 {
		res, err := p.Grade(context.Background(), []submission.File{{Name: "test_mod.py", Data: []byte(tests)}}, []byte("secret"))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Tests) != 1 || res.Tests[0].Valid {
			t.Fatalf("got %s, want one invalid test", summary(res))
		}
		whys = append(whys, res.Tests[0].Why)
	}
	if whys[0] != whys[1] {
		t.Errorf("two grades drew otherwise:\n%s\n%s", whys[0], whys[1])
	}
}
