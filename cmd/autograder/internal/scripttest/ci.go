package scripttest

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/rogpeppe/go-internal/testscript"
)

// cmdGsresults checks a Gradescope results.json against Gradescope's
// documented schema (report.ValidateGradescope: the documented keys only,
// each of its type, status passed or failed, a known visibility), and
// beyond it that every test scores nothing or its max_score and that the
// max_scores add up to the rubric's total given; then it prints the file
// in lines for stdout assertions:
//
//	score 42.5
//	tests 144 max 60
//	passed 120 failed 10
//	visible 24 after_due_date 106
//	failed e/public-04: java EightQueen 501 ... 0/2.5 visible
//	output <each line of the top-level output>
func cmdGsresults(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: gsresults FILE TOTAL")
	}
	data := []byte(ts.ReadFile(args[0]))
	if err := report.ValidateGradescope(data); err != nil {
		ts.Fatalf("%s breaks Gradescope's schema: %v", args[0], err)
	}
	var g report.GradescopeResults
	ts.Check(json.Unmarshal(data, &g))
	var total float64
	_, err := fmt.Sscan(args[1], &total)
	ts.Check(err)
	var b strings.Builder
	fmt.Fprintf(&b, "score %v\n", g.Score)
	max := 0.0
	status := map[string]int{}
	vis := map[string]int{}
	var failedLines []string
	var cents int64 // the tests' scores, which add up to the score exactly (issue 28, item 5)
	for _, t := range g.Tests {
		max += t.MaxScore
		status[t.Status]++
		vis[t.Visibility]++
		cents += grader.Cents(t.Score)
		deduction := strings.HasPrefix(t.Name, "deductions") && t.MaxScore == 0 && t.Score < 0
		if t.Name == "rounding to the cent" {
			// The cents between the tests and the parts' rounded scores.
			if t.MaxScore != 0 || math.Abs(t.Score) > 0.01*float64(len(g.Tests)) {
				ts.Fatalf("rounding %v of %v", t.Score, t.MaxScore)
			}
			fmt.Fprintf(&b, "rounding %v %s\n", t.Score, t.Visibility)
			continue
		}
		if t.Score != 0 && t.Score != t.MaxScore && !deduction {
			ts.Fatalf("test %q scores %v of %v", t.Name, t.Score, t.MaxScore)
		}
		fmt.Fprintf(&b, "test %s %v/%v %s\n", t.Name, t.Score, t.MaxScore, t.Status)
		if t.Status == "failed" {
			failedLines = append(failedLines, fmt.Sprintf("failed %s %v/%v %s", t.Name, t.Score, t.MaxScore, t.Visibility))
		}
	}
	if len(g.Tests) > 0 && math.Abs(max-total) > 1e-6 {
		ts.Fatalf("the tests' max_score add up to %v, not %v", max, total)
	}
	if g.Score < 0 || g.Score > total {
		ts.Fatalf("score %v out of 0..%v", g.Score, total)
	}
	if len(g.Tests) > 0 && cents != grader.Cents(g.Score) {
		ts.Fatalf("the tests' scores add up to %v, not the score %v", float64(cents)/100, g.Score)
	}
	fmt.Fprintf(&b, "tests %d max %v\n", len(g.Tests), grader.Round2(max))
	fmt.Fprintf(&b, "passed %d failed %d\n", status["passed"], status["failed"])
	for _, v := range []string{"visible", "after_due_date", "after_published", "hidden"} {
		if vis[v] > 0 {
			fmt.Fprintf(&b, "%s %d\n", v, vis[v])
		}
	}
	for _, l := range failedLines {
		b.WriteString(l + "\n")
	}
	for _, l := range strings.Split(strings.TrimRight(g.Output, "\n"), "\n") {
		fmt.Fprintf(&b, "output %s\n", l)
	}
	ts.Stdout().Write([]byte(b.String()))
}

// cmdJunit reads a JUnit XML file as a CI system would, checks that each
// suite's counts are its test cases' and the top's the suites' sum, and
// prints it in lines:
//
//	tests 24 failures 9 errors 0
//	suite c: Hill climbing (FLAG 3XX) tests 6 failures 4
//	failure c/public-02 wrong-answer: first difference at line 11
//	text c/public-02 <each line of the failure's text>
func cmdJunit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: junit FILE")
	}
	type problem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
	var doc struct {
		XMLName  xml.Name `xml:"testsuites"`
		Tests    int      `xml:"tests,attr"`
		Failures int      `xml:"failures,attr"`
		Errors   int      `xml:"errors,attr"`
		Suites   []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Errors   int    `xml:"errors,attr"`
			Cases    []struct {
				Classname string   `xml:"classname,attr"`
				Name      string   `xml:"name,attr"`
				Failure   *problem `xml:"failure"`
				Error     *problem `xml:"error"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(ts.ReadFile(args[0])), &doc); err != nil {
		ts.Fatalf("%s: not JUnit XML: %v", args[0], err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "tests %d failures %d errors %d\n", doc.Tests, doc.Failures, doc.Errors)
	tests, failures, errs := 0, 0, 0
	var names []string
	for _, s := range doc.Suites {
		f, e := 0, 0
		for _, c := range s.Cases {
			names = append(names, c.Name)
			if !strings.HasPrefix(c.Name, c.Classname+"/") {
				ts.Fatalf("testcase %s of class %s", c.Name, c.Classname)
			}
			for _, p := range []*problem{c.Failure, c.Error} {
				if p == nil {
					continue
				}
				kind := "failure"
				if p == c.Error {
					kind = "error"
					e++
				} else {
					f++
				}
				fmt.Fprintf(&b, "%s %s %s\n", kind, c.Name, p.Message)
				for _, l := range strings.Split(strings.TrimRight(p.Text, "\n"), "\n") {
					fmt.Fprintf(&b, "text %s %s\n", c.Name, l)
				}
			}
		}
		if s.Tests != len(s.Cases) || s.Failures != f || s.Errors != e {
			ts.Fatalf("suite %q says tests=%d failures=%d errors=%d, holds %d %d %d", s.Name, s.Tests, s.Failures, s.Errors, len(s.Cases), f, e)
		}
		fmt.Fprintf(&b, "suite %s tests %d failures %d\n", s.Name, s.Tests, s.Failures)
		tests, failures, errs = tests+s.Tests, failures+s.Failures, errs+s.Errors
	}
	if doc.Tests != tests || doc.Failures != failures || doc.Errors != errs {
		ts.Fatalf("testsuites says tests=%d failures=%d errors=%d, the suites add up to %d %d %d", doc.Tests, doc.Failures, doc.Errors, tests, failures, errs)
	}
	if len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) {
		ts.Fatalf("a testcase name given twice")
	}
	ts.Stdout().Write([]byte(b.String()))
}
