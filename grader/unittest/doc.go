// Package unittest grades a student's classes and functions with the
// instructor's unit tests: JUnit 5 for Java (the judge "junit"), pytest
// for Python (the judge "pytest"). It gives both to package grader (Judges)
// as grader.Suite judges: the tests run once per submission, in the
// sandbox, and each test is a case of its own, with its verdict, its
// points and its visibility, in check, grade, every report, Gradescope's
// results, JUnit out and the HTML page. Which language's each framework
// is, the tools it runs and how what it needs is found on the machine
// are its toolchain's (package grader/toolchain, Toolchain.Tests):
// `autograder doctor` lists them from there.
//
// # An assignment
//
// The rubric's build is the preset of the framework's toolchain (Java's
// for JUnit, Python's for pytest; required = the student's files): a
// submission that does not compile is a compile error, as always. A
// part's case folder holds the instructor's test files and one case file
// per test, named after the test:
//
//	cases/unit/FractionTest.java              the public tests
//	cases/unit/FractionHiddenTest.java        the hidden tests
//	cases/unit/Check.java                     a helper (declares no test)
//	cases/unit/FractionTest.adds.case         args:, visibility: public, check: junit
//	cases/unit/FractionHiddenTest.reduces.case    ...   visibility: hidden
//
// A test's ID is "<class>.<method>" for JUnit (the class is the file's,
// in the default package) and "<module>.<function>" or
// "<module>.<Class>.<method>" for pytest (test_*.py or *_test.py); its
// case file is "<ID>.case", with an empty args line, its visibility and
// check: junit or check: pytest (a parametrized pytest test's instances
// are cases of their own, "test_calc.test_add[1-2].case"; a JUnit
// @ParameterizedTest or @RepeatedTest is one case, "CalcTest.values.case",
// and a @Nested class's test is "CalcTest$Inner.deep"). A commented-out
// test is no test. `autograder cases generate --rubric RUBRIC --out DIR`
// writes these case files (GenerateCases): pytest's tests as pytest
// collects them in a box, JUnit's read from the sources, hidden when
// their file's name holds "hidden". A test the instructor disabled by a
// static marker read from its file (JUnit's @Disabled on it or a class
// around it; pytest's @pytest.mark.skip on it or its class, or a
// module's pytestmark) is no part of the grade: it gets no case, a case
// naming it is an error, and the skip the report gives it is expected;
// a skip decided at run time (skipif, pytest.skip, JUnit's conditional
// annotations, assumptions) may depend on the student's code and fails
// the test like any skip. A case whose test
// its file does not declare, a test of a file with cases that has none,
// or a file with both public and hidden tests, is an error when the
// assignment loads. A file that declares no test is a
// helper: every run holds it, and it is public (bundled, and in check's
// box). Any other file of the folder or its subfolders (but the case
// files, hidden files, compiled files and the framework's configuration)
// is a data file a test reads (cases/unit/prices.csv,
// cases/unit/data/sample.txt): the test box holds it at the same place
// beside the tests and, for JUnit, on the tests' class path; it is never
// compiled, and a kit ships it as it ships a helper (markSecretHelpers).
// A file or folder there named as a class or module students hand in
// is refused (noShadow).
// cases/unittest-java and cases/unittest-python are examples.
//
// # Points
//
// A part earns points x the points of its passed tests / the points of
// all its tests (grader.Weigher; a proportional part). A test's points
// are, first, the rubric's [judge] flags "points:PATTERN=N", PATTERN a
// path.Match glob over test IDs, the first match winning
// (flags = ["points:FractionHiddenTest.reduces*=2"]); else its own tag,
// JUnit @Tag("points=N") or pytest @pytest.mark.points(N), written
// directly before the method or function; else 1. Reports show each
// test's share of its part's points (results.json "points").
//
// # A run
//
// check runs the public tests, grade the public tests in one group and
// the hidden ones in another: the box whose failures a student reads
// never holds a hidden test's file.
//
//   - pytest: two boxes per group, neither of which sees the other. The
//     test box holds pytest, the instructor's files in _instructor, the
//     grader's configuration and the bridge (package pybridge), and no
//     file of the student's: the system's interpreter runs isolated (-I)
//     a starter that takes the box's stdin and stdout for frames, points
//     pytest's stdout at stderr, and makes each of the student's modules
//     (named by the student's .py files) a stand-in, for an import from
//     an instructor's file alone, never for a name of the standard
//     library. A stand-in's attributes are handles: every use of one
//     (a call, an attribute, ==, hash, <, iteration, len, str, repr, a
//     with block) is a call relayed by the grader (package relay) to the
//     student box, which holds the student's files and a small server
//     (the interpreter isolated, -I) and nothing of the tests. Plain values (None, bool,
//     int, float, str, bytes, list, tuple, set, dict of exactly those
//     types) cross by value, and a list, dict or set passed to the
//     student is copied back after the call; any other value is a handle
//     to an object on the side that owns it (a lambda a test passes is a
//     handle the student's code calls back), one stand-in per object while
//     it is held (is works), freed on the other side when let go. An
//     exception of the standard library's is rebuilt as itself
//     (pytest.raises(ValueError) works); the student's own exception
//     class is a stand-in class of its name, its own parent classes and
//     its nearest standard base (except stats.Empty works), whose other
//     attributes are the student's object's; the student's traceback, its
//     own files' frames, is attached (the exception's cause). Control
//     flow of the student's code (StopIteration but as the end of next(),
//     KeyboardInterrupt, ...) reaches a test as a RuntimeError; a
//     SystemExit as itself, which pytest takes for that test's failure,
//     as in one process. What the
//     student's code prints reaches the test's sys.stdout too (capsys),
//     and its input() and sys.stdin read the test's. pytest writes its report in the test box, and
//     the grader collects it. The student's process lives for a test
//     module and is started afresh for each test file, and after a test
//     in which it ended, crashed, ran past a limit or printed past the
//     cap: that test alone fails (a timeout when a limit stopped it), the
//     next one gets a fresh process.
//   - JUnit: two boxes per group too (package javabridge). The
//     student's compiled classes are read, never run, by the grader, and
//     each of the student's classes gets a stand-in: a Java source with
//     its public API whose every member is a call relayed to the student
//     box (javabridge.Standins; none for a class named like one of the
//     instructor's, of java.lang or of a package the tests import on
//     demand: a note tells the student). An API the
//     bridge cannot carry (a public field, a name that is no plain Java
//     identifier) fails every test with a message naming the class and
//     member. In a box, the JDK's compiler (-proc:none) compiles the
//     stand-ins and the group's files against the console launcher of
//     Debian's junit5 (the toolchain's Launchers) and the bridge's test
//     side; in the test box, which holds those classes and no file of the
//     student's, JUnit's platform launcher runs the test classes and
//     writes the XML report as the console launcher would (the bridge's
//     Launch). The student box holds the student's classes and the
//     bridge's server (the JDK alone). Values cross as javabridge's doc
//     says (plain values copied, arrays and collections copied back,
//     anything else a handle, the same stand-in for the same object; the
//     student's exceptions as full stand-ins: their JDK base, methods,
//     fields, cause; what is no exception of the student's API, a
//     StackOverflowError, as an Error saying so). One student process per
//     top-level test class, a fresh one after a test in which it ended,
//     crashed, ran past a limit or printed past the cap (the rest of that
//     test's calls fail at once). The bridge's Java side is compiled once per
//     machine, into the user's cache folder (each side as a folder of
//     classes and as a jar), beside two class data archives (cds.go),
//     built there outside any box from the grader's own jars and
//     trainings alone: one of JUnit's launcher and the test side that
//     the test JVM maps, one of the server that the student's JVM maps.
//     A box shows the jars and archives read-only, the jar on the class
//     path before the box's folder of classes (the student's, the
//     tests'), which no archive holds; without an archive, the box holds
//     the side's folder as before. An archive changes how fast classes
//     load, never which: the same classes from the same class path
//     entries, mapped or read; the names the
//     tests import on demand are listed once per assignment (one small
//     JVM); the stand-ins and the tests are compiled once per batch for
//     each distinct input (testbuild.go), so once for every student of
//     the same public API. Tests
//     that do not compile against the stand-ins all fail, with the
//     compiler's messages for public ones.
//
// Both runs are relayed: each test is bounded from outside: limits.cpu
// of CPU time (as the kernel counts it for the whole student box, and,
// once the test called the student, for both boxes) and limits.wall of
// the test's time once it called the student (a ping-pong of calls and
// callbacks is one test's), and 256 MiB of what the student prints
// (which is kept clipped, head and tail, and shown with a public test's
// failure); limits.memory bounds each box. Calls that nest across the
// boundary (test -> student -> test ...) past the test side's bound
// (Python 64, Java 64 a MiB of -Xss) fail their test at that depth,
// whatever the machine (package relay, "nested"). The whole run's limits
// are the rubric's of one run stretched to the tests: limits.wall and
// limits.cpu x (tests + 1) + limits.build_wall.
//
// # Verdicts
//
// A passed test passes; a failed assertion is a wrong answer, its message
// and trace (without the framework's frames) the feedback; an exception a
// runtime error, its trace the stderr; a timed-out test a timeout; a
// skipped test a wrong answer (a disabled one has no case). A failed
// assertion is the test's own and a timeout the grader's limit or the
// framework's own timer, as the test box's side of the bridge tells the
// relay ("failed"), never read from the report's text or an exception's
// type, which the student's code can write; no exception of the
// student's crosses as an AssertionError. A relayed test in which the student's
// process ended or was stopped fails, whatever the report says, with how
// it ended (a timeout when a limit stopped it). A hidden test shows the
// student its verdict alone: a failed assertion's message goes to the
// TA's log, and what the student's code printed is not shown. A run that
// ended other than as a test runner ends (exit status 0 or 1), a run
// stopped at a box limit, or one that wrote no readable report fails
// every test of the box, with how it ended. A parameterized or repeated
// JUnit test is one case, passing when every invocation passes; a
// parametrized pytest test is a case per instance.
//
// # The stages
//
// A judge's work is a pipeline whose stages are each a file of their own
// that reads top to bottom, the judge's methods each in the stage it
// serves:
//
//   - declare (declare.go): which tests the instructor's files declare
//     (scanJava, scanPython; for generated cases, pytest collects them
//     in a box: generate.go), which test each case names and what it
//     weighs (Plan), and what the judge tells of them (Weight, Command,
//     PublicFiles, HiddenFiles, Fingerprint);
//   - boxes (box.go): which of the submission's files the run takes, the
//     public and the hidden group, each group's limits, and each
//     framework's two boxes, JUnit's after compiling the stand-ins and
//     the tests in a box of their own (the bridge's Java side compiled
//     once per machine: kit.go);
//   - run (run.go): the two boxes over the relay, the report collected;
//   - decide (decide.go): each test's outcome, one pure function
//     (decide) from the run, its report and the relay's record, by rules
//     tried in order, each with a row in its table test;
//   - report (report.go): the JUnit XML report read (Parse), and how
//     each framework reads a reported test (a failed assertion, its
//     time limit, the trace a student reads).
//
// RunSuite (suite.go) runs the stages in order for each group. Beneath
// the stages: the judge and what the stages hand each other (judge.go),
// the boxes' folders (layout.go), the Java scanner's blanking
// (javascan.go); above them, the frameworks themselves (judges.go) and
// case generation (generate.go). The files stand in layers, each using
// only files beneath it: generate and suitejudge; junitsuites; suites;
// judges, suite and capabilities; run
// and decide; box; kit, cds, testbuild and declare; judge; report, layout,
// javascan and owncode. No file refers to one that refers back to it, however far
// round (TestFilesInLayers). Each stage is a function of its own, so a
// profile or a trace (go test -cpuprofile, runtime/trace) shows the time
// of each: the bridge kit and the tests' compile (junitBoxes), the
// relayed run (relay.Run), the decision.
//
// # Students' suites
//
// The pytest judge is also a mutation.SuiteProvider (suites.go): a
// rubric's tests part with an implementations folder grades the pytest
// files students write, the roles of the two boxes reversed. The test box
// holds pytest, the bridge's test side and one student file (hostile
// code); the implementation box one implementation, the correct one or a
// bug, and the bridge's server (AUTOGRADER_BRIDGE_INSTRUCTOR: no trace,
// no address crosses). Each test runs alone in fresh boxes, both with
// PYTHONHASHSEED=0, address randomisation off (setarch -R) and, in the
// test box, random seeded before each test and the clock stopped
// (libfaketime), where the machine has them. The relay keeps the run's
// transcript; the run's outcome is its one test's in the report, failed
// when the implementation's process ended, and a broken protocol from
// the test box is the student's failure, not the grader's.
//
// The JUnit judge is one too (junitsuites.go): the implementations are
// folders of Java sources, compiled in a box when the rubric loads; the
// stand-ins are written from the correct one's classes, and every other
// implementation's must be the same, byte for byte. A student's test
// file is compiled alone with the stand-ins (compileOnce), its tests
// found by the Java scanner and each run with a method selector (the
// console launcher's --select-method). Both JVMs run with AUTOGRADER_BRIDGE_SUITE (sequence
// numbers counted, no frame of the implementation's, no handle freed as
// the garbage collector finds it: all would change the transcript from
// run to run), identity hash codes constant (-XX:hashCode=2), address
// randomisation off and the clock stopped, where the machine allows.
//
// Both are mutation.OwnCoders (owncode.go): where the rubric asks
// (own_code), For also picks the hand-in's files named as the
// implementation's (pytest's modules; the stand-ins' Java sources) and
// the student's other sources, and a run on mutation.OwnCodeImpl puts
// them, not an implementation, in the implementation's box (JUnit's
// compiled once per submission, implicitly pulling in the other
// sources they use): both boxes then hold the student's code alone.
//
// # What is and is not guaranteed
//
// For both frameworks, no byte of the student's code runs in the process
// that runs the instructor's tests, decides their verdicts and writes the
// report, and the student's box never holds a test file, the framework's
// configuration or the report:
//
//   - What the student controls is its own box: its files, its process,
//     what it prints, and the values its code returns. Those values reach
//     the test box as plain data (validated field by field; too deep,
//     too large or malformed is a failure of that test) or as handles. A
//     handle never equals a plain value of the test's, and no operator
//     (==, <, -, ...) hands a value the test expects to the student's
//     code; the student's with block may swallow only its own exceptions,
//     never a test's failed assertion; a dead student process is not an
//     exception a test's pytest.raises(Exception) takes for its own.
//   - The student's side may call only what a test passed it (callbacks),
//     read their public attributes (never a module), and compare them.
//   - pytest's own machinery (collection, fixtures, hooks, the report
//     writer) never meets the student's code: a stand-in answers only the
//     instructor's files, and a name of the standard library, even one
//     missing on this system, is never a stand-in. Likewise JUnit's
//     (the launcher, its listeners, the XML writer and its service
//     lookups) runs in a box that holds no class of the student's: a
//     student's static initialiser, shutdown hook, thread or service file
//     runs, if at all, in the student's box, where there is no report;
//     and a student's class named like one the tests resolve from
//     java.lang, JUnit or an on-demand import (Assertions) has no
//     stand-in, so the name stays the framework's.
//   - The verdicts are the report's, written by the test box, and the
//     relay's own record of the student's process (which the student's
//     code cannot write): a test in which it died or ran past a limit
//     fails.
//   - No file of a hidden test is in check's box or in the box of the
//     public tests, and no hidden test's message, nor what the student's
//     code printed in it, reaches a student's report.
//   - A student's conftest.py, pytest.ini, junit-platform.properties and
//     the like are still left out of the run and flagged, though they
//     could configure nothing now; a student's file named as an
//     instructor's (its own helpers.py or Check.java) stays in the
//     student's box, which the tests never see, and is flagged.
//
// Not guaranteed: a test that compares two of the student's objects with
// each other (==, <) uses the student's own methods, and a test that calls
// a student's method with the expected answer (contains(x)) trusts its
// reply, as it would in one process; compare plain values. A list, dict
// or set a test passes to the student's code may be changed by it, as in
// one process: never pass the expected answer. The student's
// code sees the arguments of every call, hidden tests' included (it
// cannot send them anywhere a student reads). A JUnit @Timeout of the
// instructor's still applies, as JUnit's own; the instructor's own code
// in the test box counts toward a test's limits once the test called the
// student, and is otherwise bounded by the box's CPU and wall limits.
package unittest
