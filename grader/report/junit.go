package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
)

// The JUnit XML that CI systems read (GitHub's test reporters, GitLab,
// Jenkins): <testsuites> with one <testsuite> per part.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Classname string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Time      string        `xml:"time,attr,omitempty"`
	Failure   *junitProblem `xml:"failure"`
	Error     *junitProblem `xml:"error"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"` // xmlSafe: kept readable, line by line
}

// JUnit is one submission's result as JUnit XML: a <testsuite> per rubric
// part (named "<part id>: <part name>"), a <testcase classname="<part id>"
// name="<case id>"> per case run. A case the program failed has a
// <failure type="<verdict>"> whose message is one line ("wrong-answer:
// first difference at line 11") and whose text is the command line and
// the details: the first difference and the diff, the rule broken, the
// judge's message and the output it judged (a checker's), the known
// mistake, stderr; a submission that did not build has each case
// fail with the compiler's message. A case the grader failed to run is an
// <error>, not a failure. Times are given only when the result has them.
func JUnit(a *grader.Assignment, r grader.Result) ([]byte, error) {
	doc := junitSuites{Name: a.Rubric.Name}
	for _, p := range a.Rubric.Parts {
		s := junitSuite{Name: fmt.Sprintf("%s: %s", p.ID, p.Name)}
		testsJUnit(&s, r, p.ID)
		for _, c := range r.Cases {
			if c.Part != p.ID {
				continue
			}
			tc := junitCase{Classname: p.ID, Name: c.ID}
			if c.TimeMS != nil {
				tc.Time = fmt.Sprintf("%.3f", float64(*c.TimeMS)/1000)
			}
			if !c.Full() { // a pass with part of its credit lost points too
				pr := &junitProblem{Type: string(c.Verdict), Message: junitMessage(a, r, c), Text: xmlSafe(junitText(a, r, c))}
				if c.Verdict == grader.GraderFailure {
					tc.Error = pr
					s.Errors++
				} else {
					tc.Failure = pr
					s.Failures++
				}
			}
			s.Tests++
			s.Cases = append(s.Cases, tc)
		}
		if s.Tests == 0 {
			continue
		}
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
		doc.Suites = append(doc.Suites, s)
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	buf.WriteString("\n")
	return buf.Bytes(), nil
}

// junitMessage is a failure's one-line message.
func junitMessage(a *grader.Assignment, r grader.Result, c grader.CaseResult) string {
	v, e := string(c.Verdict), explain(a, c)
	switch {
	case c.Verdict == grader.GraderFailure:
		return v + ": " + e.Verdict
	case !ran(r):
		return v + ": " + r.Status.Describe()
	case c.Verdict == grader.Pass:
		return v + ": " + e.Credit
	}
	return v + ": " + e.Reason
}

// junitText is a failure's text: the command, then what went wrong.
func junitText(a *grader.Assignment, r grader.Result, c grader.CaseResult) string {
	var b strings.Builder
	b.WriteString(a.Command(c) + "\n")
	if n := a.CaseNote(c.ID); n != "" {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	if !ran(r) || c.Verdict == grader.GraderFailure {
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "note: %s\n", n)
		}
		if r.BuildLog != "" {
			fmt.Fprintf(&b, "compile error:\n%s\n", strings.TrimRight(r.BuildLog, "\n"))
		}
		return b.String()
	}
	failureText(&b, a, r, c)
	return b.String()
}

// xmlSafe replaces what XML 1.0 cannot hold (control characters but tab,
// newline and carriage return; bytes that are not UTF-8; U+FFFE, U+FFFF)
// with U+FFFD, and shows a character that acts on how text is shown (a
// bidi override) by its code, as a terminal does. The encoder escapes
// attributes itself, but writes CDATA as it is.
func xmlSafe(s string) string {
	var b strings.Builder
	for i, r := range s {
		ok := r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
		if r == utf8.RuneError {
			_, size := utf8.DecodeRuneInString(s[i:])
			ok = size > 1
		}
		switch {
		case ok && r >= utf8.RuneSelf && escape.Hidden(r):
			fmt.Fprintf(&b, "<U+%04X>", r) // a bidi override, shown as such
		case ok:
			b.WriteRune(r)
		default:
			b.WriteRune(utf8.RuneError)
		}
	}
	return b.String()
}

// ran reports whether r's cases ran, so that their verdicts are the
// program's: it was graded, or the grader failed to judge some of its
// cases (the others' verdicts stand).
func ran(r grader.Result) bool {
	return r.Status == grader.Graded || r.Status == grader.StatusFailed && len(r.Parts) > 0
}

// testsJUnit adds to s a test case per student test of the tests part id
// of r (none for another part): failed when the test is invalid, with why.
func testsJUnit(s *junitSuite, r grader.Result, id string) {
	for _, p := range r.Parts {
		if p.ID != id || p.Tests == nil {
			continue
		}
		for _, t := range p.Tests.Tests {
			tc := junitCase{Classname: id, Name: xmlSafe(t.Name)}
			if !t.Valid {
				tc.Failure = &junitProblem{Type: "invalid-test", Message: xmlSafe(t.Why), Text: xmlSafe(t.Why)}
				s.Failures++
			}
			s.Tests++
			s.Cases = append(s.Cases, tc)
		}
	}
}
