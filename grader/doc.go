// Package grader runs submissions against an assignment's cases and scores
// them by its rubric.
//
// The grader knows nothing about any one assignment: the rubric (package
// rubric) says what to build, how to run it, which cases (package cases)
// make up each part and how parts are scored; a Runner builds and runs a
// submission (in the sandbox, or a warm JVM). A student program's failure is
// a Verdict in the Result; a Go error means the grader itself failed.
package grader
