package report_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/gradertest"
	"github.com/cs540-tools/autograder/grader/report"
)

// junitDoc is what a CI system reads of JUnit XML.
type junitDoc struct {
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
			Classname string `xml:"classname,attr"`
			Name      string `xml:"name,attr"`
			Failure   *struct {
				Message string `xml:"message,attr"`
				Type    string `xml:"type,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
			Error *struct {
				Type string `xml:"type,attr"`
			} `xml:"error"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func TestJUnit(t *testing.T) {
	a := assignment(t)
	results := onTime(t, a, "public")
	all := onTime(t, a, "")
	results = append(results, all[0]) // alice, hidden cases too
	for i, r := range results {
		name := r.ID
		if i == len(results)-1 {
			name += "-all"
		}
		t.Run(name, func(t *testing.T) {
			data, err := report.JUnit(a, r)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "junit-"+name+".xml", data)
			checkJUnit(t, r, data)
		})
	}
	// A case the grader failed on is an error, not a failure.
	for _, r := range batch(t, a) {
		if r.Status != grader.StatusFailed {
			continue
		}
		data, err := report.JUnit(a, r)
		if err != nil {
			t.Fatal(err)
		}
		checkJUnit(t, r, data)
	}
}

// checkJUnit parses the XML as a CI system would and checks its counts
// and cases against the result.
func checkJUnit(t *testing.T, r grader.Result, data []byte) {
	t.Helper()
	if !bytes.HasPrefix(data, []byte(xml.Header)) {
		t.Error("no XML header")
	}
	var doc junitDoc
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	wantFail, wantErr := 0, 0
	for _, c := range r.Cases {
		switch c.Verdict {
		case grader.Pass:
		case grader.GraderFailure:
			wantErr++
		default:
			wantFail++
		}
	}
	if doc.Tests != len(r.Cases) || doc.Failures != wantFail || doc.Errors != wantErr {
		t.Errorf("testsuites tests=%d failures=%d errors=%d, want %d %d %d", doc.Tests, doc.Failures, doc.Errors, len(r.Cases), wantFail, wantErr)
	}
	var seen []string
	for _, s := range doc.Suites {
		tests, failures, errs := 0, 0, 0
		for _, c := range s.Cases {
			tests++
			seen = append(seen, c.Name)
			if !strings.HasPrefix(s.Name, c.Classname+": ") || !strings.HasPrefix(c.Name, c.Classname+"/") {
				t.Errorf("case %s of class %s in suite %q", c.Name, c.Classname, s.Name)
			}
			i := slices.IndexFunc(r.Cases, func(cr grader.CaseResult) bool { return cr.ID == c.Name })
			if i < 0 {
				t.Errorf("no case %s in the result", c.Name)
				continue
			}
			v := r.Cases[i].Verdict
			switch {
			case c.Failure != nil:
				failures++
				if c.Failure.Type != string(v) || !strings.HasPrefix(c.Failure.Message, string(v)+": ") || strings.Contains(c.Failure.Message, "\n") {
					t.Errorf("%s: failure type %q message %q for verdict %s", c.Name, c.Failure.Type, c.Failure.Message, v)
				}
				if !strings.HasPrefix(c.Failure.Text, "java EightQueen "+strings.Join(r.Cases[i].Args, " ")+"\n") {
					t.Errorf("%s: failure text does not start with the command: %q", c.Name, c.Failure.Text)
				}
			case c.Error != nil:
				errs++
			case v != grader.Pass:
				t.Errorf("%s: %s but neither failure nor error", c.Name, v)
			}
		}
		if s.Tests != tests || s.Failures != failures || s.Errors != errs {
			t.Errorf("suite %q says %d/%d/%d, holds %d/%d/%d", s.Name, s.Tests, s.Failures, s.Errors, tests, failures, errs)
		}
	}
	if len(seen) != len(r.Cases) {
		t.Errorf("%d testcases for %d cases", len(seen), len(r.Cases))
	}
}

func TestGitHubSummary(t *testing.T) {
	a := assignment(t)
	for _, r := range onTime(t, a, "public") {
		t.Run(r.ID, func(t *testing.T) {
			md := report.GitHubSummary(a, r)
			golden(t, "summary-"+r.ID+".md", md)
			if !bytes.HasSuffix(md, []byte("\n\n")) {
				t.Error("does not end with a blank line")
			}
		})
	}
}

// TestJUnitOddOutput: what a program prints goes into the XML whole,
// however odd: control characters and bytes that are not UTF-8 become
// U+FFFD, and "]]>" does not end the CDATA section early.
func TestJUnitOddOutput(t *testing.T) {
	a := assignment(t)
	r := onTime(t, a, "public")[2] // carol: every case passes
	r.Cases[0].Verdict = grader.RuntimeError
	r.Cases[0].ExitCode = 1
	r.Cases[0].Stderr = "nul\x00 esc\x1b[31m bad\xff ok\u00e9 end]]> tab\tcr\r\n"
	data, err := report.JUnit(a, r)
	if err != nil {
		t.Fatal(err)
	}
	var doc junitDoc
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, data)
	}
	f := doc.Suites[0].Cases[0].Failure
	if f == nil || f.Message != "runtime-error: exit status 1" {
		t.Fatalf("failure %+v", f)
	}
	want := "stderr:\nnul\ufffd esc\ufffd[31m bad\ufffd ok\u00e9 end]]> tab\tcr\n"
	if !strings.HasSuffix(f.Text, want) {
		t.Errorf("failure text %q, want it to end %q", f.Text, want)
	}
}

// FuzzJUnit: whatever a program prints, the JUnit file parses, and holds
// its stderr (CDATA keeps it as it is, but for what XML cannot hold).
func FuzzJUnit(f *testing.F) {
	f.Add("counting pairs twice?\n", "29")
	f.Add("nul\x00 ]]> \xff\r\n", "]]>")
	f.Add("", "\u2028\ufffe")
	a := gradertest.Assignment(f, "../testdata")
	r := onTime(f, a, "public")[2] // carol: every case passes
	f.Fuzz(func(t *testing.T, stderr, got string) {
		r := r
		r.Cases = slices.Clone(r.Cases)
		r.Cases[0].Verdict = grader.WrongAnswer
		r.Cases[0].Stderr = stderr
		r.Cases[0].Mismatch = &grader.Mismatch{Line: 1, Expected: "28", Got: got, Diff: "-28\n+" + got + "\n"}
		data, err := report.JUnit(a, r)
		if err != nil {
			t.Fatal(err)
		}
		var doc junitDoc
		if err := xml.Unmarshal(data, &doc); err != nil {
			t.Fatalf("not XML: %v\n%q", err, data)
		}
		f := doc.Suites[0].Cases[0].Failure
		if f == nil || doc.Failures != 1 {
			t.Fatalf("no failure: %s", data)
		}
		if strings.Count(f.Text, "\n") < strings.Count(stderr, "\n")-strings.Count(stderr, "\r") {
			t.Errorf("stderr %q lost lines: %q", stderr, f.Text)
		}
	})
}

// TestGitHubSummaryLong: past the first ten failed cases, the summary
// lists the others by id only.
func TestGitHubSummaryLong(t *testing.T) {
	a := assignment(t)
	r := onTime(t, a, "public")[3] // erin: every public case fails
	var many []grader.CaseResult
	for i := range 5 {
		for _, c := range r.Cases {
			c.ID = fmt.Sprintf("%s-%d", c.ID, i)
			many = append(many, c)
		}
	}
	r.Cases = many
	md := string(report.GitHubSummary(a, r))
	if n := strings.Count(md, "\n### "); n != 10 {
		t.Errorf("%d failed cases in full, want 10", n)
	}
	if !strings.Contains(md, "\n5 more failed: a/public-02-3, b/public-01-3, a/public-01-4, a/public-02-4, b/public-01-4.\n") {
		t.Errorf("the rest not listed:\n%s", md)
	}
}
