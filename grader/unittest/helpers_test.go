package unittest

import (
	"slices"
	"strings"
	"testing"
)

// TestSecretHelpers: a helper only hidden tests name stays out of the
// public files; one a public test or public helper names, or that no
// file names, is public.
func TestSecretHelpers(t *testing.T) {
	pub := []declared{{id: "test_a.test_x"}}
	src := func(name, data string, tests []declared, hidden bool) source {
		return source{name: name, path: name, data: []byte(data), tests: tests, hidden: hidden}
	}
	for _, tc := range []struct {
		name         string
		sources      []source
		public, secr string // file names, comma separated
	}{
		{"oracle of the hidden tests", []source{
			src("test_a.py", "from helpers import close\n", pub, false),
			src("test_h.py", "from oracle import ANSWERS\nfrom helpers import close\n", pub, true),
			src("helpers.py", "def close(a, b): ...\n", nil, false),
			src("oracle.py", "ANSWERS = {}\n", nil, false),
		}, "helpers.py,test_a.py", "oracle.py,test_h.py"},
		{"named through a public helper", []source{
			src("test_a.py", "import helpers\n", pub, false),
			src("helpers.py", "import tables\n", nil, false),
			src("tables.py", "T = 1\n", nil, false),
			src("test_h.py", "import tables\n", pub, true),
		}, "helpers.py,tables.py,test_a.py", "test_h.py"},
		{"named by nobody: a conftest", []source{
			src("test_a.py", "def test_x(): pass\n", pub, false),
			src("conftest.py", "import pytest\n", nil, false),
		}, "conftest.py,test_a.py", ""},
		{"only a secret helper names it", []source{
			src("Test.java", "class Test { }\n", pub, false),
			src("Hidden.java", "class Hidden { Oracle o; }\n", pub, true),
			src("Oracle.java", "class Oracle { Table t; }\n", nil, false),
			src("Table.java", "class Table { }\n", nil, false),
		}, "Test.java", "Hidden.java,Oracle.java,Table.java"},
		{"a word, not a part of one", []source{
			src("test_a.py", "from oracles import x\n", pub, false),
			src("test_h.py", "import oracle\n", pub, true),
			src("oracle.py", "\n", nil, false),
			src("oracles.py", "\n", nil, false),
		}, "oracles.py,test_a.py", "oracle.py,test_h.py"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := &Judge{sources: tc.sources}
			j.markSecretHelpers()
			got := func(files []string) string { slices.Sort(files); return strings.Join(files, ",") }
			if p := got(j.PublicFiles()); p != tc.public {
				t.Errorf("public %q, want %q", p, tc.public)
			}
			if h := got(j.HiddenFiles()); h != tc.secr {
				t.Errorf("hidden %q, want %q", h, tc.secr)
			}
			// The public tests' box holds only the public helpers.
			var helpers []string
			for _, s := range j.helpersOf(false) {
				helpers = append(helpers, s.name)
				if !slices.Contains(strings.Split(tc.public, ","), s.name) {
					t.Errorf("the public tests' box holds %s, a secret helper", s.name)
				}
			}
			if n := len(j.helpersOf(true)); n < len(helpers) {
				t.Errorf("the hidden tests' box holds %d helpers, fewer than the public's %d", n, len(helpers))
			}
		})
	}
}
