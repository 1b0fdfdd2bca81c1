package unittest

import "github.com/cs540-tools/autograder/grader"

// What a unit-test judge can do, checked when it compiles: a renamed
// method fails the build instead of silently dropping the capability
// grader looks for.
var (
	_ grader.Suite         = (*Judge)(nil)
	_ grader.Weigher       = (*Judge)(nil)
	_ grader.Commander     = (*Judge)(nil)
	_ grader.PublicFiler   = (*Judge)(nil)
	_ grader.HiddenFiler   = (*Judge)(nil)
	_ grader.KitRefuser    = (*Judge)(nil)
	_ grader.Fingerprinter = (*Judge)(nil)
)
