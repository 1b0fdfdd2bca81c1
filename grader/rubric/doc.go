// Package rubric reads an assignment's rubric: a TOML file that says what a
// submission must contain, how to build and run it, its limits, how its
// output is compared, its parts with their points and cases, and the late
// policy. The grader knows nothing about any one assignment; a TA writes a
// rubric and a folder of cases for a new one, and no Go code changes.
//
// # Errors
//
// [Load] and [Parse] check everything before they return: an error is one
// line, "rubric.toml:LINE:COL: message", naming the key at fault, and wraps
// [ErrInvalid]. Unknown keys are errors, so a misspelt key cannot be
// silently ignored. Problems that concern the whole file are reported at
// 1:1. When a file has several problems, the first unknown key is reported,
// otherwise the first problem in the order of the keys below.
//
// # Keys
//
// Optional keys have the default shown in parentheses. Durations are Go
// durations in strings ("10s", "1m30s", "500ms"). Sizes are a number of bytes
// (an integer or a string) or a string with the unit KiB, MiB or GiB
// ("512MiB"); decimal units (MB) are refused as ambiguous. testdata/full.toml
// uses every key.
//
// Top level:
//
//	name   the assignment's name, for reports (required)
//	total  its points, a positive number equal to the sum of the parts'
//	       points, those of [[manual_part]] parts included (required)
//	cases  the folder of case folders, relative to the rubric's folder
//	       ("cases")
//	reference  the assignment's reference program, built into the grader
//	       ("eightqueen"): it names the known mistake a wrong output
//	       reproduces and judges "check: reference" cases (none)
//	handout  the handout for students, a file in the rubric's folder
//	       ("handout.md"): `autograder handout` prints it (none)
//
// [submission]:
//
//	required         file names (no folders) a submission must contain ([])
//	package          what to do with a package statement in a Java source:
//	                 "report" (build as it is and say so in the report),
//	                 "strip" (remove it and deduct package_penalty points) or
//	                 "reject" (verdict rejected, score 0) ("report")
//	package_penalty  points deducted under "strip", at most total (0)
//	rename_penalty   points deducted, once, when a required file is missing
//	                 and another file is built under its name (below), at
//	                 most total (0)
//	allow            build products (class files, jars, object files; see
//	                 [Build.Product]) to keep, by file name; any other is
//	                 ignored, with a note, and never built with ([])
//
// A required file that is missing is looked for among the submission's
// files with its extension: the one file that declares what the required
// file would (java: a top-level class named as the file, EightQueen for
// EightQueen.java, public or not), or else the one file whose name differs
// from the required name only by case, a prefix or a suffix
// (eightqueen.java, HW4-EightQueen.java, EightQueens.java). That file is
// built under the required name, with a note that names it, and
// rename_penalty is deducted. A file that could not build under the
// required name (java: one that declares a public class of another name)
// is never taken; when several files qualify, none is, and the
// missing-file note names them.
//
// [build]:
//
//	language  a preset, the name of a toolchain of package
//	          grader/toolchain ("java", "c", "cpp", "python", ...), or
//	          "raw" ("java"); or "auto", or a list of presets (["c",
//	          "java"]): each submission's sources pick the preset (below)
//	main      the preset's main unit (package grader/toolchain): a Java
//	          main class (the first required .java file's name without
//	          ".java"); for a compiler, the program it writes ("main"); for
//	          Python, the file run, one of the required files (the first
//	          required .py file). Not allowed with "raw". Under "auto" or a
//	          list: optional, a name without extension that picks the class
//	          or file to run among several (below).
//	build     raw only: the build commands, each an array of program and
//	          arguments, run in order ([]: nothing to build)
//	run       raw only: the command that runs the program (required)
//	spot_check  how many of each submission's cases graded in warm mode
//	          (one JVM for all cases) also run cold, to check the warm
//	          answers; a difference regrades the submission cold (2; 0:
//	          none)
//	runtime   "grader" (the default: the grader's own choice of runtime,
//	          for short runs) or "judges" (what a contest's judges run:
//	          PyPy for Python where it is installed, the JVM's full JIT
//	          when the CPU limit is 1 s or more), as a problem package is
//	          graded
//
// The presets compile the required files with their toolchain's
// extensions, in rubric order, and need at least one; package
// grader/toolchain lists each preset's extensions and commands. [Preset]
// gives a preset's Build without a rubric file.
//
// # Language by file
//
// With language = "auto" (every preset) or a list of presets, one rubric
// grades submissions in several languages (package grader/runner picks the
// preset when it builds each one). submission.required may then be empty,
// or name each language's source: its names hold per language (required =
// ["sum.c", "sum.py"]: a C submission must hold sum.c, a Python one
// sum.py), and a name of no accepted language (a README) must be in every
// submission. A submission's language is the first whose required names
// it holds, else that of its shallowest source; a missing required file
// of that language is looked for, and rename_penalty deducted, as with
// one language (package grader). The files built are those of the shallowest folder of the
// submission that holds a source of an accepted language, and their
// extensions pick the preset, whose toolchain picks the main unit (package
// grader/toolchain: the Java class that declares main, the Python file to
// run); compiled programs are "main" as with one language.
// Sources of two languages in that folder, or of none accepted, are a
// compile error whose log says so; each result's provenance names the
// runtime that built and ran it. Reports show the command as "program"
// and its arguments, as each submission runs its own way.
//
// Commands run in the folder that holds the submission's files, without a
// shell: no globbing, no quoting. A program named with a slash ("./main")
// is a file of that folder. The grader appends a case's arguments to the
// run command (see [Build.Commands]); package grader/runner runs a
// preset's compiler or interpreter as the file it really is and adds its
// options (a JVM's heap cap). Reports show a case's command as a student
// would type it, [Build.Command]: "java EightQueen 315 1 12375643",
// "./main 3 4".
//
// [limits], for one run of the program on one case:
//
//	wall        wall-clock time ("10s")
//	cpu         CPU time, all threads together ("10s")
//	memory      memory ("512MiB")
//	stack       the program's stack, within its memory ("unlimited",
//	            the default, or a size: "64MiB")
//	output      bytes of standard output, and of standard error, each
//	            ("1MiB")
//	past_output what happens to a run that prints more: "stop" (the
//	            default: it is stopped there, at its output limit) or
//	            "discard" (what it prints past the limit is discarded
//	            and it runs on, as contest judges run it: to its time
//	            limit, or to its end, at its output limit when it exits
//	            with status 0)
//	build_wall  wall-clock time of the whole build ("60s")
//	build_file  the largest file a build step may write ("16MiB"); a
//	            larger one grows the build's box and memory to hold two
//	            such files (an object file and the program)
//
// [compare]:
//
//	mode  "lines", "strict" or "ignore-case", as package compare defines
//	      them ("lines": line by line, "\r\n" = "\n", trailing blanks and
//	      trailing empty lines ignored, case matters)
//
// [judge], how a case without a check key is judged:
//
//	name   "diff" (the case's expected output under [compare]), "tokens"
//	       (token by token, as contest packages' default output validator),
//	       or one of the program's judges (grader.Judges) ("diff")
//	flags  the judge's options, as strings (["float_tolerance", "1e-6"]);
//	       a checker program gets them after its feedback folder
//	checker       the judge "checker"'s program (package grader/checker):
//	              a source file or a folder of sources, relative to the
//	              rubric's folder; its toolchain by extension, built
//	              with that preset (none)
//	interactive   true: the checker talks with the program while it runs,
//	              its stdout the program's stdin and the other way round
//	              (false)
//	checker_wall  wall-clock time of one run of the checker ("60s";
//	              interactive: limits.wall plus 60s, and it must exceed
//	              limits.wall)
//	checker_cpu   CPU time of one run of the checker ("20s")
//
// interactive, checker_wall and checker_cpu apply only with checker.
//
// [late]:
//
//	deadline   an RFC 3339 date-time with a UTC offset, as a TOML date-time
//	           or a string: 2025-03-05T09:30:00-06:00 (none)
//	penalties  percentages of the total deducted for 1, 2, 3, ... days late;
//	           each 0 to 100, none less than the one before. A submission
//	           later than the list is long is not accepted (score 0); so with
//	           the default, no late submission is ([])
//
// A day late is a started 24-hour period after the deadline: one second
// late is one day late, 24 hours late too, 24 hours and a second is two.
// A rubric without a [late] table has no late policy: late work (a Canvas
// LATE marker) is graded as on time, and `autograder grade` says how many
// submissions were late. An empty [late] table is a policy that accepts
// no late work.
//
// [report]:
//
//	hidden             how hidden cases show in a student's report:
//	                   "verdict" (each with its verdict only) or "count"
//	                   (how many passed, per part) ("verdict")
//	gradescope_hidden  when Gradescope shows a student the hidden cases'
//	                   tests: "after_due_date", "after_published" or
//	                   "hidden" (never) ("after_due_date"); public cases'
//	                   tests are always visible
//
// [[part]], one table per part, at least one, in the order of the reports:
//
//	id        a short id of a-z, 0-9, _ and -, unique (required)
//	name      a name for reports (the id)
//	points    a positive number (required)
//	cases     the part's folder under the cases folder; it must hold at
//	          least one *.case file (the id)
//	scoring   "proportional" (points × passed cases / cases),
//	          "all-or-nothing" (all when every case passed with all its
//	          credit, else none), or "min" (points × the least credit of a
//	          case: 1 for a pass, a judge's partial credit, else 0)
//	          ("proportional")
//	readings  the names of the readings the part accepts: a case's expected
//	          output labelled with any of them passes ([]: every reading)
//
// [part.tests], under a [[part]]: the part grades the tests a student
// writes (package grader/mutation) instead of running a program on its
// cases. A test is a case file the student hands in (input and expected
// output); its cases folder holds the instructor's own cases, on which
// every bug must print something other than the correct implementation and
// than every other bug (else the rubric is wrong, one line per bug). A
// test is valid when every correct implementation prints its expected
// output (under [compare]); a bug is exposed when a valid test's expected
// output is not what it prints. The part earns per_bug per bug exposed, up
// to ceiling:
//
//	implementations  the provider of the correct implementations and the
//	                 bugs, one of the program's judges ("eightqueen": the
//	                 reference under every reading, and its catalogue of
//	                 mistakes; "programs": the programs of folder, built
//	                 and run as submissions are) (required)
//	bugs       the bugs used, by name, in the reports' order (every bug
//	           the provider has)
//	per_bug    points per bug exposed, positive (required)
//	ceiling    the most the part earns, at most its points (its points)
//	max_tests  the most tests counted, 1 to 1000; the rest are ignored in
//	           file order, with a note (25)
//	max_bytes  the largest test file; a larger one is invalid ("64KiB")
//	files      the pattern of a test file's name, anywhere in the
//	           submission ("*.case")
//	show       what the student's report shows of the bugs: "nothing",
//	           "count" (how many were exposed), "exposed" (the names and
//	           hints of those exposed) or "all" (every bug's name); the
//	           TA sees everything ("exposed")
//
//	folder     with implementations = "programs": the folder of
//	           programs, relative to the cases folder: correct.EXT or
//	           correct/ (more: correct-NAME), and bugs/NAME.EXT or
//	           bugs/NAME/ (its hint in hint.txt), each built with [build]
//	           (files is then to be given, "*.case");
//	           else it makes the part grade unit-test suites the student
//	           writes (implementations = "pytest" or "junit"): the
//	           implementations folder, relative to the cases folder,
//	           holding correct/ (more correct ones in correct-NAME/) and
//	           bugs/NAME/ (a bug each, its one-line hint in hint.txt),
//	           every one's files named alike (JUnit's: Java sources with
//	           the same public API); files then defaults to "test_*.py"
//	           ("*Test.java" for junit), and the part's case folder needs
//	           no case file
//	max_runs   with folder: the most runs of a submission's tests, 1 to
//	           100000; a test whose runs would pass it is not run, nor
//	           any after it, each invalid with a note (200)
//	max_wall   with folder: the most wall time of a submission's runs
//	           ("30m"); a test that would start past it is not run, nor
//	           any after it, each invalid with a note (max_runs ×
//	           (limits.wall + limits.cpu): unlike max_runs, it depends on
//	           the machine's speed and load, so the default is far above
//	           what an honest suite takes, and cuts suites that wait)
//	own_code   with folder (pytest or junit): also run each of the
//	           student's tests once on the student's own code, the
//	           hand-in's files named as the implementation's, and show
//	           how each fared; never scored, no verdict changed; the
//	           runs count in max_wall, those past it not run (false)
//	own        with folder: the instructor's own test files (those files
//	           matches), a folder relative to the cases folder; `cases
//	           verify` runs them on every implementation and refuses a
//	           rubric where one does not pass on a correct one, a bug
//	           does not load, passes them all, or answers them as
//	           another bug does (no check when absent)
//
// A rubric whose every part is a tests part builds and runs nothing of a
// submission: its files are data.
//
// [[manual_part]], a part a TA grades by hand (its points count in total),
// or, when its id is a [[part]]'s, the bounds of that part's manual items:
//
//	id        a new part's id, or an autograded part's (required)
//	name      a new part's name (the id)
//	points    a new part's points, positive (required for a new part)
//	start     a new part's score before any item is applied (0)
//	floor     the least the part's score may become once items are
//	          applied (0)
//	ceiling   the most it may become (the part's points)
//	file      the required file the part is graded in, shown in
//	          autograder review's view of the part across the class
//	function  a function of that file: the view shows its lines
//	lines     or a range of that file's lines, "FIRST-LAST" (from 1)
//
// [[manual]], a rubric item a TA applies by hand (autograder review):
//
//	id        a-z, 0-9, _ and -, unique among the items (required)
//	text      what it says, shown to the TA and the student (required)
//	points    added to its part when applied, negative to deduct; never 0
//	          (required). Items are global: changed, they rescore every
//	          submission they are applied to.
//	part      a [[part]]'s or a [[manual_part]]'s id (required)
package rubric
