// Package reference holds the reference programs of the built-in
// assignments, one package per assignment, each laid out the same way:
//
//	reference/<name>          doc.go and the Go model: what a correct program
//	                          prints or obeys, and the usual wrong programs
//	reference/<name>/oracle   the judges its rubric names (reference = "<name>"):
//	                          rules for runs no output can be expected of, the
//	                          mistake a wrong answer reproduces, explanations
//	reference/<name>/testdata its fixtures (realistic submissions, Java twins)
//
// and, beside it, the course's files in cases/<name> (rubric.toml,
// handout.md, one folder of cases per part). Eight Queens, the default
// assignment, keeps its rubric at the repository's root, rubric.toml,
// whose cases key names cases/eightqueen.
//
//	eightqueen  Eight Queens by local search (CS540 HW4), the default
//	nim         Nim by negamax with a transposition table
//	nqueens     N-queens by local search, graded by success over runs
//
// The assignments built into the autograder are a list of values, not a
// registry filled by init functions or blank imports: Sources in
// cmd/autograder/internal/bundle names each one's rubric and its oracle's
// Judges (and the unit-test assignments', which have no reference), and
// every command loads an assignment with bundle.Judges.
//
// Shared by them: package javarand, a bit-exact java.util.Random, and
// internal/javatest, which compiles and runs Java in tests.
package reference
