package unittest

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// The first stage: which tests the instructor's files declare (scanJava,
// scanPython, as the framework reads its annotations or decorators),
// which test each case names and what it weighs (Plan), and what the
// judge tells of them (Weight, Command, PublicFiles, HiddenFiles,
// Fingerprint).

// newJudge makes the judge of a framework's tests for the rubric r: every
// file of its language in r's parts' case folders is the instructor's.
func newJudge(fw *framework, r *rubric.Rubric) (*Judge, error) {
	j := &Judge{fw: fw, limits: r.Limits, required: r.Submission.Required}
	var err error
	if j.rules, err = pointsRules(r.Judge.Flags); err != nil {
		return nil, err
	}
	var dirs []string
	for _, p := range r.Parts {
		dirs = append(dirs, filepath.Join(r.CasesDir, filepath.FromSlash(p.Cases)))
	}
	if err := j.noShadow(dirs, r.Submission.Required); err != nil {
		return nil, err
	}
	for _, dir := range dirs {
		if err := j.load(dir); err != nil {
			return nil, err
		}
	}
	j.link()
	slices.SortFunc(j.sources, func(a, b source) int { return strings.Compare(a.name, b.name) })
	return j, nil
}

// load reads the instructor's files of one case folder: the language's
// files, and the data files beside them (every other file but the case
// files, hidden ones and compiled ones: prices.csv, sample.txt), and
// those in its subfolders (data/sample.txt, named by that path), which
// the test box holds too, at the same place.
func (j *Judge) load(dir string) error {
	return filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil // the rubric says which folders are missing
		case p == dir:
			return nil
		case strings.HasPrefix(e.Name(), ".") || compilerOutput(e.Name()):
			if e.IsDir() {
				return fs.SkipDir
			}
			return nil
		case e.IsDir() || strings.HasSuffix(e.Name(), ".case"):
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		return j.add(filepath.ToSlash(rel), p, filepath.Dir(p) == dir)
	})
}

// add reads the instructor's file p, named name from its case folder: a
// source of the language beside the tests (top), or a data file.
func (j *Judge) add(name, p string, top bool) error {
	if i := slices.IndexFunc(j.sources, func(s source) bool { return s.name == name }); i >= 0 {
		return fmt.Errorf("%s and %s: two instructor files of one name", j.sources[i].path, p)
	}
	code := j.fw.source(path.Base(name))
	if code && !top || !code && j.fw.refused(name) {
		return nil // the tests' sources are the folder's own; the framework's configuration is the grader's
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	s := source{name: name, path: p, data: data, plain: !code}
	if code {
		s.tests = j.fw.scan(name, data)
	}
	j.sources = append(j.sources, s)
	return nil
}

// link completes the tests the judge's files declare (framework.link).
func (j *Judge) link() {
	if j.fw.link != nil {
		j.fw.link(j.sources)
	}
}

// pointsRules reads the [judge] flags "points:PATTERN=N"; other flags
// are another judge's.
func pointsRules(flags []string) ([]pointsRule, error) {
	var rules []pointsRule
	for _, f := range flags {
		spec, ok := strings.CutPrefix(f, "points:")
		if !ok {
			continue
		}
		i := strings.LastIndexByte(spec, '=')
		if i < 0 {
			return nil, fmt.Errorf("judge flag %q: want points:PATTERN=N", f)
		}
		n, err := strconv.ParseFloat(spec[i+1:], 64)
		if _, perr := path.Match(spec[:i], ""); err != nil || n <= 0 || perr != nil {
			return nil, fmt.Errorf("judge flag %q: want points:PATTERN=N, a pattern and a positive number", f)
		}
		rules = append(rules, pointsRule{pattern: spec[:i], points: n})
	}
	return rules, nil
}

// TestID is the test a case stands for: its name, the case file's name
// without ".case" ("CalculatorTest.adds" for
// cases/unit/CalculatorTest.adds.case).
func TestID(c cases.Case) string { return path.Base(c.ID) }

// Plan implements grader.Suite: each case must name a test its file
// declares, and a file's tests must all be public or all hidden.
func (j *Judge) Plan(cs []cases.Case) error {
	j.tests = map[string]planned{}
	vis := map[string]cases.Visibility{}
	for _, c := range cs {
		id := TestID(c)
		file := j.fw.fileOf(id)
		i := slices.IndexFunc(j.sources, func(s source) bool { return s.name == file })
		if i < 0 {
			return fmt.Errorf("case %s: no file %s beside the cases for its test %s", c.ID, file, id)
		}
		s := &j.sources[i]
		k := slices.IndexFunc(s.tests, func(d declared) bool { return d.id == declaredID(id) })
		if k < 0 {
			return fmt.Errorf("case %s: %s declares no test %s (%s)", c.ID, s.path, id, j.fw.declaredHow)
		}
		if how := s.tests[k].disabled; how != "" {
			return fmt.Errorf("case %s: %s disables the test %s (%s), so it is no part of the grade: delete the case file (cases generate writes none)", c.ID, s.path, declaredID(id), how)
		}
		if v, ok := vis[file]; ok && v != c.Visibility {
			return fmt.Errorf("case %s: %s holds both public and hidden tests; put them in files of their own", c.ID, s.path)
		}
		vis[file] = c.Visibility
		s.hidden = c.Visibility != cases.Public
		j.tests[c.ID] = planned{id: id, file: file, weight: j.points(s.tests[k], id), multi: s.tests[k].multi}
	}
	j.markSecretHelpers()
	return j.uncovered()
}

// declaredID is the test a reported ID is an instance of: a parametrized
// pytest test's "test_m.test_x[1-2]" is "test_m.test_x"'s.
func declaredID(id string) string {
	base, _, _ := strings.Cut(id, "[")
	return base
}

// uncovered says which test of a planned file has no case: the report
// would name it, and the run would be flagged every time.
func (j *Judge) uncovered() error {
	for _, s := range j.sources {
		var ids []string
		for _, t := range j.tests {
			if t.file == s.name {
				ids = append(ids, declaredID(t.id))
			}
		}
		if len(ids) == 0 {
			continue
		}
		for _, d := range s.tests {
			if d.disabled == "" && !slices.Contains(ids, d.id) {
				return fmt.Errorf("%s declares the test %s, which has no case file (add %s.case)", s.path, d.id, d.id)
			}
		}
	}
	return nil
}

// points is the weight of the test id, an instance of d: the first
// rubric rule its ID matches, else d's own annotation, else 1.
func (j *Judge) points(d declared, id string) float64 {
	for _, r := range j.rules {
		if ok, _ := path.Match(r.pattern, id); ok {
			return r.points
		}
	}
	if d.points > 0 {
		return d.points
	}
	return 1
}

// Weight implements grader.Weigher: the test's points.
func (j *Judge) Weight(c cases.Case) float64 {
	if t, ok := j.tests[c.ID]; ok {
		return t.weight
	}
	return 1
}

// Command implements grader.Commander: the command that runs the test
// alone, where the framework has one (its runner, "-m pytest
// .autograder/unit/test_stats.py::test_median_even": the file named from
// the working folder when it lies below it), else "JUnit test
// CalculatorTest.adds".
func (j *Judge) Command(c cases.Case) string {
	id := TestID(c)
	i := slices.IndexFunc(j.sources, func(s source) bool { return s.name == j.fw.fileOf(id) })
	if j.fw.runOne == nil || i < 0 {
		return j.fw.title() + " test " + id
	}
	file := j.sources[i].path
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, file); err == nil && filepath.IsLocal(rel) {
			file = rel
		}
	}
	return j.fw.runOne(j.fw.tc.Tests.Runner, filepath.ToSlash(file), id)
}

// PublicFiles implements grader.PublicFiler: the files of public tests,
// and the helpers and data files they need (markSecretHelpers).
func (j *Judge) PublicFiles() []string {
	var out []string
	for _, s := range j.sources {
		if !s.hidden && !s.secret {
			out = append(out, s.path)
		}
	}
	return out
}

// HiddenFiles implements grader.HiddenFiler: the files of hidden tests,
// and the helpers and data files the public tests do not need.
func (j *Judge) HiddenFiles() []string {
	var out []string
	for _, s := range j.sources {
		if s.hidden || s.secret {
			out = append(out, s.path)
		}
	}
	return out
}

// Fingerprint implements grader.Fingerprinter: the instructor's files
// and the points rules.
func (j *Judge) Fingerprint() string {
	h := sha256.New()
	for _, s := range j.sources {
		fmt.Fprintf(h, "%q %d\n", s.name, len(s.data))
		h.Write(s.data)
	}
	fmt.Fprintf(h, "rules %v\n", j.rules)
	for _, data := range j.fw.bridge() {
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

var (
	// A test method: annotations (one of them @Test), then a method, its
	// return type (void, or a @TestFactory's Stream<DynamicTest>) group 3.
	javaTestRE = regexp.MustCompile(`((?:@` + javaName + `(?:\.` + javaName + `)*(?:\s*\((?:[^()"]|"(?:[^"\\]|\\.)*")*\))?\s*)+)(?:(?:public|protected|private|static|final|synchronized|strictfp)\s+)*(void|` + javaName + `(?:\.` + javaName + `)*(?:\s*<[^;{}()=@]*>)?(?:\s*\[\s*\])*)\s+(` + javaName + `)\s*\(`)
	javaTagRE  = regexp.MustCompile(`@Tag\s*\(\s*"([^"]*)"\s*\)`)
)

// scanJava finds the tests a Java file declares: "Class.method" for each
// method annotated @Test, @ParameterizedTest, @RepeatedTest or
// @TestFactory, the class being the file's name, or "Class$Inner" for one
// of its @Nested classes; comments are not read (a commented-out @Test
// declares nothing). A parameterized or repeated test, or a factory's
// dynamic tests, is one test, its invocations together (multi): it
// passes when every invocation passes. The tests a class inherits are
// inheritJava's.
func scanJava(name string, data []byte) []declared {
	class := strings.TrimSuffix(name, ".java")
	src := scanJavaSource(string(data))
	ns, off := src.nested(), src.disabledClasses()
	var out []declared
	for _, m := range javaTests(src) {
		annotations := src.code[m[2]:m[3]]
		an := javaTestAnnotation.FindStringSubmatch(annotations)
		d := declared{id: classAt(class, ns, m[0]) + "." + src.code[m[6]:m[7]], multi: an[1] != "Test", factory: an[1] == "TestFactory"}
		for _, tag := range javaTagRE.FindAllStringSubmatch(annotations, -1) {
			d.mark(tag[1])
		}
		d.disabled = src.disabledMarker(m[2], m[3])
		for _, c := range off {
			if d.disabled == "" && c.start < m[0] && m[0] < c.end {
				d.disabled = c.name
			}
		}
		out = append(out, d)
	}
	return out
}

var (
	// JUnit's @Disabled, the unconditional one (not @DisabledOnOs, ...),
	// with its reason.
	javaDisabledRE = regexp.MustCompile(`(@(?:org\.junit\.jupiter\.api\.)?Disabled(?:\s*\((?:[^()"]|"(?:[^"\\]|\\.)*")*\))?)(?:[^` + javaPart + `(]|$)`)
	// A class's annotations, then its declaration.
	javaTypeDeclRE = regexp.MustCompile(`((?:@` + javaName + `(?:\.` + javaName + `)*(?:\s*\((?:[^()"]|"(?:[^"\\]|\\.)*")*\))?\s*)+)(?:(?:public|protected|private|static|final|abstract|strictfp)\s+)*class\s+` + javaName)
)

// disabledMarker is the @Disabled among the annotations at [from, to)
// of the file, as written (its reason kept), or "". It is looked for
// in the code without literals (a @DisplayName("@Disabled") is none).
func (s javaSource) disabledMarker(from, to int) string {
	m := javaDisabledRE.FindStringSubmatchIndex(s.bare[from:to])
	if m == nil {
		return ""
	}
	return s.code[from+m[2] : from+m[3]]
}

// disabledClasses are the bodies of a Java file's classes annotated
// @Disabled, each named by its marker: every test in one is disabled.
func (s javaSource) disabledClasses() []nestedClass {
	var out []nestedClass
	for _, m := range javaTypeDeclRE.FindAllStringSubmatchIndex(s.bare, -1) {
		marker := s.disabledMarker(m[2], m[3])
		if marker == "" {
			continue
		}
		open := strings.IndexByte(s.bare[m[1]:], '{')
		if open < 0 {
			continue
		}
		out = append(out, nestedClass{name: marker, start: m[1] + open, end: s.bodyEnd(m[1] + open)})
	}
	return out
}

// javaTests are the test methods of a Java source, as javaTestRE's
// submatch indexes: a method whose annotations hold a test's, void, or
// a @TestFactory's (which returns its dynamic tests).
func javaTests(src javaSource) [][]int {
	var out [][]int
	for _, m := range javaTestRE.FindAllStringSubmatchIndex(src.bare, -1) {
		an := javaTestAnnotation.FindStringSubmatch(src.code[m[2]:m[3]])
		if an != nil && (src.code[m[4]:m[5]] == "void" || an[1] == "TestFactory") {
			out = append(out, m)
		}
	}
	return out
}

// unreadJava are the lines of the test annotations (@Test, ...) of a
// Java file that scanJava finds no test method after: the compiler may read
// them (a generic method, an annotation the pattern does not take), so
// a test that is not counted is named, never dropped silently.
func unreadJava(data []byte) []int {
	src := scanJavaSource(string(data))
	_, at := javaTextLines(data)
	var read [][]int
	for _, m := range javaTests(src) {
		read = append(read, m[2:4])
	}
	var lines []int
	for _, a := range javaTestAnnotation.FindAllStringIndex(src.bare, -1) {
		if !slices.ContainsFunc(read, func(r []int) bool { return r[0] <= a[0] && a[0] < r[1] }) {
			lines = append(lines, at[a[0]])
		}
	}
	return lines
}

// mark reads a tag or marker: "points=N".
func (d *declared) mark(tag string) {
	if n, ok := strings.CutPrefix(tag, "points="); ok {
		if x, err := strconv.ParseFloat(strings.TrimSpace(n), 64); err == nil && x > 0 {
			d.points = x
		}
	}
}

var (
	pyDefRE    = regexp.MustCompile(`^([ \t]*)(?:async\s+)?def\s+(test\w*)\s*\(`)
	pyClassRE  = regexp.MustCompile(`^class\s+(\w+)\s*(?:\(([^)]*)\)?)?\s*:?`)
	pyMarkerRE = regexp.MustCompile(`^[ \t]*@pytest\.mark\.(points)\b(?:\s*\(\s*([0-9.]+)\s*\))?`)
	// pytest's unconditional skip (not skipif), on a test or its class,
	// or a module's pytestmark that is or lists one.
	pySkipRE       = regexp.MustCompile(`^[ \t]*(@(?:pytest\.)?mark\.skip)\b\s*(?:$|[(#])`)
	pyModuleSkipRE = regexp.MustCompile(`^pytestmark\s*[:=].*\b(?:pytest\.)?mark\.skip\b\s*(?:$|[(),\]#])`)
)

// pyClass is a class a test module defines at its top: its bases as
// written and the test methods it defines itself (their IDs the bare
// method names), in order.
type pyClass struct {
	name, indent string
	skip         string // the instructor's skip marker on the class, or ""
	bases        []string
	tests        []declared
}

// scanPython finds the tests a test module declares ("test_calc.test_add",
// "test_calc.TestX.test_y"), with their markers, as pytest collects
// them: the test_* functions at its top, and the test* methods of its
// classes named Test* and of its unittest.TestCase classes (whatever
// their names), each class's own and those it inherits from the file's
// other classes (a contract test's StackContract.test_lifo is
// TestListStack.test_lifo); a file whose name is not test_*.py or
// *_test.py declares none (a helper).
func scanPython(name string, data []byte) []declared {
	mod := strings.TrimSuffix(name, ".py")
	if !strings.HasPrefix(mod, "test_") && !strings.HasSuffix(mod, "_test") {
		return nil
	}
	var out []declared
	var classes []*pyClass
	var marks []string
	var class *pyClass
	moduleSkip, skip := "", ""
	open := 0 // the parentheses a decorator left open: its next lines go on with it
	for _, line := range strings.Split(string(data), "\n") {
		if open > 0 {
			open += strings.Count(line, "(") - strings.Count(line, ")")
			if skip != "" {
				skip += " " + strings.TrimSpace(line)
			}
			continue
		}
		if pyModuleSkipRE.MatchString(line) {
			moduleSkip = strings.TrimSpace(line)
			continue
		}
		if m := pyClassRE.FindStringSubmatch(line); m != nil {
			class, marks, skip = &pyClass{name: m[1], bases: pyBases(m[2]), skip: skip}, nil, ""
			classes = append(classes, class)
			out = append(out, declared{id: "\x00" + m[1]}) // where the class's tests go
			continue
		}
		if m := pyMarkerRE.FindStringSubmatch(line); m != nil {
			marks = append(marks, "points="+m[2])
			continue
		}
		if pySkipRE.MatchString(line) {
			skip = strings.TrimSpace(line)
		}
		m := pyDefRE.FindStringSubmatch(line)
		switch {
		case m == nil:
			if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "@") && !strings.HasPrefix(t, "#") {
				marks, skip = nil, ""
			} else if strings.HasPrefix(t, "@") {
				open = strings.Count(line, "(") - strings.Count(line, ")")
			}
			if line != "" && line[0] != ' ' && line[0] != '\t' && line[0] != '@' && line[0] != '#' {
				class = nil
			}
			continue
		case m[1] == "":
			class = nil
		case class == nil || class.indent != "" && m[1] != class.indent:
			marks, skip = nil, ""
			continue // a nested function
		}
		d := declared{id: m[2], disabled: skip}
		for _, mk := range marks {
			d.mark(mk)
		}
		marks, skip = nil, ""
		if class == nil {
			d.id = mod + "." + d.id
			out = append(out, d)
			continue
		}
		class.indent = m[1]
		class.tests = append(class.tests, d)
	}
	out = pyCollected(mod, out, classes)
	for i := range out {
		out[i].disabled = cmp.Or(out[i].disabled, moduleSkip)
	}
	return out
}

// pyBases are a class's bases as written ("unittest.TestCase",
// "StackContract"), keywords (metaclass=...) left out.
func pyBases(list string) []string {
	var bases []string
	for _, b := range strings.Split(list, ",") {
		if b = strings.TrimSpace(b); b != "" && !strings.Contains(b, "=") {
			bases = append(bases, b)
		}
	}
	return bases
}

// pyCollected puts, where each class began in out, the tests pytest
// collects of it (pyClass), none for a class it does not collect.
func pyCollected(mod string, out []declared, classes []*pyClass) []declared {
	byName := map[string]*pyClass{}
	for _, c := range classes {
		byName[c.name] = c // a later class of a name is the one the module keeps
	}
	var all []declared
	done := map[string]bool{} // a name defined twice: its tests once
	for _, d := range out {
		name, ok := strings.CutPrefix(d.id, "\x00")
		if !ok {
			all = append(all, d)
			continue
		}
		c := byName[name]
		if done[name] || !strings.HasPrefix(name, "Test") && !pyTestCase(c, byName, 0) {
			continue
		}
		done[name] = true
		skip := pyClassSkip(c, byName, 0)
		for _, t := range pyMethods(c, byName, 0) {
			t.id = mod + "." + name + "." + t.id
			t.disabled = cmp.Or(t.disabled, skip)
			all = append(all, t)
		}
	}
	return all
}

// pyMaxBases bounds the walk up a file's classes (a class that derives
// from itself, through others, is no Python, but the file is read as text).
const pyMaxBases = 32

// pyTestCase says whether c derives from unittest.TestCase, itself or
// through the file's other classes.
func pyTestCase(c *pyClass, byName map[string]*pyClass, depth int) bool {
	if depth > pyMaxBases {
		return false
	}
	for _, b := range c.bases {
		if b == "TestCase" || b == "unittest.TestCase" {
			return true
		}
		if p := byName[b]; p != nil && p != c && pyTestCase(p, byName, depth+1) {
			return true
		}
	}
	return false
}

// pyClassSkip is the skip marker c carries, its own or one it inherits
// from its bases in the file (pytest reads a class's marks through its
// bases), or "".
func pyClassSkip(c *pyClass, byName map[string]*pyClass, depth int) string {
	if c.skip != "" || depth > pyMaxBases {
		return c.skip
	}
	for _, b := range c.bases {
		if p := byName[b]; p != nil && p != c {
			if s := pyClassSkip(p, byName, depth+1); s != "" {
				return s
			}
		}
	}
	return ""
}

// pyMethods are c's test methods: its own, then those of its bases in
// the file that it does not define again.
func pyMethods(c *pyClass, byName map[string]*pyClass, depth int) []declared {
	tests := slices.Clone(c.tests)
	if depth > pyMaxBases {
		return tests
	}
	for _, b := range c.bases {
		p := byName[b]
		if p == nil || p == c {
			continue
		}
		for _, t := range pyMethods(p, byName, depth+1) {
			if !slices.ContainsFunc(tests, func(d declared) bool { return d.id == t.id }) {
				tests = append(tests, t)
			}
		}
	}
	return tests
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
