package unittest

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/grader/unittest/pybridge"
	"github.com/cs540-tools/autograder/sandbox"
)

// framework is what the suite knows of one test framework: how its tests
// are declared, which of a submission's files it never takes, and how a
// group of tests is built and run in the box. Its language (tc), the
// tools it runs and what else it needs on the machine are its
// toolchain's (package grader/toolchain: Toolchain.Tests).
type framework struct {
	tc          *toolchain.Toolchain // the toolchain whose Tests it runs
	declaredHow string               // how a test is declared, for messages
	scan        func(name string, data []byte) []declared
	fileOf      func(id string) string
	refused     func(name string) bool
	sameName    func(student, instructor string) bool
	run         func(ctx context.Context, e env) (ran, error)
	outcome     func(t Reported, hidden bool) grader.Outcome
	// collects says the tests are listed by the framework itself, run in
	// a box (pytest --collect-only), not by scan alone.
	collects bool
	// bridge is the bridge's files, in a fixed order: part of how a test
	// runs, so of the judge's fingerprint.
	bridge func() [][]byte
	// runOne is the command that runs test id of file alone with the
	// framework's runner; nil when it has none to offer.
	runOne func(runner, file, id string) string
}

// toolchainOf is the toolchain of the unit-test framework named name.
func toolchainOf(name string) *toolchain.Toolchain {
	tc := toolchain.ByFramework(name)
	if tc == nil {
		panic("unittest: no toolchain has the test framework " + name)
	}
	return tc
}

// name is the framework's judge name ("junit").
func (f *framework) name() string { return f.tc.Tests.Name }

// title names the framework in messages ("JUnit").
func (f *framework) title() string { return f.tc.Tests.Title }

// source reports whether a file is one of its language's sources.
func (f *framework) source(name string) bool { return len(f.tc.Sources([]string{name})) > 0 }

// frameworks are the frameworks, in the order an assignment's files are
// tried against them (generatorFor).
var frameworks = []*framework{junit, pytest}

var (
	// A test method: annotations (one of them @Test), then a method.
	javaTestRE = regexp.MustCompile(`((?:@[A-Za-z_][\w.]*(?:\s*\((?:[^()"]|"(?:[^"\\]|\\.)*")*\))?\s*)+)(?:(?:public|protected|private|static|final|synchronized)\s+)*void\s+([A-Za-z_$][\w$]*)\s*\(`)
	javaTagRE  = regexp.MustCompile(`@Tag\s*\(\s*"([^"]*)"\s*\)`)
)

var junit = &framework{
	tc:          toolchainOf("junit"),
	declaredHow: `a method annotated @Test in the class of the file's name; @Tag("points=N") gives it N points`,
	scan:        scanJava,
	fileOf: func(id string) string {
		class, _, _ := strings.Cut(id, ".")
		class, _, _ = strings.Cut(class, "$") // a @Nested class's file is its outer class's
		return class + ".java"
	},
	refused: func(name string) bool {
		base := path.Base(name)
		return base == "junit-platform.properties" || strings.HasPrefix(name, "META-INF/")
	},
	sameName: func(student, instructor string) bool {
		class := strings.TrimSuffix(instructor, ".java")
		base := path.Base(student)
		stem := strings.TrimSuffix(strings.TrimSuffix(base, ".java"), ".class")
		stem, _, _ = strings.Cut(stem, "$")
		return stem == class
	},
	run:    runJUnit,
	bridge: func() [][]byte { return sortedData(javabridge.TestSideFiles(), javabridge.ServerFiles()) },
	outcome: func(t Reported, hidden bool) grader.Outcome {
		timeout := t.Type == "java.util.concurrent.TimeoutException"
		t.Trace = javaTrace(t.Trace)
		return outcomeOf(t, t.Status == Failed, timeout, hidden)
	},
}

// javaTrace keeps of a stack trace what a student reads: the exception's
// lines and the frames of the test and the code it calls, without
// JUnit's own frames and the reflection and framework frames that call
// the test method.
func javaTrace(trace string) string {
	var out []string
	below := false // past the test method, in the frames that call it
	for _, line := range strings.Split(trace, "\n") {
		frame := strings.TrimSpace(line)
		switch {
		case !strings.HasPrefix(frame, "at ") && !strings.HasPrefix(frame, "... "):
			below = false
			out = append(out, line)
		case below || strings.HasPrefix(frame, "... "):
		case strings.HasPrefix(frame, "at java.base/jdk.internal.reflect.") || strings.HasPrefix(frame, "at java.base/java.lang.reflect."):
			below = true
		case strings.HasPrefix(frame, "at org.junit.") || strings.HasPrefix(frame, "at org.opentest4j."):
		default:
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// scanJava finds the tests a Java file declares: "Class.method" for each
// method annotated @Test, @ParameterizedTest or @RepeatedTest, the class
// being the file's name, or "Class$Inner" for one of its @Nested classes;
// comments are not read (a commented-out @Test declares nothing). A
// parameterized or repeated test is one test, its invocations together
// (multi): it passes when every invocation passes.
func scanJava(name string, data []byte) []declared {
	class := strings.TrimSuffix(name, ".java")
	src := scanJavaSource(string(data))
	ns := src.nested()
	var out []declared
	for _, m := range javaTestRE.FindAllStringSubmatchIndex(src.bare, -1) {
		annotations := src.code[m[2]:m[3]]
		an := javaTestAnnotation.FindStringSubmatch(annotations)
		if an == nil {
			continue
		}
		d := declared{id: classAt(class, ns, m[0]) + "." + src.code[m[4]:m[5]], multi: an[1] != "Test"}
		for _, tag := range javaTagRE.FindAllStringSubmatch(annotations, -1) {
			d.mark(tag[1])
		}
		out = append(out, d)
	}
	return out
}

// mark reads a tag or marker: "points=N".
func (d *declared) mark(tag string) {
	if n, ok := strings.CutPrefix(tag, "points="); ok {
		if x, err := strconv.ParseFloat(strings.TrimSpace(n), 64); err == nil && x > 0 {
			d.points = x
		}
	}
}

func limitNote(res sandbox.Result) string {
	if res.Limit != sandbox.None {
		return fmt.Sprintf("\n(stopped at the %s limit)\n", res.Limit)
	}
	return ""
}

// contents are the files' contents, in name order.
func contents(files []sandbox.File) [][]byte {
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b sandbox.File) int { return strings.Compare(a.Name, b.Name) })
	var out [][]byte
	for _, f := range files {
		out = append(out, f.Data)
	}
	return out
}

var (
	pyDefRE    = regexp.MustCompile(`^([ \t]*)(?:async\s+)?def\s+(test\w*)\s*\(`)
	pyClassRE  = regexp.MustCompile(`^class\s+(Test\w*)\s*[:(]`)
	pyMarkerRE = regexp.MustCompile(`^[ \t]*@pytest\.mark\.(points)\b(?:\s*\(\s*([0-9.]+)\s*\))?`)
)

var pytest = &framework{
	tc:          toolchainOf("pytest"),
	declaredHow: "a function test_* at the top of a test_*.py or *_test.py file, or a method test_* of a class Test*; @pytest.mark.points(N) gives it N points",
	scan:        scanPython,
	fileOf: func(id string) string {
		mod, _, _ := strings.Cut(id, ".")
		return mod + ".py"
	},
	runOne: pytestOne,
	refused: func(name string) bool {
		switch base := path.Base(name); {
		case slices.Contains([]string{"conftest.py", "pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini", "sitecustomize.py", "usercustomize.py"}, base),
			strings.HasSuffix(base, ".pth"):
			return true
		}
		return false
	},
	sameName: func(student, instructor string) bool { return path.Base(student) == instructor },
	run:      runPytest,
	collects: true,
	bridge: func() [][]byte {
		var out [][]byte
		for _, f := range pybridge.TestFiles(bridgeDir) {
			out = append(out, f.Data)
		}
		return out
	},
	outcome: func(t Reported, hidden bool) grader.Outcome {
		msg := strings.TrimSpace(t.Message)
		timeout := strings.HasPrefix(msg, "Failed: Timeout >")
		wrong := t.Status == Failed && (strings.HasPrefix(msg, "AssertionError") || strings.HasPrefix(msg, "assert ") || strings.HasPrefix(msg, "Failed:"))
		return outcomeOf(t, wrong, timeout, hidden)
	},
}

// scanPython finds the tests a test module declares ("test_calc.test_add",
// "test_calc.TestX.test_y"), with their markers; a file whose name is not
// test_*.py or *_test.py declares none (a helper).
func scanPython(name string, data []byte) []declared {
	mod := strings.TrimSuffix(name, ".py")
	if !strings.HasPrefix(mod, "test_") && !strings.HasSuffix(mod, "_test") {
		return nil
	}
	var out []declared
	var marks []string
	class := ""
	for _, line := range strings.Split(string(data), "\n") {
		if m := pyClassRE.FindStringSubmatch(line); m != nil {
			class, marks = m[1], nil
			continue
		}
		if m := pyMarkerRE.FindStringSubmatch(line); m != nil {
			marks = append(marks, "points="+m[2])
			continue
		}
		m := pyDefRE.FindStringSubmatch(line)
		switch {
		case m == nil:
			if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "@") && !strings.HasPrefix(t, "#") {
				marks = nil
			}
			if line != "" && line[0] != ' ' && line[0] != '\t' && line[0] != '@' && line[0] != '#' {
				class = ""
			}
			continue
		case m[1] == "":
			class = ""
		case class == "":
			marks = nil
			continue // a nested function
		}
		d := declared{id: mod + "." + m[2]}
		if m[1] != "" {
			d.id = mod + "." + class + "." + m[2]
		}
		for _, mk := range marks {
			d.mark(mk)
		}
		marks = nil
		out = append(out, d)
	}
	return out
}

// pytestIni is the configuration every pytest run uses: the markers this
// package reads registered, nothing else.
const pytestIni = `[pytest]
markers =
    points(n): the test is worth n points
`

// The bridge's folders: in the test box, beside the instructor's; in the
// student box, beside the student's files (a submission's files there are
// left out).
const (
	bridgeDir  = "_bridge"
	studentDir = "_autograder"
)

// runPytest runs the group's test files with pytest in a test box that
// holds no student file, the student's modules stand-ins whose every use
// is a call relayed to a student box (package relay, package pybridge):
// one student process per test module, a fresh one after a test whose
// process ended or was stopped.
func runPytest(ctx context.Context, e env) (ran, error) {
	py, err := tool(e.tools, e.tc.Tests.Runner)
	if err != nil {
		return ran{}, err
	}
	var names []string
	for _, f := range e.student {
		names = append(names, f.Name)
	}
	files := append(instructorFiles(e.files), pybridge.TestFiles(bridgeDir)...)
	files = append(files, sandbox.File{Name: box + "/pytest.ini", Data: []byte(pytestIni)})
	args := []string{"-I", "-B", bridgeDir + "/run.py", strings.Join(pybridge.Modules(names), ","), box,
		"-p", pybridge.Plugin, "-p", "pytest_timeout", "-p", "no:cacheprovider",
		"-c", box + "/pytest.ini", "--rootdir", box, "--confcutdir", box, "-q", "--color=no",
		"--junitxml", box + "/report.xml", "-o", "junit_family=xunit1",
		// The relay stops a student who keeps a test waiting first; this
		// bounds the instructor's own code.
		"--timeout", strconv.FormatFloat((2*e.perTest + 5*time.Second).Seconds(), 'f', -1, 64)}
	for _, s := range e.testFiles() {
		args = append(args, box+"/"+s.name)
	}
	env := append(slices.Clone(e.base.Env), "PYTEST_DISABLE_PLUGIN_AUTOLOAD=1", "PYTHONDONTWRITEBYTECODE=1")
	test := sandbox.Spec{Path: py.Path, Args: args, Files: files, Env: env,
		Limits: e.limits, ReadOnly: e.base.ReadOnly, Collect: []string{box + "/report.xml"}}
	student := sandbox.Spec{Path: py.Path, Args: []string{"-I", "-B", studentDir + "/server.py"},
		Files: append(slices.Clone(e.student), pybridge.StudentFiles(studentDir)...), Env: env,
		Limits: e.limits, ReadOnly: e.base.ReadOnly}
	return e.relay(ctx, test, student)
}

// Missing says what the unit-test framework of the judge name ("junit",
// "pytest") lacks on this machine ("" when nothing), as its toolchain
// finds it (toolchain.TestFramework.Missing).
func Missing(name string) string {
	tc := toolchain.ByFramework(name)
	if tc == nil {
		return "no unit-test framework " + name
	}
	return tc.Tests.Missing()
}

// pytestOne is the command that runs the test id of file alone: its node
// id, the file then the class and function ("test_stats.TestErrors.
// test_empty_mean" is test_stats.py::TestErrors::test_empty_mean), a
// parametrized instance's parameters kept; quoted for a shell when it
// holds more than letters, digits and "_./:-".
func pytestOne(runner, file, id string) string {
	base, params, cut := strings.Cut(id, "[")
	_, rest, _ := strings.Cut(base, ".")
	node := file + "::" + strings.ReplaceAll(rest, ".", "::")
	if cut {
		node += "[" + params
	}
	if strings.Trim(node, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:-") != "" {
		node = "'" + strings.ReplaceAll(node, "'", `'\''`) + "'"
	}
	return runner + " -m pytest " + node
}
