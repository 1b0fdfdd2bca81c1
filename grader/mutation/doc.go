// Package mutation grades the tests students write: a student's tests run
// on the part's correct implementations, and each valid one against every
// bug of a catalogue (named wrong implementations); a part earns points per
// bug exposed, up to a ceiling, as autograder.io's mutation test suites do.
//
// It knows no assignment and no language. The implementations stand behind
// an interface (Program): a rubric names a Provider among the program's
// judges (a reference's readings and its catalogue of mistakes), which
// gives the correct programs and the bugs.
//
// This package grades output-judged suites: a student's test is a case file
// (package grader/cases) holding a command line, an optional stdin and the
// expected output. The student's bytes are data only; no student code runs.
//
//   - Valid: the case parses, is within the part's size bound, uses no key
//     a test may not (check, runs, exit), has one expected output, and
//     every correct implementation ends on its own on it and prints that
//     output under the part's comparison. An invalid test earns nothing
//     and is listed with why.
//   - Exposed: a bug is exposed when some valid test's expected output is
//     not what the bug prints (or the bug does not end on its own on it).
//
// A Part is made once per assignment (NewPart, which checks the rubric's
// bugs against the instructor's own cases: a bug that prints what the
// correct program prints on all of them, or two bugs that print the same,
// is a wrong rubric); Part.Grade grades one submission's files. Results are
// deterministic: same files, same Result, whatever order runs end in.
//
// A suite part (NewSuitePart, SuitePart.Grade; suite.go) grades unit-test
// suites a student writes instead: a SuiteProvider (the pytest and JUnit judges)
// gives the correct implementations' and the bugs' names and a
// SuiteRunner that collects a test file's tests and runs one test alone,
// in fresh boxes, on one implementation, returning its outcome and the
// transcript of what crossed the relay. Each test runs twice on each
// correct implementation and, while it passes, twice on each bug;
// decideTest decides from the runs alone: a failure on a correct
// implementation, two transcripts on one implementation, or two outcomes
// on one transcript make it invalid; a valid test exposes a bug whose
// runs all failed. The student's box's report is a claim, read for its
// one test; the transcripts are the grader's. A submission's runs are
// bounded by Config.MaxRuns and a budget of wall time (MaxWall, by
// default MaxRuns × RunWall). With Config.OwnCode, each test run is run
// once more, after every test was judged, on the student's own code (an
// OwnCoder's OwnCodeImpl), within the budget of wall time: shown
// (Test.OnOwnCode), never scored.
//
// SuitePart.Verify (verify.go) checks a suite part's rubric on the
// instructor's own test files, on demand (`cases verify`): every
// implementation loads (when the runner is a Loader), each own test
// passes on the correct implementations, every bug fails one, and no two
// bugs answer them alike. A FolderProvider builds a part's
// implementations from a folder of programs (package grader/progimpl); a
// Bug it could not build is Broken, a line of NewPart's error.
//
// What a student may see of a Result is View's: nothing of the bugs, their
// count, the names of those exposed, or every name (the rubric's show);
// the TA sees the whole Result.
//
// The files stand in layers: part (NewPart, Grade) over run (one test
// judged on the programs), verify (a suite part's own tests) over suite
// (suite parts) over config (a part and
// its rubric), view (what a student sees), result (the types) and program
// (the interface).
package mutation
