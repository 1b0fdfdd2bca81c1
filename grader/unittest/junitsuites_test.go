package unittest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/grader/unittest/relay"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// junitExampleDir is the bundled example of students' JUnit suites.
func junitExampleDir() string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "cases", "junit-tests")) // go test runs in the package's folder
	if err != nil {
		panic(err)
	}
	return dir
}

// junitSuitePart is the example's part, only the bugs named (nil: all),
// or a skip (a failure under CI) when JUnit is missing.
func junitSuitePart(t *testing.T, bugs []string, maxTests int) *mutation.SuitePart {
	t.Helper()
	if testing.Short() {
		t.Skip("runs JUnit in boxes")
	}
	if m := Missing("junit"); m != "" {
		testenv.Missing(t, "junit: %s", m)
	}
	j, err := newJudge(junit, &rubric.Rubric{Limits: suiteLimits})
	if err != nil {
		t.Fatal(err)
	}
	s, err := j.Suites(context.Background(), filepath.Join(junitExampleDir(), "impls"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := mutation.Config{PerBug: 5, Ceiling: 40, MaxTests: maxTests, MaxBytes: 64 << 10, Files: "*Test.java", Bugs: bugs, Show: mutation.ShowExposed, Mode: compare.Lines}
	p, err := mutation.NewSuitePart(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// junitHand is a hand-in of the example: its files.
func junitHand(t *testing.T, name string) []submission.File {
	t.Helper()
	dir := filepath.Join(junitExampleDir(), "examples", name)
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

// TestJUnitSuiteExamples: the example batch, graded by hand against the
// nine bugs (in name order: add-accepts-negative, add-accepts-zero,
// add-replaces, count-missing-throws, items-unsorted,
// remove-exact-fails, remove-keeps-empty, remove-overdraws,
// total-counts-items): the full suite against all nine, each other hand
// against the bugs its valid tests expose and one they do not (a test
// that passes on a bug, twice, is the same path whichever the bug; each
// run is two JVMs), which changes no line it is graded to.
func TestJUnitSuiteExamples(t *testing.T) {
	for _, tc := range []struct {
		hand, want string
		why        map[int]string // a test's why holds this
		bugs       []string       // the bugs it is graded against (nil: all nine)
	}{
		{"full", "InventoryTest.java::addsCountsAndLists:valid,add-accepts-negative,add-accepts-zero,add-replaces,count-missing-throws,items-unsorted,total-counts-items" +
			" InventoryTest.java::removes:valid,remove-exact-fails,remove-keeps-empty,remove-overdraws = 40", nil, nil},
		{"misses", "InventoryTest.java::addsTwice:valid,add-replaces = 5", nil, []string{"add-replaces", "total-counts-items"}},
		{"invalid", "InventoryTest.java::wrongExpectation:invalid InventoryTest.java::expectsWhatTheHandoutDoesNotSay:invalid" +
			" InventoryTest.java::disabled:invalid InventoryTest.java::removesAll:valid,remove-exact-fails,remove-keeps-empty = 10",
			map[int]string{0: "two items, one each ==> expected: <3> but was: <2>", 1: "Expected java.lang.IllegalArgumentException to be thrown, but nothing was thrown", 2: "skipped: not finished"},
			[]string{"add-replaces", "remove-exact-fails", "remove-keeps-empty"}},
		{"chatty", "InventoryTest.java::printsALot:valid,total-counts-items InventoryTest.java::writesAGigabyte:invalid = 5", map[int]string{1: "File too large"},
			[]string{"add-replaces", "total-counts-items"}},
		{"loops", "InventoryTest.java::neverEnds:invalid InventoryTest.java::listsSorted:valid,items-unsorted = 5", map[int]string{0: "it fails on the correct implementation"},
			[]string{"add-replaces", "items-unsorted"}},
		{"broken", "InventoryTest.java:invalid = 0", map[int]string{0: "it does not compile: InventoryTest.java:9: error: ';' expected"}, nil},
	} {
		t.Run(tc.hand, func(t *testing.T) {
			if h := os.Getenv("JUNIT_HAND"); h != "" && h != tc.hand {
				t.Skip("JUNIT_HAND")
			}
			p := junitSuitePart(t, tc.bugs, 25)
			p.Parallel = 2
			res, err := p.Grade(context.Background(), junitHand(t, tc.hand), []byte("secret"))
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

// TestJUnitSuiteExampleOwn: the example's own tests
// (own/InventoryTest.java) pass on its correct inventory and tell the
// nine bugs apart: its rubric is right (`cases verify`).
func TestJUnitSuiteExampleOwn(t *testing.T) {
	p := junitSuitePart(t, nil, 25)
	p.Parallel = 2
	data, err := os.ReadFile(filepath.Join(junitExampleDir(), "own", "InventoryTest.java"))
	if err != nil {
		t.Fatal(err)
	}
	problems, err := p.Verify(context.Background(), []submission.File{{Name: "InventoryTest.java", Data: data}})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range problems {
		t.Error(l)
	}
}

// TestJUnitSuiteGambling: a JUnit test that makes the same calls
// everywhere and fails at random half the time earns nothing: the rules
// are package mutation's (decideTest, measured by TestGambling for any
// framework); here the JUnit run's transcripts are the same for runs
// that got the same answers (counted sequence numbers, no frees), so its
// eight bugs that answer as the correct inventory does must agree with
// it. It is valid only if its 18 runs on the same answers all pass
// (2^-18).
func TestJUnitSuiteGambling(t *testing.T) {
	p := junitSuitePart(t, nil, 25)
	p.Parallel = 2
	src := `import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class GambleTest {
    @Test
    void coin() {
        Inventory inv = new Inventory();
        inv.add("a", 2);
        inv.total();
        assertTrue(new Random().nextBoolean(), "heads");
    }
}
`
	res, err := p.Grade(context.Background(), []submission.File{{Name: "GambleTest.java", Data: []byte(src)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(res), "GambleTest.java::coin:invalid = 0"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	t.Log(res.Tests[0].Why)
}

// TestParamNames: a method descriptor's parameters as JUnit's method
// selector takes them.
func TestParamNames(t *testing.T) {
	for desc, want := range map[string]string{
		"()V":                                 "",
		"(I)V":                                "int",
		"(Ljava/lang/String;[I)V":             "java.lang.String,int[]",
		"([[Ljava/util/List;JZ)V":             "java.util.List[][],long,boolean",
		"(Lorg/junit/jupiter/api/TestInfo;)V": "org.junit.jupiter.api.TestInfo",
		"(Ljava/lang/String":                  "",
		"([":                                  "",
	} {
		if got := strings.Join(paramNames(desc), ","); got != want {
			t.Errorf("paramNames(%q) = %q, want %q", desc, got, want)
		}
	}
}

// TestStandinsDiffer: two implementations' stand-ins differ when a class
// is in one alone, a class's source differs, or the index does.
func TestStandinsDiffer(t *testing.T) {
	base := func() *javabridge.Result {
		return &javabridge.Result{Sources: map[string][]byte{"A.java": []byte("a"), "B.java": []byte("b")}, Index: []byte("A\nB\n")}
	}
	for _, tc := range []struct {
		name string
		edit func(*javabridge.Result)
		want string
	}{
		{"same", func(*javabridge.Result) {}, ""},
		{"more", func(r *javabridge.Result) { r.Sources["C.java"] = []byte("c") }, "only one has C"},
		{"fewer", func(r *javabridge.Result) { delete(r.Sources, "A.java") }, "only one has A"},
		{"other", func(r *javabridge.Result) { r.Sources["B.java"] = []byte("b2") }, "B differs"},
		{"index", func(r *javabridge.Result) { r.Index = []byte("A\nB\nB$C\n") }, "their classes differ"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := base()
			tc.edit(b)
			if got := standinsDiffer(base(), b); got != tc.want {
				t.Errorf("standinsDiffer = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestJUnitSuitesRefused: a bug whose public API is not the correct
// implementation's (a public method more) is refused when the rubric
// loads, naming it; so is a folder without correct/.
func TestJUnitSuitesRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles Java in boxes")
	}
	if m := Missing("junit"); m != "" {
		testenv.Missing(t, "junit: %s", m)
	}
	dir := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j, err := newJudge(junit, &rubric.Rubric{Limits: suiteLimits})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := j.Suites(context.Background(), dir); err == nil || !strings.Contains(err.Error(), "no folder correct/") {
		t.Errorf("no correct/: error %v", err)
	}
	write("correct/Calc.java", "public class Calc {\n    public static int twice(int x) { return 2 * x; }\n}\n")
	write("bugs/private-helper/Calc.java", "public class Calc {\n    public static int twice(int x) { return x + one(x); }\n    private static int one(int x) { return x; }\n}\n")
	write("bugs/public-helper/Calc.java", "public class Calc {\n    public static int twice(int x) { return x + one(x); }\n    public static int one(int x) { return x; }\n}\n")
	_, err = j.Suites(context.Background(), dir)
	if want := "public-helper's public API is not correct's (Calc differs)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want it to hold %q", err, want)
	}
}

// TestJUnitSuiteBadInput: bad hand-ins of a JUnit suite each get a
// verdict with a note, and the grade goes on: a file of 2000 tests (as
// many as 64 KiB holds) is compiled once, its first tests counted and
// the rest ignored, a file after it not compiled; a file too large, one
// not named as a Java class and one with no test are each one invalid
// test named by the file. (A test that never ends and one that writes
// 1 GB are the example's loops and chatty hand-ins.)
func TestJUnitSuiteBadInput(t *testing.T) {
	if testing.Short() {
		t.Skip("runs JUnit in boxes")
	}
	if m := Missing("junit"); m != "" {
		testenv.Missing(t, "junit: %s", m)
	}
	dir := t.TempDir()
	for name, body := range map[string]string{"correct": "2 * x", "bugs/plus-one": "2 * x + 1"} {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		src := "public class Calc {\n    public static int twice(int x) { return " + body + "; }\n}\n"
		if err := os.WriteFile(filepath.Join(dir, name, "Calc.java"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j, err := newJudge(junit, &rubric.Rubric{Limits: suiteLimits})
	if err != nil {
		t.Fatal(err)
	}
	s, err := j.Suites(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	part := func(maxTests int) *mutation.SuitePart {
		cfg := mutation.Config{PerBug: 5, Ceiling: 5, MaxTests: maxTests, MaxBytes: 64 << 10, Files: "*Test.java", Show: mutation.ShowExposed, Mode: compare.Lines}
		p, err := mutation.NewSuitePart(cfg, s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	var many strings.Builder
	many.WriteString("import static org.junit.jupiter.api.Assertions.fail;\nimport org.junit.jupiter.api.Test;\nclass ManyTest {\nvoid f(){fail(\"never\");}\n")
	for i := range 2000 {
		fmt.Fprintf(&many, "@Test void t%d(){f();}\n", i)
	}
	many.WriteString("}\n")
	if many.Len() > 64<<10 {
		t.Fatalf("ManyTest.java is %d bytes, more than max_bytes", many.Len())
	}
	none := submission.File{Name: "NoneTest.java", Data: []byte("class NoneTest {\n    void helper() { Calc.twice(1); }\n}\n")}
	res, err := part(2).Grade(context.Background(), []submission.File{{Name: "ManyTest.java", Data: []byte(many.String())}, none}, []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(res), "ManyTest.java::t0:invalid ManyTest.java::t1:invalid = 0"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if res.IgnoredCount != 1998+1 || !strings.HasSuffix(res.IgnoredNote(), "... (1989 more)") || !strings.Contains(res.Tests[0].Why, "never") {
		t.Errorf("ignored %d: %s; why %q", res.IgnoredCount, res.IgnoredNote(), res.Tests[0].Why)
	}
	res, err = part(25).Grade(context.Background(), []submission.File{
		{Name: "Bad-NameTest.java", Data: []byte("class X {}\n")},
		{Name: "BigTest.java", Data: []byte("// " + strings.Repeat("x", 70<<10) + "\n")},
		none,
	}, []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(res), "Bad-NameTest.java:invalid BigTest.java:invalid NoneTest.java:invalid = 0"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for i, w := range []string{"its name is not a Java class's", "more than the 65536 a test file may hold", "no test in it"} {
		if i < len(res.Tests) && !strings.Contains(res.Tests[i].Why, w) {
			t.Errorf("%s: why %q, want it to hold %q", res.Tests[i].Name, res.Tests[i].Why, w)
		}
	}
}

// TestJUnitSuiteShapes: a @Nested class's test, a parameterized test
// (passing when every invocation passes: its parameter types picked
// from the class file for the method selector) and a repeated one are
// each a test of their own, named by the method, in file order. The
// nested test exposes total-counts-items; add-replaces, which it would
// expose too, an earlier test exposed, so it is not run again.
func TestJUnitSuiteShapes(t *testing.T) {
	p := junitSuitePart(t, []string{"add-replaces", "total-counts-items"}, 25)
	p.Parallel = 2
	src := `import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShapesTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void addsTwice(int n) {
        Inventory inv = new Inventory();
        inv.add("a", n);
        inv.add("a", 1);
        assertEquals(n + 1, inv.count("a"));
    }

    @RepeatedTest(2)
    void addsOnce() {
        Inventory inv = new Inventory();
        inv.add("a", 3);
        assertEquals(3, inv.count("a"));
    }

    @Nested
    class Inner {
        @org.junit.jupiter.api.Test
        void deep() {
            Inventory inv = new Inventory();
            inv.add("b", 1);
            inv.add("b", 1);
            assertEquals(2, inv.total());
        }
    }
}
`
	res, err := p.Grade(context.Background(), []submission.File{{Name: "ShapesTest.java", Data: []byte(src)}}, []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	want := "ShapesTest.java::addsTwice:valid,add-replaces ShapesTest.java::addsOnce:valid ShapesTest.java::Inner.deep:valid,total-counts-items = 10"
	if got := summary(res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, te := range res.Tests {
		t.Logf("%s: %s", te.Name, te.Why)
	}
}

// TestJUnitSuiteEscapes: tests named as the compiler reads them (unicode
// escapes, ignorable characters) are counted under those names and run
// by the launcher; a name the launcher cannot select (not ASCII) is an
// invalid test that says so, not one left out.
func TestJUnitSuiteEscapes(t *testing.T) {
	p := junitSuitePart(t, []string{"add-replaces"}, 25)
	p.Parallel = 2
	src := "import static org.junit.jupiter.api.Assertions.assertEquals;\n" +
		"import org.junit.jupiter.api.*;\n" +
		"class EscTest {\n" +
		"    \\u0040Test void \\u0061ddsTwice() { Inventory inv = new Inventory(); inv.add(\"a\", 1); inv.add(\"a\", 1); assertEquals(2, inv.count(\"a\")); }\n" +
		"    @Nested class In\\u202eer { @Test void deep\\u0000Null() { assertEquals(0, new Inventory().total()); } }\n" +
		"    @Test void pr\u00fcfe() { assertEquals(0, new Inventory().total()); }\n" +
		"}\n"
	res, err := p.Grade(context.Background(), []submission.File{{Name: "EscTest.java", Data: []byte(src)}}, []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	want := "EscTest.java::addsTwice:valid,add-replaces EscTest.java::Iner.deepNull:valid EscTest.java::pr\u00fcfe:invalid = 5"
	if got := summary(res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if why := res.Tests[len(res.Tests)-1].Why; !strings.Contains(why, "not plain ASCII") {
		t.Errorf("the test the launcher cannot select: %q", why)
	}
}

// TestRunOutcome: how a run's reports and the relay's record make its
// outcome, for pytest's one report of one test and JUnit's reports of a
// test's invocations.
func TestRunOutcome(t *testing.T) {
	report := func(cases string) sandbox.File {
		return sandbox.File{Name: "r.xml", Data: []byte("<testsuite>" + cases + "</testsuite>")}
	}
	pass := `<testcase classname="T" name="a()"/>`
	fail := `<testcase classname="T" name="a()[2]"><failure message="expected: &lt;1&gt;">trace</failure></testcase>`
	skip := `<testcase classname="T" name="a()"><skipped>not finished</skipped></testcase>`
	died := []relay.Test{{ID: "a", Died: &relay.Died{Why: "the student's process ran past its CPU time limit (5s)", Limit: "cpu"}}}
	for _, tc := range []struct {
		name   string
		files  []sandbox.File
		exit   int
		tests  []relay.Test
		many   bool
		passed bool
		why    string
	}{
		{"one passed", []sandbox.File{report(pass)}, 0, nil, false, true, ""},
		{"invocations passed", []sandbox.File{report(pass + pass)}, 0, nil, true, true, ""},
		{"two reported, one wanted", []sandbox.File{report(pass + pass)}, 0, nil, false, false, "the run reported 2 tests, not one"},
		{"an invocation failed", []sandbox.File{report(pass + fail)}, 1, nil, true, false, "expected: <1>"},
		{"skipped, its reason the text", []sandbox.File{report(skip)}, 0, nil, true, false, "skipped: not finished"},
		{"no report", nil, 1, nil, true, false, "the run wrote no report: ended with status 1"},
		{"nothing reported", []sandbox.File{report("")}, 0, nil, true, false, "the run reported 0 tests, not one"},
		{"unreadable", []sandbox.File{{Name: "r.xml", Data: []byte("<testsuite><testcase")}}, 0, nil, true, false, "the run wrote no readable report"},
		{"passed, but the run failed", []sandbox.File{report(pass)}, 1, nil, true, false, "the run ended with status 1"},
		{"the implementation died", []sandbox.File{report(pass)}, 0, died, true, false, "the implementation's process ran past its CPU time limit (5s) (a test that keeps it busy that long never ends)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := relay.Result{Test: sandbox.Result{Files: tc.files, ExitCode: tc.exit}, Tests: tc.tests, Transcript: "x"}
			r := runOutcome(out, tc.many)
			if r.Passed != tc.passed || !strings.Contains(r.Why, tc.why) || tc.why == "" && r.Why != "" || r.Transcript != "x" {
				t.Errorf("runOutcome = %+v, want passed %v, why holding %q", r, tc.passed, tc.why)
			}
		})
	}
}

// junitDirSuitePart is the suite part of students' JUnit suites against
// the implementations folder dir (5 points a bug up to ceiling), and the
// suites it grades against; or a skip (a failure under CI) when JUnit is
// missing.
func junitDirSuitePart(t *testing.T, dir string, ceiling float64) (*mutation.SuitePart, mutation.Suites) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs JUnit in boxes")
	}
	if m := Missing("junit"); m != "" {
		testenv.Missing(t, "junit: %s", m)
	}
	j, err := newJudge(junit, &rubric.Rubric{Limits: suiteLimits})
	if err != nil {
		t.Fatal(err)
	}
	s, err := j.Suites(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := mutation.Config{PerBug: 5, Ceiling: ceiling, MaxTests: 25, MaxBytes: 64 << 10, Files: "*Test.java", Show: mutation.ShowExposed, Mode: compare.Lines}
	p, err := mutation.NewSuitePart(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	return p, s
}

// writeImpls writes an implementations folder: each key a folder
// (correct, correct-NAME, bugs/NAME) holding the file name with its
// value.
func writeImpls(t *testing.T, name string, impls map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for folder, src := range impls {
		if err := os.MkdirAll(filepath.Join(dir, folder), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, folder, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// parityJava is a Java Parity class whose parity(n) returns the
// expression given (n in scope).
func parityJava(expr string) string {
	return "public class Parity {\n    public static String parity(int n) {\n        return " + expr + ";\n    }\n}\n"
}

// TestJUnitSuiteSeveralCorrect: as TestSuiteSeveralCorrect for JUnit:
// with two correct implementations (correct/ and correct-title/, which
// differ where the handout leaves the case of the answer open), a test
// valid on one alone is invalid, saying which it fails on; one that
// passes on both is valid and exposes the bug.
func TestJUnitSuiteSeveralCorrect(t *testing.T) {
	dir := writeImpls(t, "Parity.java", map[string]string{
		"correct":       parityJava(`n % 2 == 0 ? "even" : "odd"`),
		"correct-title": parityJava(`n % 2 == 0 ? "Even" : "Odd"`),
		"bugs/flipped":  parityJava(`n % 2 == 0 ? "odd" : "even"`),
	})
	p, s := junitDirSuitePart(t, dir, 5)
	if got := strings.Join(s.Correct, ","); got != "correct,correct-title" {
		t.Fatalf("correct implementations %q", got)
	}
	tests := `import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ParityTest {
    @Test
    void lowerCase() {
        assertEquals("even", Parity.parity(2));
    }

    @Test
    void eitherCase() {
        assertEquals("odd", Parity.parity(3).toLowerCase());
    }
}
`
	res, err := p.Grade(context.Background(), []submission.File{{Name: "ParityTest.java", Data: []byte(tests)}}, []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(res), "ParityTest.java::lowerCase:invalid ParityTest.java::eitherCase:valid,flipped = 5"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if why := res.Tests[0].Why; !strings.Contains(why, "it fails on the correct implementation (correct-title)") {
		t.Errorf("why %q, want it to name correct-title", why)
	}
}
