// Package grader runs submissions against an assignment's cases and scores
// them by its rubric.
//
// The grader knows nothing about any one assignment: the rubric (package
// rubric) says what to build, how to run it, which cases (package cases)
// make up each part and how parts are scored; a Runner builds and runs a
// submission (in the sandbox, or a warm JVM). A student program's failure is
// a Verdict in the Result; a Go error means the grader itself failed.
//
// # Results
//
// A Result is a submission's grade; its Status says how far it got, and
// a status that kept the cases from running is the Verdict each of them
// gets (Status.Verdict: StatusCompile gives CompileError). Each case has
// a CaseResult: its Verdict and the evidence of how its run ended and
// why, a RunResult (exit code, signal, the Limit hit, the first
// difference, the rule broken, stderr, the judge's words, the output),
// which each failing run of a repeated case (an Attempt) has too. A
// Limit is the sandbox's own type (sandbox.Limit), from the box to the
// report. Explain turns a case's result into the words every report
// uses ("ran past the 5 s CPU limit", "13/20 runs passed (needs 15)"):
// the reports differ in layout and escaping, never in wording.
//
// # Judges
//
// A Judge decides each run that ended on its own: "diff" (the default,
// Expected: the case's expected output), a token validator, a checker
// program, an assignment's reference program. An Interactor is a Judge that
// talks with the program while it runs. What a judge may also know is a
// separate, optional interface: a Diagnoser names the catalogued mistake
// behind a wrong answer, a RunsDiagnoser the one behind a repeated case's
// runs (a success rate, the rules its runs broke), a Tracer explains a
// correct run line by line.
// Judges are named in a list the program passes when it loads an
// assignment (Judges; the grader's own, diff and tokens, need none) and
// chosen by the rubric ([judge] name, reference) and a case's check key;
// adding one needs no change to this package.
//
// # Repeated runs
//
// A case with runs: R in its case file is run R times, run n with
// Input.Attempt n (its judge sees Trial.Attempt n) and {run} and {seed}
// replaced in its args and stdin; each run is judged on its own. The case
// passes when min_pass of its runs pass, or earns the fraction that passed
// (score: fraction); CaseResult.Attempts says "17/20 runs passed (needs
// 15)" and keeps the evidence of the first MaxFailures failing runs. A
// Runner starts each attempt's clock at a different time (package runner:
// a time drawn from the case's ID and the run's number), so that runs of a
// program seeding its generator from the clock in seconds differ even when
// started within one second, and are the same on every grading.
// No run of a repeated case is matched against a catalogued mistake's
// output; a RunsDiagnoser judges the runs as a whole.
//
// # Cores
//
// A batch's builds and runs share its Cores (Batch.Jobs of them): each
// takes one and gives it back when it ends, or when the sandbox sees its
// box waiting (sandbox.WithWaiting); a submission's cases run side by side
// as far as the cores allow. Each case writes only its own CaseResult, so
// the order runs finish in changes no result.
package grader
