// Package checker judges runs with an assignment's checker program, as
// the output validators of the Kattis problem package format do, and
// talks with a program through an interactive one. It gives
// package grader the judge "checker" (Judges): a rubric chooses it with
//
//	[judge]
//	name = "checker"
//	checker = "checker.cpp"   # a source file or folder, by the rubric
//	flags = ["partial"]       # after feedback_dir (none)
//	interactive = false       # true: an interactive problem's judge
//
// and a program that lists Judges among its judges grades with it.
// Package grader knows nothing of it: a judge written in Go inside the
// project is one more entry in the program's list, too.
//
// # Checker programs
//
// The checker is built once per assignment, on first use, with the
// preset of the toolchain its files' extension names (package
// grader/toolchain), as package grader/runner builds a submission: a
// folder's files are built together, and run from the toolchain's
// FolderMain when it has one and the folder holds several sources
// (__main__.py, Main.java). A checker that does not build fails every case
// it judges, as the grader's failure with its compiler's messages: the
// assignment's fault, never the student's.
//
// Each judgement runs the checker in a fresh sandbox box, as
//
//	checker testcase.in testcase.ans feedback/ [flags] < program_output
//
// where testcase.in is the case's stdin, testcase.ans the first output the
// case accepts under the part's readings (empty when it has none), and
// feedback/ an empty folder collected after the run. The exit status is
// the judgement: 42 accepts, 43 rejects, and anything else (0 included),
// a crash, or a limit of its own (rubric keys checker_wall, checker_cpu;
// the sandbox's memory and output defaults) is the checker's failure,
// which the grader reports as a grader-failure verdict with the reason
// for the TA; a problem package's (rubric.Judge.JudgeErrors) is the
// case's judge-error verdict instead (grader.FailedOnOutput), as the
// contest judges' systems judge it: the case earns nothing, and the
// submission is still scored. A checker that does not build, or that
// the sandbox could not start, is the grader's failure either way. Of what it writes to feedback/, teammessage.txt is the
// student's feedback and judgemessage.txt the TA's log, each cut at
// 4 KiB; nothing else it does reaches anything beyond its own judgement.
//
// # Scores
//
// A case is worth 1 here, as the legacy format's default accept_score
// is. An accepting checker may give part of it: score.txt (both formats:
// the case's score, so out of 1) or score_multiplier.txt (format 2025-09:
// the share of the case's maximum) holds one number from 0 to 1, written
// as the format writes floating-point numbers; anything else in it, or
// both files, is the checker's failure. A package whose cases are worth
// more must scale its checker's scores to 1. In a 2025-09 package
// score.txt is the case's absolute score, which the grader cannot scale:
// there it is the checker's failure, naming score_multiplier.txt
// (rubric.Judge.MultiplierOnly). A rejecting checker's score files are
// ignored: a rejected case earns nothing.
//
// # Interactive checkers
//
// With interactive = true the checker runs beside the program, each in a
// box of its own with its own limits: what the program writes is the
// checker's stdin, what the checker writes the program's (its
// testcase.in and testcase.ans are as above; the program gets no stdin
// of the case's). When one side ends, the other reads end of file, and
// what it still writes is dropped, so neither waits for a side that is
// gone; a program that never flushes its output, or stops reading, waits
// until its wall limit and times out. The verdict follows problemtools
// and DOMjudge: a checker that rejects before the program ends decides
// (a wrong answer, whatever the program does afterwards, a crash or a
// time limit); otherwise a program that ended badly (a limit, a crash,
// a status its case's exit key does not allow) gets that verdict;
// otherwise the checker's judgement decides, never a pass it did not
// give. A checker that fails is the grader's failure, unless the program
// had sent it bytes a line-based text protocol cannot carry (not UTF-8,
// a control character, a line longer than 64 KiB): then the program
// caused it, a wrong answer that breaks the rule "text" (a problem
// package's checker that fails otherwise: its judge error, as above). When both end
// on their own at once, which came first is decided by which the grader
// saw first; the checker's end is recorded before the program can read
// its end of file. The conversation is kept, cut at 64 KiB,
// in the case's log for the TA, as a problem package's .interaction
// files write it: "> " before what the program wrote, "< " before what
// it read.
//
// # Multi-pass checkers
//
// With passes above 1 (a problem package of type multi-pass; rubric Judge
// Passes), the program runs, the checker judges the run, and when it
// accepts and has written nextpass.in to its feedback folder, the program
// runs again with that as its stdin, up to passes runs, each under the
// case's limits. Each pass's checker gets that pass's input as its
// testcase.in, and finds in feedback/ what it left there in the pass
// before (nextpass.in taken out), so that its judge message may gather
// every pass's. A pass that ends badly, or that the checker rejects, ends
// the case with that verdict; a checker that asks for a pass beyond the
// last is the checker's failure. An interactive multi-pass checker talks
// with the program in each pass, as above.
package checker
