package runner

import "github.com/cs540-tools/autograder/grader"

// What the cold runner and its programs can do, checked when it compiles:
// a renamed method fails the build instead of silently dropping the
// capability grader looks for.
var (
	_ grader.Runner    = (*Sandboxed)(nil)
	_ grader.Describer = (*Sandboxed)(nil)
	_ grader.Keyer     = (*Sandboxed)(nil)

	_ grader.Program = (*program)(nil)
	_ grader.Flagger = (*program)(nil)
)
