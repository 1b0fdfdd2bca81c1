package unittest

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A helper is an instructor's file beside the tests that declares no
// test (helpers.py, an Oracle.java, a conftest.py). The hidden tests' run
// holds every helper; the public tests' run and a kit hold only the
// public ones (a secret helper, an oracle of the hidden answers, never
// reaches a box whose failures a student reads: its compile errors would
// show its lines).

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

// noShadow refuses a helper named as a file the student hands in: in the
// test box it would stand where the student's stand-in stands, and the
// tests would call the instructor's code (a solution left beside the
// tests), whatever the student wrote.
func (j *Judge) noShadow(required []string) error {
	for _, s := range j.sources {
		if slices.ContainsFunc(required, func(r string) bool { return filepath.Base(r) == s.name }) {
			return fmt.Errorf("%s: a file beside the tests has the name of a file students hand in (%s): the tests would use it instead of the student's; move it out of the tests' folders", s.path, s.name)
		}
	}
	return nil
}

// markSecretHelpers marks the helpers only hidden tests use. A helper is
// public when a public test file, or a public helper, names it (its name
// without the extension, as a word: an import, a class used), or when no
// file names it at all (a conftest.py pytest loads by itself); one that
// only hidden test files, or secret helpers, name is secret: a kit leaves
// it out, as it leaves out the hidden tests (an oracle of the hidden
// answers). Naming is read as text, so a helper a public test mentions
// only in a comment is public: the mistake falls on the side of a kit
// that runs.
func (j *Judge) markSecretHelpers() {
	named := func(s source, by func(source) bool) bool {
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(stem(s.name)) + `\b`)
		return slices.ContainsFunc(j.sources, func(o source) bool { return o.name != s.name && by(o) && re.Match(o.data) })
	}
	public := map[string]bool{}
	for _, s := range j.sources {
		public[s.name] = len(s.tests) > 0 && !s.hidden
	}
	for changed := true; changed; {
		changed = false
		for _, s := range j.sources {
			if !public[s.name] && len(s.tests) == 0 && named(s, func(o source) bool { return public[o.name] }) {
				public[s.name], changed = true, true
			}
		}
	}
	for i, s := range j.sources {
		if len(s.tests) == 0 && !public[s.name] {
			j.sources[i].secret = named(s, func(o source) bool { return true })
		}
	}
}

// stem is a file's name without its extension.
func stem(name string) string { return strings.TrimSuffix(name, filepath.Ext(name)) }
