package unittest

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/unittest/relay"
	"github.com/cs540-tools/autograder/sandbox"
)

// The fourth stage: each test's outcome, from the group's run, its
// report and the relay's record (decide, a pure function).

// The outcome rules, each named as the table test names its rows. decide
// applies them in this order, the first that holds deciding: the first
// four decide every test of the group alike, the others each test.
const (
	ruleCompile    = "the tests do not compile against the student's classes"
	ruleLoad       = "the bridge cannot offer the student's classes"
	ruleRunEnded   = "the run did not end as a test runner ends"
	ruleNoReport   = "the run wrote no readable report"
	ruleFileFailed = "the report names a failure of the test's file, not the test"
	ruleUnreported = "the report does not name the test"
	ruleTwice      = "the report names the test more than once"
	ruleDied       = "the student's process ended or was stopped in the test"
	rulePassed     = "the report says the test passed"
	ruleSkipped    = "the report says the test was skipped"
	ruleTimeout    = "the framework's time limit"
	ruleAssertion  = "a failed assertion"
	ruleException  = "an exception"
)

// groupRun is a group's run as decide reads it.
type groupRun struct {
	title  string // the framework's, for the TA's flags ("JUnit")
	hidden bool
	tests  []caseTest // the group's cases, in order
	// expected are the tests the run's files declare a case for: the
	// report may name these and no other.
	expected map[string]bool
	read     func(Reported, *relay.Test) reading // the framework's reading of a reported test, with what the relay recorded of it
	ran
}

// caseTest is a case of the group and its test.
type caseTest struct {
	caseID string
	test   string // the test's ID, as the report names it
	// file is the ID under which the report names a failure of the
	// test's file as a whole (pytest's collection error), or "".
	file  string
	multi bool // reported once per invocation
}

// decision is a test's outcome and the rule that gave it.
type decision struct {
	rule string
	grader.Outcome
}

// decide is each case's outcome, by its case's ID, and the TA's flags,
// by the first rule that holds:
//
//  1. the instructor's tests did not compile against the student's
//     classes: every test fails with the compiler's messages (for a
//     hidden test, in the TA's log alone);
//  2. the bridge cannot offer the student's classes to the tests (a
//     public field): every test fails with why, hidden ones too;
//  3. the run ended other than as a test runner ends (exit status 0 or
//     1 on its own): every test fails with how it ended;
//  4. the run wrote no readable report: every test fails (blaming
//     code that ends the process only when the framework did not say
//     it was done);
//  5. the report does not name the test but names a failure of its
//     file as a whole (pytest's collection error: the student's code
//     the test module calls at its import raised, and the file's tests
//     never ran, the other files' tests running on): it fails as that
//     failure (an error: a runtime error, its message and trace the
//     stderr, as rule 13 has it; a skip: rule 10);
//  6. the report does not name the test: it fails, flagged (with how
//     the run ended when the framework did not say it was done, and,
//     public, the run's stderr);
//  7. the report names it more than once (a test that is not
//     parameterized or repeated): it fails, flagged;
//  8. the relay saw the student's process end or be stopped in the test:
//     it fails with that, whatever the report says (a timeout when a
//     limit stopped it);
//  9. the report says it passed: a pass (a parameterized or repeated
//     test passes when every invocation does, and is otherwise read as
//     its first invocation that did not pass);
//  10. it was skipped: a wrong answer;
//  11. the framework's own timer stopped it, as the test side told the
//     relay: a timeout;
//  12. a failed assertion of the test's (the framework's reading, from
//     the report's failure or the test side's word, never its text): a
//     wrong answer, its message and trace the feedback (a hidden test's
//     in the TA's log alone);
//  13. an exception: a runtime error, its message and trace the stderr
//     (a hidden test's not shown at all).
//
// A public test that failed by rules 8 to 13 shows what the student's
// code printed in it. Tests the report names that are no case of the
// group's files are flagged.
func decide(g groupRun) (map[string]decision, []string) {
	out := map[string]decision{}
	if o, rule := decideGroup(g); rule != "" {
		for _, t := range g.tests {
			out[t.caseID] = decision{rule: rule, Outcome: o}
		}
		return out, nil
	}
	reported, _ := parseAll(g.reports)
	what := g.title + " (public tests)"
	if g.hidden {
		what = g.title + " (hidden tests)"
	}
	count := map[string]int{}
	for _, t := range reported {
		count[t.ID]++
	}
	var flags []string
	if extra := extra(g.expected, reported); extra != "" {
		flags = append(flags, what+": "+extra)
	}
	for _, t := range g.tests {
		d := decideTest(g, reported, count[t.test], t)
		switch d.rule {
		case ruleUnreported:
			flags = append(flags, fmt.Sprintf("%s: the report does not name the test %s", what, t.test))
		case ruleTwice:
			flags = append(flags, fmt.Sprintf("%s: the report names the test %s %d times", what, t.test, count[t.test]))
		}
		out[t.caseID] = d
	}
	return out, flags
}

// decideGroup is the outcome every test of the group gets, and its rule,
// when a rule of the whole run holds (rules 1 to 4); "" when none does.
func decideGroup(g groupRun) (grader.Outcome, string) {
	if g.compileLog != "" {
		msg := "the instructor's tests do not compile against your classes"
		if g.hidden {
			return grader.Outcome{Judgement: grader.Judgement{Feedback: msg + " (the messages of hidden tests are not shown)", Log: shorten(g.compileLog)}}, ruleCompile
		}
		return grader.Outcome{Judgement: grader.Judgement{Feedback: msg + ":\n" + shorten(g.compileLog)}}, ruleCompile
	}
	if g.loadError != "" {
		// About the student's own classes, not the tests: shown for hidden
		// tests too.
		return grader.Outcome{Execution: grader.Execution{ExitCode: 1, Stderr: []byte(shorten(g.loadError) + "\n")}}, ruleLoad
	}
	if ex, ended := ended(g.res, g.hidden); !ended {
		return grader.Outcome{Execution: ex}, ruleRunEnded
	}
	_, err := parseAll(g.reports)
	if g.unread != "" {
		err = errors.New(g.unread)
	}
	if err != nil {
		msg := fmt.Sprintf("the test run ended (exit status %d) without a readable report (%v)", g.res.ExitCode, err)
		if !g.done {
			// The framework never said it was done: the process ended
			// under it.
			msg += ": code that ends the process (System.exit, os._exit) ends the tests with it"
		}
		msg += "\n"
		return grader.Outcome{Execution: grader.Execution{ExitCode: max(g.res.ExitCode, 1), Stderr: []byte(msg)}}, ruleNoReport
	}
	return grader.Outcome{}, ""
}

// decideTest is a test's outcome from a readable report that names it n
// times (rules 5 to 13).
func decideTest(g groupRun, reported []Reported, n int, t caseTest) decision {
	switch {
	case n == 0 && t.file != "" && find(reported, t.file).ID != "":
		return fileFailed(g, find(reported, t.file), t)
	case n == 0:
		return decision{ruleUnreported, failed(unreported(g))}
	case n > 1 && !t.multi:
		return decision{ruleTwice, failed("the test run reported this test more than once")}
	}
	rep := find(reported, t.test)
	if t.multi {
		rep = allOf(reported, t.test)
	}
	rt := relayedTest(g.relayed, t.test+rep.Invocation) // a JUnit invocation's own record
	o, rule := outcomeOf(g.read(rep, rt), g.hidden)
	return withStudent(decision{rule, o}, rt, g.hidden)
}

// fileFailed is the outcome of a test whose file failed as a whole,
// as the report names that failure (f): the test's own, the message
// saying why it did not run (rule 5).
func fileFailed(g groupRun, f Reported, t caseTest) decision {
	f.ID = t.test
	if f.Status == Errored {
		f.Message = "the test file failed while the tests were collected, so this test did not run: " + f.Message
	}
	o, _ := outcomeOf(g.read(f, nil), g.hidden)
	return decision{ruleFileFailed, o}
}

// unreported says why a test the report does not name failed: when the
// framework did not say it was done, the run ended under it (a test
// ended the process) with the exit status; for public tests, what the
// run wrote on stderr follows, which says how (the test side ran out of
// memory, its framework's report writer among what failed).
func unreported(g groupRun) string {
	msg := "the test run did not report this test"
	if !g.done {
		msg = fmt.Sprintf("the test run ended (exit status %d) before it reported this test, its framework cut short", g.res.ExitCode)
	}
	if !g.hidden && len(g.res.Stderr) > 0 {
		msg += ":\n\n" + shorten(string(g.res.Stderr))
	}
	return msg
}

// failed is the outcome of a test the run did not report as it must.
func failed(why string) grader.Outcome {
	return grader.Outcome{Execution: grader.Execution{ExitCode: 1, Stderr: []byte(why + "\n")}}
}

// extra says which tests the report names that are not expected ("" when
// none).
func extra(expected map[string]bool, reported []Reported) string {
	var extra []string
	seen := map[string]bool{}
	for _, t := range reported {
		if !expected[t.ID] && !expected[declaredID(t.ID)] && !seen[t.ID] {
			seen[t.ID] = true
			extra = append(extra, fmt.Sprintf("%q", shorten(t.ID)))
		}
	}
	if len(extra) == 0 {
		return ""
	}
	return fmt.Sprintf("the report names %d tests that are not a case of the run's files: %s", len(extra), shorten(strings.Join(extra, ", ")))
}

// ended says whether a group's run ended on its own, as a test runner
// ends (status 0: every test passed; 1: some failed); if not, the
// execution every test of it gets.
func ended(res sandbox.Result, hidden bool) (grader.Execution, bool) {
	if res.Limit == sandbox.None && res.Signal == "" && (res.ExitCode == 0 || res.ExitCode == 1) {
		return grader.Execution{}, true
	}
	ex := grader.Execution{ExitCode: res.ExitCode, Signal: res.Signal, Limit: res.Limit}
	msg := fmt.Sprintf("the test run ended (exit status %d) before it reported this test", res.ExitCode)
	if res.Signal != "" {
		msg = "the test run was killed by a signal (" + res.Signal + ") before it reported this test"
	}
	if ex.Limit != grader.None {
		msg = "the test run was stopped at its " + res.Limit.String() + " limit before it reported this test"
	}
	ex.Stderr = []byte(msg + "\n")
	if !hidden && len(res.Stderr) > 0 {
		ex.Stderr = append(ex.Stderr, "\n"+shorten(string(res.Stderr))...)
	}
	return ex, false
}

// parseAll reads every report of a run; none is an error.
func parseAll(reports [][]byte) ([]Reported, error) {
	if len(reports) == 0 {
		return nil, errors.New("no report")
	}
	var all []Reported
	for _, r := range reports {
		got, err := Parse(r)
		if err != nil {
			return nil, err
		}
		all = append(all, got...)
	}
	return all, nil
}

// allOf is how the invocations of a parameterized or repeated test went
// together: the first that did not pass, else a pass.
func allOf(rs []Reported, id string) Reported {
	for _, r := range rs {
		if r.ID == id && r.Status != Passed {
			return r
		}
	}
	return find(rs, id)
}

func find(rs []Reported, id string) Reported {
	for _, r := range rs {
		if r.ID == id {
			return r
		}
	}
	return Reported{}
}

// outcomeOf is the outcome of a reported test, and its rule (9 to 13): a
// pass; a skipped test a wrong answer; a timeout; a failed assertion a
// wrong answer, with the message and trace as feedback; an exception a
// runtime error, with them as its stderr. A hidden test's message and
// trace go to the TA's log alone, or, for an exception, nowhere.
func outcomeOf(t reading, hidden bool) (grader.Outcome, string) {
	text := strings.TrimSpace(t.Message)
	switch tr := strings.TrimSpace(t.Trace); {
	case tr == "":
	case strings.Contains(tr, text):
		text = tr
	default:
		text += "\n\n" + tr
	}
	text = shorten(steady(text))
	switch {
	case t.Status == Passed:
		return grader.Outcome{Judgement: grader.Judgement{Pass: true}}, rulePassed
	case t.Status == Skipped:
		return grader.Outcome{Judgement: grader.Judgement{Feedback: "the test was skipped, so it did not pass", Log: text}}, ruleSkipped
	case t.timeout:
		msg := "the test ran past its time limit"
		if !hidden {
			msg += ": " + firstLine(steady(t.Message))
		}
		return grader.Outcome{Execution: grader.Execution{ExitCode: -1, Limit: grader.Wall, Stderr: []byte(msg + "\n")}}, ruleTimeout
	case t.wrong && hidden:
		return grader.Outcome{Judgement: grader.Judgement{Feedback: "an assertion failed", Log: text}}, ruleAssertion
	case t.wrong:
		return grader.Outcome{Judgement: grader.Judgement{Feedback: text}}, ruleAssertion
	case hidden:
		// Not even the exception's type: code that read the hidden tests
		// in its box could name a class after what it read.
		return grader.Outcome{Execution: grader.Execution{ExitCode: 1, Stderr: []byte("the test ended with an exception (a hidden test's messages are not shown)\n")}}, ruleException
	}
	return grader.Outcome{Execution: grader.Execution{ExitCode: 1, Stderr: []byte(text + "\n")}}, ruleException
}

// maxShown bounds a test's message and trace as a case keeps them (the
// bridges' cut of a message, 8192 characters, too: Cap.MAX in Java's
// test side, MAX_REPR in Python's), of which maxShownTail is their end.
const (
	maxShown     = 8 << 10
	maxShownTail = 2 << 10
)

// pyAddress and javaAddress are what the default string of an object
// holds that differs from run to run: Python's "<Fraction object at
// 0x7f3a9c2b1e50>" or "<function f at 0x7f...>", Java's
// "Fraction@1b6d3586" or "[I@1b6d3586" (a class, or an array's type, and
// its identity hash).
var (
	pyAddress   = regexp.MustCompile(`( at )0x[0-9a-fA-F]+>`)
	javaAddress = regexp.MustCompile(`(\[+L[\w$.]+;|\[+[BCDFIJSZ]|\b(?:[a-z_$][\w$]*\.)*[A-Z][\w$]*)@[0-9a-f]{5,8}\b`)
)

// steady is a test's message with every such address written alike, so
// that the same submission gets the same report on every grading.
func steady(text string) string {
	text = pyAddress.ReplaceAllString(text, "${1}0x…>")
	return javaAddress.ReplaceAllString(text, "${1}@…")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// shorten keeps of s at most maxShown bytes, its start and its last
// maxShownTail bytes (a long message's end, the trace after it), on
// character boundaries, as package clip cuts a program's output ("… N
// bytes left out …" between them when it cut).
func shorten(s string) string {
	if len(s) <= maxShown {
		return s
	}
	return strings.ToValidUTF8(clip.Excerpt([]byte(s), maxShown-maxShownTail, maxShownTail), "")
}

// relayedTest is what the student's side did in the test id, nil when
// the run was not relayed or the test made no call.
func relayedTest(ts []relay.Test, id string) *relay.Test {
	for i := range ts {
		if ts[i].ID == id {
			return &ts[i]
		}
	}
	return nil
}

// withStudent completes a reported test's decision with what the relay
// saw of the student's side in it: a test in which a call was answered
// with the student's process ended or stopped fails with that as its
// verdict (rule 7; a timeout when a limit stopped it), whatever the
// report says; a public test that failed shows what the student's code
// printed in it.
func withStudent(d decision, t *relay.Test, hidden bool) decision {
	o := d.Outcome
	if t == nil || o.Judgement.Pass && t.Died == nil {
		return d
	}
	printed := ""
	if !hidden && strings.TrimSpace(t.Printed) != "" {
		printed = "\n\nyour code printed:\n" + strings.ToValidUTF8(t.Printed, "\uFFFD")
	}
	if died := t.Died; died != nil {
		ex := grader.Execution{ExitCode: died.Exit, Signal: died.Signal, Limit: diedLimit(died.Limit)}
		if ex.ExitCode == 0 {
			ex.ExitCode = 1
		}
		if ex.Limit != grader.None {
			ex.ExitCode = -1
		}
		ex.Stderr = []byte(died.Why + printed + "\n")
		return decision{ruleDied, grader.Outcome{Execution: ex}}
	}
	switch {
	case printed == "":
	case o.Judgement.Feedback != "" && len(o.Execution.Stderr) == 0:
		o.Judgement.Feedback += printed
	case len(o.Execution.Stderr) > 0:
		o.Execution.Stderr = append(o.Execution.Stderr, printed+"\n"...)
	}
	return decision{d.rule, o}
}

// diedLimit is the limit an 'X' frame names.
func diedLimit(l string) grader.Limit {
	switch l {
	case "cpu":
		return grader.CPU
	case "wall":
		return grader.Wall
	case "memory":
		return grader.Memory
	case "output":
		return grader.Output
	case "processes":
		return grader.Procs
	}
	return grader.None
}
