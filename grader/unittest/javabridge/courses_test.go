package javabridge

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// courseClasses are the test classes of testdata/courses: assignments
// written the way courses write them (a bank with a checked exception
// that carries a value, a generic stack with an iterator, records and
// streams, an interface with default methods, enums and equal cards, a
// seeded shuffle, recursion, callbacks, a grade book's formatted report,
// an exception with a public field and a cause, an Iterable range, a
// matrix of arrays, a bag that implements the interface the handout
// gives, a library loan's dates, a playlist that extends ArrayList, word
// counts that extend TreeMap, friends that extend HashMap, versions that
// implement Comparable, a hash map and set of the student's own keyed by
// the instructor's record and class, a receipt written into the test's
// StringBuilders).
var courseClasses = []string{"BankTest", "ArrayStackTest", "InventoryTest", "ShapeTest", "DeckTest",
	"RecursionTest", "EventBusTest", "GradeBookTest", "AgeParserTest", "RangeTest", "MatrixTest", "BagTest", "LoanTest", "SchedulerTest",
	"RingBufferTest", "PolynomialTest", "RosterTest", "ShelterTest", "CatalogueTest", "GraphTest", "GenericsTest", "ThermostatTest", "ConfigTest", "PuzzlesTest", "LedgerTest", "CollectionsTest", "MyHashTest", "ReceiptTest"}

// score is each test class's share of passed tests, as a part's points
// would be.
func score(o *outcome) map[string]string {
	passed, all := map[string]int{}, map[string]int{}
	for id, r := range o.tests {
		class, _, _ := strings.Cut(id, ".")
		all[class]++
		if r.status == "passed" {
			passed[class]++
		}
	}
	out := map[string]string{}
	for c, n := range all {
		out[c] = strings.Repeat("+", passed[c]) + strings.Repeat("-", n-passed[c])
	}
	return out
}

// runHandIn runs the tests of testdata/SET/tests, test classes classes,
// on the hand-in of testdata/SET/student, its files replaced by those of
// testdata/SET/wrong when wrong, failing the test when no report came.
func runHandIn(t *testing.T, set string, wrong bool, classes []string) *outcome {
	t.Helper()
	k := requireKit(t)
	student := readDir(t, filepath.Join("testdata", set, "student"))
	if wrong {
		for f, s := range readDir(t, filepath.Join("testdata", set, "wrong")) {
			student[f] = s
		}
	}
	o := k.run(t, scenario{student: student, tests: readDir(t, filepath.Join("testdata", set, "tests")), classes: classes})
	if o.tests == nil {
		t.Fatalf("no report; the test JVM said:\n%s", o.testErr)
	}
	return o
}

// TestCoursesHonest: every test of every honest hand-in passes.
func TestCoursesHonest(t *testing.T) {
	o := runHandIn(t, "courses", false, courseClasses)
	var ids []string
	for id := range o.tests {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if r := o.tests[id]; r.status != "passed" {
			t.Errorf("%s: %s: %s\n%s", id, r.status, r.message, r.detail)
		}
	}
	if len(o.tests) < 60 {
		t.Errorf("%d tests in the report, want every one of the courses' (%v)", len(o.tests), score(o))
	}
	t.Logf("scores: %v; %d tests, %d student processes, run wall %v, CPU %v (both JVMs)", score(o), len(o.tests), o.starts, o.wall, o.cpu)
}

// TestCoursesWrong: hand-ins with one mistake each get exactly the tests
// that mistake fails, and every other test of theirs passes.
func TestCoursesWrong(t *testing.T) {
	o := runHandIn(t, "courses", true, courseClasses)
	failing := map[string]bool{
		// the shortfall is the amount asked, not what is missing
		"BankTest.withdrawReportsShortfall": true, "BankTest.caughtAsException": true, "BankTest.transferFailsWithoutChange": true,
		// next() past the end returns null
		"ArrayStackTest.exhaustedIterator": true,
		// the step is ignored
		"RangeTest.forEachLoop": true, "RangeTest.containsAll": true,
		// the cause is dropped
		"AgeParserTest.textIsNoAge": true,
		// a negative power is 0
		"RecursionTest.power": true,
		// hashCode over a field equals does not compare
		"RosterTest.sameIdIsTheSameStudent": true,
		// the derivative forgets the power
		"PolynomialTest.derivativeAndText": true, "PolynomialTest.newtonFindsTheRoot": true,
		// the iterator starts at the array's start, not the head
		"RingBufferTest.firstInFirstOut": true,
		// repeated letters give repeated permutations
		"PuzzlesTest.permutationsWithoutRepeats": true,
		// lines counted from 0
		"ConfigTest.lineOfTheMistake": true, "ConfigTest.duplicateKey": true,
	}
	for id, r := range o.tests {
		if failing[id] != (r.status != "passed") {
			t.Errorf("%s: %s: %s", id, r.status, r.message)
		}
	}
	got := score(o)
	for class, want := range map[string]string{"BankTest": "++++++++++---", "ArrayStackTest": "+++++-",
		"RangeTest": "++++--", "AgeParserTest": "++++-", "RecursionTest": "+++++++-", "InventoryTest": "++++++++",
		"RosterTest": "+++++-", "PolynomialTest": "++++--", "RingBufferTest": "++++-", "PuzzlesTest": "++++-",
		"ConfigTest": "+++--", "ShelterTest": "+++++", "SchedulerTest": "++++++++"} {
		if got[class] != want {
			t.Errorf("%s: %s, want %s", class, got[class], want)
		}
	}
}
