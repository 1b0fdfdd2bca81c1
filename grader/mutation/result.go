package mutation

// Result is how a submission's tests fared in one part: the TA's whole
// view (View cuts it to what a student may see). Its shape holds for any
// kind of test (a case file here; a unit test of a suite): a test is named,
// valid or not with why, and exposes bugs.
type Result struct {
	// Tests are the student's tests counted, in file order.
	Tests []Test `json:"tests"`
	// Ignored are the tests past the most the part counts, in file order
	// (their names, the first MaxListed of them), and how many in all.
	Ignored      []string `json:"ignored,omitempty"`
	IgnoredCount int      `json:"ignored_count,omitempty"`
	// Bugs are every bug of the part, in the rubric's order, each with the
	// tests that expose it. A student sees them as Show allows.
	Bugs []BugResult `json:"bugs"`
	// Exposed is how many bugs a valid test exposes; Valid how many tests
	// are valid.
	Exposed int `json:"exposed"`
	Valid   int `json:"valid"`
	// PerBug and Ceiling are the rubric's: the score is PerBug × Exposed,
	// at most Ceiling.
	PerBug  float64 `json:"per_bug"`
	Ceiling float64 `json:"ceiling"`
	// Show is what a student may see of the bugs (the rubric's show).
	Show Show `json:"show"`
	// OwnCodeNote says why the student's tests were not run on their own
	// code where the part runs them there (Config.OwnCode): the hand-in
	// lacks a file of the implementation's; "" otherwise.
	OwnCodeNote string `json:"own_code_note,omitempty"`
}

// Test is one of the student's tests.
type Test struct {
	// Name is the test's file in the submission (the student's bytes:
	// escape it in every medium).
	Name  string `json:"name"`
	Valid bool   `json:"valid"`
	// Why says why the test is invalid; "" for a valid one.
	Why string `json:"why,omitempty"`
	// Exposes names the bugs the test exposes (valid tests only), in the
	// bugs' order. Only the TA sees it in full.
	Exposes []string `json:"exposes,omitempty"`
	// OnOwnCode is how the test fared on the student's own code, where
	// the part runs it there (Config.OwnCode); nil otherwise. The
	// student sees it; it is never scored.
	OnOwnCode *OwnCodeRun `json:"own_code,omitempty"`
}

// BugResult is one bug and the valid tests that expose it.
type BugResult struct {
	Name    string   `json:"name"`
	Hint    string   `json:"hint,omitempty"`
	Exposed bool     `json:"exposed"`
	By      []string `json:"by,omitempty"` // the tests that expose it, in file order
}

// Show is what a student sees of a part's bugs.
type Show string

// The choices of a rubric's show.
const (
	ShowNothing Show = "nothing" // neither the bugs nor how many were exposed
	ShowCount   Show = "count"   // how many bugs were exposed, of how many
	ShowExposed Show = "exposed" // the names (and hints) of the bugs exposed
	ShowAll     Show = "all"     // every bug's name, exposed or not
)

// MaxListed is how many ignored tests a Result names.
const MaxListed = 10

// ignore notes a test past the most counted (or a file standing for its
// tests), named while fewer than MaxListed are.
func (r *Result) ignore(name string) {
	if r.IgnoredCount++; len(r.Ignored) < MaxListed {
		r.Ignored = append(r.Ignored, name)
	}
}

// Score is the part's score: PerBug × Exposed, at most Ceiling.
func (r Result) Score() float64 { return min(r.Ceiling, r.PerBug*float64(r.Exposed)) }

// OwnCodeRun is how a test fared on the student's own code.
type OwnCodeRun struct {
	Passed bool `json:"passed"`
	// Why says why it failed (clipped as a test's why is).
	Why string `json:"why,omitempty"`
	// NotRun says why it was not run there ("not run: ...": the part's
	// budget of wall time was used up); Passed is false then.
	NotRun string `json:"not_run,omitempty"`
}
