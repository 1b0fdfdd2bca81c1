package warm

import "github.com/cs540-tools/autograder/grader"

// What the warm runner and its programs can do, checked when it compiles:
// a renamed method fails the build instead of silently dropping the
// capability grader looks for.
var (
	_ grader.Runner    = (*Runner)(nil)
	_ grader.Preparer  = (*Runner)(nil)
	_ grader.Describer = (*Runner)(nil)
	_ grader.Keyer     = (*Runner)(nil)

	_ grader.Program = (*Program)(nil)
	_ grader.Flagger = (*Program)(nil)
)
