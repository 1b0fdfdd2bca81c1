package unittest

import (
	"errors"
	"strings"
	"testing"
)

const junitReport = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="JUnit Jupiter" tests="4">
<properties><property name="x" value="y"/></properties>
<testcase name="adds()" classname="CalculatorTest" time="0.01"/>
<testcase name="wrong()" classname="CalculatorTest" time="0.01">
<failure message="expected: &lt;4&gt; but was: &lt;3&gt;" type="org.opentest4j.AssertionFailedError"><![CDATA[org.opentest4j.AssertionFailedError: expected
	at CalculatorTest.wrong(CalculatorTest.java:5)]]></failure>
<system-out><![CDATA[hello]]></system-out>
</testcase>
<testcase name="errs()" classname="CalculatorTest"><error message="boom" type="java.lang.NullPointerException">trace</error></testcase>
<testcase name="off()" classname="CalculatorTest"><skipped/></testcase>
<testcase name="values(int)[2]" classname="CalculatorTest"/>
</testsuite>`

const pytestReport = `<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" tests="2"><testcase classname="test_calc" name="test_add" file="test_calc.py" line="2" time="0.000" /><testcase classname="test_calc.TestX" name="test_y[1-2]" time="0.000"><failure message="ValueError: boom">trace</failure></testcase></testsuite></testsuites>`

func TestParseJUnit(t *testing.T) {
	got, err := Parse([]byte(junitReport))
	if err != nil {
		t.Fatal(err)
	}
	want := []Reported{
		{ID: "CalculatorTest.adds", Status: Passed},
		{ID: "CalculatorTest.wrong", Status: Failed, Type: "org.opentest4j.AssertionFailedError", Message: "expected: <4> but was: <3>", Trace: "org.opentest4j.AssertionFailedError: expected\n\tat CalculatorTest.wrong(CalculatorTest.java:5)"},
		{ID: "CalculatorTest.errs", Status: Errored, Type: "java.lang.NullPointerException", Message: "boom", Trace: "trace"},
		{ID: "CalculatorTest.off", Status: Skipped},
		{ID: "CalculatorTest.values", Invocation: "[2]", Status: Passed},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d tests, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("test %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestParsePytest(t *testing.T) {
	got, err := Parse([]byte(pytestReport))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != "test_calc.test_add" || got[0].Status != Passed ||
		got[1].ID != "test_calc.TestX.test_y[1-2]" || got[1].Status != Failed || got[1].Message != "ValueError: boom" {
		t.Errorf("got %+v", got)
	}
}

func TestParseBad(t *testing.T) {
	for name, doc := range map[string]string{
		"empty":     "",
		"partial":   junitReport[:len(junitReport)/2],
		"not junit": "<html><testcase name='x'/></html>",
		"text":      "all tests passed",
		"too big":   "<testsuite>" + strings.Repeat(" ", MaxReport) + "</testsuite>",
		"too many":  "<testsuite>" + strings.Repeat("<testcase name='x'/>", MaxTests+1) + "</testsuite>",
	} {
		if _, err := Parse([]byte(doc)); !errors.Is(err, ErrReport) {
			t.Errorf("%s: got %v, want ErrReport", name, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(junitReport))
	f.Add([]byte(pytestReport))
	f.Add([]byte("<testsuite><testcase name='a()'><failure/><error/></testcase></testsuite>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Parse(data)
		if err != nil {
			if !errors.Is(err, ErrReport) {
				t.Fatalf("error %v does not wrap ErrReport", err)
			}
			return
		}
		if len(got) > MaxTests {
			t.Fatalf("%d tests", len(got))
		}
		for _, r := range got {
			switch r.Status {
			case Passed, Failed, Errored, Skipped:
			default:
				t.Fatalf("status %q", r.Status)
			}
			if r.Status == Passed && (r.Message != "" || r.Trace != "") {
				t.Fatalf("a passed test with a message: %+v", r)
			}
		}
	})
}
