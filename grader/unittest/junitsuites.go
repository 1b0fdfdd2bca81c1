package unittest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/sandbox"
)

// Students' JUnit 5 suites graded against the instructor's Java
// implementations, as pytest's are (suites.go): the roles of a JUnit run
// reversed. The implementations (correct/, bugs/NAME/, each a folder of
// Java sources with the same public API) are compiled once, when the
// rubric loads, and their stand-ins written from the correct one's
// public API: every bug's must be the same, byte for byte, so the test
// box holds the same classes whichever implementation answers. The test
// box holds JUnit's console launcher, the bridge's test side, the
// stand-ins and one student test class; the implementation box one
// implementation's classes and the bridge's server, nothing of the
// student's. Both JVMs run in suite mode (AUTOGRADER_BRIDGE_SUITE:
// counted sequence numbers, no trace of the implementation, no handle
// freed at the garbage collector's whim), with identity hash codes
// constant (jvmDeterminism), address randomisation off and the clock
// stopped, where the machine allows.

// suiteEnv is the environment of both boxes of a JUnit suite run.
var suiteEnv = []string{"AUTOGRADER_BRIDGE_SUITE=1"}

// jvmDeterminism are both JVMs' options beyond the toolchain's: every
// identity hash code 1 (HotSpot's hashCode mode 2). The default mode
// draws them from a thread's random state, which varies with the threads
// the JVM starts (the machine's cores), so an Object's toString, a
// HashSet's order of objects without their own hashCode, or a lambda's
// name would differ between runs. Mode 3 (a global counter) is
// reproducible only while every thread asks in the same order; mode 2
// is always, at the cost of hash tables of such objects degenerating to
// lists (a suite's tables are small).
var jvmDeterminism = []string{"-XX:+UnlockExperimentalVMOptions", "-XX:hashCode=2"}

// implOptions are the implementation JVM's options beyond those (Java
// 14 and later): a NullPointerException's message says only that it is
// one, never which variable or call of the implementation's code was
// null ("because the return value of Map.get(Object) is null"), which
// would tell a bug from the correct implementation by its source.
var implOptions = []string{"-XX:-ShowCodeDetailsInExceptionMessages"}

// javaSuites runs a student's JUnit test classes against implementations.
type javaSuites struct {
	javac, java runner.Tool
	jar         string
	kit         *kit
	opts        []string // the implementation JVM's options: the toolchain's, jvmDeterminism, implOptions
	testOpts    []string // the test JVM's: the toolchain's, jvmDeterminism, the launcher's class data archive
	javacOpts   []string
	readOnly    []string // the JDK's folders, and the archive
	standins    *javabridge.Result
	impls       map[string][]sandbox.File // compiled classes, by implementation
	limits      rubric.Limits
	clock       func(*sandbox.Spec)
	setarch     string
	helpers     []submission.File // the submission's Java files that are not test files (For)
	// The student's own code (For; mutation.OwnCoder): the sources named
	// as the stand-ins, the student's other Java files, or why the
	// hand-in has none; compiled once per submission.
	own, ownOthers []sandbox.File
	ownWhy         string
	ownBuild       *ownBuild
}

// ownBuild is a submission's own code compiled: its classes, or why it
// does not compile, or the grader's error.
type ownBuild struct {
	once    sync.Once
	classes []sandbox.File
	why     string
	err     error
}

// For implements mutation.HelperRunner: the student's Java files beside
// a test file that are not test files (a builder of fixtures, an
// assertion helper: the student's test code) are compiled with each of
// its test files in the same folder and go in its test box, never in the
// implementation's. A file named as one of the stand-ins' classes stays
// out: the stand-in is what a test compiles against by that name.
func (s *javaSuites) For(files []submission.File) mutation.SuiteRunner {
	t := *s
	t.helpers = nil
	standins := map[string]bool{}
	for p := range s.standins.Sources {
		standins[path.Base(p)] = true
	}
	for _, f := range files {
		if path.Ext(f.Name) == ".java" && !standins[path.Base(f.Name)] {
			t.helpers = append(t.helpers, f)
		}
	}
	t.own, t.ownOthers, t.ownWhy = ownCode(files, slices.Sorted(maps.Keys(standins)), ".java")
	t.ownBuild = &ownBuild{}
	return &t
}

// OwnCodeMissing implements mutation.OwnCoder: why this submission's
// own code cannot run (For's), "" when it can.
func (s *javaSuites) OwnCodeMissing() string { return ownMissing(s.own, s.ownWhy) }

// implClasses are the classes of the implementation impl's box: the
// instructor's, or the student's own (mutation.OwnCodeImpl), compiled
// once per submission; why says why the student's do not compile.
func (s *javaSuites) implClasses(ctx context.Context, impl string) (classes []sandbox.File, why string, err error) {
	if impl != mutation.OwnCodeImpl {
		classes, ok := s.impls[impl]
		if !ok {
			return nil, "", fmt.Errorf("no implementation %s", impl)
		}
		return classes, "", nil
	}
	b := s.ownBuild
	if b == nil || len(s.own) == 0 {
		return nil, "", fmt.Errorf("no own code: %s", s.OwnCodeMissing())
	}
	b.once.Do(func() {
		var files []sandbox.File
		for _, f := range slices.Concat(s.own, s.ownOthers) {
			files = append(files, sandbox.File{Name: implDir + "/" + f.Name, Data: f.Data})
		}
		b.classes, b.why, b.err = s.compileSources(ctx, files[:len(s.own)], files[len(s.own):])
		if b.why != "" {
			b.why = "your code does not compile: " + b.why
		}
	})
	return b.classes, b.why, b.err
}

// junitSuites implements mutation.SuiteProvider for JUnit: the
// implementations in folder, each a folder of Java sources.
func (j *Judge) junitSuites(ctx context.Context, folder string) (mutation.Suites, error) {
	fw := j.fw.tc.Tests
	jar := fw.Launcher()
	if jar == "" {
		return mutation.Suites{}, fmt.Errorf("%s: no console launcher (looked in %s; on Debian: %s)", fw.Title, strings.Join(fw.Launchers, ", "), fw.Install)
	}
	b, err := rubric.Preset(j.fw.tc.Name, []string{"X.java"})
	if err != nil {
		return mutation.Suites{}, err
	}
	tools, err := runner.New(&rubric.Rubric{Build: b, Limits: j.limits}).Tools(ctx)
	if err != nil {
		return mutation.Suites{}, err
	}
	s := &javaSuites{jar: jar, limits: j.limits, impls: map[string][]sandbox.File{}, clock: fixedClock(), setarch: setarch()}
	if s.javac, err = tool(tools, fw.Compiler); err != nil {
		return mutation.Suites{}, err
	}
	if s.java, err = tool(tools, fw.Runner); err != nil {
		return mutation.Suites{}, err
	}
	if s.kit, err = javaKit(ctx, s.javac, jar); err != nil {
		return mutation.Suites{}, fmt.Errorf("%s: preparing the bridge: %w", fw.Title, err)
	}
	tc := j.fw.tc
	sized := toolchain.Box{Memory: j.limits.Memory}
	if tc.Options != nil {
		s.opts = tc.Options(s.java.Name, sized, s.java.Version)
		s.javacOpts = tc.Options(s.javac.Name, sized, s.javac.Version)
	}
	s.opts = append(s.opts, jvmDeterminism...)
	s.testOpts = slices.Clone(s.opts)
	if toolchain.JavaFeature(s.java.Version) >= 14 {
		s.opts = append(s.opts, implOptions...)
	}
	if tc.ReadOnly != nil {
		s.readOnly = tc.ReadOnly(s.java.Path)
	}
	if a := junitArchive(ctx, s.javac, s.java, jar, "", s.testOpts); a != "" {
		s.testOpts, s.readOnly = append(s.testOpts, cdsOptions(a)...), append(s.readOnly, a)
	}
	return s.read(ctx, folder)
}

// read compiles every implementation of the folder and writes the
// stand-ins from the correct one's classes; every other's must be the
// same.
func (s *javaSuites) read(ctx context.Context, folder string) (mutation.Suites, error) {
	out := mutation.Suites{Runner: s}
	impls, err := implementationDirs(folder)
	if err != nil {
		return out, err
	}
	compiled, err := s.compileAll(ctx, impls)
	if err != nil {
		return out, err
	}
	jdk, _ := javabridge.OpenJDK(s.java.Path)
	for i, im := range impls {
		classes := compiled[i]
		s.impls[im.name] = classes
		m := map[string][]byte{}
		for _, c := range classes {
			m[c.Name] = c.Data
		}
		res, err := javabridge.Standins(m, javabridge.Options{JDK: jdk})
		if err != nil {
			return out, fmt.Errorf("implementation %s: %w", im.name, err)
		}
		if s.standins == nil {
			s.standins = res
		} else if diff := standinsDiffer(s.standins, res); diff != "" {
			return out, fmt.Errorf("implementations %s: %s's public API is not %s's (%s): every implementation must have the same public classes and members", folder, im.name, impls[0].name, diff)
		}
		if im.bug {
			out.Bugs = append(out.Bugs, mutation.Bug{Name: im.name, Hint: im.hint})
		} else {
			out.Correct = append(out.Correct, im.name)
		}
	}
	return out, nil
}

// compileAll compiles the implementations, two at a time: their
// classes, in order, or every one's error, a line each, in that order.
func (s *javaSuites) compileAll(ctx context.Context, impls []impl) ([][]sandbox.File, error) {
	out := make([][]sandbox.File, len(impls))
	errs := make([]error, len(impls))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, im := range impls {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i], errs[i] = s.compileImpl(ctx, im.dir, im.name)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// impl is one implementation's folder.
type impl struct {
	name, dir, hint string
	bug             bool
}

// implementationDirs are a suite part's implementations: correct/ and
// correct-NAME/ first, then bugs/NAME/ in name order, each bug's hint the
// first line of its hint.txt.
func implementationDirs(folder string) ([]impl, error) {
	entries, err := os.ReadDir(folder)
	if err != nil {
		return nil, fmt.Errorf("implementations: %w", err)
	}
	var out []impl
	for _, e := range entries {
		if e.IsDir() && (e.Name() == correctDir || strings.HasPrefix(e.Name(), correctDir+"-")) {
			out = append(out, impl{name: e.Name(), dir: filepath.Join(folder, e.Name())})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("implementations %s: no folder %s/", folder, correctDir)
	}
	bugs, err := os.ReadDir(filepath.Join(folder, bugsDir))
	if err != nil {
		return nil, fmt.Errorf("implementations: %w", err)
	}
	for _, e := range bugs {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(folder, bugsDir, e.Name())
		hint, _ := os.ReadFile(filepath.Join(dir, hintFile))
		first, _, _ := strings.Cut(strings.TrimSpace(string(hint)), "\n")
		out = append(out, impl{name: e.Name(), dir: dir, hint: first, bug: true})
	}
	return out, nil
}

// standinsDiffer says how two implementations' stand-ins differ ("" when
// they do not): the first file one has and the other lacks or holds
// otherwise.
func standinsDiffer(a, b *javabridge.Result) string {
	names := slices.Sorted(maps.Keys(a.Sources))
	for _, n := range slices.Sorted(maps.Keys(b.Sources)) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	for _, n := range names {
		x, inA := a.Sources[n]
		y, inB := b.Sources[n]
		switch {
		case !inA || !inB:
			return "only one has " + strings.TrimSuffix(n, ".java")
		case !bytes.Equal(x, y):
			return strings.TrimSuffix(n, ".java") + " differs"
		}
	}
	if !bytes.Equal(a.Index, b.Index) {
		return "their classes differ"
	}
	return ""
}

// implDir is where an implementation's sources sit in its compile box.
const implDir = "_impl"

// compileImpl compiles one implementation's Java sources in a box: its
// classes, named as the box's class path holds them.
func (s *javaSuites) compileImpl(ctx context.Context, dir, name string) ([]sandbox.File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("implementation %s: %w", name, err)
	}
	var files []sandbox.File
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".java") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, sandbox.File{Name: implDir + "/" + e.Name(), Data: data})
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("implementation %s: no .java file in %s", name, dir)
	}
	classes, why, err := s.compileSources(ctx, files, nil)
	switch {
	case err != nil:
		return nil, fmt.Errorf("implementation %s: compiling: %w", name, err)
	case why != "":
		return nil, fmt.Errorf("implementation %s does not compile: %s", name, why)
	}
	return classes, nil
}

// compileSources compiles the sources files (in implDir) in a box, with
// more on the source path (compiled where those use them): their
// classes, named as the box's class path holds them, sorted; or javac's
// errors (javacErrors).
func (s *javaSuites) compileSources(ctx context.Context, files, more []sandbox.File) ([]sandbox.File, string, error) {
	args := append(slices.Clone(s.javacOpts), "-proc:none", "-encoding", "UTF-8", "-nowarn", "-d", "classes", "-sourcepath", implDir)
	for _, f := range files {
		args = append(args, f.Name)
	}
	l := s.limits
	res, err := compileOnce(ctx, sandbox.Spec{Path: s.javac.Path, Args: args, Files: slices.Concat(files, more), ReadOnly: s.readOnly,
		Limits:  sandbox.Limits{Wall: max(l.BuildWall, time.Minute), CPU: max(l.BuildWall, time.Minute), Memory: l.Memory, Output: 1 << 20},
		Collect: deep("classes")}, s.javac.Version)
	if err != nil {
		return nil, "", err
	}
	if !res.OK() {
		return nil, javacErrors(append(res.Stdout, res.Stderr...), res), nil
	}
	var out []sandbox.File
	for _, f := range res.Files {
		out = append(out, sandbox.File{Name: strings.TrimPrefix(f.Name, "classes/"), Data: f.Data})
	}
	slices.SortFunc(out, func(a, b sandbox.File) int { return strings.Compare(a.Name, b.Name) })
	return out, "", nil
}

// javacErrors is one line of what javac said of an implementation: its
// error lines (file:line: error: ...), the box's folder left out, joined
// by "; "; its whole output, lines joined, when it has none; clipped,
// the clip's mark on the line.
func javacErrors(out []byte, res sandbox.Result) string {
	var keep, all []string
	for _, line := range strings.Split(string(out)+limitNote(res), "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, implDir+"/"))
		if line == "" {
			continue
		}
		all = append(all, line)
		if strings.Contains(line, ": error: ") || strings.HasPrefix(line, "(stopped at") {
			keep = append(keep, line)
		}
	}
	if len(keep) == 0 {
		keep = all
	}
	return strings.TrimSpace(strings.ReplaceAll(clip.Excerpt([]byte(strings.Join(keep, "; ")), 300, 100), "\n", " "))
}

// testClass is the class a student's test file declares: its base name
// without .java.
func testClass(f submission.File) string { return strings.TrimSuffix(path.Base(f.Name), ".java") }

// compileTests compiles one of the student's test files with the
// stand-ins against JUnit and the bridge's test side, in a box, once per
// distinct file in a batch (compileOnce): the compiled classes with the
// stand-ins' index, or javac's messages.
func (s *javaSuites) compileTests(ctx context.Context, f submission.File) ([]sandbox.File, string, error) {
	name := box + "/" + path.Base(f.Name)
	files := append(slices.Clone(s.kit.testSide), sandbox.File{Name: name, Data: f.Data})
	args := append(slices.Clone(s.javacOpts), "-proc:none", "-implicit:none", "-encoding", "UTF-8", "-nowarn",
		"-d", testsDir, "-cp", s.jar+":"+bridgeDir, name)
	for _, p := range sortedNames(s.standins.Sources) {
		files = append(files, sandbox.File{Name: standinDir + "/" + p, Data: s.standins.Sources[p]})
		args = append(args, standinDir+"/"+p)
	}
	for _, h := range s.helpers {
		if path.Dir(h.Name) == path.Dir(f.Name) {
			files = append(files, sandbox.File{Name: box + "/" + path.Base(h.Name), Data: h.Data})
			args = append(args, box+"/"+path.Base(h.Name))
		}
	}
	l := s.limits
	res, err := compileOnce(ctx, sandbox.Spec{Path: s.javac.Path, Args: args, Files: files, ReadOnly: s.readOnly,
		Limits:  sandbox.Limits{Wall: max(l.BuildWall, time.Minute), CPU: max(l.BuildWall, time.Minute), Memory: l.Memory, Output: 1 << 20},
		Collect: deep(testsDir)}, s.javac.Version)
	if err != nil {
		return nil, "", fmt.Errorf("compiling the tests: %w", err)
	}
	if !res.OK() {
		msg := asHandedIn(strings.TrimSpace(string(res.Stdout) + string(res.Stderr) + limitNote(res)))
		return nil, "it does not compile: " + clip.Excerpt([]byte(msg), 300, 300), nil
	}
	return append(res.Files, sandbox.File{Name: testsDir + "/" + javabridge.IndexPath, Data: s.standins.Index}), "", nil
}

// Collect implements mutation.SuiteRunner: the file compiled with the
// stand-ins, its tests as the Java scanner finds them (a method
// annotated @Test, @ParameterizedTest, ... in its class or a @Nested
// one), in file order, each named by its method ("adds", "Inner.deep").
func (s *javaSuites) Collect(ctx context.Context, f submission.File) ([]string, string, error) {
	if !javaIdent(testClass(f)) {
		return nil, "its name is not a Java class's (NAME.java)", nil
	}
	if _, why, err := s.compileTests(ctx, f); err != nil || why != "" {
		return nil, why, err
	}
	var ids []string
	class := testClass(f)
	for _, d := range scanJava(path.Base(f.Name), f.Data) {
		if d.factory {
			continue // a student's @TestFactory is not one of the suite's tests
		}
		id := strings.TrimPrefix(d.id, class+".")
		if rest, ok := strings.CutPrefix(d.id, class+"$"); ok {
			id = strings.Replace(rest, "$", ".", strings.Count(rest, "$"))
		}
		ids = append(ids, id)
	}
	for _, line := range unreadJava(f.Data) {
		ids = append(ids, fmt.Sprintf("line %d", line))
	}
	return ids, "", nil
}

// unrunnable says why the grader cannot run test id (Collect's), which
// then fails on the correct implementation with that note; "" when it
// can. JUnit's launcher reads its arguments in the box's locale, which
// is ASCII: a method selector must be ASCII to name the method.
func unrunnable(id string) string {
	if line, ok := strings.CutPrefix(id, "line "); ok {
		return "the grader cannot read the name of the test declared at line " + line +
			" (write it as `void name()` after its annotations)"
	}
	for _, part := range strings.Split(id, ".") {
		if !javaIdent(part) {
			return fmt.Sprintf("the grader cannot run a test whose name is not plain ASCII (%s): "+
				"JUnit's launcher would not find it; rename it with letters a-z, A-Z, digits, _ and $", strconv.QuoteToASCII(id))
		}
	}
	return ""
}

// javaIdent reports whether s is a plain Java identifier (ASCII).
func javaIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// selector is the console launcher's --select-method of test id of the
// file: "Class#method(types)", the parameter types read from the
// compiled class (a method of that name alone; with overloads, the one
// without parameters).
func selector(class, id string, classes []sandbox.File) string {
	owner, method := class, id
	if i := strings.LastIndex(id, "."); i >= 0 {
		owner, method = class+"$"+strings.ReplaceAll(id[:i], ".", "$"), id[i+1:]
	}
	sel := owner + "#" + method
	i := slices.IndexFunc(classes, func(f sandbox.File) bool { return f.Name == testsDir+"/"+owner+".class" })
	if i < 0 {
		return sel
	}
	c, err := javabridge.ReadClass(classes[i].Data)
	if err != nil {
		return sel
	}
	var descs []string
	for _, m := range c.Methods {
		if m.Name == method {
			descs = append(descs, m.Descriptor)
		}
	}
	if len(descs) != 1 {
		return sel
	}
	return sel + "(" + strings.Join(paramNames(descs[0]), ",") + ")"
}

// paramNames are a method descriptor's parameter types as JUnit's method
// selector takes them ("int", "java.lang.String[]").
func paramNames(desc string) []string {
	var out []string
	prims := map[byte]string{'B': "byte", 'C': "char", 'D': "double", 'F': "float", 'I': "int", 'J': "long", 'S': "short", 'Z': "boolean"}
	for i := 1; i < len(desc) && desc[i] != ')'; i++ {
		dims := 0
		for ; i < len(desc) && desc[i] == '['; i++ {
			dims++
		}
		if i >= len(desc) {
			return out
		}
		t := prims[desc[i]]
		if desc[i] == 'L' {
			end := strings.IndexByte(desc[i:], ';')
			if end < 0 {
				return out
			}
			t = strings.ReplaceAll(desc[i+1:i+end], "/", ".")
			i += end
		}
		out = append(out, t+strings.Repeat("[]", dims))
	}
	return out
}

// Run implements mutation.SuiteRunner: test id of the file alone (the
// launcher's method selector), in a fresh test box, its calls relayed to
// a fresh box of the implementation impl, with the relay's transcript.
func (s *javaSuites) Run(ctx context.Context, f submission.File, id, impl string) (mutation.TestRun, error) {
	classes, why, err := s.implClasses(ctx, impl)
	if err != nil || why != "" {
		return mutation.TestRun{Why: why}, err
	}
	if why := unrunnable(id); why != "" {
		return mutation.TestRun{Why: why}, nil
	}
	built, why, err := s.compileTests(ctx, f)
	if err != nil {
		return mutation.TestRun{}, err
	}
	if why != "" {
		return mutation.TestRun{Why: why}, nil
	}
	l := s.limits
	// The JVMs' own start (JUnit's discovery, the JIT) takes seconds of
	// CPU time on a loaded machine: room for it beside the test's.
	lim := sandbox.Limits{Wall: 2*l.Wall + l.BuildWall, CPU: 2*l.CPU + 10*time.Second, Memory: l.Memory, Output: 1 << 20}
	args := append(javabridge.LauncherArgs(s.testOpts, s.jar, bridgeDir, testsDir, reportsDir, nil),
		"--select-method="+selector(testClass(f), id, built))
	test := sandbox.Spec{Path: s.java.Path, Args: args, Files: append(slices.Clone(s.kit.testSide), built...),
		Env: slices.Clone(suiteEnv), Limits: studentTestBox(lim, l, 10*time.Second), ReadOnly: s.readOnly, Collect: []string{reportsDir + "/*.xml"}}
	if s.clock != nil {
		s.clock(&test)
	}
	test.StderrTo = clip.New(keepPrinted, keepPrinted)
	implBox := sandbox.Spec{Path: s.java.Path, Args: javabridge.ServerArgs(s.opts, studentDir, "."),
		Files: append(slices.Clone(classes), s.kit.server...), Env: slices.Clone(suiteEnv), Limits: lim, ReadOnly: s.readOnly}
	if s.clock != nil {
		s.clock(&implBox)
	}
	fixAddresses(s.setarch, &test)
	fixAddresses(s.setarch, &implBox)
	return suiteRun(ctx, test, implBox, l, true)
}
