package unittest

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/grader/unittest/pybridge"
	"github.com/cs540-tools/autograder/sandbox"
)

// The second stage: the boxes. Which of the submission's files the run
// takes (studentFiles), the groups of tests run together (groups), what
// each group's boxes run with (env), and each framework's two boxes: the
// test box, which holds the framework, the instructor's files and the
// bridge's test side and no file of the student's, and the student box
// (pytestBoxes; junitBoxes, which also compiles the stand-ins and the
// tests, in a box of its own).

// studentFiles are the submission's built files the test run takes, and
// the names of those it leaves out: the language's configuration files
// (conftest.py, junit-platform.properties) and anything in the box's
// instructor folder. A file named as an instructor's (a helpers.py or a
// Check.class of the student's own) stays in the student's box, which
// the tests never see, and is only flagged (shadow).
func (j *Judge) studentFiles(files []sandbox.File) (keep []sandbox.File, left, shadow []string) {
	for _, f := range files {
		switch {
		case j.refused(f.Name):
			left = append(left, f.Name)
		case j.sameName(f.Name):
			shadow = append(shadow, f.Name)
			keep = append(keep, f)
		default:
			keep = append(keep, f)
		}
	}
	return keep, left, shadow
}

func (j *Judge) refused(name string) bool {
	return strings.HasPrefix(name, box+"/") || name == box || strings.HasPrefix(name, studentDir+"/") || j.fw.refused(name)
}

// sameName reports whether a student's file is named as one of the
// instructor's test or helper files is (a data file of the same name
// shadows nothing: the student's stays in the student's box).
func (j *Judge) sameName(name string) bool {
	return slices.ContainsFunc(code(j.sources), func(s source) bool { return j.fw.sameName(name, s.name) })
}

// groups splits the cases into their public and hidden groups, each with
// its files: its tests', then the helpers.
func (j *Judge) groups(cs []cases.Case) []group {
	var gs []group
	for _, hidden := range []bool{false, true} {
		g := group{hidden: hidden}
		for _, c := range cs {
			if (c.Visibility != cases.Public) == hidden {
				g.cases = append(g.cases, c)
			}
		}
		if len(g.cases) == 0 {
			continue
		}
		for _, s := range j.sources {
			if s.hidden == hidden && slices.ContainsFunc(g.cases, func(c cases.Case) bool { return j.tests[c.ID].file == s.name }) {
				g.files = append(g.files, s)
			}
		}
		g.files = append(g.files, j.helpersOf(hidden)...)
		gs = append(gs, g)
	}
	return gs
}

// env readies a group's box: the rubric's limits of one run stretched to
// the group's tests, each test allowed limits.wall.
func (j *Judge) env(g group, student []sandbox.File, tools []runner.Tool, base sandbox.Spec) env {
	l := j.limits
	n := time.Duration(len(g.cases) + 1)
	return env{
		tc: j.fw.tc, student: student, tools: tools, base: base, files: g.files, required: j.required,
		limits:  sandbox.Limits{Wall: l.Wall*n + l.BuildWall, CPU: l.CPU*n + l.BuildWall, Memory: l.Memory, Output: max(l.Output, 1<<20)},
		build:   sandbox.Limits{Wall: l.BuildWall, CPU: l.BuildWall, Memory: l.Memory, Output: max(l.Output, 1<<20)},
		perTest: l.Wall,
		cpu:     l.CPU,
		memory:  l.Memory,
	}
}

// instructorFiles are the group's files as the box holds them.
func instructorFiles(srcs []source) []sandbox.File {
	var out []sandbox.File
	for _, s := range srcs {
		out = append(out, sandbox.File{Name: box + "/" + s.name, Data: s.data})
	}
	return out
}

// tool is the preset's tool of that name.
func tool(tools []runner.Tool, name string) (runner.Tool, error) {
	for _, t := range tools {
		if t.Name == name {
			return t, nil
		}
	}
	return runner.Tool{}, fmt.Errorf("unit tests: the preset has no %s", name)
}

// options are the toolchain's options for a tool in the group's box,
// before the command's own arguments (a JVM's heap cap).
func (e env) options(t runner.Tool) []string {
	if e.tc.Options == nil {
		return nil
	}
	return e.tc.Options(t.Name, toolchain.Box{Memory: e.memory}, t.Version)
}

// started are a tool's options in the group's box (options) with those
// that make it start faster (its toolchain's Archive: the compiler's class data
// archive), and the box's read-only host paths with the file they map.
func (e env) started(ctx context.Context, t runner.Tool) (opts, readOnly []string) {
	opts, readOnly = e.options(t), e.base.ReadOnly
	if e.tc.Archive != nil {
		if more, file := e.tc.Archive(ctx, t.Name, t.Path, t.Version, opts); file != "" {
			opts, readOnly = slices.Concat(opts, more), append(slices.Clone(readOnly), file)
		}
	}
	return opts, readOnly
}

// testFiles are the group's files that declare tests.
func (e env) testFiles() []source {
	var out []source
	for _, s := range e.files {
		if len(s.tests) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// pytestBoxes are a pytest group's boxes: the test box runs the group's
// test files with pytest, the student's modules stand-ins whose every
// use is a call relayed to the student box (package pybridge), which
// holds the student's files and the bridge's server.
func pytestBoxes(ctx context.Context, e env) (test, student sandbox.Spec, err error) {
	py, err := tool(e.tools, e.tc.Tests.Runner)
	if err != nil {
		return test, student, err
	}
	var names []string
	for _, f := range e.student {
		names = append(names, f.Name)
	}
	mods, modsArg := pybridge.ModulesFile(bridgeDir, pybridge.Modules(names))
	files := append(instructorFiles(e.files), pybridge.TestFiles(bridgeDir)...)
	files = append(files, sandbox.File{Name: box + "/pytest.ini", Data: []byte(pytestIni)}, mods)
	opts := []string{"-p", pybridge.Plugin, "-p", "pytest_timeout", "-p", "no:cacheprovider",
		"-c", box + "/pytest.ini", "--rootdir", box, "--confcutdir", box, "-q", "--color=no",
		"--junitxml", box + "/report.xml", "-o", "junit_family=xunit1",
		"--timeout", pytestTimeout(e.perTest), "--continue-on-collection-errors"}
	env := append(slices.Clone(e.base.Env), "PYTEST_DISABLE_PLUGIN_AUTOLOAD=1", "PYTHONDONTWRITEBYTECODE=1")
	prep := sandbox.Spec{Env: env, Limits: e.build, ReadOnly: e.base.ReadOnly, Waiting: e.base.Waiting}
	testPyc, studentPyc := pybridge.Compiled(ctx, py.Path, bridgeDir, studentDir, prep)
	cache, startOpts := pytestStart(ctx, py, prep, opts, testPyc)
	args := slices.Concat([]string{"-I", "-B", bridgeDir + "/run.py"}, startOpts, []string{modsArg, box}, opts)
	for _, s := range e.testFiles() {
		args = append(args, box+"/"+s.name)
	}
	readOnly := e.base.ReadOnly
	if cache != "" {
		readOnly = append(slices.Clone(readOnly), cache)
	}
	files = append(files, testPyc...)
	test = sandbox.Spec{Path: py.Path, Args: args, Files: files, Env: env,
		Limits: e.limits, ReadOnly: readOnly, Waiting: e.base.Waiting, Collect: []string{box + "/report.xml"}}
	student = sandbox.Spec{Path: py.Path, Args: []string{"-I", "-B", studentDir + "/server.py"},
		Files: append(append(slices.Clone(e.student), pybridge.StudentFiles(studentDir)...), studentPyc...), Env: env,
		Limits: e.limits, ReadOnly: e.base.ReadOnly, Waiting: e.base.Waiting}
	return test, student, nil
}

// junitBoxes are a JUnit group's boxes: the student's classes are read,
// never run, for their stand-ins (package javabridge), which are
// compiled with the group's files (buildJUnit); the test box runs the
// compiled tests with JUnit's platform launcher (the bridge's Launch,
// JUnit's and the test side's classes mapped from the machine's archive:
// junitArchive), the student box the student's classes and the bridge's
// server (its classes mapped from an archive of its own:
// serverArchive). Unless the
// boxes are ready, r says why the group runs no test: the bridge cannot
// offer the student's classes (loadError) or the tests do not compile
// (compileLog); r's notes are the bridge's, either way.
func junitBoxes(ctx context.Context, e env) (test, student sandbox.Spec, r ran, err error) {
	fw := e.tc.Tests
	jar := fw.Launcher()
	if jar == "" {
		return test, student, r, fmt.Errorf("%s: no console launcher (looked in %s; on Debian: %s)", fw.Title, strings.Join(fw.Launchers, ", "), fw.Install)
	}
	compiler, err := tool(e.tools, fw.Compiler)
	if err != nil {
		return test, student, r, err
	}
	jvm, err := tool(e.tools, fw.Runner)
	if err != nil {
		return test, student, r, err
	}
	k, err := javaKit(ctx, compiler, jar)
	if err != nil {
		return test, student, r, fmt.Errorf("%s: preparing the bridge: %w", fw.Title, err)
	}
	reserved, err := k.reserved(ctx, jvm.Path, jar, code(e.files), e.required)
	if err != nil {
		return test, student, r, fmt.Errorf("%s: %w", fw.Title, err)
	}
	classes := map[string][]byte{}
	for _, f := range e.student {
		classes[f.Name] = f.Data
	}
	tests := map[string][]byte{}
	for _, s := range code(e.files) {
		tests[s.name] = s.data
	}
	// Without the JDK's class files (a launcher outside a JDK's bin),
	// only the common exceptions are known, and the notes say so.
	jdk, _ := javabridge.OpenJDK(jvm.Path)
	res, err := javabridge.Standins(classes, javabridge.Options{Reserved: reserved, Instructor: javabridge.ReservedBy(tests), JDK: jdk})
	var le *javabridge.LoadError
	if errors.As(err, &le) {
		return test, student, ran{loadError: le.Error(), notes: le.Notes}, nil
	} else if err != nil {
		return test, student, r, fmt.Errorf("%s: reading the student's classes: %w", fw.Title, err)
	}
	built, r, err := buildJUnit(ctx, e, compiler, jar, k, res)
	r.notes = res.Notes
	if err != nil || r.compileLog != "" {
		return test, student, r, err
	}
	var selected []string
	for _, s := range e.testFiles() {
		selected = append(selected, javaPackagePrefix(s.data)+strings.TrimSuffix(s.name, ".java"))
	}
	opts, readOnly := e.options(jvm), e.base.ReadOnly
	testSide, testCP := k.testSide, bridgeDir
	if a := junitArchive(ctx, compiler, jvm, jar, k.testJar, opts); a != "" {
		opts, readOnly = append(opts, cdsOptions(a)...), append(slices.Clone(readOnly), a)
		if k.testJar != "" {
			testSide, testCP, readOnly = nil, k.testJar, append(readOnly, k.testJar)
		}
	}
	test = sandbox.Spec{Path: jvm.Path, Args: javabridge.LauncherArgs(opts, jar, testCP, testsDir, reportsDir, selected),
		Files: append(append(slices.Clone(testSide), built...), plainFiles(e.files, testsDir)...), Env: e.base.Env,
		Limits: e.limits, ReadOnly: readOnly, Waiting: e.base.Waiting, Collect: []string{reportsDir + "/*.xml"}}
	args, server, readOnly := serverStart(ctx, jvm, k, e.options(jvm), e.base.ReadOnly)
	student = sandbox.Spec{Path: jvm.Path, Args: args, Files: append(packaged(e.student), server...), Env: e.base.Env,
		Limits: e.limits, ReadOnly: readOnly, Waiting: e.base.Waiting}
	return test, student, r, nil
}

// standinSources are the stand-ins' files and the compiler's arguments that name
// them: an argument file ("@" and its path) listing them, since the
// student's classes are as many and their names as long as a submission
// brings, and the kernel caps a command line.
func standinSources(sources map[string][]byte) ([]sandbox.File, []string) {
	if len(sources) == 0 {
		return nil, nil
	}
	var files []sandbox.File
	var list []string
	for _, p := range sortedNames(sources) {
		files = append(files, sandbox.File{Name: standinDir + "/" + p, Data: sources[p]})
		list = append(list, standinDir+"/"+p)
	}
	argfile := standinDir + "/sources.txt"
	files = append(files, sandbox.File{Name: argfile, Data: []byte(strings.Join(list, "\n") + "\n")})
	return files, []string{"@" + argfile}
}

// packaged are the student's built files with each class file where the
// class loader looks for it, by the package it names: the compiler, run on the
// handed-in files without -d, writes shop.Item (package shop;) as
// Item.class beside its source, where the student's process would not
// find it.
func packaged(files []sandbox.File) []sandbox.File {
	out := slices.Clone(files)
	for i, f := range out {
		if !strings.HasSuffix(f.Name, ".class") {
			continue
		}
		c, err := javabridge.ReadClass(f.Data)
		if err != nil {
			continue // the stand-ins say what is wrong with it
		}
		if want := c.Name + ".class"; want != f.Name && path.Base(want) == path.Base(f.Name) && !strings.Contains(f.Name, "/") {
			out[i].Name = want
		}
	}
	return out
}

// buildJUnit compiles the stand-ins and the group's files, in a box,
// against JUnit and the bridge's test side, once per batch for the same
// stand-ins and files (compileOnce): the compiled classes, or a ran with
// the compiler's messages.
func buildJUnit(ctx context.Context, e env, compiler runner.Tool, jar string, k *kit, res *javabridge.Result) ([]sandbox.File, ran, error) {
	files := append(instructorFiles(code(e.files)), k.testSide...)
	opts, readOnly := e.started(ctx, compiler)
	args := append(opts, "-proc:none", "-implicit:none", "-encoding", "UTF-8", "-nowarn",
		"-d", testsDir, "-cp", jar+":"+bridgeDir)
	for _, s := range code(e.files) {
		args = append(args, box+"/"+s.name)
	}
	standins, list := standinSources(res.Sources)
	files = append(files, standins...)
	args = append(args, list...)
	out, err := compileOnce(ctx, sandbox.Spec{Path: compiler.Path, Args: args, Files: files,
		Limits: e.build, ReadOnly: readOnly, Collect: deep(testsDir), Waiting: e.base.Waiting}, compiler.Version)
	if err != nil {
		return nil, ran{}, fmt.Errorf("%s: compiling the tests: %w", e.tc.Tests.Title, err)
	}
	if !out.OK() {
		return nil, ran{compileLog: string(out.Stdout) + string(out.Stderr) + limitNote(out)}, nil
	}
	return append(out.Files, sandbox.File{Name: testsDir + "/" + javabridge.IndexPath, Data: res.Index}), ran{}, nil
}

func limitNote(res sandbox.Result) string {
	if res.Limit != sandbox.None {
		return fmt.Sprintf("\n(stopped at the %s limit)\n", res.Limit)
	}
	return ""
}

// sortedData is the files' contents, each map's by name, the maps in
// order.
func sortedData(files ...map[string][]byte) [][]byte {
	var out [][]byte
	for _, m := range files {
		for _, p := range sortedNames(m) {
			out = append(out, m[p])
		}
	}
	return out
}

// pytestTimeout is pytest's own time limit of a test (pytest-timeout's,
// in seconds) whose wall limit in the relay is wall: above the relay's
// bound of a test however crowded the machine (sandbox.StallCap times
// wall), so that a timer that counts the time the box waited for a core
// never decides a test that called the other box; the relay's limit,
// which leaves those waits out, does. It bounds only the code before
// the first call, as the box's own limits do.
func pytestTimeout(wall time.Duration) string {
	return strconv.FormatFloat((wall*sandbox.StallCap + 5*time.Second).Seconds(), 'f', -1, 64)
}
