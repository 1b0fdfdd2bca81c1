package grader

// IsTest reports whether case id is a test of an instructor's suite (its
// judge a Suite: a unit test), which reports speak of as a test, not as a
// run of a program: it has no command line of its own, and fails by an
// assertion or an exception.
func (a *Assignment) IsTest(id string) bool {
	for _, cs := range a.Parts {
		for _, c := range cs {
			if c.ID == id {
				_, ok := a.judgeFor(c).(Suite)
				return ok
			}
		}
	}
	return false
}

// testWords are the verdicts a test of a suite fails with, in its words:
// a failed assertion (or a skipped test) is the suite's wrong answer, an
// exception its runtime error.
var testWords = map[Verdict]string{
	WrongAnswer:  "the test failed",
	RuntimeError: "the test ended with an exception",
}

// Explain is Explain for a case of a, with the rubric's limits and in
// the words of the case's kind: a test of a suite (IsTest) failed or
// ended with an exception, where a program printed the wrong output or
// crashed.
func (a *Assignment) Explain(c CaseResult) Explanation {
	e := Explain(c, a.Rubric.Limits)
	w, ok := testWords[c.Verdict]
	if !ok || !a.IsTest(c.ID) {
		return e
	}
	if e.Headline == e.Verdict {
		e.Headline = w
	}
	e.Verdict = w
	if c.Limit == None {
		// A test's exception is no exit status of a program.
		e.Ended, e.Exit = "", ""
	}
	e.Reason = firstOf(e.Runs, e.RuleBrief, e.Difference, e.Ended, e.Verdict)
	return e
}

// CaseWord is what reports call the assignment's cases: "test" when each
// is a test of a suite (a unit-test assignment), else "case".
func (a *Assignment) CaseWord() string {
	n := 0
	for _, cs := range a.Parts {
		for _, c := range cs {
			if _, ok := a.judgeFor(c).(Suite); !ok {
				return "case"
			}
			n++
		}
	}
	if n == 0 {
		return "case"
	}
	return "test"
}
