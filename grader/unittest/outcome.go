package unittest

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/unittest/relay"
	"github.com/cs540-tools/autograder/sandbox"
)

// maxShown bounds a test's message and trace as a case keeps them.
const maxShown = 8 << 10

// outcomes gives each case of the group its outcome from the group's run
// and returns the TA's flags. A test passes only when the run ended on its
// own, wrote a report, and the report names the test once, passed (and
// the relay saw the student's process answer every call of it).
func (j *Judge) outcomes(g group, r ran, out map[string]grader.Outcome) []string {
	o, whole := runOutcome(g, r)
	if !whole {
		reported, _ := parseAll(r.reports)
		return j.reportOutcomes(g, r, reported, out)
	}
	for _, c := range g.cases {
		out[c.ID] = o
	}
	return nil
}

// runOutcome is the outcome every test of the group gets when the run
// decides them all (whole): the tests did not compile, the run did not
// end as a test runner ends, or it wrote no readable report.
func runOutcome(g group, r ran) (o grader.Outcome, whole bool) {
	if r.compileLog != "" {
		msg := "the instructor's tests do not compile against your classes"
		if g.hidden {
			return grader.Outcome{Judgement: grader.Judgement{Feedback: msg + " (the messages of hidden tests are not shown)", Log: shorten(r.compileLog)}}, true
		}
		return grader.Outcome{Judgement: grader.Judgement{Feedback: msg + ":\n" + shorten(r.compileLog)}}, true
	}
	if r.loadError != "" {
		// About the student's own classes, not the tests: shown for hidden
		// tests too.
		return grader.Outcome{Execution: grader.Execution{ExitCode: 1, Stderr: []byte(shorten(r.loadError) + "\n")}}, true
	}
	if ex, ended := ended(r.res, g.hidden); !ended {
		return grader.Outcome{Execution: ex}, true
	}
	if _, err := parseAll(r.reports); err != nil {
		msg := fmt.Sprintf("the test run ended (exit status %d) without a readable report (%v): code that ends the process (System.exit, os._exit) ends the tests with it\n", r.res.ExitCode, err)
		return grader.Outcome{Execution: grader.Execution{ExitCode: max(r.res.ExitCode, 1), Stderr: []byte(msg)}}, true
	}
	return grader.Outcome{}, false
}

// reportOutcomes gives each case of the group its outcome from a report
// read: its test's, unless the report names the test other than once.
func (j *Judge) reportOutcomes(g group, r ran, reported []Reported, out map[string]grader.Outcome) []string {
	what := j.fw.title() + " (public tests)"
	if g.hidden {
		what = j.fw.title() + " (hidden tests)"
	}
	count := map[string]int{}
	for _, t := range reported {
		count[t.ID]++
	}
	var flags []string
	if extra := j.extra(g, reported); extra != "" {
		flags = append(flags, what+": "+extra)
	}
	for _, c := range g.cases {
		id := j.tests[c.ID].id
		if j.tests[c.ID].multi && count[id] > 0 {
			out[c.ID] = withStudent(j.fw.outcome(allOf(reported, id), g.hidden), relayedTest(r.relayed, id), g.hidden)
			continue
		}
		switch count[id] {
		case 0:
			flags = append(flags, fmt.Sprintf("%s: the report does not name the test %s", what, id))
			out[c.ID] = failed("the test run did not report this test")
		case 1:
			out[c.ID] = withStudent(j.fw.outcome(find(reported, id), g.hidden), relayedTest(r.relayed, id), g.hidden)
		default:
			flags = append(flags, fmt.Sprintf("%s: the report names the test %s %d times", what, id, count[id]))
			out[c.ID] = failed("the test run reported this test more than once")
		}
	}
	return flags
}

// failed is the outcome of a test the run did not report as it must.
func failed(why string) grader.Outcome {
	return grader.Outcome{Execution: grader.Execution{ExitCode: 1, Stderr: []byte(why + "\n")}}
}

// extra says which tests the report names that are not a case of the
// group's files ("" when none).
func (j *Judge) extra(g group, reported []Reported) string {
	expected := j.expected(g)
	var extra []string
	seen := map[string]bool{}
	for _, t := range reported {
		if _, ok := expected[t.ID]; !ok && !seen[t.ID] {
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

// expected are the tests the group's run must report: the planned cases'
// tests of the group's files.
func (j *Judge) expected(g group) map[string]bool {
	known := map[string]bool{}
	for _, t := range j.tests {
		known[t.id] = true
	}
	out := map[string]bool{}
	for _, t := range j.tests {
		if slices.ContainsFunc(g.files, func(s source) bool { return s.name == t.file }) {
			out[t.id] = false
		}
	}
	return out
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

// outcomeOf is the usual outcome of a reported test: a pass; a failed
// assertion a wrong answer, with the message and trace as feedback; an
// exception a runtime error, with them as its stderr; a skipped test a
// wrong answer. A hidden test's message and trace go to the TA's log
// alone, or, for an exception, nowhere.
func outcomeOf(t Reported, wrong, timeout bool, hidden bool) grader.Outcome {
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
		return grader.Outcome{Judgement: grader.Judgement{Pass: true}}
	case t.Status == Skipped:
		return grader.Outcome{Judgement: grader.Judgement{Feedback: "the test was skipped, so it did not pass", Log: text}}
	case timeout:
		msg := "the test ran past its time limit"
		if !hidden {
			msg += ": " + firstLine(steady(t.Message))
		}
		return grader.Outcome{Execution: grader.Execution{ExitCode: -1, Limit: grader.Wall, Stderr: []byte(msg + "\n")}}
	case wrong && hidden:
		return grader.Outcome{Judgement: grader.Judgement{Feedback: "an assertion failed", Log: text}}
	case wrong:
		return grader.Outcome{Judgement: grader.Judgement{Feedback: text}}
	case hidden:
		// Not even the exception's type: code that read the hidden tests
		// in its box could name a class after what it read.
		return grader.Outcome{Execution: grader.Execution{ExitCode: 1, Stderr: []byte("the test ended with an exception (a hidden test's messages are not shown)\n")}}
	}
	return grader.Outcome{Execution: grader.Execution{ExitCode: 1, Stderr: []byte(text + "\n")}}
}

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

// shorten keeps the start of s, at most maxShown bytes, on a character
// boundary, as package clip cuts a program's output ("… N bytes left
// out …" after it when it cut).
func shorten(s string) string {
	if len(s) <= maxShown {
		return s
	}
	return strings.ToValidUTF8(clip.Excerpt([]byte(s), maxShown, 0), "")
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

// withStudent completes a reported test's outcome with what the relay saw
// of the student's side in it: a test in which a call was answered with
// the student's process ended or stopped fails with that as its verdict
// (a timeout when a limit stopped it), whatever the report says; a public
// test that failed shows what the student's code printed in it.
func withStudent(o grader.Outcome, t *relay.Test, hidden bool) grader.Outcome {
	if t == nil || o.Judgement.Pass && t.Died == nil {
		return o
	}
	printed := ""
	if !hidden && strings.TrimSpace(t.Printed) != "" {
		printed = "\n\nyour code printed:\n" + strings.ToValidUTF8(t.Printed, "\uFFFD")
	}
	if d := t.Died; d != nil {
		ex := grader.Execution{ExitCode: d.Exit, Signal: d.Signal, Limit: diedLimit(d.Limit)}
		if ex.ExitCode == 0 {
			ex.ExitCode = 1
		}
		if ex.Limit != grader.None {
			ex.ExitCode = -1
		}
		ex.Stderr = []byte(d.Why + printed + "\n")
		return grader.Outcome{Execution: ex}
	}
	switch {
	case printed == "":
	case o.Judgement.Feedback != "" && len(o.Execution.Stderr) == 0:
		o.Judgement.Feedback += printed
	case len(o.Execution.Stderr) > 0:
		o.Execution.Stderr = append(o.Execution.Stderr, printed+"\n"...)
	}
	return o
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
