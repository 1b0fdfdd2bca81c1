package javabridge

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// flowClasses are the test classes of testdata/flow/tests, each the
// subject of a test below.
var flowClasses = []string{"FlowTest", "RunawayTest", "AttackTest", "OutOfTurnTest", "NestingTest"}

var (
	flowOnce sync.Once
	flowOut  *outcome
)

// flowRun runs every class of testdata/flow/tests against the student of
// testdata/flow/student in one run (one build, one test JVM), shared by
// the tests below, which each read their class's part (outcome.of): a
// class's verdicts, frames and student processes are its own whatever
// ran before it, as the bridge resets the student's side between
// classes. RunawayTest runs with its callbacks counted (the limit the
// relay would set), OutOfTurnTest against a fake (lostAnswer).
func flowRun(t *testing.T, class string) *outcome {
	t.Helper()
	k := requireKit(t)
	flowOnce.Do(func() {
		flowOut = k.run(t, scenario{
			student:      readDir(t, filepath.Join("testdata", "flow", "student")),
			tests:        readDir(t, filepath.Join("testdata", "flow", "tests")),
			classes:      flowClasses,
			fakes:        map[string]func(map[string]any) map[string]any{"OutOfTurnTest": lostAnswer()},
			maxCallbacks: map[string]int{"RunawayTest": 300},
		})
	})
	if flowOut == nil {
		t.Fatal("the flow classes' shared run failed (see the first test that ran it)")
	}
	o := flowOut.of(class)
	for id, r := range o.tests {
		t.Logf("%s: %s %s", id, r.status, r.message)
	}
	return o
}

// TestControlFlow: what the student's process throws that is no
// exception of its API (a StackOverflowError, ThreadDeath) reaches the
// test as an Error that says so, never as an exception a test's catch or
// assertThrows of RuntimeException takes; the student's own
// InterruptedException and NoSuchElementException cross as themselves.
func TestControlFlow(t *testing.T) {
	o := flowRun(t, "FlowTest")
	expect(t, o, map[string]string{
		"FlowTest.overflowIsNoRuntimeException":        "failure",
		"FlowTest.overflowIsNoExceptionTheTestCatches": "error",
		"FlowTest.overflowSaysWhatHappened":            "error",
		"FlowTest.threadDeath":                         "error",
		"FlowTest.interruptedAsItself":                 "passed",
		"FlowTest.iteratorEndingEarly":                 "error",
		"FlowTest.afterwards":                          "passed",
		"FlowTest.privateSubclassAsJdk":                "passed",
		"FlowTest.anonymousAsJdk":                      "passed",
		"FlowTest.privateSubclassAsStudents":           "passed",
	})
	for id, want := range map[string]string{
		"FlowTest.overflowSaysWhatHappened": "the student's code threw java.lang.StackOverflowError",
		"FlowTest.threadDeath":              "the student's code threw java.lang.ThreadDeath",
		"FlowTest.iteratorEndingEarly":      "ended early",
	} {
		if m := o.tests[id].message; !strings.Contains(m, want) {
			t.Errorf("%s: message %q, want %q", id, m, want)
		}
	}
	if d := o.tests["FlowTest.iteratorEndingEarly"].detail; !strings.HasPrefix(d, "java.util.NoSuchElementException") {
		t.Errorf("iteratorEndingEarly: %s", d)
	}
}

// TestRunawayCostsOneTest: a test whose ping-pong with the student's
// code runs past the per-test limit (here a count of callbacks, as the
// relay's CPU and wall limits would stop it) fails alone; the class goes
// on with a fresh student process, and a second runaway in the same test
// starts none.
func TestRunawayCostsOneTest(t *testing.T) {
	o := flowRun(t, "RunawayTest")
	expect(t, o, map[string]string{
		"RunawayTest.before": "passed", "RunawayTest.spins": "error", "RunawayTest.between": "passed",
		"RunawayTest.pingPong": "error", "RunawayTest.after": "passed",
		// assertAll gathers both as a failure of its own: the relay's
		// record fails the test whatever the report says
		"RunawayTest.twiceInOneTest": "failure",
	})
	for _, id := range []string{"RunawayTest.spins", "RunawayTest.pingPong", "RunawayTest.twiceInOneTest"} {
		if d := o.tests[id].detail; !strings.Contains(d, "StudentDied") || !strings.Contains(d, "ran past its limit") {
			t.Errorf("%s: %s", id, d)
		}
	}
	// before and spins share one process; between and pingPong the next;
	// twiceInOneTest one, stopped once; after a fourth.
	if o.starts != 4 {
		t.Errorf("%d student processes, want 4", o.starts)
	}
}

// TestExceptionAttacks: a student's exception that lies (equals, hashCode,
// toString, a message and a trace that throw), holds itself, goes round
// in a circle of causes or of fields (identity kept: each crosses once, as
// a handle), nests past the bound (the call fails with BridgeLimit, the
// process goes on), or is named like java.lang's; a test's object
// that cannot cross (a Scanner); a thread that calls back after its call
// returned; a StringBuilder too large to cross (that call fails), kept by
// the student's code and changed after its call (a copy: the test's is
// not changed), or returned where a String is expected (it equals none).
func TestExceptionAttacks(t *testing.T) {
	o := flowRun(t, "AttackTest")
	expect(t, o, map[string]string{
		"AttackTest.selfContainingField": "passed", "AttackTest.fieldHoldsAStudentObject": "passed",
		"AttackTest.liesStayInTheStudentsProcess": "passed", "AttackTest.causeCycle": "passed",
		"AttackTest.pretendsToBeTheJDKs": "failure", "AttackTest.ownExceptionThrownBack": "passed",
		"AttackTest.scannerDoesNotCross": "error", "AttackTest.threadCallsBackLater": "passed",
		"AttackTest.afterwards": "passed", "AttackTest.returnsAThread": "error", "AttackTest.sameProcessAfterwards": "passed",
		"AttackTest.exceptionHierarchy": "passed",
		"AttackTest.ringKeepsIdentity":  "passed", "AttackTest.sharedKeepsIdentity": "passed",
		"AttackTest.chainWithinTheBound": "passed", "AttackTest.chainPastTheBound": "error",
		"AttackTest.nestedPastTheBound": "error", "AttackTest.sameProcessAtTheEnd": "passed",
		"AttackTest.hugeBuilder": "error", "AttackTest.keptBuilderChangedLater": "passed",
		"AttackTest.builderIsNoString": "failure", "AttackTest.builderTakesTheTestsText": "passed",
	})
	for _, id := range []string{"AttackTest.chainPastTheBound", "AttackTest.nestedPastTheBound", "AttackTest.hugeBuilder"} {
		if d := o.tests[id].detail; !strings.Contains(d, "BridgeLimit") || !strings.Contains(d, "too deeply nested") {
			t.Errorf("%s: %s", id, d)
		}
	}
	if m := o.tests["AttackTest.scannerDoesNotCross"].message; !strings.Contains(m, "where the student's code takes a java.util.Scanner") {
		t.Errorf("scannerDoesNotCross: %q", m)
	}
	if d := o.tests["AttackTest.returnsAThread"].detail; !strings.Contains(d, "BridgeLimit") || !strings.Contains(d, "java.lang.Thread, which the bridge cannot carry") {
		t.Errorf("returnsAThread: %s", d)
	}
	// a limit of the bridge is no death: one process for the class
	if o.starts != 1 {
		t.Errorf("%d student processes, want 1", o.starts)
	}
}

// TestLostAnswer: a student process that answers a call further out while
// the test waits for the call it made last (its stack overflowed as it
// answered, deep in a ping-pong of calls and callbacks) has lost that
// answer: the test fails at once as a broken protocol, and the next test
// runs, instead of the test side waiting for what no one sends (the relay
// takes it as not waiting, so no limit of the test's would end the wait:
// the whole class was lost at the run's limit). The fake answers the
// outer call in place of the inner one (lostAnswer).
func TestLostAnswer(t *testing.T) {
	o := flowRun(t, "OutOfTurnTest")
	if o.tests == nil {
		t.Fatalf("no report (the test side waited past the run's limit?); the test JVM said:\n%s", o.testErr)
	}
	expect(t, o, map[string]string{"OutOfTurnTest.lostAnswer": "error", "OutOfTurnTest.afterwards": "passed"})
	if m := o.tests["OutOfTurnTest.lostAnswer"].message; !strings.Contains(m, "broke the bridge protocol") || !strings.Contains(m, "further out") {
		t.Errorf("lostAnswer: %q", m)
	}
}

// lostAnswer is OutOfTurnTest's fake student: its first bounce calls the
// test's function back, and it answers the next bounce (the callback's)
// with the seq of the first, the outer call.
func lostAnswer() func(map[string]any) map[string]any {
	var outer any
	return func(req map[string]any) map[string]any {
		switch {
		case req["name"] == "bounce" && outer == nil:
			outer = req["seq"]
			return map[string]any{"op": "call", "seq": "c0", "self": map[string]any{"handle": 0, "owner": "test"},
				"class": "java.util.function.Function", "name": "apply", "desc": "(Ljava/lang/Object;)Ljava/lang/Object;", "args": []any{0}}
		case req["name"] == "bounce":
			return map[string]any{"re": 5, "seq": outer}
		}
		return map[string]any{"re": 41}
	}
}

// TestNesting: calls between the test and the student's code that nest
// without end (test -> student -> test ...), whether or not the
// student's code catches what each round throws, fail their test at the
// same depth, whatever the machine's speed: the test side says so past
// its bound (64 levels a MiB of -Xss, 1024 with the 16 MiB these tests
// run with; without it, the test died of a stack overflow or a broken
// protocol, or, catching, at a time limit), the student's process is
// stopped, and the next test runs with a fresh one. A test's visitor
// over a chain 1000 deep passes.
func TestNesting(t *testing.T) {
	o := flowRun(t, "NestingTest")
	expect(t, o, map[string]string{
		"NestingTest.visitsAChainAThousandDeep": "passed",
		"NestingTest.forever":                   "error",
		"NestingTest.foreverCatching":           "error",
		"NestingTest.afterwards":                "passed",
	})
	const want = "calls between the test and your code nested more than 1024 deep"
	for _, id := range []string{"NestingTest.forever", "NestingTest.foreverCatching"} {
		if r := o.tests[id]; !strings.Contains(r.message, want) || !strings.Contains(r.detail, "StudentDied") {
			t.Errorf("%s: %q\n%s", id, r.message, r.detail)
		}
	}
	if !slices.Equal(o.depths, []int{1024, 1024}) {
		t.Errorf("nested at %v, want [1024 1024]", o.depths)
	}
	if o.starts != 3 {
		t.Errorf("%d student processes, want 3", o.starts)
	}
}
