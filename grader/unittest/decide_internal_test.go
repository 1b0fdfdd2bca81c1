package unittest

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/unittest/relay"
	"github.com/cs540-tools/autograder/internal/ruletable"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestDecide: one row per outcome rule, named by the rule; a rule may
// have more rows, each saying what it adds (the rule's order, hidden
// tests, the other framework). TestEveryRuleHasARow holds the rows to
// the rules.
func TestDecide(t *testing.T) {
	const (
		pass     = `<testcase classname="test_p" name="test_b"/>`
		other    = `<testcase classname="test_p" name="test_z"/>`
		assert   = `<testcase classname="test_p" name="test_b"><failure message="AssertionError: got 3">trace</failure></testcase>`
		crash    = `<testcase classname="test_p" name="test_b"><failure message="KeyError: 'x'">trace</failure></testcase>`
		timeout  = `<testcase classname="test_p" name="test_b"><failure message="Failed: Timeout &gt;1.0s">trace</failure></testcase>`
		skipped  = `<testcase classname="test_p" name="test_b"><skipped message="not now"/></testcase>`
		jFail    = `<testcase classname="test_p" name="test_b()"><failure message="expected: &lt;1&gt;" type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: expected: &lt;1&gt;` + "\n\tat org.junit.Assert.fail(Assert.java:1)\n\tat test_p.test_b(test_p.java:3)" + `</failure></testcase>`
		jError   = `<testcase classname="test_p" name="test_b()"><error message="boom" type="java.lang.IllegalStateException">java.lang.IllegalStateException: boom</error></testcase>`
		collect  = `<testcase classname="" name="test_p"><error message="collection failure">test_p.py:3: in &lt;module&gt;` + "\n    S = stats.samples()\nE   NotImplementedError" + `</error></testcase>`
		jTimeout = `<testcase classname="test_p" name="test_b()"><error message="test_b() timed out after 1 second" type="java.util.concurrent.TimeoutException">trace</error></testcase>`
	)
	inv := func(n int, failure string) string {
		return `<testcase classname="test_p" name="test_b(int)[` + strconv.Itoa(n) + `]">` + failure + `</testcase>`
	}
	ok := sandbox.Result{ExitCode: 1}
	died := func(d relay.Died, printed string) []relay.Test {
		return []relay.Test{{ID: "test_p.test_b", Printed: printed, Died: &d}}
	}
	printed := []relay.Test{{ID: "test_p.test_b", Printed: "debug 42\n"}}
	said := func(how, printed string) []relay.Test {
		return []relay.Test{{ID: "test_p.test_b", Printed: printed, Failed: how}}
	}
	timer, assertion := said(relay.FailedTimer, ""), said(relay.FailedAssertion, "")
	wrong := func(feedback, log string) grader.Outcome {
		return grader.Outcome{Judgement: grader.Judgement{Feedback: feedback, Log: log}}
	}
	crashed := func(exit int, stderr string) grader.Outcome {
		return grader.Outcome{Execution: grader.Execution{ExitCode: exit, Stderr: []byte(stderr)}}
	}
	compileMsg := "the instructor's tests do not compile against your classes"
	long := strings.Repeat("x", 9000) + "...(9001 characters)"
	longTrace := "org.opentest4j.AssertionFailedError: but was: <" + long + "\n\tat test_p.test_b(test_p.java:3)"
	longShown := longTrace[:maxShown-maxShownTail] + fmt.Sprintf(clip.Marker, len(longTrace)-maxShown) + longTrace[len(longTrace)-maxShownTail:]
	for _, tc := range []struct {
		rule, also           string
		r                    ran
		hidden, multi, junit bool
		want                 grader.Outcome
		flags                []string
	}{
		{rule: ruleCompile, r: ran{compileLog: "test_p.java:3: error", res: sandbox.Result{ExitCode: 3}},
			want: wrong(compileMsg+":\ntest_p.java:3: error", "")},
		{rule: ruleCompile, also: "hidden: the messages in the TA's log alone", hidden: true, r: ran{compileLog: "test_p.java:3: error"},
			want: wrong(compileMsg+" (the messages of hidden tests are not shown)", "test_p.java:3: error")},
		{rule: ruleLoad, r: ran{loadError: "Calc: the public field x", res: sandbox.Result{ExitCode: 3}},
			want: crashed(1, "Calc: the public field x\n")},
		{rule: ruleLoad, also: "hidden tests see it too", hidden: true, r: ran{loadError: "Calc: the public field x"},
			want: crashed(1, "Calc: the public field x\n")},
		{rule: ruleRunEnded, r: ran{res: sandbox.Result{ExitCode: 3, Stderr: []byte("INTERNALERROR")}, reports: report(pass)},
			want: crashed(3, "the test run ended (exit status 3) before it reported this test\n\nINTERNALERROR")},
		{rule: ruleRunEnded, also: "hidden: the run's stderr not shown", hidden: true, r: ran{res: sandbox.Result{ExitCode: 3, Stderr: []byte("INTERNALERROR")}},
			want: crashed(3, "the test run ended (exit status 3) before it reported this test\n")},
		{rule: ruleRunEnded, also: "a signal", r: ran{res: sandbox.Result{ExitCode: -1, Signal: "killed"}},
			want: grader.Outcome{Execution: grader.Execution{ExitCode: -1, Signal: "killed", Stderr: []byte("the test run was killed by a signal (killed) before it reported this test\n")}}},
		{rule: ruleRunEnded, also: "a limit of the box", r: ran{res: sandbox.Result{ExitCode: -1, Signal: "killed", Limit: sandbox.CPU}, reports: report(pass)},
			want: grader.Outcome{Execution: grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.CPU, Stderr: []byte("the test run was stopped at its " + sandbox.CPU.String() + " limit before it reported this test\n")}}},
		{rule: ruleNoReport, r: ran{res: sandbox.Result{ExitCode: 0}},
			want: crashed(1, "the test run ended (exit status 0) without a readable report (no report): code that ends the process (System.exit, os._exit) ends the tests with it\n")},
		{rule: ruleNoReport, also: "a report cut short", r: ran{res: ok, reports: [][]byte{report(pass)[0][:30]}},
			want: crashed(1, "the test run ended (exit status 1) without a readable report (not a JUnit XML report: XML syntax error on line 1: unexpected EOF): code that ends the process (System.exit, os._exit) ends the tests with it\n")},
		{rule: ruleNoReport, also: "the framework ran to its end: no process ended under it", r: ran{res: ok, done: true, reports: [][]byte{make([]byte, MaxReport+1)}},
			want: crashed(1, "the test run ended (exit status 1) without a readable report (not a JUnit XML report: 8388609 bytes, more than 8388608)\n")},
		{rule: ruleFileFailed, r: ran{res: ok, done: true, reports: report(other, collect)},
			want:  crashed(1, "the test file failed while the tests were collected, so this test did not run: collection failure\n\ntest_p.py:3: in <module>\n    S = stats.samples()\nE   NotImplementedError\n"),
			flags: []string{`pytest (public tests): the report names 1 tests that are not a case of the run's files: "test_p.test_z"`}},
		{rule: ruleFileFailed, also: "hidden: not shown", hidden: true, r: ran{res: ok, done: true, reports: report(collect)},
			want: crashed(1, "the test ended with an exception (a hidden test's messages are not shown)\n")},
		{rule: ruleFileFailed, also: "a parameterized test, its file skipped", multi: true, r: ran{res: ok, done: true, reports: report(`<testcase classname="" name="test_p"><skipped message="collection skipped">no numpy</skipped></testcase>`)},
			want: wrong("the test was skipped, so it did not pass", "collection skipped\n\nno numpy")},
		{rule: ruleUnreported, r: ran{res: ok, done: true, reports: report(other)},
			want:  crashed(1, "the test run did not report this test\n"),
			flags: []string{`pytest (public tests): the report names 1 tests that are not a case of the run's files: "test_p.test_z"`, "pytest (public tests): the report does not name the test test_p.test_b"}},
		{rule: ruleUnreported, also: "the framework done, public: the run's stderr shown", r: ran{res: sandbox.Result{ExitCode: 1, Stderr: []byte("java.lang.OutOfMemoryError")}, done: true, reports: report()},
			want: crashed(1, "the test run did not report this test:\n\njava.lang.OutOfMemoryError\n"), flags: []string{"pytest (public tests): the report does not name the test test_p.test_b"}},
		{rule: ruleUnreported, also: "a parameterized test", multi: true, hidden: true, r: ran{res: sandbox.Result{ExitCode: 1, Stderr: []byte("secret")}, done: true, reports: report()},
			want: crashed(1, "the test run did not report this test\n"), flags: []string{"pytest (hidden tests): the report does not name the test test_p.test_b"}},
		{rule: ruleUnreported, also: "the framework cut short (the test side out of memory): how, and its stderr",
			r:     ran{res: sandbox.Result{ExitCode: 1, Stderr: []byte("java.lang.OutOfMemoryError: Java heap space")}, reports: report()},
			want:  crashed(1, "the test run ended (exit status 1) before it reported this test, its framework cut short:\n\njava.lang.OutOfMemoryError: Java heap space\n"),
			flags: []string{"pytest (public tests): the report does not name the test test_p.test_b"}},
		{rule: ruleUnreported, also: "cut short, hidden: its stderr not shown", hidden: true,
			r:     ran{res: sandbox.Result{ExitCode: 1, Stderr: []byte("java.lang.OutOfMemoryError: Java heap space")}, reports: report()},
			want:  crashed(1, "the test run ended (exit status 1) before it reported this test, its framework cut short\n"),
			flags: []string{"pytest (hidden tests): the report does not name the test test_p.test_b"}},
		{rule: ruleTwice, r: ran{res: ok, reports: report(pass, pass), relayed: died(relay.Died{Why: "ended", Exit: 1}, "")},
			want: crashed(1, "the test run reported this test more than once\n"), flags: []string{"pytest (public tests): the report names the test test_p.test_b 2 times"}},
		{rule: ruleDied, r: ran{res: ok, reports: report(pass), relayed: died(relay.Died{Why: "the student's process ended (exit status 0)"}, "")},
			want: crashed(1, "the student's process ended (exit status 0)\n")},
		{rule: ruleDied, also: "at a limit, what it printed shown", r: ran{res: ok, reports: report(assert), relayed: died(relay.Died{Why: "the student's code ran past its time limit", Limit: "wall", Exit: 137, Signal: "killed"}, "spinning")},
			want: grader.Outcome{Execution: grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.Wall, Stderr: []byte("the student's code ran past its time limit\n\nyour code printed:\nspinning\n")}}},
		{rule: ruleDied, also: "hidden: what it printed not shown", hidden: true, r: ran{res: ok, reports: report(crash), relayed: died(relay.Died{Why: "killed", Exit: -1, Signal: "segmentation fault"}, "secret")},
			want: grader.Outcome{Execution: grader.Execution{ExitCode: -1, Signal: "segmentation fault", Stderr: []byte("killed\n")}}},
		{rule: rulePassed, r: ran{res: ok, reports: report(pass), relayed: printed},
			want: grader.Outcome{Judgement: grader.Judgement{Pass: true}}},
		{rule: rulePassed, also: "a repeated test, every invocation passed", multi: true, junit: true, r: ran{res: ok, reports: report(inv(1, ""), inv(2, ""))},
			want: grader.Outcome{Judgement: grader.Judgement{Pass: true}}},
		{rule: ruleSkipped, r: ran{res: ok, reports: report(skipped)},
			want: wrong("the test was skipped, so it did not pass", "not now")},
		{rule: ruleTimeout, r: ran{res: ok, reports: report(timeout), relayed: timer},
			want: grader.Outcome{Execution: grader.Execution{ExitCode: -1, Limit: grader.Wall, Stderr: []byte("the test ran past its time limit: Failed: Timeout >1.0s\n")}}},
		{rule: ruleTimeout, also: "JUnit's @Timeout, hidden", junit: true, hidden: true, r: ran{res: ok, reports: report(jTimeout), relayed: timer},
			want: grader.Outcome{Execution: grader.Execution{ExitCode: -1, Limit: grader.Wall, Stderr: []byte("the test ran past its time limit\n")}}},
		{rule: ruleTimeout, also: "a JUnit invocation's @Timeout, as the test side said of that invocation", multi: true, junit: true,
			r: ran{res: ok, reports: report(inv(1, ""), inv(2, `<error message="timed out" type="java.util.concurrent.TimeoutException"/>`)),
				relayed: []relay.Test{{ID: "test_p.test_b[1]"}, {ID: "test_p.test_b[2]", Failed: relay.FailedTimer}}},
			want: grader.Outcome{Execution: grader.Execution{ExitCode: -1, Limit: grader.Wall, Stderr: []byte("the test ran past its time limit: timed out\n")}}},
		{rule: ruleException, also: "pytest-timeout's words, the test side silent (the student's text): an exception", r: ran{res: ok, reports: report(timeout)},
			want: crashed(1, "Failed: Timeout >1.0s\n\ntrace\n")},
		{rule: ruleException, also: "a TimeoutException, the test side silent (the student's code threw it): an exception", junit: true, r: ran{res: ok, reports: report(jTimeout)},
			want: crashed(1, "test_b() timed out after 1 second\n\ntrace\n")},
		{rule: ruleException, also: "an AssertionError's words, the test side silent (a student's class named so): an exception", r: ran{res: ok, reports: report(assert)},
			want: crashed(1, "AssertionError: got 3\n\ntrace\n")},
		{rule: ruleException, also: "said an assertion, but an error of setup: an exception", r: ran{res: ok, reports: report(strings.ReplaceAll(assert, "failure", "error")), relayed: assertion},
			want: crashed(1, "AssertionError: got 3\n\ntrace\n")},
		{rule: ruleAssertion, r: ran{res: ok, reports: report(assert), relayed: assertion},
			want: wrong("AssertionError: got 3\n\ntrace", "")},
		{rule: ruleAssertion, also: "public: what the student's code printed shown", r: ran{res: ok, reports: report(assert), relayed: said(relay.FailedAssertion, "debug 42\n")},
			want: wrong("AssertionError: got 3\n\ntrace\n\nyour code printed:\ndebug 42\n", "")},
		{rule: ruleAssertion, also: "hidden: in the TA's log alone, nothing printed shown", hidden: true, r: ran{res: ok, reports: report(assert), relayed: said(relay.FailedAssertion, "debug 42\n")},
			want: wrong("an assertion failed", "AssertionError: got 3\n\ntrace")},
		{rule: ruleAssertion, also: "JUnit: its own frames left out", junit: true, r: ran{res: ok, reports: report(jFail)},
			want: wrong("org.opentest4j.AssertionFailedError: expected: <1>\n\tat test_p.test_b(test_p.java:3)", "")},
		{rule: ruleAssertion, also: "a long message: its start and its end, the trace, kept", junit: true,
			r:    ran{res: ok, reports: report(`<testcase classname="test_p" name="test_b()"><failure message="but was: &lt;` + long + `" type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: but was: &lt;` + long + "\n\tat test_p.test_b(test_p.java:3)" + `</failure></testcase>`)},
			want: wrong(longShown, "")},
		{rule: ruleAssertion, also: "a parameterized test: its first invocation that failed", multi: true, junit: true,
			r:    ran{res: ok, reports: report(inv(1, ""), inv(2, `<failure message="invocation 2"/>`), inv(3, `<failure message="invocation 3"/>`))},
			want: wrong("invocation 2", "")},
		{rule: ruleException, r: ran{res: ok, reports: report(crash), relayed: printed},
			want: crashed(1, "KeyError: 'x'\n\ntrace\n\n\nyour code printed:\ndebug 42\n\n")},
		{rule: ruleException, also: "hidden: not even its type", hidden: true, r: ran{res: ok, reports: report(crash)},
			want: crashed(1, "the test ended with an exception (a hidden test's messages are not shown)\n")},
		{rule: ruleException, also: "JUnit: an error", junit: true, r: ran{res: ok, reports: report(jError)},
			want: crashed(1, "java.lang.IllegalStateException: boom\n")},
	} {
		name := strings.TrimSpace(tc.rule + ": " + tc.also)
		in := groupRun{title: "pytest", hidden: tc.hidden, read: pytestReading, ran: tc.r,
			tests:    []caseTest{{caseID: "unit/test_p.test_b", test: "test_p.test_b", file: "test_p", multi: tc.multi}},
			expected: map[string]bool{"test_p.test_b": true, "test_p": true}}
		if tc.junit {
			in.read = junitReading
		}
		got, flags := decide(in)
		if want := map[string]decision{"unit/test_p.test_b": {rule: tc.rule, Outcome: tc.want}}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", name, got, want)
		}
		if !reflect.DeepEqual(flags, tc.flags) {
			t.Errorf("%s: flags %q, want %q", name, flags, tc.flags)
		}
	}
}

// TestEveryRuleHasARow: each rule decide.go names has a row in TestDecide
// (read from this file), so a rule added without one fails here.
func TestEveryRuleHasARow(t *testing.T) {
	ruletable.Check(t, "decide.go", "decide_internal_test.go", 10)
}
