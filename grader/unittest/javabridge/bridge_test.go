package javabridge

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// exampleTests are the instructor's files of cases/unittest-java.
func exampleTests(t testing.TB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range []string{"FractionTest.java", "FractionHiddenTest.java", "Check.java"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "cases", "unittest-java", "unit", f))
		if err != nil {
			t.Fatal(err)
		}
		out[f] = string(b)
	}
	return out
}

func honestFraction(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "honest", "Fraction.java"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func expect(t *testing.T, o *outcome, want map[string]string) {
	t.Helper()
	if o.tests == nil {
		t.Fatalf("no report; the test JVM said:\n%s", o.testErr)
	}
	for id, status := range want {
		got, ok := o.tests[id]
		if !ok {
			t.Errorf("%s: not in the report (%v)", id, o.tests)
			continue
		}
		if got.status != status {
			t.Errorf("%s: %s, want %s: %s\n%s", id, got.status, status, got.message, got.detail)
		}
	}
	if len(o.tests) != len(want) {
		t.Errorf("report has %d tests, want %d: %v", len(o.tests), len(want), o.tests)
	}
}

var (
	fractionOnce sync.Once
	fractionOut  *outcome
)

// fractionRun runs cases/unittest-java's test classes and
// testdata/forged's ForgeryTest in one run (one build, one test JVM),
// shared by TestExampleHonest and TestForgedReplies, which each read
// their classes' part (outcome.of): the honest Fraction and a student's
// Check that passes everything (the tests keep theirs) answer the
// example's classes, the forger answers ForgeryTest's calls in place of
// a student process. A class's verdicts are its own whatever ran before
// it, as the bridge resets the student's side between classes.
func fractionRun(t *testing.T, classes ...string) *outcome {
	t.Helper()
	k := requireKit(t)
	fractionOnce.Do(func() {
		forged := "public class Check {\n    static void same(String want, Fraction got) {\n    }\n}\n"
		tests := exampleTests(t)
		for f, s := range readDir(t, filepath.Join("testdata", "forged")) {
			tests[f] = s
		}
		fractionOut = k.run(t, scenario{
			student: map[string]string{"Fraction.java": honestFraction(t), "Check.java": forged},
			tests:   tests,
			classes: []string{"FractionTest", "FractionHiddenTest", "ForgeryTest"},
			fakes:   map[string]func(map[string]any) map[string]any{"ForgeryTest": forger},
		})
	})
	if fractionOut == nil {
		t.Fatal("the Fraction classes' shared run failed (see the first test that ran it)")
	}
	o := fractionOut.of(classes...)
	for id, r := range o.tests {
		t.Logf("%s: %s %s", id, r.status, r.message)
	}
	return o
}

// TestExampleHonest: the honest Fraction passes every test of the
// example's, a student's Check beside it noted and left out.
func TestExampleHonest(t *testing.T) {
	o := fractionRun(t, "FractionTest", "FractionHiddenTest")
	expect(t, o, map[string]string{
		"FractionTest.keepsLowestTerms": "passed", "FractionTest.adds": "passed",
		"FractionTest.multiplies": "passed", "FractionTest.rejectsZeroDenominator": "passed",
		"FractionHiddenTest.reducesOnCreation": "passed", "FractionHiddenTest.reducesNegatives": "passed",
		"FractionHiddenTest.addsToWhole": "passed",
	})
	if len(o.notes) != 1 || !strings.Contains(o.notes[0], "class Check") {
		t.Errorf("notes %q", o.notes)
	}
}

func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestAttacks runs generic tricks and the API's shapes in one run (one
// build): each test class is a student process of its own.
func TestAttacks(t *testing.T) {
	k := requireKit(t)
	student := readDir(t, filepath.Join("testdata", "attacks", "student"))
	for f, s := range readDir(t, filepath.Join("testdata", "attacks", "student-geo")) {
		student["geo/"+f] = s
	}
	for f, s := range readDir(t, filepath.Join("testdata", "attacks", "student-junit")) {
		student["org/junit/jupiter/api/"+f] = s
	}
	classes := []string{"MoneyTest", "LiarTest", "ExitTest", "HookTest", "ShadowTest", "CallbackTest", "ApiTest", "PackageTest", "ApiLaterTest", "HierarchyTest", "NestedTest", "ParamTest", "ImportTest"}
	o := k.run(t, scenario{
		student: student,
		tests:   readDir(t, filepath.Join("testdata", "attacks", "tests")),
		classes: classes,
	})
	expect(t, o, map[string]string{
		"MoneyTest.adds": "failure", "MoneyTest.parseRejectsText": "passed",
		"MoneyTest.rejectsNegativeAsIllegalArgument": "passed", "MoneyTest.rejectsNegativeAsItsOwn": "passed",
		"MoneyTest.uncaught": "error", "MoneyTest.jdkException": "passed",
		"LiarTest.plainExpected": "failure", "LiarTest.plainActual": "failure", "LiarTest.twoOfTheStudents": "passed",
		"ExitTest.before": "passed", "ExitTest.exits": "error", "ExitTest.after": "passed", "ExitTest.exitsInsideACallback": "error", "ExitTest.afterTheCallback": "passed",
		"HookTest.answer":                 "failure",
		"ShadowTest.usesJUnitsAssertions": "failure",
		"CallbackTest.comparatorLambda":   "passed", "CallbackTest.comparatorDefaultMethod": "passed",
		"CallbackTest.callbackFromAThread": "passed", "CallbackTest.studentsLambda": "passed", "CallbackTest.optional": "passed", "CallbackTest.fixedSizeListChangedInPlace": "passed", "MoneyTest.brokenInitializer": "passed", "CallbackTest.arrayChangedInPlace": "passed", "CallbackTest.listChangedInPlace": "passed",
		"CallbackTest.failureInsideCallbackCounts": "failure",
		"PackageTest.point":                        "passed", "HierarchyTest.subclass": "passed", "NestedTest.nestedClasses": "passed", "ImportTest.usesTheJDKsArrays": "passed", "ParamTest.pushes(int)[1]": "passed", "ParamTest.pushes(int)[2]": "passed",
		"ParamTest.repeats()[1]": "passed", "ParamTest.repeats()[2]": "passed", "ParamTest$Inside.seesTheSameProcess": "passed", "HierarchyTest.enumSwitch": "passed", "ApiLaterTest.constantsInALaterProcess": "passed", "ApiTest.generics": "passed", "ApiTest.churn": "passed", "ApiTest.interfaces": "passed", "ApiTest.enums": "passed", "ApiTest.constants": "passed",
	})
	for id, r := range o.tests {
		t.Logf("%s: %s %s", id, r.status, r.message)
	}
	if m := o.tests["MoneyTest.adds"].message; !strings.Contains(m, "one plus two") || !strings.Contains(m, "3.00") {
		t.Errorf("adds: message %q", m)
	}
	if d := o.tests["MoneyTest.uncaught"].detail; !strings.Contains(d, "NegativeMoney") || !strings.Contains(d, "Money.java:6") {
		t.Errorf("uncaught: want the student's exception and line, got %s", d)
	}
	if d := o.tests["ExitTest.exits"].detail; !strings.Contains(d, "StudentDied") || !strings.Contains(d, "exit status 1") {
		t.Errorf("exits: %s", d)
	}
	// One process per test class that calls the student's code (all but
	// ShadowTest and ImportTest; a reset after each), and one more after
	// each of ExitTest's two exits.
	if want := len(classes) - 2 + 2; o.starts != want {
		t.Errorf("%d student processes, want %d", o.starts, want)
	}
	ids := strings.Join(o.testIDs, " ")
	for _, id := range []string{"ParamTest.pushes[1]", "ParamTest.pushes[2]", "ParamTest.repeats[2]", "ParamTest$Inside.seesTheSameProcess", "MoneyTest.adds"} {
		if !strings.Contains(ids, id) {
			t.Errorf("no test frame for %s in %s", id, ids)
		}
	}
	if !strings.Contains(strings.Join(o.notes, "\n"), "inner class LinkedStack.Cursor") {
		t.Errorf("no note about the inner class: %v", o.notes)
	}
	if !strings.Contains(strings.Join(o.notes, "\n"), "class Arrays: named like") {
		t.Errorf("no note about Arrays: %v", o.notes)
	}
	if !strings.Contains(strings.Join(o.notes, "\n"), "class Assertions") {
		t.Errorf("no note about Assertions: %v", o.notes)
	}
	ents, _ := os.ReadDir(o.studentDir)
	for _, e := range ents {
		if strings.Contains(e.Name(), "Test") && e.Name() != "TEST-junit-jupiter.xml" {
			t.Errorf("the student's folder holds %s", e.Name())
		}
	}
}

// TestProtocolAttacks: a student process that writes to the bridge's
// stream itself fails the test it does it in, and no other.
func TestProtocolAttacks(t *testing.T) {
	k := requireKit(t)
	o := k.run(t, scenario{
		student: readDir(t, filepath.Join("testdata", "protocol", "student")),
		tests:   readDir(t, filepath.Join("testdata", "protocol", "tests")),
		classes: []string{"RogueTest"},
	})
	for id, r := range o.tests {
		t.Logf("%s: %s %s", id, r.status, r.message)
	}
	expect(t, o, map[string]string{
		"RogueTest.garbage": "error", "RogueTest.afterGarbage": "passed",
		"RogueTest.deep": "error", "RogueTest.stale": "passed",
		"RogueTest.guessedReplies": "passed", "RogueTest.guessedHandles": "passed",
		"RogueTest.badLength": "error", "RogueTest.afterBadLength": "passed",
		"RogueTest.chatty": "passed", "RogueTest.huge": "error", "RogueTest.afterHuge": "passed",
	})
	for _, id := range []string{"RogueTest.garbage", "RogueTest.deep", "RogueTest.badLength"} {
		if m := o.tests[id].message; !strings.Contains(m, "broke the bridge protocol") {
			t.Errorf("%s: %q", id, m)
		}
	}
}

// forger answers every call with a forgery the test side must refuse.
func forger(req map[string]any) map[string]any {
	switch req["name"] {
	case "<init>":
		return map[string]any{"re": map[string]any{"handle": 0, "type": "ForgeryTest"}}
	case "numerator":
		return map[string]any{"re": "not an int"}
	case "denominator":
		return map[string]any{"re": map[string]any{"handle": 1, "type": "java.lang.Integer"}}
	case "toString":
		return map[string]any{"re": map[string]any{"handle": 1, "type": "Fraction"}}
	case "plus":
		return map[string]any{"exc": map[string]any{"type": "org.opentest4j.TestAbortedException", "msg": "skip me", "trace": []any{}}}
	case "times":
		return map[string]any{"exc": map[string]any{"type": "java.lang.OutOfMemoryError", "msg": "boom",
			"trace": []any{[]any{"Fraction", "times", "Fraction.java", 3}}}}
	}
	return map[string]any{"re": nil}
}

// TestForgedReplies: what a student process sends is checked against the
// declared types; its exceptions never become the framework's own.
func TestForgedReplies(t *testing.T) {
	o := fractionRun(t, "ForgeryTest")
	expect(t, o, map[string]string{
		"ForgeryTest.forgedTypeFallsBackToDeclared": "passed",
		"ForgeryTest.stringForInt":                  "error", "ForgeryTest.handleForInt": "error",
		"ForgeryTest.handleForString": "error", "ForgeryTest.frameworkException": "error",
		"ForgeryTest.fatalError": "error", "ForgeryTest.stillRuns": "passed",
	})
	for id, want := range map[string]string{
		"ForgeryTest.stringForInt":       "broke the bridge protocol",
		"ForgeryTest.handleForInt":       "broke the bridge protocol",
		"ForgeryTest.handleForString":    "broke the bridge protocol",
		"ForgeryTest.frameworkException": "org.opentest4j.TestAbortedException: skip me",
		"ForgeryTest.fatalError":         "java.lang.OutOfMemoryError: boom",
	} {
		if m := o.tests[id].message; !strings.Contains(m, want) {
			t.Errorf("%s: %q, want %q", id, m, want)
		}
	}
	if d := o.tests["ForgeryTest.fatalError"].detail; !strings.Contains(d, "StudentError") || !strings.Contains(d, "Fraction.java:3") {
		t.Errorf("fatalError: %s", d)
	}
}

// BenchmarkRoundTrip measures one trivial call (an int method of a
// student's object) through the bridge and the test harness's forwarder:
// the test times 20,000 calls one by one, after 5,000 to warm up, and
// reports their median. Run with -benchtime=1x: each run starts two JVMs.
func BenchmarkRoundTrip(b *testing.B) {
	k := requireKit(b)
	dir := filepath.Join("testdata", "bench")
	src := func(f string) string {
		s, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			b.Fatal(err)
		}
		return string(s)
	}
	for i := 0; i < b.N; i++ {
		o := k.run(b, scenario{
			student: map[string]string{"Counter.java": src("Counter.java")},
			tests:   map[string]string{"BenchTest.java": src("BenchTest.java")},
			classes: []string{"BenchTest"},
		})
		if r := o.tests["BenchTest.roundTrip"]; r.status != "passed" {
			b.Fatalf("%s: %s\n%s", r.status, r.message, o.testErr)
		}
		_, line, ok := strings.Cut(o.testErr, "roundtrip ")
		if !ok {
			b.Fatalf("no timing in:\n%s", o.testErr)
		}
		line, _, _ = strings.Cut(line, "\n")
		for _, f := range strings.Fields(line) {
			if k, v, ok := strings.Cut(f, "="); ok {
				var n float64
				fmt.Sscan(v, &n)
				b.ReportMetric(n/1000, strings.TrimSuffix(k, "_ns")+"-µs/call")
			}
		}
	}
}

// BenchmarkExample runs cases/unittest-java's two test classes against
// the honest Fraction through the bridge, and reports the run's wall and
// CPU time (the test JVM and the student JVMs; not the builds).
func BenchmarkExample(b *testing.B) {
	k := requireKit(b)
	sc := scenario{
		student: map[string]string{"Fraction.java": honestFraction(b)},
		tests:   exampleTests(b),
		classes: []string{"FractionTest", "FractionHiddenTest"},
	}
	for i := 0; i < b.N; i++ {
		o := k.run(b, sc)
		if o.tests["FractionTest.adds"].status != "passed" {
			b.Fatalf("%v\n%s", o.tests, o.testErr)
		}
		b.ReportMetric(o.wall.Seconds(), "wall-s")
		b.ReportMetric(o.cpu.Seconds(), "cpu-s")
	}
}
