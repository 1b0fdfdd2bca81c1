package rubric

import (
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/toolchain"
)

// Defaults of the optional keys; the package documentation lists them.
const (
	defaultCases     = "cases"
	defaultWall      = 10 * time.Second
	defaultCPU       = 10 * time.Second
	defaultMemory    = 512 << 20
	defaultOutput    = 1 << 20
	defaultBuildWall = 60 * time.Second
	defaultSpotCheck = 2
	// A checker needs milliseconds; these only stop one that hangs.
	defaultCheckerWall = 60 * time.Second
	defaultCheckerCPU  = 20 * time.Second
)

// nameRE is an Auto build's main: a name without extension.
var nameRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// rubric decodes the whole document. dir is the rubric's folder as given,
// for messages; abs is the same folder made absolute.
func (d *decoder) rubric(raw map[string]any, dir, abs string) *Rubric {
	r := &Rubric{}
	top := d.table(raw, nil, "", "")

	if top.has("name") {
		if r.Name = top.str("name", ""); strings.TrimSpace(r.Name) == "" && isString(top.m["name"]) {
			top.errf("name", "name must not be empty")
		}
	} else {
		top.missing("name")
	}
	total, totalOK := top.num("total")
	switch {
	case !top.has("total"):
		top.missing("total")
	case totalOK && total <= 0:
		top.errf("total", "total must be positive, got %s", formatNum(total))
		totalOK = false
	}
	r.Total = total

	cases := top.str("cases", defaultCases)
	if cases == "" {
		top.errf("cases", "cases must name a folder")
	}
	r.CasesDir = filepath.Join(abs, filepath.FromSlash(cases))
	if filepath.IsAbs(cases) {
		r.CasesDir = filepath.Clean(cases)
	}

	r.Reference = top.str("reference", "")
	if top.has("reference") && !idRE.MatchString(r.Reference) {
		top.errf("reference", "reference %q must be made of a-z, 0-9, _ and -", r.Reference)
	}

	r.Handout = d.handout(top, dir, abs)

	d.submission(top.sub("submission"), &r.Submission)
	if testsOnly(raw) && !top.has("build") {
		r.Build = nothingBuilt()
	} else {
		d.build(top.sub("build"), &r.Build, r.Submission.Required)
	}
	d.limits(top.sub("limits"), &r.Limits)

	cmp := top.sub("compare")
	r.Compare.Mode = oneOf(cmp, "mode", compare.Lines.String(), compare.Strict.String(), compare.IgnoreCase.String())
	cmp.done()

	d.judge(top.sub("judge"), &r.Judge, r.Limits, abs)

	r.Late.Given = top.has("late")
	d.late(top.sub("late"), &r.Late)

	rep := top.sub("report")
	r.Report.Hidden = oneOf(rep, "hidden", HiddenVerdict, HiddenCount)
	r.Report.Gradescope = oneOf(rep, "gradescope_hidden", GradescopeAfterDueDate, GradescopeAfterPublished, GradescopeHidden)
	rep.done()

	parts, ok := top.tables("part")
	if ok && len(parts) == 0 {
		top.errf("part", "no parts: a rubric needs at least one [[part]] table")
	}
	pointsOK := true
	seen := map[string]int{}
	for i, p := range parts {
		part, ok := d.part(p, i, seen)
		pointsOK = pointsOK && ok
		r.Parts = append(r.Parts, part)
	}
	d.manualParts(top, r)
	d.manualItems(top, r)
	top.done()

	if sum := sumPoints(r.Parts) + manualPoints(r.ManualParts); totalOK && pointsOK && len(parts) > 0 && math.Abs(sum-total) > 1e-9*total {
		top.errf("total", "total is %s but the parts' points add up to %s", formatNum(total), formatNum(sum))
	}
	if totalOK && r.Submission.PackagePenalty > total {
		d.errorAt([]string{"submission", "package_penalty"}, false, "submission.package_penalty is %s, more than the total %s",
			formatNum(r.Submission.PackagePenalty), formatNum(total))
	}
	if totalOK && r.Submission.RenamePenalty > total {
		d.errorAt([]string{"submission", "rename_penalty"}, false, "submission.rename_penalty is %s, more than the total %s",
			formatNum(r.Submission.RenamePenalty), formatNum(total))
	}

	// The case folders are checked last, and only when the file itself is
	// sound: their messages name paths that the file may have got wrong.
	if len(d.errs) == 0 {
		for i, p := range r.Parts {
			d.caseFolder(parts[i], p, filepath.Join(dir, filepath.FromSlash(cases), filepath.FromSlash(p.Cases)), filepath.Join(r.CasesDir, filepath.FromSlash(p.Cases)))
		}
	}
	return r
}

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

func sumPoints(parts []Part) float64 {
	sum := 0.0
	for _, p := range parts {
		sum += p.Points
	}
	return sum
}

func (d *decoder) submission(t *table, s *Submission) {
	s.Required = t.strs("required")
	seen := map[string]bool{}
	for _, f := range s.Required {
		switch {
		case f == "" || f == "." || f == ".." || strings.ContainsAny(f, `/\`):
			t.errf("required", "submission.required: %q must be a file name, without folders", f)
		case seen[f]:
			t.errf("required", "submission.required lists %q twice", f)
		}
		seen[f] = true
	}
	s.Allow = t.strs("allow")
	for _, f := range s.Allow {
		if f == "" || f == "." || f == ".." || strings.ContainsAny(f, `/\`) {
			t.errf("allow", "submission.allow: %q must be a file name, without folders", f)
		}
	}
	s.Package = oneOf(t, "package", PackageReport, PackageStrip, PackageReject)
	if x, ok := t.num("package_penalty"); ok {
		switch {
		case x < 0:
			t.errf("package_penalty", "submission.package_penalty must not be negative, got %s", formatNum(x))
		case s.Package != PackageStrip && x != 0:
			t.errf("package_penalty", `submission.package_penalty applies only with package = "strip"`)
		default:
			s.PackagePenalty = x
		}
	}
	if x, ok := t.num("rename_penalty"); ok {
		if x < 0 {
			t.errf("rename_penalty", "submission.rename_penalty must not be negative, got %s", formatNum(x))
		} else {
			s.RenamePenalty = x
		}
	}
	t.done()
}

func (d *decoder) build(t *table, b *Build, required []string) {
	b.Language, b.Languages = language(t)
	b.SpotCheck = defaultSpotCheck
	switch r := Runtime(t.str("runtime", string(GraderRuntime))); r {
	case GraderRuntime, JudgesRuntime:
		b.Runtime = r
	default:
		t.errf("runtime", `build.runtime must be "grader" or "judges", got %q`, r)
	}
	if x, ok := t.num("spot_check"); ok {
		if x < 0 || x != math.Trunc(x) || x > 1000 {
			t.errf("spot_check", "build.spot_check must be a whole number from 0 to 1000, got %s", formatNum(x))
		} else {
			b.SpotCheck = int(x)
		}
	}
	main := t.str("main", "")
	if b.Language == Raw {
		if t.has("main") {
			t.errf("main", `build.main applies to the presets, not to language = "raw": name the program in build.run`)
		}
		steps, _ := array(t, "build", "arrays of strings", "an array of strings", asStrings)
		for i, s := range steps {
			if len(s) == 0 || s[0] == "" {
				t.errf("build", "build.build[%d] must start with a program", i)
			}
		}
		b.steps = steps
		b.run = t.strs("run")
		switch {
		case !t.has("run"):
			t.missing("run")
		case isArray(t.m["run"]) && (len(b.run) == 0 || b.run[0] == ""):
			t.errf("run", "build.run must start with a program")
		}
		t.done()
		return
	}
	for _, k := range []string{"build", "run"} {
		if t.has(k) {
			t.get(k)
			t.errf(k, `build.%s applies only to language = "raw"; %q builds and runs with its preset`, k, b.Language)
		}
	}
	if b.Language == Auto {
		// Each submission's files pick the preset: main only chooses
		// among several Java classes or Python files.
		if b.Main = main; t.has("main") && !nameRE.MatchString(main) {
			t.errf("main", "build.main must be a name without extension (a Java class, a Python file without .py) under language %s, got %q", autoName(b.Languages), main)
		}
		t.done()
		return
	}
	tc := toolchain.Lookup(b.Language)
	if b.Sources = tc.Sources(required); len(b.Sources) == 0 {
		t.errf("language", "build.language %q needs a %s file in submission.required", b.Language, strings.Join(tc.Exts, " or "))
		t.done()
		return
	}
	if !t.has("main") {
		main = tc.DefaultMain(b.Sources)
	}
	b.Main = main
	if why := tc.CheckMain(main, required); why != "" {
		t.errf("main", "build.main must be %s, got %q", why, main)
	}
	b.steps, b.run = tc.Commands(main, b.Sources)
	t.done()
}

// Presets returns the languages of the toolchains (package
// grader/toolchain), in the order "auto" tries them: what a rubric's list
// may name.
func Presets() []Language {
	var out []Language
	for _, tc := range toolchain.All() {
		out = append(out, tc.Name)
	}
	return out
}

// languages are the values build.language takes: the default preset
// first, then the other presets, Raw and Auto.
func languages() []Language {
	def := toolchain.Default().Name
	out := []Language{def}
	for _, l := range Presets() {
		if l != def {
			out = append(out, l)
		}
	}
	return append(out, Raw, Auto)
}

// language reads build.language: one language, "auto" (every preset) or
// a list of presets (Auto with those).
func language(t *table) (Language, []Language) {
	v, ok := t.m["language"]
	if !ok || isString(v) {
		l := oneOf(t, "language", languages()...)
		if l == Auto {
			return Auto, Presets()
		}
		return l, nil
	}
	names, _ := array(t, "language", "strings", "a string", asString)
	var langs []Language
	presets := Presets()
	for _, n := range names {
		l := Language(n)
		switch {
		case !slices.Contains(presets, l):
			t.errf("language", "build.language: %q is not a preset (%s)", n, quotedList(presets))
		case slices.Contains(langs, l):
			t.errf("language", "build.language lists %q twice", n)
		default:
			langs = append(langs, l)
		}
	}
	if len(names) == 0 {
		t.errf("language", "build.language: an empty list accepts no language")
	}
	return Auto, langs
}

// autoName is how messages name an Auto build's languages.
func autoName(langs []Language) string {
	if slices.Equal(langs, Presets()) {
		return `"auto"`
	}
	return fmt.Sprintf("%q", langs)
}

// quotedList quotes names as `"a", "b" or "c"`.
func quotedList(names []Language) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(string(n))
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// Preset returns a language preset's Build for the given files, as a
// rubric with that language, no main and those required files has it
// (what `autograder doctor` builds its hello-worlds with). It fails for
// Raw and when no file is a source of the language.
func Preset(lang Language, required []string) (Build, error) {
	return PresetMain(lang, required, "")
}

// PresetMain is Preset with a main of the caller's choice ("" for the
// default): the Java class run, the program C and C++ write, the Python
// file run (which must be one of the files). Package grader/runner builds
// an Auto rubric's submissions with the preset it picks this way.
func PresetMain(lang Language, required []string, main string) (Build, error) {
	tc := toolchain.Lookup(lang)
	if tc == nil {
		return Build{}, fmt.Errorf("rubric: no preset for language %q", lang)
	}
	b := Build{Language: lang, Sources: tc.Sources(required)}
	if len(b.Sources) == 0 {
		return Build{}, fmt.Errorf("rubric: language %q needs a %s file", lang, strings.Join(tc.Exts, " or "))
	}
	if main == "" {
		main = tc.DefaultMain(b.Sources)
	}
	// A main that is a source's name (Python's file run) must be one.
	if slices.Contains(tc.Exts, path.Ext(main)) && !slices.Contains(b.Sources, main) {
		return Build{}, fmt.Errorf("rubric: the %s file to run, %q, is not one of %s", lang, main, strings.Join(b.Sources, ", "))
	}
	b.Main = main
	b.steps, b.run = tc.Commands(b.Main, b.Sources)
	return b, nil
}

// SourceExts returns the file endings of a preset's sources, its
// toolchain's Exts; nil for Raw and Auto.
func SourceExts(lang Language) []string {
	if tc := toolchain.Lookup(lang); tc != nil {
		return slices.Clone(tc.Exts)
	}
	return nil
}

func isArray(v any) bool {
	_, ok := v.([]any)
	return ok
}

func asStrings(v any) ([]string, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(a))
	for i, e := range a {
		if out[i], ok = e.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

func (d *decoder) limits(t *table, l *Limits) {
	l.Wall = t.duration("wall", defaultWall)
	l.CPU = t.duration("cpu", defaultCPU)
	l.Memory = t.size("memory", defaultMemory)
	if s, ok := t.get("stack"); !ok || s != "unlimited" {
		l.Stack = t.size("stack", 0)
	}
	l.Output = t.size("output", defaultOutput)
	l.PastOutput = oneOf(t, "past_output", StopAtOutput, DiscardOutput)
	l.BuildWall = t.duration("build_wall", defaultBuildWall)
	l.BuildFile = t.size("build_file", 0)
	t.done()
}

// judge decodes [judge]; dir is the rubric's folder, absolute.
func (d *decoder) judge(t *table, j *Judge, lim Limits, dir string) {
	j.Name = t.str("name", "diff")
	if !idRE.MatchString(j.Name) {
		t.errf("name", "judge.name %q must be made of a-z, 0-9, _ and -", j.Name)
	}
	j.Flags = t.strs("flags")
	if c := t.str("checker", ""); c != "" {
		j.Checker = filepath.Join(dir, filepath.FromSlash(c))
		if filepath.IsAbs(c) {
			j.Checker = filepath.Clean(c)
		}
	} else if t.has("checker") {
		t.errf("checker", "judge.checker must name a file or folder")
	}
	j.Interactive = t.boolean("interactive")
	j.CheckerCPU = t.duration("checker_cpu", defaultCheckerCPU)
	// An interactive checker runs as long as the program does.
	wall := defaultCheckerWall
	if j.Interactive {
		wall += lim.Wall
	}
	j.CheckerWall = t.duration("checker_wall", wall)
	for _, k := range []string{"interactive", "checker_wall", "checker_cpu"} {
		if t.has(k) && j.Checker == "" {
			t.errf(k, "judge.%s applies only with judge.checker", k)
		}
	}
	if j.Interactive && j.CheckerWall <= lim.Wall {
		t.errf("checker_wall", "judge.checker_wall (%s) must exceed limits.wall (%s): an interactive checker runs as long as the program", j.CheckerWall, lim.Wall)
	}
	t.done()
}

func (d *decoder) late(t *table, l *Late) {
	l.Deadline = t.deadline("deadline")
	l.Penalties, _ = array(t, "penalties", "numbers", "a number", number)
	for i, p := range l.Penalties {
		switch {
		case p < 0 || p > 100:
			t.errf("penalties", "late.penalties: the penalty for %s late must be between 0 and 100 (percent), got %s", days(i+1), formatNum(p))
		case i > 0 && p < l.Penalties[i-1]:
			t.errf("penalties", "late.penalties: the penalty for %s late (%s) is less than for %s (%s)", days(i+1), formatNum(p), days(i), formatNum(l.Penalties[i-1]))
		}
	}
	t.done()
}

func days(n int) string {
	if n == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%d days", n)
}

// part decodes the i-th [[part]]; ok is false when its points are unusable.
func (d *decoder) part(t *table, i int, seen map[string]int) (p Part, ok bool) {
	if !t.has("id") {
		t.missing("id")
	} else if p.ID = t.str("id", ""); !idRE.MatchString(p.ID) {
		if isString(t.m["id"]) {
			t.errf("id", "id %q must be made of a-z, 0-9, _ and -", p.ID)
		}
	} else {
		if j, dup := seen[p.ID]; dup {
			t.errf("id", "id %q is already used by the part at line %d", p.ID, d.line("part", index(j)))
		}
		seen[p.ID] = i
		t.label = fmt.Sprintf("part %q: ", p.ID)
	}
	p.Name = t.str("name", p.ID)
	p.Points, ok = t.num("points")
	switch {
	case !t.has("points"):
		t.missing("points")
	case ok && p.Points <= 0:
		t.errf("points", "points must be positive, got %s", formatNum(p.Points))
		ok = false
	}
	p.Cases = t.str("cases", p.ID)
	if c := p.Cases; c == "" && p.ID != "" || c != "" && (strings.Contains(c, `\`) || !filepath.IsLocal(filepath.FromSlash(c))) {
		t.errf("cases", "cases must be a folder inside the rubric's cases folder, got %q", c)
	}
	p.Scoring = oneOf(t, "scoring", Proportional, AllOrNothing, Min)
	p.Readings = t.strs("readings")
	for j, r := range p.Readings {
		switch {
		case r == "":
			t.errf("readings", "readings[%d] is empty", j)
		case slices.Index(p.Readings, r) < j:
			t.errf("readings", "readings lists %q twice", r)
		}
	}
	p.Tests = d.tests(t, p.Points)
	t.done()
	return p, ok
}

// Defaults of [part.tests].
const (
	defaultMaxTests = 25
	maxMaxTests     = 1000
	maxMaxRuns      = 100000
	defaultMaxBytes = 64 << 10
	defaultFiles    = "*.case"
	// defaultSuiteFiles are a suite part's test files (folder set):
	// pytest's, or JUnit's (defaultJUnitFiles) when the judge is junit.
	defaultSuiteFiles = "test_*.py"
	defaultJUnitFiles = "*Test.java"
)

// tests decodes a part's [part.tests] table; nil when the part has none.
func (d *decoder) tests(parent *table, points float64) *Tests {
	if !parent.has("tests") {
		return nil
	}
	t := parent.sub("tests")
	ts := &Tests{Implementations: t.str("implementations", "")}
	if !t.has("implementations") {
		t.missing("implementations")
	} else if !idRE.MatchString(ts.Implementations) {
		t.errf("implementations", "implementations %q must name the implementations' provider, made of a-z, 0-9, _ and -", ts.Implementations)
	}
	if t.has("bugs") {
		ts.Bugs = t.strs("bugs")
		for j, b := range ts.Bugs {
			if slices.Index(ts.Bugs, b) < j {
				t.errf("bugs", "bugs lists %q twice", b)
			}
		}
	}
	per, ok := t.num("per_bug")
	switch {
	case !t.has("per_bug"):
		t.missing("per_bug")
	case ok && (per <= 0 || math.IsInf(per, 0)):
		t.errf("per_bug", "per_bug must be positive, got %s", formatNum(per))
	}
	ts.PerBug = per
	ts.Ceiling = points
	if c, ok := t.num("ceiling"); ok {
		if c <= 0 || c > points {
			t.errf("ceiling", "ceiling must be positive and at most the part's points (%s), got %s", formatNum(points), formatNum(c))
		}
		ts.Ceiling = c
	}
	ts.MaxTests = defaultMaxTests
	if n, ok := t.num("max_tests"); ok {
		if n != math.Trunc(n) || n < 1 || n > maxMaxTests {
			t.errf("max_tests", "max_tests must be a whole number from 1 to %d, got %s", maxMaxTests, formatNum(n))
		}
		ts.MaxTests = int(n)
	}
	ts.MaxBytes = t.size("max_bytes", defaultMaxBytes)
	ts.Folder = t.str("folder", "")
	if n, ok := t.num("max_runs"); ok {
		switch {
		case n != math.Trunc(n) || n < 1 || n > maxMaxRuns:
			t.errf("max_runs", "max_runs must be a whole number from 1 to %d, got %s", maxMaxRuns, formatNum(n))
		case ts.Folder == "":
			t.errf("max_runs", "max_runs is for a part with a folder of implementations (students' suites); case files are judged without runs of the student's code")
		}
		ts.MaxRuns = int(n)
	}
	if t.has("max_wall") {
		ts.MaxWall = t.duration("max_wall", 0)
		if ts.Folder == "" {
			t.errf("max_wall", "max_wall is for a part with a folder of implementations (students' suites); case files are judged without runs of the student's code")
		}
	}
	ts.OwnCode = t.boolean("own_code")
	if ts.OwnCode && ts.Folder == "" {
		t.errf("own_code", "own_code is for a part with a folder of implementations (students' suites); case files are data, not code")
	}
	if t.has("folder") && (ts.Folder == "" || strings.Contains(ts.Folder, `\`) || !filepath.IsLocal(filepath.FromSlash(ts.Folder))) {
		t.errf("folder", "folder must be a relative path inside the cases folder, got %q", ts.Folder)
	}
	ts.Own = t.str("own", "")
	switch {
	case t.has("own") && (ts.Own == "" || strings.Contains(ts.Own, `\`) || !filepath.IsLocal(filepath.FromSlash(ts.Own))):
		t.errf("own", "own must be a relative path inside the cases folder, got %q", ts.Own)
	case t.has("own") && ts.Folder == "":
		t.errf("own", "own is for a part with a folder of implementations; a part of case files checks its rubric on its own cases")
	}
	files := defaultFiles
	if ts.Folder != "" {
		files = defaultSuiteFiles
		if ts.Implementations == "junit" {
			files = defaultJUnitFiles
		}
	}
	ts.Files = t.str("files", files)
	if _, err := path.Match(ts.Files, "x"); err != nil || ts.Files == "" || slices.Contains([]byte(ts.Files), '/') {
		t.errf("files", "files must be a pattern of file names such as \"*.case\", got %q", ts.Files)
	}
	ts.Show = oneOf(t, "show", "exposed", "nothing", "count", "all")
	t.done()
	return ts
}

// testsOnly reports whether the document's every part has a [part.tests]
// table: a rubric that builds nothing, whose [build] may be left out.
func testsOnly(raw map[string]any) bool {
	parts, ok := raw["part"].([]map[string]any)
	if !ok || len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		if _, ok := p["tests"]; !ok {
			return false
		}
	}
	return true
}

// nothingBuilt is the Build of a rubric that builds nothing (testsOnly,
// without a [build] table): any language, as a submission's files are
// data.
func nothingBuilt() Build { return Build{Language: Auto, Languages: Presets()} }

// caseFolder checks that a part's case folder holds a case.
// handout reads the handout key: a file beside the rubric (or below its
// folder), returned as an absolute path; "" when the key is absent.
func (d *decoder) handout(top *table, dir, abs string) string {
	name := top.str("handout", "")
	if !top.has("handout") {
		return ""
	}
	if name == "" || filepath.IsAbs(name) || !filepath.IsLocal(filepath.FromSlash(name)) {
		top.errf("handout", "handout must name a file in the rubric's folder, got %q", name)
		return ""
	}
	p := filepath.Join(abs, filepath.FromSlash(name))
	if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
		top.errf("handout", "no handout file %s", filepath.Join(dir, filepath.FromSlash(name)))
		return ""
	}
	return p
}

func (d *decoder) caseFolder(t *table, p Part, shown, dir string) {
	key := "cases"
	if !t.has(key) {
		key = "id"
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.errf(key, "no case folder %s", shown)
		return
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".case") && !e.IsDir() {
			return
		}
	}
	if p.Tests != nil && p.Tests.Folder != "" {
		return // a suite part: its cases are the implementations
	}
	if !d.noCases {
		t.errf(key, "no cases: %s holds no *.case file", shown)
	}
}

// Scripted is the build of a program given, as the problem package
// format allows, by its own scripts among files (by name): build, run
// once in the program's folder, and run, the program itself, started
// with the case's arguments; without run, build must write an
// executable run. Each script runs with the interpreter its first line
// names (#!/usr/bin/env sh), else /bin/sh. ok is false when files hold
// neither script.
func Scripted(files []string, first func(name string) []byte) (b Build, ok bool) {
	hasBuild, hasRun := slices.Contains(files, "build"), slices.Contains(files, "run")
	if !hasBuild && !hasRun {
		return Build{}, false
	}
	b = Build{Language: Raw, steps: [][]string{}, run: []string{"./run"}}
	if hasBuild {
		b.steps = [][]string{interpreter(first("build"), "build")}
	}
	if hasRun {
		b.run = interpreter(first("run"), "run")
	}
	return b, true
}

// interpreter is the command that runs script, a file called name: the
// interpreter its shebang line names, else /bin/sh, given the file.
func interpreter(script []byte, name string) []string {
	line, _, _ := strings.Cut(string(script), "\n")
	if words := strings.Fields(strings.TrimPrefix(line, "#!")); strings.HasPrefix(line, "#!") && len(words) > 0 {
		return append(words, name)
	}
	return []string{"/bin/sh", name}
}
