package mutation

import (
	"fmt"
	"strings"
)

// View is what a student may see of a Result, as the rubric's show allows;
// the same words in every report.
type View struct {
	// Tests are the student's tests with validity and why; never which bug
	// a test exposes.
	Tests []Test
	// Ignored says which tests were not counted ("" when none were).
	Ignored string
	// Count says how many bugs were exposed ("3 of 10 bugs exposed"); ""
	// under ShowNothing.
	Count string
	// Bugs are the bugs the student may see by name: those exposed
	// (ShowExposed) or all (ShowAll), each saying whether it was.
	Bugs []BugResult
	// OwnCode says how the tests fared on the student's own code, or why
	// they were not run there ("" when the part does not run them
	// there); OwnRan, whether any ran there (each test's OnOwnCode).
	OwnCode string
	OwnRan  bool
}

// View cuts r to what a student may see.
func (r Result) View() View {
	v := View{Ignored: r.IgnoredNote(), OwnCode: r.OwnCodeText()}
	for _, t := range r.Tests {
		t.Exposes = nil
		v.Tests = append(v.Tests, t)
		v.OwnRan = v.OwnRan || t.OnOwnCode != nil
	}
	if r.Show != ShowNothing {
		v.Count = fmt.Sprintf("%d of %d bugs exposed", r.Exposed, len(r.Bugs))
	}
	for _, b := range r.Bugs {
		if r.Show == ShowAll || r.Show == ShowExposed && b.Exposed {
			b.By = nil
			v.Bugs = append(v.Bugs, b)
		}
	}
	return v
}

// IgnoredNote says which tests past the most counted were ignored; "" when
// none were.
func (r Result) IgnoredNote() string {
	if r.IgnoredCount == 0 {
		return ""
	}
	names := strings.Join(r.Ignored, ", ")
	if r.IgnoredCount > len(r.Ignored) {
		names += fmt.Sprintf(", ... (%d more)", r.IgnoredCount-len(r.Ignored))
	}
	return fmt.Sprintf("%d tests past the first %d were ignored, in file order: %s", r.IgnoredCount, len(r.Tests), names)
}

// ValidText says how many tests were valid: "7 of 9 tests valid".
func (r Result) ValidText() string {
	return fmt.Sprintf("%d of %d tests valid", r.Valid, len(r.Tests))
}

// OwnCodeText says how the student's tests fared on their own code ("3
// of 4 tests pass on your own code", and how many the budget of wall
// time left not run there), or why they were not run there; "" when the
// part does not run them there.
func (r Result) OwnCodeText() string {
	if r.OwnCodeNote != "" {
		return "your tests were not run on your own code: " + r.OwnCodeNote
	}
	ran, passed, notRun := 0, 0, 0
	for _, t := range r.Tests {
		switch o := t.OnOwnCode; {
		case o == nil:
		case o.NotRun != "":
			notRun++
		default:
			ran++
			if o.Passed {
				passed++
			}
		}
	}
	var parts []string
	if ran > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d tests pass on your own code", passed, ran))
	}
	switch {
	case notRun == 1:
		parts = append(parts, "1 test was not run on your own code: the part's budget of wall time was used up")
	case notRun > 1:
		parts = append(parts, fmt.Sprintf("%d tests were not run on your own code: the part's budget of wall time was used up", notRun))
	}
	return strings.Join(parts, "; ")
}
