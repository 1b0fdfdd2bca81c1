package checker

import "github.com/cs540-tools/autograder/grader"

// What each judge of this package can do, checked when it compiles: a
// renamed method fails the build instead of silently dropping the
// capability grader looks for.
var (
	_ grader.Judge         = (*Checker)(nil)
	_ grader.Fingerprinter = (*Checker)(nil)
	_ grader.PublicFiler   = (*Checker)(nil)

	_ grader.Interactor = (*interactor)(nil)

	_ grader.Interactor    = (*multipass)(nil)
	_ grader.Fingerprinter = (*multipass)(nil)
)
