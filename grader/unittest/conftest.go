package unittest

import (
	"regexp"
	"slices"
	"strings"
)

// A conftest.py beside the tests is named by no file: pytest loads it by
// itself, and a test asks for its fixtures by argument. So it is public
// (in the public tests' box and in a kit) when it serves a public test:
// a public file names one of its fixtures (an argument, a
// usefixtures), or it defines an autouse fixture or a hook (a function
// pytest_*), which act on every test. A public one whose other fixtures
// only hidden tests ask for would hand their data to students in a kit
// (conftestLeak).

// conftestName is the file pytest loads beside the tests by itself.
const conftestName = "conftest.py"

// pyFixture is one fixture a conftest.py defines: the text of its
// parameters (the fixtures it asks for) and whether it is autouse.
type pyFixture struct {
	params  string
	autouse bool
}

var (
	// A fixture: @pytest.fixture or @fixture, with or without arguments,
	// other decorators after it, then its def.
	fixtureRE = regexp.MustCompile(`(?m)^[ \t]*@(?:pytest\.)?fixture\b(\((?:[^()]|\([^()]*\))*\))?\s*(?:@[^\n]*\n\s*)*(?:async\s+)?def\s+(\w+)\s*\(([^)]*)\)`)
	// A fixture renamed by its decorator: @pytest.fixture(name="data").
	fixtureNameRE = regexp.MustCompile(`\bname\s*=\s*["'](\w+)["']`)
	autouseRE     = regexp.MustCompile(`\bautouse\s*=\s*True\b`)
	hookRE        = regexp.MustCompile(`(?m)^(?:async\s+)?def\s+pytest_\w+\s*\(`)
)

// conftestFixtures reads the fixtures a conftest.py defines, by name,
// and whether it defines a hook. Read as text, as helpers are named.
func conftestFixtures(data []byte) (fixtures map[string]pyFixture, hook bool) {
	fixtures = map[string]pyFixture{}
	for _, m := range fixtureRE.FindAllSubmatch(data, -1) {
		name := string(m[2])
		if n := fixtureNameRE.FindSubmatch(m[1]); n != nil {
			name = string(n[1])
		}
		fixtures[name] = pyFixture{params: string(m[3]), autouse: autouseRE.Match(m[1])}
	}
	return fixtures, hookRE.Match(data)
}

// fixturesUsed are the fixtures of fixtures that the files texts ask
// for (their names as words), and those these ask for in turn; with
// every, the autouse ones too.
func fixturesUsed(fixtures map[string]pyFixture, texts [][]byte, every bool) map[string]bool {
	used := map[string]bool{}
	for name, f := range fixtures {
		used[name] = every && f.autouse || slices.ContainsFunc(texts, func(t []byte) bool { return namesWord(t, name) })
	}
	for changed := true; changed; {
		changed = false
		for name := range fixtures {
			if used[name] {
				continue
			}
			for user, f := range fixtures {
				if used[user] && namesWord([]byte(f.params), name) {
					used[name], changed = true, true
					break
				}
			}
		}
	}
	return used
}

// servesPublic reports whether the conftest.py data serves the public
// files texts: one of its fixtures asked for, an autouse one, a hook.
func servesPublic(data []byte, texts [][]byte) bool {
	fixtures, hook := conftestFixtures(data)
	if hook {
		return true
	}
	for _, u := range fixturesUsed(fixtures, texts, true) {
		if u {
			return true
		}
	}
	return false
}

// conftestLeak names the fixtures of the conftest.py data that the
// hidden files texts ask for and no public one (publicTexts) does, or
// nothing: a kit that ships the file would ship them.
func conftestLeak(data []byte, publicTexts, hiddenTexts [][]byte) []string {
	fixtures, _ := conftestFixtures(data)
	public := fixturesUsed(fixtures, publicTexts, true)
	var out []string
	for name, u := range fixturesUsed(fixtures, hiddenTexts, false) {
		if u && !public[name] {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// joinNames is names as "a, b and c".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// namesWord reports whether text holds word as a word: how a file names
// a helper, a data file or a fixture.
func namesWord(text []byte, word string) bool {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(word) + `\b`).Match(text)
}

// importsModule reports whether the Python text imports the module mod
// beside it: import mod, import a, mod, from mod import, from . import
// mod, from .mod import, importlib.import_module("mod"),
// __import__("mod"), pytest.importorskip("mod"). How a Python file names
// a helper module.
func importsModule(text []byte, mod string) bool {
	m := regexp.QuoteMeta(mod)
	return regexp.MustCompile(`(?m)^[ \t]*(?:import[ \t]+(?:[\w.]+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*` + m + `\b|from[ \t]+\.?` + m + `\b|from[ \t]+\.[ \t]+import[ \t]+\(?[\w\s,]*?\b` + m + `\b)|(?:import_module|__import__|importorskip)\(\s*["']\.?` + m + `["']`).Match(text)
}
