package unittest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
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

// Judge is the judge "junit" or "pytest": a grader.Suite whose cases are
// the tests of the instructor's test files in the parts' case folders.
type Judge struct {
	fw      *framework
	sources []source // every test or helper file of the parts' folders, by name
	rules   []pointsRule
	limits  rubric.Limits
	tests   map[string]planned // by case ID, once planned
}

// source is one of the instructor's files: a test file, or a helper
// (one that declares no test), which every run of the suite holds.
type source struct {
	name  string // the file's name, unique among the parts' folders
	path  string // absolute
	data  []byte
	tests []declared
	// hidden is set, once planned, when the file holds a hidden case's
	// test: it then never runs beside a public one.
	hidden bool
}

// declared is a test a source declares, as its annotations or
// decorators say.
type declared struct {
	id     string // "CalculatorTest.adds", "test_calc.TestX.test_y"
	points float64
	// multi: a parameterized or repeated test, reported once per
	// invocation; it passes when every invocation passes.
	multi bool
}

// planned is a case's test.
type planned struct {
	id     string
	file   string
	weight float64
	multi  bool // reported once per invocation
}

// pointsRule is a [judge] flag "points:PATTERN=N".
type pointsRule struct {
	pattern string
	points  float64
}

// newJudge makes the judge of a framework's tests for the rubric r: every
// file of its language in r's parts' case folders is the instructor's.
func newJudge(fw *framework, r *rubric.Rubric) (*Judge, error) {
	j := &Judge{fw: fw, limits: r.Limits}
	var err error
	if j.rules, err = pointsRules(r.Judge.Flags); err != nil {
		return nil, err
	}
	for _, p := range r.Parts {
		if err := j.load(filepath.Join(r.CasesDir, filepath.FromSlash(p.Cases))); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(j.sources, func(a, b source) int { return strings.Compare(a.name, b.name) })
	return j, nil
}

// load reads the language's files of one case folder.
func (j *Judge) load(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // the rubric says which folders are missing
	}
	for _, e := range entries {
		if e.IsDir() || !j.fw.source(e.Name()) {
			continue
		}
		if i := slices.IndexFunc(j.sources, func(s source) bool { return s.name == e.Name() }); i >= 0 {
			return fmt.Errorf("%s and %s: two instructor files of one name", j.sources[i].path, filepath.Join(dir, e.Name()))
		}
		p := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		j.sources = append(j.sources, source{name: e.Name(), path: p, data: data, tests: j.fw.scan(e.Name(), data)})
	}
	return nil
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
		if v, ok := vis[file]; ok && v != c.Visibility {
			return fmt.Errorf("case %s: %s holds both public and hidden tests; put them in files of their own", c.ID, s.path)
		}
		vis[file] = c.Visibility
		s.hidden = c.Visibility != cases.Public
		j.tests[c.ID] = planned{id: id, file: file, weight: j.points(s.tests[k], id), multi: s.tests[k].multi}
	}
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
			if !slices.Contains(ids, d.id) {
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
// and the helpers, which every run holds.
func (j *Judge) PublicFiles() []string {
	var out []string
	for _, s := range j.sources {
		if !s.hidden {
			out = append(out, s.path)
		}
	}
	return out
}

// HiddenFiles implements grader.HiddenFiler: the files of hidden tests.
func (j *Judge) HiddenFiles() []string {
	var out []string
	for _, s := range j.sources {
		if s.hidden {
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
