package oracle

import "github.com/cs540-tools/autograder/grader"

// What the judge can do, checked when it compiles: a renamed method fails
// the build instead of silently dropping the capability grader looks for.
var (
	_ grader.Judge        = EightQueen{}
	_ grader.CaseVerifier = EightQueen{}
	_ grader.Diagnoser    = EightQueen{}
	_ grader.Hinter       = EightQueen{}
	_ grader.Tracer       = EightQueen{}
)
