// Package problem reads a programming-contest problem package, in the
// Kattis problem package format (legacy, 2023-07 and its drafts, 2025-09), as a
// grader.Assignment: a teacher reuses a contest archive's problem as an
// assignment without writing a rubric. A package is a folder holding
// problem.yaml; Load reads it.
//
// # What is read
//
// problem.yaml: problem_format_version ("legacy", the default;
// "2023-07", with or without "-draft"; "2025-09"); name (a string, or a
// map by language: "en", else the first); type ("pass-fail", "scoring",
// "interactive", "multi-pass", or several, as words or a list;
// "submit-answer" is refused); validation (legacy:
// "default", or "custom" followed by "interactive" and/or "score");
// validator_flags (a string of words: the flags of the output validator);
// limits (time_limit in seconds, memory and output in MiB,
// compilation_time and validation_time in seconds, validation_passes for
// a multi-pass problem, 2 by default; time_limit_to_tle gives a
// submission labelled to run out of time its margin, and, with no
// time_limit, ac_to_time_limit and time_resolution (legacy:
// time_multiplier) make cases verify's time limit, below); grading (legacy: objective "max" only); constants
// (2025-09: each {{name}} and {{name.variant}} is replaced in the output
// validator, included files, group settings files and labelled
// submissions, rubric.Constants); languages
// (2023-07: "all" or a list of language codes; the codes of package
// grader/toolchain's toolchains are the grader's, others are left out).
// Every other key the two
// versions define is accepted and unused; an unknown key is an error.
// Without limits.time_limit, a legacy package's .timelimit file (as
// DOMjudge and BAPCtools write it), else a domjudge-problem.ini's
// timelimit (any version), gives the time limit; legacy's
// time_safety_margin is time_limit_to_tle's old name.
//
// Submissions are built by the language of their files (a rubric's
// language "auto", package grader/runner), by any toolchain's extension,
// each a single file or a folder of files.
//
// # Limits
//
// A run's CPU time limit is time_limit; its wall-clock limit is twice
// that and 5 seconds more (a program blocked on a judge that will not
// answer, as one that forgets to flush, waits on the wall clock, and a
// busy machine slows every run). Without a time limit, the default is 10
// seconds of CPU time, the rubric's own default. A contest package
// derives its limit from its judges' solutions (legacy: 5 times the
// slowest, 2023-07: twice, rounded up to a second), which typically run
// under a second in C++, for limits of 1 to 5 seconds; students'
// programs in Python or Java run several times slower than a contest
// judge's C++, and a course grades what is correct, so the default errs
// on the generous side while still ending a program that loops. Memory
// defaults to 2 GiB, as the judges give it (the legacy format's typical
// system default; problemtools', BAPCtools' and DOMjudge's default): a
// jury's program may hold that much, as a large static array does even
// when its run needs little (a JVM gets half the limit as its heap);
// output to 8 MiB (the formats' typical default), a build to 60 seconds.
//
// # Test data and scoring
//
// data/sample holds public cases, data/secret hidden ones: each NAME.in
// is a case's standard input and NAME.ans its answer, given to the output
// validator (for an interactive problem, NAME.ans may be absent: the
// validator gets an empty one). Folders under data/secret are test groups,
// nested as deep as they go. Every group that holds cases directly is a
// rubric part, named by its path ("secret/group1", id "secret-group1"),
// its cases in name order; a case's id is "PART/NAME".
//
// Each group's settings come from its testdata.yaml (or test_group.yaml),
// else the closest ancestor's: legacy keys on_reject ("break" or
// "continue"), grading ("default"; "custom" graders are refused),
// grader_flags (of the default grader's words, "min" and "sum" choose the
// aggregation; "max" and "avg" are refused; others are accepted and
// unused), accept_score, reject_score and range (accepted; a rejected
// case earns nothing), output_validator_flags; 2023-07 keys scoring
// (score: the group's points; aggregation: "sum", "min" or "pass-fail"),
// output_validator_args, args (the program's command line); input
// validator keys, hints and descriptions are accepted and unused. A
// group's output validator flags follow problem.yaml's validator_flags
// (groups may differ; each case carries its own, cases.Case.JudgeArgs).
//
// A case's own NAME.yaml (2023-07) may replace its group's args and
// output_validator_args; input_validator_args, the visualizers' args,
// full_feedback, hint and description are accepted and unused, any other
// key is an error. A case's NAME.files folder (files copied beside the
// program) is refused. A package's include/default/ and include/LANGUAGE/
// hold files added to each submission in that language before it builds
// (rubric.Build.Include). static_validator/ and folders of data/ the
// format does not define are refused.
//
// Format 2025-09 groups differently: every folder of data/secret is a
// test group with every case below it, its settings in its
// test_group.yaml if it has one (without folders, data/secret is a
// single group; a pass-fail problem's cases directly in data/secret
// beside folders are one more group), worth its max_score (100 for
// data/secret), aggregated as its score_aggregation says: pass-fail by
// default in a group (all or nothing), sum (each case its share) or min.
// data/secret over groups must sum them; unbounded scores, require_pass
// and static validation are refused.
//
// A package whose data/secret holds no case (or has none) is graded on
// its samples alone, each worth a point, with a warning, as BAPCtools
// and DOMjudge grade it; a package with no case at all is an error.
//
// # Generated test data
//
// A package with generators/generators.yaml has its test data made by
// it, as BAPCtools defines the file (Generate): generators run with
// their arguments, {seed} (the SHA-512 of random_salt and the command,
// modulo 2^31, as BAPCtools computes it), {count} and {name};
// generators: lists a generator's files; copy: copies
// generators/BASE.in, .ans and .yaml; in:, ans: and yaml: give a case's
// files inline; count: makes several; data: as a list numbers its
// entries; include: repeats earlier cases; test_group.yaml: writes a
// folder's settings; solution: (inherited, empty for none) writes each
// missing .ans from the .in, and without one the first accepted
// submission does, with a warning; an interactive or multi-pass problem
// gets empty answers. Only data/sample and data/secret are made; match:,
// retries, .statement and .download files, .interaction and .out are
// accepted and not used. Every generator, solution and validator is a
// program of the package, built and run in the sandbox, one fresh box a
// run, under limits far above a package's needs (60 seconds of CPU
// time, 64 MiB a file, 512 MiB in all); a generator that loops, crashes
// or prints too much, a name or path that leaves its folder, a copy:
// file or folder linked from out of the package, or a generators.yaml
// too large to be real is an error naming the file, the case and the
// program; a program's own file may be a link to a regular file out of
// the package (submission.ProgramFile), as the contest tools follow it. The package's
// input_validators/ and answer_validators/ then check every case made
// (exit status 42; input_validator_args by validator name); a
// checktestdata or VIVA validator is named in a warning and not run. A
// program folder with build or run scripts is built and run by them
// (rubric.Scripted). A case with no generator is a manual one, its files
// in the package's data/. LoadContext makes the data once into the
// cache (CacheEnv, else the user's cache folder), keyed by a hash of
// problem.yaml, generators/, submissions/ and data/, and grades it from
// there.
//
// # Time limits when the package gives none
//
// A package may leave its time limit to be found from its accepted
// submissions (2023-07 and 2025-09; legacy without a .timelimit). Grading
// uses the default below; Timing.TimeLimitFrom gives the format's, the
// slowest accepted run times ac_to_time_limit (legacy: time_multiplier,
// 5), rounded up to time_resolution, which cases verify uses.
//
// A pass-fail problem scores a point per case. A group with on_reject:
// break (the legacy default) is all-or-nothing, which is what break
// decides in a contest: the group is accepted only if every case is,
// whichever fails first. As a contest's judge does, it stops at its first
// rejected case: the cases after it are not run (grader.NotRun), which
// changes no score. With on_reject: continue its cases count one by
// one (proportional), which is what a course usually wants: write
// continue in data/testdata.yaml for partial credit.
//
// A scoring problem gives each secret group its points: scoring.score
// (2023-07), else accept_score (1 by default) times its cases under the
// sum aggregation, accept_score alone under min. Aggregation sum is a
// proportional part (each case earns its share, or a partial one from
// the validator's score.txt, which must be between 0 and 1); min is a
// "min" part (the group earns its points times its worst case's
// credit); pass-fail is all-or-nothing. on_reject is not read for
// scoring problems: every case is judged and counted, where a contest
// judge stopping at the first rejection would make a sum depend on the
// order of the cases. Samples are judged and shown, worth no points, as
// in the formats.
//
// # Judges
//
// A custom output validator (legacy: validation "custom ..." and the one
// program in output_validators/; 2023-07: output_validator/, or
// output_validators/ with one program) is the judge "checker" of package
// grader/checker, interactive for validation "custom interactive" or
// type interactive, multi-pass for type multi-pass (rubric Judge.Passes);
// otherwise the judge is "tokens", the formats' default output validator.
// Either gets the flags above. The program is, as problemtools loads it, a
// single file or a folder of its own: output_validator/ itself when it
// holds files, else the one file or folder in it; the one in
// output_validators/. Beside another, a file in no language the grader
// knows (validate.ctd.template, a README) is no program, as problemtools
// finds them. Several are refused (the grader runs one); a
// folder with build or run scripts is built and run by them.
//
// # Labelled submissions
//
// Examples lists a package's submissions/LABEL/NAME with what their
// folder and submissions.yaml expect; Example.Misfits checks a graded one
// against that (autograder cases verify).
//
// # Errors
//
// An error is one line naming the file and the problem, and wraps
// ErrInvalid when the package is at fault.
package problem
