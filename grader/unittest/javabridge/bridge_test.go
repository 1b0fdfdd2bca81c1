package javabridge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// exampleTests are the instructor's files of cases/unittest-java.
func exampleTests(t *testing.T) map[string]string {
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

func honestFraction(t *testing.T) string {
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

func TestExampleHonest(t *testing.T) {
	k := requireKit(t)
	o := k.run(t, scenario{
		student: map[string]string{"Fraction.java": honestFraction(t)},
		tests:   exampleTests(t),
		classes: []string{"FractionTest", "FractionHiddenTest"},
	})
	expect(t, o, map[string]string{
		"FractionTest.keepsLowestTerms": "passed", "FractionTest.adds": "passed",
		"FractionTest.multiplies": "passed", "FractionTest.rejectsZeroDenominator": "passed",
		"FractionTest.sentinel": "failure",
		"FractionHiddenTest.reducesOnCreation": "passed", "FractionHiddenTest.reducesNegatives": "passed",
		"FractionHiddenTest.addsToWhole": "passed", "FractionHiddenTest.sentinel": "failure",
	})
	if m := o.tests["FractionTest.sentinel"].message; !strings.Contains(m, "the fraction, as toString writes it") || !strings.Contains(m, "1/2") {
		t.Errorf("sentinel's message %q", m)
	}
}
