package unittest

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/cs540-tools/autograder/grader/unittest/relay"
)

// Status is how a reported test ended.
type Status string

// The statuses of a reported test.
const (
	Passed  Status = "passed"
	Failed  Status = "failed"  // an assertion failed
	Errored Status = "errored" // an exception other than an assertion's
	Skipped Status = "skipped"
)

// Reported is one test of a JUnit XML report: its ID, "<class>.<name>"
// ("CalculatorTest.adds", "test_calc.test_add", "test_calc.TestX.test_y"),
// how it ended and, unless it passed, the runner's message and trace.
type Reported struct {
	ID string
	// Invocation is a JUnit invocation's number as the report writes it
	// after the method ("[2]" of "values(int)[2]"), "" for none: its ID
	// in the relay's record is ID+Invocation.
	Invocation string
	Status     Status
	Type       string // the failure's or error's type attribute, when given
	Message    string
	Trace      string
}

// MaxReport is the largest report Parse reads; a larger one is no report.
const MaxReport = 8 << 20

// MaxTests is the most tests a report may hold.
const MaxTests = 10000

// ErrReport marks a report that is not a JUnit XML report.
var ErrReport = errors.New("not a JUnit XML report")

// The elements of a JUnit XML report Parse reads: <testsuites> holding
// <testsuite>s (or one <testsuite> alone), each holding <testcase>s with
// at most one <failure>, <error> or <skipped>.
type xmlCase struct {
	Name      string     `xml:"name,attr"`
	ClassName string     `xml:"classname,attr"`
	Failure   *xmlResult `xml:"failure"`
	Error     *xmlResult `xml:"error"`
	Skipped   *xmlResult `xml:"skipped"`
}

type xmlResult struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// Parse reads a JUnit XML report, as JUnit 5's console launcher and
// pytest's --junitxml write it: every <testcase> in document order, at
// any depth. A test method's parameter types and invocation number are
// dropped from its name (JUnit writes "adds()", "values(int)[2]"): the
// invocations of a parameterized test are reported under its ID, each. A report that is not well-formed XML (a run killed while
// writing it), holds no <testsuite> or <testsuites> root, is larger than
// MaxReport or holds more than MaxTests tests is an error wrapping
// ErrReport.
func Parse(data []byte) ([]Reported, error) {
	if len(data) > MaxReport {
		return nil, fmt.Errorf("%w: %d bytes, more than %d", ErrReport, len(data), MaxReport)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	var (
		out  []Reported
		root string
	)
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrReport, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root == "" {
			root = se.Name.Local
			if root != "testsuites" && root != "testsuite" {
				return nil, fmt.Errorf("%w: the root element is <%s>", ErrReport, root)
			}
			continue
		}
		if se.Name.Local != "testcase" {
			continue
		}
		var c xmlCase
		if err := d.DecodeElement(&c, &se); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrReport, err)
		}
		if len(out) == MaxTests {
			return nil, fmt.Errorf("%w: more than %d tests", ErrReport, MaxTests)
		}
		out = append(out, c.reported())
	}
	if root == "" {
		return nil, fmt.Errorf("%w: empty", ErrReport)
	}
	return out, nil
}

// javaInvocation is a JUnit test method's name as the report writes it:
// "adds()", "values(int)[2]" (an invocation of a parameterized or
// repeated test, a @TestFactory's dynamic test; "sizes()[1][2]" in a
// dynamic container).
var javaInvocation = regexp.MustCompile(`^([A-Za-z_$][\w$]*)\([^()]*\)((?:\[\d+\])*)$`)

// invocationID is an invocation's numbers as the test side names them
// to the relay: "[2]", a dynamic container's test "[1.2]" (the report's
// "[1][2]"); "" for none.
func invocationID(brackets string) string {
	if brackets == "" {
		return ""
	}
	return "[" + strings.ReplaceAll(strings.Trim(brackets, "[]"), "][", ".") + "]"
}

// reported is what a <testcase> says.
func (c xmlCase) reported() Reported {
	name, inv := c.Name, ""
	if m := javaInvocation.FindStringSubmatch(name); m != nil {
		name, inv = m[1], invocationID(m[2])
	}
	r := Reported{ID: name, Invocation: inv, Status: Passed}
	if c.ClassName != "" {
		r.ID = c.ClassName + "." + name
	}
	var res *xmlResult
	switch {
	case c.Error != nil:
		r.Status, res = Errored, c.Error
	case c.Failure != nil:
		r.Status, res = Failed, c.Failure
	case c.Skipped != nil:
		r.Status, res = Skipped, c.Skipped
	}
	if res != nil {
		r.Type, r.Message, r.Trace = res.Type, res.Message, res.Text
	}
	return r
}

// reading is a reported test as its framework reads it: its trace as a
// student reads it, and whether its failure is a failed assertion (wrong)
// or the framework's time limit (timeout).
type reading struct {
	Reported
	wrong, timeout bool
}

// junitReading is how JUnit reports a test, with what the relay recorded
// of it (rt, nil if nothing): a failure (not an error: JUnit's report
// says failure for an AssertionError of the test box's, and none of the
// student's code crosses as one) is a failed assertion; the test side's
// word that JUnit's own timer (@Timeout) fired its time limit, never the
// exception's type, which the student's code can throw; the trace
// without JUnit's frames (javaTrace).
func junitReading(t Reported, rt *relay.Test) reading {
	t.Trace = javaTrace(t.Trace)
	return reading{Reported: t, wrong: t.Status == Failed, timeout: saidFailed(rt, relay.FailedTimer)}
}

// pytestReading is how pytest reports a test, with what the relay
// recorded of it (rt, nil if nothing): a failure the test side said was
// an assertion of the test's (an AssertionError or pytest.fail raised in
// the test box) is a failed assertion, one it said pytest-timeout's timer
// ended its time limit. Never the report's message: its text starts with
// the exception's names and message, which the student's code writes.
func pytestReading(t Reported, rt *relay.Test) reading {
	wrong := t.Status == Failed && saidFailed(rt, relay.FailedAssertion)
	return reading{Reported: t, wrong: wrong, timeout: saidFailed(rt, relay.FailedTimer)}
}

// saidFailed reports whether the test side said the test failed by how.
func saidFailed(rt *relay.Test, how string) bool {
	return rt != nil && rt.Failed == how
}

// javaTrace keeps of a stack trace what a student reads: the exception's
// lines and the frames of the test and the code it calls, without
// JUnit's own frames and the reflection and framework frames that call
// the test method.
func javaTrace(trace string) string {
	var out []string
	below := false // past the test method, in the frames that call it
	for _, line := range strings.Split(trace, "\n") {
		frame := strings.TrimSpace(line)
		switch {
		case !strings.HasPrefix(frame, "at ") && !strings.HasPrefix(frame, "... "):
			below = false
			out = append(out, line)
		case below || strings.HasPrefix(frame, "... "):
		case strings.HasPrefix(frame, "at java.base/jdk.internal.reflect.") || strings.HasPrefix(frame, "at java.base/java.lang.reflect."):
			below = true
		case strings.HasPrefix(frame, "at org.junit.") || strings.HasPrefix(frame, "at org.opentest4j."):
		default:
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
