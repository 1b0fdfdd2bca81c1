package unittest

import (
	"path"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/grader/unittest/pybridge"
)

// Judges are this package's judges, "junit" and "pytest", for a
// program's list of judges (grader.Judges).
var Judges = func() grader.Judges {
	js := grader.Judges{}
	for _, fw := range frameworks {
		js[fw.name()] = maker(fw)
	}
	return js
}()

// maker makes the judge of a framework's tests for a rubric.
func maker(fw *framework) grader.JudgeMaker {
	return func(r *rubric.Rubric) (grader.Judge, error) {
		j, err := newJudge(fw, r)
		if err != nil {
			return nil, err
		}
		return j, nil
	}
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

// frameworks are the frameworks, in the order an assignment's files are
// tried against them (generatorFor).
var frameworks = []*framework{junit, pytest}

// toolchainOf is the toolchain of the unit-test framework named name.
func toolchainOf(name string) *toolchain.Toolchain {
	tc := toolchain.ByFramework(name)
	if tc == nil {
		panic("unittest: no toolchain has the test framework " + name)
	}
	return tc
}

var junit = &framework{
	tc:          toolchainOf("junit"),
	declaredHow: `a method annotated @Test (or @TestFactory, ...) in the class of the file's name, or inherited from a test class beside it that it extends; @Tag("points=N") gives it N points`,
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
	link:      inheritJava,
	run:       runJUnit,
	bridge:    func() [][]byte { return sortedData(javabridge.TestSideFiles(), javabridge.ServerFiles()) },
	read:      junitReading,
	qualifier: javaPackagePrefix,
}

var pytest = &framework{
	tc:          toolchainOf("pytest"),
	declaredHow: "a function test_* at the top of a test_*.py or *_test.py file, or a method test_* of a class Test* or a unittest.TestCase class, its own or inherited from a class of the same file; @pytest.mark.points(N) gives it N points",
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
	read:        pytestReading,
	fileFailure: stem,
}
