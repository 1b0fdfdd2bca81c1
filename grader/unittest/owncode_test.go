package unittest

import (
	"context"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// ownCodePart is a part of suites s that also runs the student's tests
// on their own code.
func ownCodePart(t *testing.T, s mutation.Suites, files string) *mutation.SuitePart {
	t.Helper()
	cfg := mutation.Config{PerBug: 5, Ceiling: 5, MaxTests: 25, MaxBytes: 64 << 10, Files: files, Show: mutation.ShowExposed, Mode: compare.Lines, OwnCode: true}
	p, err := mutation.NewSuitePart(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// ownCodeSummary is each test's name and how it fared on the student's
// own code ("-" when it did not run there, "pass", or "fail:" and the
// first words of why), then the part's note.
func ownCodeSummary(r mutation.Result) string {
	var out []string
	for _, te := range r.Tests {
		own := "-"
		switch o := te.OnOwnCode; {
		case o == nil:
		case o.Passed:
			own = "pass"
		default:
			own = "fail:" + o.Why
		}
		out = append(out, te.Name+"="+own)
	}
	return strings.Join(out, "\n") + "\n" + r.OwnCodeText()
}

// checkOwnCode grades each hand-in with own_code (and the hand-in
// "own" without it too: the verdicts are the same): how the tests fared
// on the student's own code contains each of want's lines, in order.
func checkOwnCode(t *testing.T, plain, own *mutation.SuitePart, hands map[string][]submission.File, want map[string][]string) {
	t.Helper()
	for name, files := range hands {
		with, err := own.Grade(context.Background(), files, []byte("secret"))
		if err != nil {
			t.Fatal(err)
		}
		if name == "own" {
			without, err := plain.Grade(context.Background(), files, []byte("secret"))
			if err != nil {
				t.Fatal(err)
			}
			if a, b := summary(with), summary(without); a != b {
				t.Errorf("%s: with own_code %s, without %s", name, a, b)
			}
		}
		got := ownCodeSummary(with)
		t.Logf("%s:\n%s", name, got)
		rest := got
		for _, w := range want[name] {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: on own code\n%s\nwant, in order, %q", name, got, want[name])
				break
			}
			rest = rest[i+len(w):]
		}
	}
}

// TestSuiteOwnCodePytest: with own_code, a student's pytest tests run on
// the hand-in's mod.py too (which imports a module of the student's),
// in the implementation's box: a test their code fails says why; the
// verdicts on the implementations are the same as without; a hand-in
// without mod.py says so and runs nothing there.
func TestSuiteOwnCodePytest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pytest in boxes")
	}
	if m := Missing("pytest"); m != "" {
		testenv.Missing(t, "pytest: %s", m)
	}
	dir := t.TempDir()
	writeParities(t, dir, map[string]string{
		"correct":      `"even" if n % 2 == 0 else "odd"`,
		"bugs/flipped": `"odd" if n % 2 == 0 else "even"`,
	})
	plain, s := pytestSuitePart(t, dir, 5)
	own := ownCodePart(t, s, "test_*.py")
	tests := []byte("import mod\n\n\ndef test_even():\n    assert mod.parity(2) == \"even\"\n\n\n" +
		"def test_odd():\n    assert mod.parity(3) == \"odd\", \"three is odd\"\n")
	mine := []byte("from words import EVEN\n\n\ndef parity(n):\n    return EVEN if n % 2 == 0 else \"Odd\"\n")
	hands := map[string][]submission.File{
		"own":  {{Name: "mod.py", Data: mine}, {Name: "test_mod.py", Data: tests}, {Name: "words.py", Data: []byte("EVEN = \"even\"\n")}},
		"none": {{Name: "test_mod.py", Data: tests}},
	}
	checkOwnCode(t, plain, own, hands, map[string][]string{
		"own":  {"test_mod.py::test_even=pass", "test_mod.py::test_odd=fail:", "three is odd", "1 of 2 tests pass on your own code"},
		"none": {"test_mod.py::test_even=-", "test_mod.py::test_odd=-", "your tests were not run on your own code: the hand-in has no mod.py"},
	})
}

// TestJUnitSuiteOwnCode: as TestSuiteOwnCodePytest for JUnit: the
// student's Parity.java (which uses a class of the student's) compiled
// once and run in the implementation's box; one that does not compile
// fails every test there, saying so.
func TestJUnitSuiteOwnCode(t *testing.T) {
	dir := writeImpls(t, "Parity.java", map[string]string{
		"correct":      parityJava(`n % 2 == 0 ? "even" : "odd"`),
		"bugs/flipped": parityJava(`n % 2 == 0 ? "odd" : "even"`),
	})
	plain, s := junitDirSuitePart(t, dir, 5)
	own := ownCodePart(t, s, "*Test.java")
	tests := []byte(`import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ParityTest {
    @Test
    void even() {
        assertEquals("even", Parity.parity(2));
    }

    @Test
    void odd() {
        assertEquals("odd", Parity.parity(3), "three is odd");
    }
}
`)
	hands := map[string][]submission.File{
		"own": {{Name: "Parity.java", Data: []byte(parityJava(`n % 2 == 0 ? Words.EVEN : "Odd"`))}, {Name: "ParityTest.java", Data: tests},
			{Name: "Words.java", Data: []byte("class Words {\n    static final String EVEN = \"even\";\n}\n")}},
		"broken": {{Name: "Parity.java", Data: []byte(parityJava(`n % 2 == 0 ? "even" : "odd"`) + "}")}, {Name: "ParityTest.java", Data: tests}},
		"none":   {{Name: "ParityTest.java", Data: tests}},
	}
	checkOwnCode(t, plain, own, hands, map[string][]string{
		"own":    {"ParityTest.java::even=pass", "ParityTest.java::odd=fail:", "three is odd", "1 of 2 tests pass on your own code"},
		"broken": {"ParityTest.java::even=fail:your code does not compile: Parity.java:", "ParityTest.java::odd=fail:your code does not compile", "0 of 2"},
		"none":   {"ParityTest.java::even=-", "your tests were not run on your own code: the hand-in has no Parity.java"},
	})
}
