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
// are cases of their own, "test_calc.test_add[1-2].case"; JUnit's nested
// classes and parameterized tests are not supported). A case whose test
// its file does not declare, a test of a file with cases that has none
// (and is no sentinel), or a file with both public and hidden tests, is
// an error when the assignment loads. A file that declares no test is a
// helper: every run holds it, and it is public (bundled, and in check's
// box).
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
// directly before the method or function; else 1.
//
// # A run
//
// check runs the public tests, grade the public tests in one box and the
// hidden ones in another: the box whose failures a student reads never
// holds a hidden test's file. Each box holds the student's built files,
// and the instructor's files in the folder _instructor:
//
//   - JUnit: the JDK's compiler (-proc:none) compiles the instructor's
//     files against the student's classes, then the console launcher of
//     Debian's junit5 (the toolchain's Launchers) runs the test classes
//     with the instructor's classes before the student's on the class
//     path, each test under a preemptive timeout (separate thread) of the
//     rubric's limits.wall, writing the XML report. Tests that do not compile against the
//     student's classes all fail, with the compiler's messages for public
//     ones.
//   - pytest: the system's interpreter runs isolated (-I: no PYTHON*
//     variables, no user site, neither the script's nor the working folder
//     on sys.path) a starter that appends the student's folder to the end
//     of sys.path and runs pytest with the grader's own configuration
//     (-c, --rootdir and --confcutdir in _instructor, -p no:cacheprovider,
//     plugin autoloading off, pytest-timeout's --timeout of limits.wall),
//     writing the XML report (--junitxml).
//
// A test's own limit (JUnit's @Timeout, pytest's
// @pytest.mark.timeout(N)) replaces limits.wall for it. The box's limits
// are the rubric's of one run stretched to the tests:
// limits.wall and limits.cpu x (tests + 1) + limits.build_wall, and
// limits.memory.
//
// # Verdicts
//
// A passed test passes; a failed assertion is a wrong answer, its message
// and trace (without the framework's frames) the feedback; an exception a
// runtime error, its trace the stderr; a timed-out test a timeout; a
// skipped test a wrong answer. A hidden test shows the student its
// verdict alone: a failed assertion's message goes to the TA's log. A run that ended other than as a test runner ends (exit
// status 0 or 1), a run stopped at a box limit, or one that wrote no
// readable report (System.exit or os._exit in the student's code, a
// report cut short) fails every test of the box, with how it ended.
//
// # What is and is not guaranteed
//
// The test process runs in the box with the student's code, so nothing
// it reports is trusted on its word. Guaranteed:
//
//   - A student's file never configures the run: conftest.py, pytest.ini,
//     pyproject.toml, setup.cfg, tox.ini, sitecustomize.py,
//     usercustomize.py, *.pth, junit-platform.properties, META-INF/, any
//     file in _instructor/, and any file or class named as an instructor's
//     file or class (a class Check beside the instructor's Check, a
//     helpers.py) are left out of the run, with a note for the student
//     and a flag for the TA. A student's module shadows no module of the
//     standard library or pytest (it comes last on sys.path), and JUnit's
//     and the JDK's classes come from the launcher's class loader, never
//     the student's folder.
//   - A test that is not reported passed fails: a process that ends
//     early, loops or is killed reports nothing, and nothing reported is
//     a failure, never a pass.
//   - The report must name exactly the instructor's tests: a case's test
//     it does not name, or names twice, fails; names that are neither a
//     case nor a sentinel are flagged for the TA.
//   - A sentinel (JUnit @Tag("sentinel"), @pytest.mark.sentinel: a test
//     that must fail, e.g. one that asserts a wrong value through the same
//     helper as the real tests) that is not reported once, as failed,
//     makes the whole run untrusted: every test of the box fails, and the
//     TA is told. It catches a student's code that makes assertions pass
//     (a monkeypatched helper, a patched pytest) and a naively forged
//     report.
//   - No file of a hidden test is in check's box or in the box of the
//     public tests, and no hidden test's message reaches a student's
//     report; a hidden test's file is never bundled.
//
// Not guaranteed: the student's code runs in the same process as the
// tests and can read their compiled or source files in its box (public
// tests in check; in grade, the hidden tests in the hidden box, whose
// output no student sees). Code written against a known test suite can
// forge a report that names every test, fails the sentinels and passes
// the rest, then end the process: such a report cannot be told from a
// real one. The sentinel and the name check catch generic tampering, not
// a determined attack on a known suite; a TA reading the flags, and the
// student's code, remains the last check. Per-test timeouts are wall
// time, as JUnit and pytest-timeout measure them; the box's CPU and wall
// limits bound the whole run.
package unittest
