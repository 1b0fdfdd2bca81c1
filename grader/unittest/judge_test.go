package unittest

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/unittest/relay"
	"github.com/cs540-tools/autograder/sandbox"
)

func TestScanJava(t *testing.T) {
	src := `import org.junit.jupiter.api.*;
class CalcTest {
    @Test void adds() {}
    @Test
    @Tag("points=2.5")
    public void multiplies() throws Exception {}
    @Test @Tag("sentinel") void sentinel() { fail(); }
    @DisplayName("not a test") void helper() {}
    void plain() {}
    @org.junit.jupiter.api.Test @Timeout(value = 1, unit = TimeUnit.SECONDS) void timed() {}
}`
	got := scanJava("CalcTest.java", []byte(src))
	want := []declared{{id: "CalcTest.adds"}, {id: "CalcTest.multiplies", points: 2.5}, {id: "CalcTest.sentinel"}, {id: "CalcTest.timed"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

// TestScanJavaKinds: commented-out tests declare nothing; parameterized
// and repeated tests are one test each (multi); @Nested classes' tests
// are "Outer$Inner.method", as JUnit's report names them.
func TestScanJavaKinds(t *testing.T) {
	src := `class CalcTest {
    @Test void plain() {}
    // @Test void commented() {}
    /* @Test void blockCommented() {}
       @Test void again() {} */
    String s = "// @Test void inString() {}";
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void values(int x) {}
    @ParameterizedTest @CsvSource({"1, 2", "3, 4"}) @Tag("points=3")
    void csv(int a, int b) {}
    @ParameterizedTest
    @MethodSource("names")
    void method(String s) { if (s.equals("}")) {} }
    @RepeatedTest(3)
    void repeated() {}
    @Nested
    class Inner {
        @Test void deep() { char c = '{'; }
        @Nested class Innermost { @Test void deeper() {} }
    }
    @Test void after() {}
}`
	got := scanJava("CalcTest.java", []byte(src))
	want := []declared{{id: "CalcTest.plain"}, {id: "CalcTest.values", multi: true}, {id: "CalcTest.csv", points: 3, multi: true},
		{id: "CalcTest.method", multi: true}, {id: "CalcTest.repeated", multi: true}, {id: "CalcTest$Inner.deep"},
		{id: "CalcTest$Inner$Innermost.deeper"}, {id: "CalcTest.after"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

// TestScanJavaFactories: a @TestFactory, whatever it returns (a Stream, a
// Collection, an array, a qualified generic type), is a test of its
// dynamic tests together (multi); a non-void @Test is none (JUnit does
// not run it), and its annotation is named as unread.
func TestScanJavaFactories(t *testing.T) {
	src := `class SizesTest {
    @TestFactory Stream<DynamicTest> stream() { return null; }
    @TestFactory
    java.util.Collection<DynamicTest> collection() { return null; }
    @TestFactory DynamicTest[] array() { return null; }
    @TestFactory @Tag("points=2") Iterable<? extends DynamicNode> nodes() { return null; }
    @Test int notATest() { return 1; }
    @Test void plain() {}
}`
	got := scanJava("SizesTest.java", []byte(src))
	want := []declared{{id: "SizesTest.stream", multi: true, factory: true}, {id: "SizesTest.collection", multi: true, factory: true},
		{id: "SizesTest.array", multi: true, factory: true}, {id: "SizesTest.nodes", points: 2, multi: true, factory: true}, {id: "SizesTest.plain"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if got, want := unreadJava([]byte(src)), []int{7}; !reflect.DeepEqual(got, want) {
		t.Errorf("unread lines %v, want %v", got, want)
	}
}

// TestInheritJava: the tests a JUnit test class inherits are its own, as
// JUnit runs them: a contract's (abstract, never run itself) in each
// class that extends it, through a chain, but those a class overrides
// without @Test; a concrete base class keeps its own too; a class that
// extends a class outside the folder inherits nothing.
func TestInheritJava(t *testing.T) {
	files := map[string]string{
		"StackContract.java": `abstract class StackContract {
    @Test void lifo() {}
    @Test void popEmpty() {}
    @TestFactory Stream<DynamicTest> sizes() { return null; }
    @Nested class Deep { @Test void deep() {} }
}`,
		"ArrayStackTest.java": `class ArrayStackTest extends StackContract {
    @Override void popEmpty() {}
}`,
		"BoundedContract.java": `public abstract class BoundedContract extends StackContract {
    @Test void full() {}
    @Override void lifo() {}
}`,
		"BoundedStackTest.java": `final class BoundedStackTest extends BoundedContract {
    @Test void own() {}
    @Test void full() {}
}`,
		"BaseTest.java":    `class BaseTest { @Test void base() {} }`,
		"DerivedTest.java": `class DerivedTest extends BaseTest implements Runnable { public void run() {} }`,
		"OtherTest.java":   `class OtherTest extends junit.framework.TestCase { @Test void other() {} }`,
	}
	var sources []source
	for name, src := range files {
		sources = append(sources, source{name: name, data: []byte(src), tests: scanJava(name, []byte(src))})
	}
	inheritJava(sources)
	got := map[string][]string{}
	for _, s := range sources {
		for _, d := range s.tests {
			got[s.name] = append(got[s.name], fmt.Sprintf("%s %v", d.id, d.multi))
		}
	}
	want := map[string][]string{
		"ArrayStackTest.java":   {"ArrayStackTest.lifo false", "ArrayStackTest.sizes true"},
		"BoundedStackTest.java": {"BoundedStackTest.own false", "BoundedStackTest.full false", "BoundedStackTest.popEmpty false", "BoundedStackTest.sizes true"},
		"BaseTest.java":         {"BaseTest.base false"},
		"DerivedTest.java":      {"DerivedTest.base false"},
		"OtherTest.java":        {"OtherTest.other false"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

// TestScanJavaTextBlock: an escaped quote in a text block (\""") ends
// nothing, as javac reads it: the tests after it are declared, and one
// commented out after it is not.
func TestScanJavaTextBlock(t *testing.T) {
	src := `class BlockTest {
    String s = """
        a \""" b
        """;
    // @Test void commented() {}
    @Test void after() {}
}`
	got := scanJava("BlockTest.java", []byte(src))
	want := []declared{{id: "BlockTest.after"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

// TestScanJavaAsJavac: the tests are read in the text javac reads:
// unicode escapes translated first (an odd backslash before one escapes
// nothing; "\u000a" ends a line comment), identifiers' ignorable
// characters left out, names in any script; a test annotation the
// scanner cannot pair with a method is named by its line (unreadJava),
// and a name the launcher cannot select gets a note (unrunnable).
func TestScanJavaAsJavac(t *testing.T) {
	src := "class UTest {\n" +
		"    @Test void \\u0061ddsTwice() {}\n" +
		"    \\u0040Test void escapedAnnotation() {}\n" +
		"    // a comment that ends here\\u000a @Test void hiddenInComment() {}\n" +
		"    @Test void adds\\u001b\\u0007\\u202eTwice() {}\n" +
		"    @Test void deep\u0000Null() {}\n" +
		"    @Test void pr\u00fcfe() {}\n" +
		"    String s = \"\\\\u0040Test void inString() {}\";\n" +
		"    @Test <T> void generic() {}\n" +
		"}"
	got := scanJava("UTest.java", []byte(src))
	want := []declared{{id: "UTest.addsTwice"}, {id: "UTest.escapedAnnotation"}, {id: "UTest.hiddenInComment"},
		{id: "UTest.addsTwice"}, {id: "UTest.deepNull"}, {id: "UTest.pr\u00fcfe"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if got, want := unreadJava([]byte(src)), []int{9}; !reflect.DeepEqual(got, want) {
		t.Errorf("unread lines %v, want %v", got, want)
	}
	for id, runs := range map[string]bool{"addsTwice": true, "Inner.deep": true, "pr\u00fcfe": false, "line 9": false} {
		if why := unrunnable(id); (why == "") != runs {
			t.Errorf("unrunnable(%q) = %q", id, why)
		}
	}
}

// TestParameterizedOutcome: a parameterized test passes when every one of
// its invocations does, and fails with the first that does not.
func TestParameterizedOutcome(t *testing.T) {
	j := fixture(t, junit, map[string]string{"CalcTest.java": `class CalcTest { @ParameterizedTest @ValueSource(ints = {1, 2}) void v(int x) {} @Nested class In { @Test void d() {} } }`})
	v, d := testCase(t, "CalcTest.v", cases.Public), testCase(t, "CalcTest$In.d", cases.Public)
	ok := sandbox.Result{ExitCode: 1}
	inv := func(n int, failed bool) string {
		f := ""
		if failed {
			f = fmt.Sprintf(`<failure message="AssertionFailedError: invocation %d"/>`, n)
		}
		return fmt.Sprintf(`<testcase classname="CalcTest" name="v(int)[%d]">%s</testcase>`, n, f)
	}
	deep := `<testcase classname="CalcTest$In" name="d()"/>`
	out, flags := outcomesOf(t, j, ran{res: ok, reports: report(inv(1, false), inv(2, false), deep)}, v, d)
	if !out[v.ID].Judgement.Pass || !out[d.ID].Judgement.Pass || len(flags) > 0 {
		t.Errorf("all passed: %+v %+v %q", out[v.ID], out[d.ID], flags)
	}
	out, _ = outcomesOf(t, j, ran{res: ok, reports: report(inv(1, false), inv(2, true), deep)}, v, d)
	if o := out[v.ID]; o.Judgement.Pass || !strings.Contains(o.Judgement.Feedback, "invocation 2") {
		t.Errorf("one failed: %+v", o)
	}
}

func TestScanPython(t *testing.T) {
	src := `import pytest

def test_a():
    def test_nested():
        pass

@pytest.mark.points(3)
def test_b():
    pass

@pytest.mark.sentinel
def test_c(): assert False

def helper():
    pass

class TestX:
    @pytest.mark.points(2)
    def test_y(self):
        pass

    def other(self):
        pass

def test_d():
    pass
`
	got := scanPython("test_m.py", []byte(src))
	// A sentinel marker is no longer read for pytest: its tests run where
	// the student's code cannot reach them.
	want := []declared{{id: "test_m.test_a"}, {id: "test_m.test_b", points: 3}, {id: "test_m.test_c"},
		{id: "test_m.TestX.test_y", points: 2}, {id: "test_m.test_d"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if got := scanPython("helpers.py", []byte(src)); got != nil {
		t.Errorf("a helper declares %+v", got)
	}
}

// TestScanPythonCollectsAsPytest: a unittest.TestCase class of any name
// is collected, and a Test* class's tests include those it inherits from
// the file's other classes (contract tests), whose own class, named
// otherwise, is not collected.
func TestScanPythonCollectsAsPytest(t *testing.T) {
	src := `import unittest
import pytest

class PermutationTests(unittest.TestCase):
    def test_small(self):
        def test_inner():
            pass

class StackContract:
    @pytest.mark.points(2)
    def test_lifo(self):
        pass

    def test_empty(self):
        pass

class TestListStack(StackContract):
    factory = list

class TestLinkedStack(StackContract, metaclass=type):
    def test_empty(self):
        pass

    def test_many(self):
        pass

class MoreCases(PermutationTests):
    pass

class Helper:
    def test_not_collected(self):
        pass
`
	got := scanPython("test_s.py", []byte(src))
	want := []declared{{id: "test_s.PermutationTests.test_small"},
		{id: "test_s.TestListStack.test_lifo", points: 2}, {id: "test_s.TestListStack.test_empty"},
		{id: "test_s.TestLinkedStack.test_empty"}, {id: "test_s.TestLinkedStack.test_many"},
		{id: "test_s.TestLinkedStack.test_lifo", points: 2},
		{id: "test_s.MoreCases.test_small"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestPointsRules(t *testing.T) {
	rules, err := pointsRules([]string{"case_sensitive", "points:Calc*.hid*=3", "points:Calc*=0.5"})
	if err != nil {
		t.Fatal(err)
	}
	j := &Judge{rules: rules}
	for _, tc := range []struct {
		d    declared
		want float64
	}{
		{declared{id: "CalcTest.hidden"}, 3},
		{declared{id: "CalcTest.adds", points: 7}, 0.5},
		{declared{id: "Other.x", points: 7}, 7},
		{declared{id: "Other.y"}, 1},
	} {
		if got := j.points(tc.d, tc.d.id); got != tc.want {
			t.Errorf("%s: %v points, want %v", tc.d.id, got, tc.want)
		}
	}
	for _, bad := range []string{"points:x", "points:x=0", "points:x=-1", "points:[=1"} {
		if _, err := pointsRules([]string{bad}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// fixture writes a part folder with the files and loads the judge of
// lang for it.
func fixture(t *testing.T, lang *framework, files map[string]string) *Judge {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "unit"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		p := filepath.Join(dir, "unit", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &rubric.Rubric{CasesDir: dir, Parts: []rubric.Part{{ID: "unit", Cases: "unit"}}, Limits: rubric.Limits{Wall: 1e9}}
	j, err := newJudge(lang, r)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func testCase(t *testing.T, id string, vis cases.Visibility) cases.Case {
	t.Helper()
	c, err := cases.Parse("unit/"+id+".case", []byte("args:\nvisibility: "+string(vis)+"\ncheck: pytest\n"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const pyTests = `import pytest
def test_a(): pass
@pytest.mark.points(2)
def test_b(): pass
`

func TestPlan(t *testing.T) {
	j := fixture(t, pytest, map[string]string{"test_p.py": "import helpers\n" + pyTests, "test_h.py": "def test_h(): pass\n", "helpers.py": "x = 1\n"})
	err := j.Plan([]cases.Case{testCase(t, "test_p.test_a", cases.Public), testCase(t, "test_p.test_b[1-2]", cases.Public), testCase(t, "test_p.test_b[3-4]", cases.Public), testCase(t, "test_h.test_h", cases.Hidden)})
	if err != nil {
		t.Fatal(err)
	}
	if w := j.Weight(testCase(t, "test_p.test_b[3-4]", cases.Public)); w != 2 {
		t.Errorf("test_b weighs %v, want 2", w)
	}
	var public []string
	for _, f := range j.PublicFiles() {
		public = append(public, filepath.Base(f))
	}
	if got := strings.Join(public, " "); got != "helpers.py test_p.py" {
		t.Errorf("public files %s", got)
	}
	for name, cs := range map[string][]cases.Case{
		"no such test":  {testCase(t, "test_p.test_z", cases.Public)},
		"no case":       {testCase(t, "test_p.test_a", cases.Public)},
		"no such file":  {testCase(t, "test_q.test_a", cases.Public)},
		"mixed visible": {testCase(t, "test_p.test_a", cases.Public), testCase(t, "test_p.test_b", cases.Hidden)},
	} {
		if err := j.Plan(cs); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestStudentFiles(t *testing.T) {
	j := fixture(t, pytest, map[string]string{"test_p.py": pyTests, "helpers.py": "x = 1\n"})
	var files []sandbox.File
	for _, n := range []string{"stats.py", "conftest.py", "pytest.ini", "sub/setup.cfg", "x.pth", "helpers.py", "test_p.py", "_instructor/run.py", "sitecustomize.py", "notes.txt"} {
		files = append(files, sandbox.File{Name: n})
	}
	keep, left, shadow := j.studentFiles(files)
	var kept []string
	for _, f := range keep {
		kept = append(kept, f.Name)
	}
	// pytest's tests run in a box of their own: a student's helpers.py
	// stays in the student's box, flagged.
	if got := strings.Join(kept, " "); got != "stats.py helpers.py test_p.py notes.txt" {
		t.Errorf("kept %s", got)
	}
	if len(left) != 6 || strings.Join(shadow, " ") != "helpers.py test_p.py" {
		t.Errorf("left out %q, shadowing %q", left, shadow)
	}
	jj := fixture(t, junit, map[string]string{"CalcTest.java": "class CalcTest { @Test void a() {} }", "Check.java": "class Check {}"})
	files = nil
	for _, n := range []string{"Calc.java", "Calc.class", "Check.class", "Check$1.class", "CalcTest.java", "junit-platform.properties", "META-INF/services/x", "Checker.class"} {
		files = append(files, sandbox.File{Name: n})
	}
	keep, left, shadow = jj.studentFiles(files)
	kept = nil
	for _, f := range keep {
		kept = append(kept, f.Name)
	}
	// JUnit's tests too run in a box of their own: a student's Check
	// stays in the student's box, flagged.
	if got := strings.Join(kept, " "); got != "Calc.java Calc.class Check.class Check$1.class CalcTest.java Checker.class" {
		t.Errorf("kept %s", got)
	}
	if strings.Join(left, " ") != "junit-platform.properties META-INF/services/x" || strings.Join(shadow, " ") != "Check.class Check$1.class CalcTest.java" {
		t.Errorf("left out %q, shadowing %q", left, shadow)
	}
}

// outcomesOf plans the cases and gives a run's report to outcomes.
func outcomesOf(t *testing.T, j *Judge, r ran, cs ...cases.Case) (map[string]grader.Outcome, []string) {
	t.Helper()
	if err := j.Plan(cs); err != nil {
		t.Fatal(err)
	}
	gs := j.groups(cs)
	if len(gs) != 1 {
		t.Fatalf("%d groups", len(gs))
	}
	out := map[string]grader.Outcome{}
	flags := j.outcomes(gs[0], r, out)
	return out, flags
}

func report(tests ...string) [][]byte {
	return [][]byte{[]byte("<testsuites><testsuite>" + strings.Join(tests, "") + "</testsuite></testsuites>")}
}

const (
	passA    = `<testcase classname="test_p" name="test_a"/>`
	failB    = `<testcase classname="test_p" name="test_b"><failure message="AssertionError: got 3">trace</failure></testcase>`
	crashB   = `<testcase classname="test_p" name="test_b"><failure message="KeyError: 'x'">trace</failure></testcase>`
	timeoutB = `<testcase classname="test_p" name="test_b"><failure message="Failed: Timeout &gt;1.0s">trace</failure></testcase>`
)

func TestOutcomes(t *testing.T) {
	j := fixture(t, pytest, map[string]string{"test_p.py": pyTests})
	a, b := testCase(t, "test_p.test_a", cases.Public), testCase(t, "test_p.test_b", cases.Public)
	hb := testCase(t, "test_p.test_b", cases.Hidden)
	ha := testCase(t, "test_p.test_a", cases.Hidden)
	ok := sandbox.Result{ExitCode: 1}
	verdict := func(o grader.Outcome) string {
		switch ex := o.Execution; {
		case ex.Limit != grader.None:
			return "timeout"
		case ex.ExitCode != 0:
			return "error: " + string(ex.Stderr)
		case o.Judgement.Pass:
			return "pass"
		}
		return "wrong: " + o.Judgement.Feedback
	}
	saidB := func(how, printed string) []relay.Test {
		return []relay.Test{{ID: "test_p.test_b", Printed: printed, Failed: how}}
	}
	for _, tc := range []struct {
		name      string
		r         ran
		cs        []cases.Case
		want      []string // each case's verdict, in order, as a prefix
		flagged   string
		notInText string
	}{
		{"as reported", ran{res: ok, reports: report(passA, failB), relayed: saidB(relay.FailedAssertion, "")}, []cases.Case{a, b}, []string{"pass", "wrong: AssertionError: got 3"}, "", ""},
		{"exception", ran{res: ok, reports: report(passA, crashB)}, []cases.Case{a, b}, []string{"pass", "error: KeyError: 'x'"}, "", ""},
		{"hidden exception", ran{res: ok, reports: report(passA, crashB)}, []cases.Case{ha, hb}, []string{"pass", "error: the test ended with an exception (a hidden"}, "", "KeyError"},
		{"hidden assertion", ran{res: ok, reports: report(passA, failB), relayed: saidB(relay.FailedAssertion, "")}, []cases.Case{ha, hb}, []string{"pass", "wrong: an assertion failed"}, "", "got 3"},
		{"timeout", ran{res: ok, reports: report(passA, timeoutB), relayed: saidB(relay.FailedTimer, "")}, []cases.Case{a, b}, []string{"pass", "timeout"}, "", ""},
		{"timeout's words alone", ran{res: ok, reports: report(passA, timeoutB)}, []cases.Case{a, b}, []string{"pass", "error: Failed: Timeout"}, "", ""},
		{"assertion's words alone", ran{res: ok, reports: report(passA, failB)}, []cases.Case{a, b}, []string{"pass", "error: AssertionError: got 3"}, "", ""},
		{"died at a limit", ran{res: ok, reports: report(passA, failB), relayed: []relay.Test{{ID: "test_p.test_b", Printed: "spinning", Died: &relay.Died{Why: "the student's code ran past its time limit", Limit: "wall"}}}}, []cases.Case{a, b}, []string{"pass", "timeout"}, "", ""},
		{"died, reported passed", ran{res: ok, reports: report(passA, passA[:0]+`<testcase classname="test_p" name="test_b"/>`), relayed: []relay.Test{{ID: "test_p.test_b", Died: &relay.Died{Why: "the student's process ended (exit status 1)", Exit: 1}}}}, []cases.Case{a, b}, []string{"pass", "error: the student's process ended (exit status 1)"}, "", ""},
		{"printed, public", ran{res: ok, reports: report(passA, failB), relayed: saidB(relay.FailedAssertion, "debug 42\n")}, []cases.Case{a, b}, []string{"pass", "wrong: AssertionError: got 3\n\ntrace\n\nyour code printed:\ndebug 42"}, "", ""},
		{"printed, hidden", ran{res: ok, reports: report(passA, failB), relayed: saidB(relay.FailedAssertion, "debug 42\n")}, []cases.Case{ha, hb}, []string{"pass", "wrong: an assertion failed"}, "", "debug 42"},
		{"test missing", ran{res: ok, done: true, reports: report(passA)}, []cases.Case{a, b}, []string{"pass", "error: the test run did not report"}, "does not name the test test_p.test_b", ""},
		{"test missing, run cut short", ran{res: ok, reports: report(passA)}, []cases.Case{a, b}, []string{"pass", "error: the test run ended (exit status 1) before it reported this test"}, "does not name the test test_p.test_b", ""},
		{"test twice", ran{res: ok, reports: report(passA, passA, failB), relayed: saidB(relay.FailedAssertion, "")}, []cases.Case{a, b}, []string{"error: the test run reported this test more than once", "wrong"}, "2 times", ""},
		{"extra test", ran{res: ok, reports: report(passA, failB, `<testcase classname="x" name="y"/>`), relayed: saidB(relay.FailedAssertion, "")}, []cases.Case{a, b}, []string{"pass", "wrong"}, `not a case of the run's files: "x.y"`, ""},
		{"no report", ran{res: sandbox.Result{ExitCode: 0}}, []cases.Case{a, b}, []string{"error: the test run ended (exit status 0) without a readable report", "error: the test run ended"}, "", ""},
		{"partial report", ran{res: ok, reports: [][]byte{report(passA, failB)[0][:40]}}, []cases.Case{a, b}, []string{"error: the test run ended (exit status 1) without", "error"}, "", ""},
		{"killed", ran{res: sandbox.Result{ExitCode: -1, Signal: "killed", Limit: sandbox.CPU}, reports: report(passA, failB)}, []cases.Case{a, b}, []string{"timeout", "timeout"}, "", ""},
		{"exit 3", ran{res: sandbox.Result{ExitCode: 3}, reports: report(passA, failB)}, []cases.Case{a, b}, []string{"error: the test run ended (exit status 3)", "error"}, "", ""},
		{"compile error", ran{compileLog: "test_p.py:3: error"}, []cases.Case{a, b}, []string{"wrong: the instructor's tests do not compile against your classes:\ntest_p.py:3", "wrong"}, "", ""},
		{"hidden compile error", ran{compileLog: "test_p.py:3: error"}, []cases.Case{ha, hb}, []string{"wrong: the instructor's tests do not compile", "wrong"}, "", "test_p.py:3"},
	} {
		out, flags := outcomesOf(t, j, tc.r, tc.cs...)
		for i, c := range tc.cs {
			o := out[c.ID]
			if got := verdict(o); !strings.HasPrefix(got, tc.want[i]) {
				t.Errorf("%s: %s: %q, want %q...", tc.name, c.ID, got, tc.want[i])
			}
			if tc.notInText != "" && (strings.Contains(o.Judgement.Feedback, tc.notInText) || strings.Contains(string(o.Execution.Stderr), tc.notInText)) {
				t.Errorf("%s: %s shows the student %q", tc.name, c.ID, tc.notInText)
			}
		}
		all := strings.Join(flags, "\n")
		if tc.flagged == "" && all != "" || !strings.Contains(all, tc.flagged) {
			t.Errorf("%s: flags %q, want %q", tc.name, all, tc.flagged)
		}
	}
}

func TestJavaTrace(t *testing.T) {
	trace := "org.opentest4j.AssertionFailedError: x ==> expected: <1> but was: <2>\n" +
		"\tat org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)\n" +
		"\tat Check.same(Check.java:9)\n" +
		"\tat FractionTest.multiplies(FractionTest.java:22)\n" +
		"\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)\n" +
		"\tat org.junit.platform.commons.util.ReflectionUtils.invokeMethod(ReflectionUtils.java:727)\n" +
		"\tat Other.frame(Other.java:1)\n" +
		"Caused by: java.lang.IllegalStateException: no\n" +
		"\tat Fraction.plus(Fraction.java:3)\n" +
		"\t... 70 more"
	want := "org.opentest4j.AssertionFailedError: x ==> expected: <1> but was: <2>\n" +
		"\tat Check.same(Check.java:9)\n" +
		"\tat FractionTest.multiplies(FractionTest.java:22)\n" +
		"Caused by: java.lang.IllegalStateException: no\n" +
		"\tat Fraction.plus(Fraction.java:3)"
	if got := javaTrace(trace); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestDataFiles: the files beside the tests that are not the language's
// (a data file a test reads) are the instructor's too: every group's box
// holds them, public only when a public test names them, never compiled
// or scanned for tests; case files, hidden files and the framework's own
// configuration are not among them, and a student's file of the same
// name shadows nothing.
func TestDataFiles(t *testing.T) {
	j := fixture(t, pytest, map[string]string{
		"test_p.py":                          "from pathlib import Path\ndef test_a():\n    Path(__file__).with_name('sample.txt').read_text()\n    (Path(__file__).parent / 'data' / 'words.txt').read_text()\n    expected = 1\n",
		"test_h.py":                          "import json\ndef test_h():\n    json.load(open('answers.json'))\n    json.load(open('secret/expected.json'))\n",
		"sample.txt":                         "to be\n",
		"answers.json":                       "{}\n",
		"notes.md":                           "named by no test\n",
		"data/words.txt":                     "or not\n",
		"secret/expected.json":               "{}\n",
		"solution.pyc":                       "compiled\n",
		"__pycache__/test_p.cpython-311.pyc": "compiled\n",
		"test_p.test_a.case":                 "args:\nvisibility: public\ncheck: pytest\n",
		".hidden":                            "x\n",
		"pytest.ini":                         "[pytest]\naddopts = -p no:autograder\n",
	})
	if err := j.Plan([]cases.Case{testCase(t, "test_p.test_a", cases.Public), testCase(t, "test_h.test_h", cases.Hidden)}); err != nil {
		t.Fatal(err)
	}
	base := func(paths []string) string {
		var out []string
		for _, p := range paths {
			out = append(out, filepath.Base(p))
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	if got := base(j.PublicFiles()); got != "sample.txt test_p.py words.txt" {
		t.Errorf("public files %s", got)
	}
	if got := base(j.HiddenFiles()); got != "answers.json expected.json notes.md test_h.py" {
		t.Errorf("hidden files %s", got)
	}
	if notes := j.SetupNotes(); len(notes) != 1 || !strings.HasPrefix(notes[0], filepath.Join(filepath.Dir(j.sources[0].path), "notes.md")+": no test names it") {
		t.Errorf("notes %q, want one of notes.md", notes)
	}
	var names []string
	for _, s := range code(j.sources) {
		names = append(names, s.name)
	}
	if got := strings.Join(names, " "); got != "test_h.py test_p.py" {
		t.Errorf("code %s", got)
	}
	var held []string
	for _, f := range plainFiles(j.sources, box) {
		held = append(held, f.Name)
	}
	if got := strings.Join(held, " "); got != box+"/answers.json "+box+"/data/words.txt "+box+"/notes.md "+box+"/sample.txt "+box+"/secret/expected.json" {
		t.Errorf("data files held %s", got)
	}
	if _, _, shadow := j.studentFiles([]sandbox.File{{Name: "sample.txt"}, {Name: "test_p.py"}}); strings.Join(shadow, " ") != "test_p.py" {
		t.Errorf("shadowing %q", shadow)
	}
}
