package unittest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A helper is an instructor's file beside the tests that declares no
// test (helpers.py, an Oracle.java, a conftest.py, a data file). The
// hidden tests' run holds every helper; the public tests' run and a kit
// hold only the public ones, those the public tests need (a secret
// helper, an oracle of the hidden answers or a solution kept beside the
// tests, never reaches a box whose failures a student reads: its compile
// errors would show its lines).

// helpersOf are the helpers the hidden or the public tests' box holds.
func (j *Judge) helpersOf(hidden bool) []source {
	var out []source
	for _, s := range j.sources {
		if len(s.tests) == 0 && (hidden || !s.secret) {
			out = append(out, s)
		}
	}
	return out
}

// noShadow refuses a file or folder beside the tests (in the folders
// dirs) named as a class or module the student hands in: its module
// name, the name up to its first '.' or '$', is the name of a source
// among the required files (Fraction.class, Fraction$Inner.class,
// stats.pyc, stats.cpython-311-x86_64-linux-gnu.so, a stats/ package
// or a stats.py). In the test box it would stand where the student's
// stand-in stands, and the tests would call the instructor's code (a
// solution left beside the tests, or its compiled copy), whatever the
// student wrote.
func (j *Judge) noShadow(dirs, required []string) error {
	var students []string
	for _, r := range required {
		if j.fw.source(filepath.Base(r)) {
			students = append(students, moduleName(filepath.Base(r)))
		}
	}
	for _, dir := range dirs {
		entries, _ := os.ReadDir(dir) // the rubric says which folders are missing
		for _, e := range entries {
			if n := e.Name(); slices.Contains(students, moduleName(n)) && !strings.HasSuffix(n, ".case") {
				return fmt.Errorf("%s: a file beside the tests has the name of a class or module students hand in (%s): the tests would use it instead of the student's; move it out of the tests' folders", filepath.Join(dir, n), moduleName(n))
			}
		}
	}
	return nil
}

// moduleName is the class or module a file or folder beside the tests
// stands for: its name up to the first '.' or '$' (Fraction for
// Fraction$Inner.class, stats for stats.cpython-311.pyc).
func moduleName(name string) string {
	if i := strings.IndexAny(name, ".$"); i >= 0 {
		return name[:i]
	}
	return name
}

// compilerOutput reports whether a file beside the tests is a compiler's
// output (a .class, a .pyc, a __pycache__ folder): the boxes and a kit never hold one, the
// tests being built from their sources.
func compilerOutput(name string) bool {
	return slices.Contains([]string{".class", ".pyc", ".pyo"}, filepath.Ext(name)) || name == "__pycache__"
}

// markSecretHelpers marks the files beside the tests that declare no
// test (helpers, data files) that the public tests do not need: the
// public tests' box and a kit hold only the others. One is public when a
// public test file, or a public helper, names it in its code (names),
// unless the hidden side names it more closely (hiddenData: a hidden
// test's data/hidden_expected.txt, in the folder a public test names),
// and a conftest.py when it serves a public test (servesPublic) or a
// public test imports it; every other one is secret: one only hidden
// tests name (an oracle of the hidden answers), and one no file names
// (a solution kept beside the tests under another name, a TA's
// answers), which a public test cannot need. A public helper the hidden
// side also uses, and a public conftest.py that also defines fixtures
// only hidden tests ask for, are noted (leak, kitLeak): a kit refuses
// them (KitRefusal).
func (j *Judge) markSecretHelpers() {
	named := func(s source, by func(source) bool) bool {
		return slices.ContainsFunc(j.sources, func(o source) bool { return o.name != s.name && by(o) && names(o, s) })
	}
	public := map[string]bool{}
	var publicTests, hiddenTests [][]byte
	for _, s := range j.sources {
		public[s.name] = len(s.tests) > 0 && !s.hidden
		switch {
		case public[s.name]:
			publicTests = append(publicTests, s.data)
		case len(s.tests) > 0:
			hiddenTests = append(hiddenTests, s.data)
		}
	}
	for _, s := range j.sources {
		if s.name == conftestName && len(s.tests) == 0 {
			public[s.name] = servesPublic(s.data, publicTests) || named(s, func(o source) bool { return public[o.name] })
		}
	}
	for changed := true; changed; {
		changed = false
		for _, s := range j.sources {
			if !public[s.name] && len(s.tests) == 0 && named(s, func(o source) bool { return public[o.name] }) && len(j.hiddenData(s, func(o source) bool { return public[o.name] })) == 0 {
				public[s.name], changed = true, true
			}
		}
	}
	for i, s := range j.sources {
		j.sources[i].secret = len(s.tests) == 0 && !public[s.name]
	}
	j.leak = j.kitLeak(publicTests, hiddenTests)
}

// hiddenData are the files of the hidden side (the tests and helpers
// that public, the files public so far, does not hold) that name the
// data file s more closely (nameDepth) than any public file does, when a
// public file names s at all: a hidden test reads
// data/hidden_expected.txt by its name, and the public tests name only
// its folder ("data", for data/sample.txt). s is then the hidden tests'
// alone, whatever else is in its folder. A data file both sides name as
// closely (sample.txt, which a hidden test reads too) is public: the
// public tests need it. The public side only grows as markSecretHelpers
// goes on, so a file this keeps out may still come in once a helper that
// reads it by name is public.
func (j *Judge) hiddenData(s source, public func(source) bool) []string {
	if !s.plain {
		return nil
	}
	pub := 0
	for _, o := range j.sources {
		if o.name != s.name && public(o) {
			pub = max(pub, nameDepth(o, s))
		}
	}
	if pub == 0 {
		return nil // no public file names it: secret as it is, no hidden data
	}
	var out []string
	for _, o := range j.sources {
		if o.name != s.name && !o.plain && !public(o) && nameDepth(o, s) > pub {
			out = append(out, o.name)
		}
	}
	return out
}

// kitLeak is why a kit may not ship the public helpers, or "": one the
// hidden side uses (hiddenUsers: a hidden test importing helpers.py for
// its HIDDEN_CASES, using Check.HIDDEN), whatever it uses of it, since a
// kit would hand students what the hidden tests take from it; or a
// public conftest.py with a fixture only hidden tests ask for. A data
// file is not a helper: a hidden test may read a public one.
func (j *Judge) kitLeak(publicTests, hiddenTests [][]byte) string {
	for _, s := range j.sources {
		if s.secret || s.plain || len(s.tests) > 0 {
			continue
		}
		if users := j.hiddenUsers(s); len(users) > 0 {
			return fmt.Sprintf("%s is used by %s, and a kit ships it for the public tests: it would hand students what the hidden tests take from it; split what the hidden tests need into a file of their own, which no public test uses", s.path, joinNames(users))
		}
		if s.name != conftestName {
			continue
		}
		if names := conftestLeak(s.data, publicTests, hiddenTests); len(names) > 0 {
			return fmt.Sprintf("%s defines %s, which only hidden tests ask for: a kit would hand students what the hidden tests are given; move them into %s", s.path, joinNames(names), joinNames(j.askers(names)))
		}
	}
	return ""
}

// hiddenUsers are the files of the hidden side that name the helper s
// (names): hidden tests, and helpers only they reach (secret ones).
func (j *Judge) hiddenUsers(s source) []string {
	var out []string
	for _, o := range j.sources {
		if o.name != s.name && !o.plain && (o.hidden || o.secret) && names(o, s) {
			out = append(out, o.name)
		}
	}
	return out
}

// names reports whether the file o names the helper or data file s as
// the tests reach it; only code does (a data file names nothing): a
// data file by its full name ("sample.txt") or the name of its folder
// ("data" for data/sample.txt) in code or a string, not a comment nor an
// assert's message (nameDepth), a
// Python module by an import of it (importsModule), a Java class by its
// name as a word outside comments and literals, or as a string that is
// its name alone, for reflection (javaNames). Read as text: a data file
// a public test names only in a string is public, the mistake falling on
// the side of a kit that runs.
func names(o, s source) bool {
	switch {
	case o.plain:
		return false // a data file names nothing: no test reads a file by it
	case s.plain:
		return nameDepth(o, s) > 0
	case filepath.Ext(s.name) == ".py":
		return importsModule(o.data, stem(s.name))
	case filepath.Ext(o.name) == ".java":
		return namesWord(javaNames(o.data), stem(s.name))
	}
	return namesWord(o.data, stem(s.name))
}

// nameDepth is how closely the code file o names the data file s: the
// number of parts of s's name up to the last one o's code (nameCode: not
// its comments, nor an assert's message) names as a word (2 for a test
// that names sample.txt of data/sample.txt, 1 for one that names only
// "data"), 0 when o names none or is a data file itself (a README
// listing the data files names none of them).
func nameDepth(o, s source) int {
	if o.plain {
		return 0
	}
	code := nameCode(o)
	parts := strings.Split(s.name, "/")
	for i := len(parts); i > 0; i-- {
		if namesWord(code, parts[i-1]) {
			return i
		}
	}
	return 0
}

// askers are the hidden test files that name one of the fixtures names.
func (j *Judge) askers(names []string) []string {
	var out []string
	for _, s := range j.sources {
		if s.hidden && slices.ContainsFunc(names, func(n string) bool { return namesWord(s.data, n) }) {
			out = append(out, s.name)
		}
	}
	return out
}

// KitRefusal implements grader.KitRefuser: why a kit of the tests may
// not ship the public files (a helper a public test needs that the
// hidden tests use too, a conftest.py a public test needs that holds
// fixtures only hidden tests use), or nothing.
func (j *Judge) KitRefusal() string { return j.leak }

// stem is a file's name without its extension.
func stem(name string) string { return strings.TrimSuffix(name, filepath.Ext(name)) }

// SetupNotes implements grader.SetupNoter: a note for each test a
// test file disables (disabledNotes), for each file beside
// the tests that no file names (names), and for each data file in a
// folder a public test names that the hidden side names more closely
// (hiddenData): it is left out of the public tests' box and the kit, so
// a public test that finds it by a pattern (a glob, a listdir) does not
// see it there.
func (j *Judge) SetupNotes() []string {
	out := disabledNotes(j.sources)
	public := func(o source) bool { return !o.hidden && !o.secret }
	for _, s := range j.sources {
		if !s.secret || s.name == conftestName {
			continue
		}
		if by := j.hiddenData(s, public); len(by) > 0 {
			out = append(out, fmt.Sprintf("%s: hidden data: %s names it and the public tests only its folder, so it is only in the hidden tests' box: not in the public tests' box nor a kit; a public test that reads it must name it", s.path, joinNames(by)))
			continue
		}
		if slices.ContainsFunc(j.sources, func(o source) bool { return o.name != s.name && names(o, s) }) {
			continue
		}
		out = append(out, fmt.Sprintf("%s: no test names it, so it is only in the hidden tests' box: not in the public tests' box nor a kit (a public test that finds it by a pattern does not see it); name it in the test that reads it", s.path))
	}
	return out
}

// disabledNotes says of each test of srcs that its file disables that it
// is no part of the grade.
func disabledNotes(srcs []source) []string {
	var out []string
	for _, s := range srcs {
		for _, d := range s.tests {
			if d.disabled != "" {
				out = append(out, fmt.Sprintf("%s: the test %s is disabled (%s): it is no part of the grade, and has no case", s.path, d.id, d.disabled))
			}
		}
	}
	return out
}
