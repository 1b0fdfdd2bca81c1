// Package cases reads and writes an assignment's test cases: one
// human-readable file per case, grouped by part, each holding a command
// line, optional standard input and the expected standard output.
//
// The package knows nothing about any one assignment; a generator (for
// Eight Queens, package reference/eightqueen/casegen) or a TA writes the
// files, the grader loads them.
//
// # Layout
//
// A case folder holds one folder per part and one file per case in it,
// cases/<part>/<name>.case, e.g. cases/c/hidden-07.case. The case's ID is
// "<part>/<name>" ("c/hidden-07"); IDs name cases in results and reports,
// so keep them stable. Files whose names start with "." and files not
// ending in ".case" are ignored.
//
// # Format
//
//	# Lines starting with '#' before the first section are comments.
//	args: 315 1 12375643
//	visibility: hidden
//	note: hill climbing, reaches cost 0 at move 9
//	-- stdout --
//	0:12375643 14
//	1:02375643 10
//	...
//	Solved
//
// A case starts with a header of "key: value" lines, in any order; blank
// lines and comments may appear between them. The keys:
//
//	args        required: the program's arguments, separated by spaces
//	            ("args:" alone means none). An argument that is empty or
//	            holds spaces or a leading double quote is written as a Go
//	            string: args: "two words" "" plain
//	visibility  "public" (a student's check runs it and shows its diff) or
//	            "hidden" (the default)
//	note        optional: one line about the case, shown wherever the case
//	            is: a public case's to students too (check, their report),
//	            a hidden case's to the TA alone
//	check       optional: "reference" when no output can be expected (a
//	            run seeded from the clock, seed -1): the rubric's
//	            reference program judges the run by the rules every
//	            correct run obeys, and the case has no stdout section;
//	            or the name of another judge the grader has ("tokens", an
//	            assignment's checker; "junit" or "pytest": the case is the
//	            instructor's unit test of its name, see grader/unittest)
//	exit        optional: "0" (the default); "nonzero": a correct run
//	            ends on its own with a status other than 0, as a program
//	            rejecting its command line does (a run that exits 0 is
//	            then a wrong answer); "any": with any status, the judge
//	            decides. The judge sees the status and stderr
//	runs        optional: how many times the case runs, 1 to 1000, for a
//	            program whose runs differ (one that seeds its generator
//	            from the clock); each run is judged on its own
//	min_pass    optional, with runs: how many runs must pass for the case
//	            to pass, 1 to runs; default: every one
//	score       optional, with runs, instead of min_pass: "fraction", the
//	            case earns the fraction of its runs that passed (partial
//	            credit, as a part's scoring counts it)
//
// Any other key is an error, and so is a key given twice.
//
// # Repeated runs
//
// A randomized program is judged by how often it succeeds: with runs: 20
// and min_pass: 15 the case passes when at least 15 of 20 runs pass.
// Choose R and K from the success rate of a correct program and of a broken
// one by the binomial tail, e.g. a program that succeeds 98% of the time
// fails runs: 20, min_pass: 15 once in 513,000 gradings, one that succeeds
// 90% of the time once in 89, one that succeeds 30% of the time passes it
// once in 23,000.
//
// In a case with a runs line, the args and stdin may hold two
// placeholders, replaced in each run:
//
//	{run}   the run's number, 1 to R
//	{seed}  a number from 0 to 2147483647 for this case and run: the first
//	        four bytes, big-endian, of the HMAC-SHA256 keyed by the batch's
//	        secret of "<case ID>#<run>" (for run 3 of c/rand-01, of
//	        "c/rand-01#3"), top bit cleared, or of its plain SHA-256 with
//	        no secret (check); the same in every grading with that secret,
//	        different from run to run
//
// The expected outputs hold no placeholders. In a case without a runs
// line, braces are passed as they are.
//
// Sections follow the header. Each starts with a marker line and runs,
// verbatim, up to the next marker line or the end of the file:
//
//	-- stdin --            optional: what the program reads on standard input
//	-- stdout --           an expected output, accepted under every reading
//	-- stdout NAME,... --  an expected output, accepted when the rubric part
//	                       accepts one of the named readings
//
// A case needs at least one stdout section, unless it has a check. When the assignment leaves a
// point open and the readings print different things for a case, give one
// labelled section per distinct output (e.g. "-- stdout cutoff-silent --"
// and "-- stdout cutoff-optimum --"); a reading may be named in one section
// only. Reading names are letters, digits, '.', '_' and '-'. Several
// unlabelled sections are alternatives, each accepted.
//
// Section content is taken byte for byte, so trailing blank lines and
// spaces count (the grader's default comparison ignores them, but they are
// part of the expected output), "#" lines are content, and a carriage
// return before a line's end stays in the content. A section with no lines
// expects empty output. Every content line ends with a newline; the last
// line of the file may omit its own. Two rules cover the rest:
//
//   - An output that does not end in a newline ends with the line
//     "\ no final newline", after its last line (as diff marks a file).
//   - A content line that starts with a backslash, or that looks like a
//     marker (starts with "-- " and ends with " --", trailing spaces
//     aside), is written with one extra leading backslash; reading drops
//     it: "\-- stdout --" is the content line "-- stdout --".
//
// A line that looks like a marker but names no known section is an error,
// which catches typos such as "-- sdtout --".
//
// Errors are one line, "path:line: problem", and wrap [ErrInvalid].
package cases
