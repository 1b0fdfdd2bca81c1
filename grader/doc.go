// Package grader runs submissions against an assignment's cases and scores
// them by its rubric.
//
// The grader knows nothing about any one assignment: the rubric (package
// rubric) says what to build, how to run it, which cases (package cases)
// make up each part and how parts are scored; a Runner builds and runs a
// submission (in the sandbox, or a warm JVM). A student program's failure is
// a Verdict in the Result; a Go error means the grader itself failed.
//
// # One pipeline
//
// Batch.Run (batch.go) grades each submission with Assignment.Grade
// (grade.go), which runs its stages in order, each in a file of its own
// that reads top to bottom:
//
//   - sources (sources.go): what of the submission is built: admitted
//     (readable, not too late), its files picked by the rubric's names,
//     compiler products left out, a package statement handled;
//   - run (run.go): the build, the suites, then every case's runs side by
//     side, each run's judge asked and the run decided as it ends; Decide,
//     for warm mode's spot checks, judges a run by the same rules;
//   - decide (decide.go): the verdict rules, one pure function (decide)
//     from how a run ended and what its judge said to the verdict and the
//     evidence kept, and decideRuns for a repeated case's runs: no judge
//     is asked, nothing is run there;
//   - diagnose (diagnose.go): the catalogued mistakes behind the failures;
//   - score (score.go): the parts and the total by the rubric.
//
// A tests part ([part.tests] in the rubric, testparts.go) runs no program
// of the submission: its case files are the student's tests, graded by
// package grader/mutation (valid on the correct implementations, bugs
// exposed) after the run stage; an assignment of tests parts alone
// (TestsOnly) builds nothing.
//
// Beneath them: a repeated case's tally (repeat.go), the loaded
// assignment (assignment.go), what a grading is given (options.go), the
// judges' interfaces (judge.go, suite.go) and the grader's own judges
// (judges.go), what a runner does (runner.go), the results (result.go,
// verdict.go), their words (explain.go, words.go, command.go) and bounds
// (bounds.go), the shared cores (cores.go). The files stand in layers,
// each using only files of lower ones: batch; grade; run; repeat and
// score; sources, decide, diagnose, words and command; assignment and
// options; testparts, judges and suite; judge and explain; runner and bounds;
// result; shard; verdict and cores. No file refers to one that refers
// back to it, however far round (TestFilesInLayers).
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
// ExpectedOutput: the case's expected output), a token validator, a checker
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
// A batch's builds and runs share its Cores (Batch.Jobs of them, or
// Options.Cores), passed down explicitly: each takes a core and its
// memory limit's share of the budget, gives the core back when the
// sandbox sees its box waiting and counts on one again when it works
// again, and gives both back when it ends; a submission's cases run side
// by side as far as the cores and the memory allow, and a freed core goes
// first to the submission with the least work on a core (Cores.Share). Each case writes only
// its own CaseResult, so the order runs finish in changes no result. The
// hooks through which the sandbox says that a box waits or works again
// (sandbox.Hooks) are passed explicitly, never in a context: the core's
// holder gives them to the Runner's Build, the Program's Input, the
// Suite's RunSuite, the Preparer's Prepare and the judge's Trial, and
// each gives them to the boxes it runs (sandbox.Spec.Waiting).
package grader
