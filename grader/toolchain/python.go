package toolchain

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/sandbox"
)

// Python runs the main file with the system's python3, after a syntax
// check of every source: a syntax error is a compile error, reported once,
// not a runtime error on every case. Its unit tests are pytest's, with
// pytest-timeout, on the system's interpreter.
var Python = &Toolchain{
	Name:     "python",
	Title:    "Python",
	Codes:    []string{"python3", "python"},
	Exts:     []string{".py", ".py3"},
	Products: []string{"*.pyc", "*.pyo"},
	Runtime:  "python",
	Tools:    []Tool{pythonTool},
	// The box is thrown away: caches written there help no one.
	Env: []string{"PYTHONDONTWRITEBYTECODE=1"},
	Commands: func(main string, sources []string) ([][]string, []string) {
		return [][]string{append([]string{pythonTool.Name, "-m", "py_compile"}, sources...)}, []string{pythonTool.Name, main}
	},
	DefaultMain: func(sources []string) string { return sources[0] },
	CheckMain: func(main string, required []string) string {
		if !slices.Contains(required, main) {
			return "a file of submission.required"
		}
		return ""
	},
	JudgesTools:   []Tool{pypyTool},
	JudgesRuntime: "pypy",
	JudgesMissing: "the judges would run this Python program with PyPy (problemtools does; Debian's package pypy3), which this machine does not have: it ran with CPython, often several times slower",
	PickMain:      pythonMain,
	Unrunnable:    python2,
	FolderMain:    "__main__.py",
	// The problem package format's entry point.
	Entry:  "__main__.py",
	Syntax: pythonSyntax,
	Lexer:  PythonLexer,
	Limit: func(stderr []byte) sandbox.Limit {
		if lastLineHas(stderr, "MemoryError") {
			return sandbox.Memory
		}
		return sandbox.None
	},
	Tests: &TestFramework{
		Name: "pytest", Title: "pytest", Runner: pythonTool.Name,
		Hosts:   systemPython,
		Probe:   []string{"-I", "-c", "import pytest, pytest_timeout"},
		Needs:   "pytest with pytest-timeout",
		Install: "apt-get install python3-pytest python3-pytest-timeout",
		Config:  "pytest.ini",
		ConfigText: "# Written by autograder kit: registers the marks the tests use, so that\n" +
			"# pytest runs them without a warning (python3 -m pytest FOLDER).\n" +
			"[pytest]\nmarkers =\n    points(n): the test's points in its part of the grade\n",
	},
	Hello: sandbox.File{Name: "hello.py", Data: []byte(`import sys

print("hello, " + input().strip() + " " + sys.argv[1])
`)},
}

// systemPython are the system's interpreters, which the Python tool tries
// before the one on PATH and in which pytest is looked for.
var systemPython = []string{"/usr/bin/python3", "/usr/local/bin/python3"}

// pythonTool is the interpreter: the system's first, since a version
// manager's python3 on PATH is often a shim, a script that cannot find
// its interpreters inside the box.
var pythonTool = Tool{Name: "python3", Candidates: append(slices.Clone(systemPython), "python3"),
	Version: []string{"--version"}, VersionRE: regexp.MustCompile(`Python (\S+)`), Idle: []string{"-I", "-c", "pass"}}

// pypyTool is PyPy's Python 3, which a problem package's judges run
// Python 3 with, named as the commands name CPython.
var pypyTool = Tool{Name: pythonTool.Name, Candidates: []string{"pypy3"},
	Version: []string{"--version"}, VersionRE: regexp.MustCompile(`PyPy (\S+)`), Idle: []string{"-I", "-c", "pass"}}

// python2 says why a source whose first line is a shebang naming Python
// 2 ("#!/usr/bin/env python2") does not run here: the toolchain runs
// Python 3 (a contest's judges select the interpreter by it).
func python2(src []byte) string {
	first, _, _ := bytes.Cut(src, []byte("\n"))
	first = bytes.TrimSpace(first)
	if !bytes.HasPrefix(first, []byte("#!")) || !python2RE.Match(first) {
		return ""
	}
	why := "which this machine does not have"
	if _, err := exec.LookPath("python2"); err == nil {
		why = "which the grader does not run (it runs Python 3)"
	}
	return fmt.Sprintf("its first line, %q, asks for Python 2, %s", first, why)
}

var python2RE = regexp.MustCompile(`python2(\.[0-9]+)?\b`)

// pythonMain runs the only Python file; of several, want.py, else main.py.
func pythonMain(sources []string, _ []sandbox.File, want string) (string, string) {
	switch {
	case len(sources) == 1:
		return sources[0], ""
	case want != "" && slices.Contains(sources, want+".py"):
		return want + ".py", ""
	case slices.Contains(sources, "main.py"):
		return "main.py", ""
	}
	name := "main.py"
	if want != "" {
		name = want + ".py"
	}
	return "", fmt.Sprintf("several Python files (%s) and none named %s: the assignment cannot tell which one to run", strings.Join(sources, ", "), name)
}
