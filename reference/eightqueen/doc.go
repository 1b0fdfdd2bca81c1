// Package eightqueen is the reference of the Eight Queens assignment, the
// course's main one (the repository's rubric.toml, with its handout and
// cases in cases/eightqueen): it computes, byte for byte, what a correct
// EightQueen.java of the CS540 homework prints for any command line,
// under each reading of the points the handout leaves open, and what each
// catalogued wrong program prints instead. It does no I/O beyond the
// io.Writer it is given.
//
// A run is Output(cmd, Options{...}): ParseArgs validates the command line,
// Options.Reading picks the reading (Default when zero), Options.Mistakes
// turns the program into a known wrong one, and Options.Trace receives a Step
// for every decision the program makes, which is what a student needs to see
// where their run first went another way.
//
// Package eightqueen/oracle gives it to the grader as the judge
// "eightqueen"; eightqueen/casegen writes the case set from it and
// eightqueen/javasrc realistic EightQueen.java sources of each reading and
// mistake.
package eightqueen
