package unittest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSecretHelpers: a file beside the tests is public only when the
// public tests need it: a public test or public helper names it, or it is
// a conftest.py whose fixture (or hook) a public test uses; one only
// hidden tests name, or that no file names (a solution under another
// name, a TA's answers), stays out of the public files and the public
// box. A public helper a hidden test, or a helper only hidden tests
// reach, uses (its HIDDEN_CASES, Check.HIDDEN), and a public conftest.py
// with fixtures only hidden tests ask for, are refused to a kit.
func TestSecretHelpers(t *testing.T) {
	pub := []declared{{id: "test_a.test_x"}}
	src := func(name, data string, tests []declared, hidden bool) source {
		plain := !strings.HasSuffix(name, ".py") && !strings.HasSuffix(name, ".java")
		return source{name: name, path: name, data: []byte(data), tests: tests, hidden: hidden, plain: plain}
	}
	for _, tc := range []struct {
		name         string
		sources      []source
		public, secr string // file names, comma separated
		leak         string // in KitRefusal, or none
	}{
		{"oracle of the hidden tests", []source{
			src("test_a.py", "from helpers import close\n", pub, false),
			src("test_h.py", "from oracle import ANSWERS, close\n", pub, true),
			src("helpers.py", "def close(a, b): ...\n", nil, false),
			src("oracle.py", "ANSWERS = {}\ndef close(a, b): ...\n", nil, false),
		}, "helpers.py,test_a.py", "oracle.py,test_h.py", ""},
		{"a public helper a hidden test imports", []source{
			src("test_a.py", "from helpers import close\n", pub, false),
			src("test_h.py", "from helpers import HIDDEN_CASES\n", pub, true),
			src("helpers.py", "HIDDEN_CASES = [([9, 1], 5)]\ndef close(a, b): ...\n", nil, false),
		}, "helpers.py,test_a.py", "test_h.py", "helpers.py is used by test_h.py, and a kit ships it for the public tests: it would hand students what the hidden tests take from it; split what the hidden tests need into a file of their own"},
		{"a public helper a hidden test imports through importorskip", []source{
			src("test_a.py", "import helpers\n", pub, false),
			src("test_h.py", "import pytest\nhelpers = pytest.importorskip(\"helpers\")\nROWS = helpers.HIDDEN_CASES\n", pub, true),
			src("helpers.py", "HIDDEN_CASES = [([9, 1], 5)]\n", nil, false),
		}, "helpers.py,test_a.py", "test_h.py", "helpers.py is used by test_h.py, and a kit ships it for the public tests"},
		{"a public helper a secret helper imports", []source{
			src("test_a.py", "from helpers import close\n", pub, false),
			src("test_h.py", "from oracle import ANSWERS\n", pub, true),
			src("helpers.py", "def close(a, b): ...\n", nil, false),
			src("oracle.py", "from helpers import close\nANSWERS = {}\n", nil, false),
		}, "helpers.py,test_a.py", "oracle.py,test_h.py", "helpers.py is used by oracle.py, and a kit ships"},
		{"a public Java helper a hidden test uses", []source{
			src("FractionTest.java", "class FractionTest { void t() { Check.same(\"1/2\", f); } }\n", pub, false),
			src("FractionHiddenTest.java", "class FractionHiddenTest { String[][] h = Check.HIDDEN; }\n", pub, true),
			src("Check.java", "class Check { static final String[][] HIDDEN = {{\"4\", \"6\"}}; }\n", nil, false),
		}, "Check.java,FractionTest.java", "FractionHiddenTest.java", "Check.java is used by FractionHiddenTest.java, and a kit ships"},
		{"named through a public helper", []source{
			src("test_a.py", "import helpers\n", pub, false),
			src("helpers.py", "import tables\n", nil, false),
			src("tables.py", "T = 1\n", nil, false),
			src("test_h.py", "import tables\n", pub, true),
		}, "helpers.py,tables.py,test_a.py", "test_h.py", "tables.py is used by test_h.py, and a kit ships"},
		{"a hidden test reads a public data file", []source{
			src("test_a.py", "open('sample.txt')\n", pub, false),
			src("test_h.py", "open('sample.txt')\n", pub, true),
			src("sample.txt", "1 2\n", nil, false),
		}, "sample.txt,test_a.py", "test_h.py", ""},
		{"named by nobody: a solution, answers, a conftest serving nothing", []source{
			src("test_a.py", "def test_x(): pass\n", pub, false),
			src("conftest.py", "import pytest\n", nil, false),
			src("solution.py", "def mean(xs): return sum(xs) / len(xs)\n", nil, false),
			src("answers.txt", "2/3 -1/2\n", nil, false),
		}, "test_a.py", "answers.txt,conftest.py,solution.py", ""},
		{"a conftest whose fixture a public test uses, and what it reads", []source{
			src("test_a.py", "def test_x(sample): pass\n", pub, false),
			src("test_h.py", "def test_y(sample): pass\n", pub, true),
			src("conftest.py", "import pytest\n\n@pytest.fixture\ndef sample(rows):\n    return rows\n\n@pytest.fixture(scope='module')\ndef rows():\n    return open('rows.csv').read()\n", nil, false),
			src("rows.csv", "1,2\n", nil, false),
		}, "conftest.py,rows.csv,test_a.py", "test_h.py", ""},
		{"a conftest with a hook or an autouse fixture", []source{
			src("test_a.py", "def test_x(): pass\n", pub, false),
			src("conftest.py", "import pytest\n\n@pytest.fixture(autouse=True)\ndef seed():\n    pass\n", nil, false),
		}, "conftest.py,test_a.py", "", ""},
		{"a conftest only a hidden test uses", []source{
			src("test_a.py", "def test_x(): pass\n", pub, false),
			src("test_h.py", "def test_y(secret_rows): pass\n", pub, true),
			src("conftest.py", "import pytest\n\n@pytest.fixture\ndef secret_rows():\n    return [9, 1], 5\n", nil, false),
		}, "test_a.py", "conftest.py,test_h.py", ""},
		{"a conftest serving both", []source{
			src("test_a.py", "def test_x(sample): pass\n", pub, false),
			src("test_h.py", "def test_y(secret_rows, sample): pass\n", pub, true),
			src("conftest.py", "import pytest\n\n@pytest.fixture\ndef sample():\n    return [1]\n\n@pytest.fixture(name='secret_rows')\ndef _rows():\n    return [9, 1], 5\n", nil, false),
		}, "conftest.py,test_a.py", "test_h.py", "conftest.py defines secret_rows, which only hidden tests ask for: a kit would hand students what the hidden tests are given; move them into test_h.py"},
		{"a solution class no test names", []source{
			src("FractionTest.java", "class FractionTest { Check c; }\n", pub, false),
			src("Check.java", "class Check { }\n", nil, false),
			src("FractionSolution.java", "class FractionSolution { }\n", nil, false),
		}, "Check.java,FractionTest.java", "FractionSolution.java", ""},
		{"only a secret helper names it", []source{
			src("Test.java", "class Test { }\n", pub, false),
			src("Hidden.java", "class Hidden { Oracle o; }\n", pub, true),
			src("Oracle.java", "class Oracle { Table t; }\n", nil, false),
			src("Table.java", "class Table { }\n", nil, false),
		}, "Test.java", "Hidden.java,Oracle.java,Table.java", ""},
		{"a word, not a part of one", []source{
			src("test_a.py", "from oracles import x\n", pub, false),
			src("test_h.py", "import oracle\n", pub, true),
			src("oracle.py", "\n", nil, false),
			src("oracles.py", "\n", nil, false),
		}, "oracles.py,test_a.py", "oracle.py,test_h.py", ""},
		{"a data file is named by its full name, not a variable", []source{
			src("test_a.py", "def test_x():\n    expected = 2.5\n    open('sample.txt')\n", pub, false),
			src("test_h.py", "from pathlib import Path\nROWS = (Path(__file__).parent / 'expected.json').read_text()\n", pub, true),
			src("expected.json", "[[1, 2], 1.5]\n", nil, false),
			src("sample.txt", "1 2\n", nil, false),
		}, "sample.txt,test_a.py", "expected.json,test_h.py", ""},
		{"hidden data in the folder a public test names", []source{
			src("test_a.py", "from pathlib import Path\nXS = (Path(__file__).parent / 'data' / 'sample.txt').read_text()\n", pub, false),
			src("test_h.py", "from pathlib import Path\nWANT = (Path(__file__).parent / 'data' / 'hidden_expected.txt').read_text()\n", pub, true),
			src("data/sample.txt", "1 2\n", nil, false),
			src("data/hidden_expected.txt", "SECRET 3\n", nil, false),
			src("data/more.txt", "3 4\n", nil, false),
		}, "data/more.txt,data/sample.txt,test_a.py", "data/hidden_expected.txt,test_h.py", ""},
		{"data both sides name by its name is public, not what only the hidden side names", []source{
			src("test_a.py", "open('data/sample.txt')\n", pub, false),
			src("test_h.py", "open('data/sample.txt')\nopen('data/' + 'answers.txt')\n", pub, true),
			src("data/sample.txt", "1 2\n", nil, false),
			src("data/answers.txt", "SECRET\n", nil, false),
		}, "data/sample.txt,test_a.py", "data/answers.txt,test_h.py", ""},
		{"hidden data in a subfolder the hidden side names", []source{
			src("test_a.py", "DATA = 'data'\n", pub, false),
			src("test_h.py", "DIR = 'data/hidden'\n", pub, true),
			src("data/sample.txt", "1 2\n", nil, false),
			src("data/hidden/a.txt", "SECRET\n", nil, false),
		}, "data/sample.txt,test_a.py", "data/hidden/a.txt,test_h.py", ""},
		{"hidden data a secret helper reads", []source{
			src("test_a.py", "DATA = 'data'\n", pub, false),
			src("test_h.py", "import oracle\n", pub, true),
			src("oracle.py", "WANT = open('data/expected.txt').read()\n", nil, false),
			src("data/expected.txt", "SECRET\n", nil, false),
		}, "test_a.py", "data/expected.txt,oracle.py,test_h.py", ""},
		{"data a public helper reads by its name is public", []source{
			src("test_a.py", "import helpers\nDATA = 'data'\n", pub, false),
			src("test_h.py", "open('data/rows.txt')\n", pub, true),
			src("helpers.py", "ROWS = open('data/rows.txt').read()\n", nil, false),
			src("data/rows.txt", "1 2\n", nil, false),
		}, "data/rows.txt,helpers.py,test_a.py", "test_h.py", ""},
		{"a Java test's hidden resource", []source{
			src("FractionTest.java", "class FractionTest { String d = \"/data/\"; }\n", pub, false),
			src("FractionHiddenTest.java", "class FractionHiddenTest { String f = \"/data/hidden.csv\"; }\n", pub, true),
			src("data/hidden.csv", "SECRET\n", nil, false),
			src("data/public.csv", "1\n", nil, false),
		}, "FractionTest.java,data/public.csv", "FractionHiddenTest.java,data/hidden.csv", ""},
		{"a Python module is named by an import", []source{
			src("test_a.py", "from . import helpers\nimport importlib\nT = importlib.import_module('tables')\nimport math, shapes as sh\nfrom .units import km\n\ndef test_x():\n    oracle = 1  # not the oracle module\n", pub, false),
			src("helpers.py", "\n", nil, false),
			src("tables.py", "\n", nil, false),
			src("shapes.py", "\n", nil, false),
			src("units.py", "\n", nil, false),
			src("oracle.py", "ANSWERS = {}\n", nil, false),
		}, "helpers.py,shapes.py,tables.py,test_a.py,units.py", "oracle.py", ""},
		{"a Java class is named outside comments, or by a string of its name", []source{
			src("FractionTest.java", "class FractionTest {\n  // Expected answers are in the hidden tests\n  /* Secret too */\n  Object o = Class.forName(\"Check\");\n}\n", pub, false),
			src("FractionHiddenTest.java", "class FractionHiddenTest { Expected e; Secret s; }\n", pub, true),
			src("Check.java", "class Check { }\n", nil, false),
			src("Expected.java", "class Expected { }\n", nil, false),
			src("Secret.java", "class Secret { }\n", nil, false),
		}, "Check.java,FractionTest.java", "Expected.java,FractionHiddenTest.java,Secret.java", ""},
		{"a Java class is not named by a word of a literal", []source{
			src("FractionTest.java", "class FractionTest {\n  void t() { assertThrows(E.class, f, \"Expected an exception for a zero denominator\"); }\n  char c = 'x'; String s = \"\"\"\n    Answer: 1/2\n    \"\"\";\n  Object o = Class.forName(\"shop.Check\");\n}\n", pub, false),
			src("FractionHiddenTest.java", "class FractionHiddenTest { Expected e; Answer a; }\n", pub, true),
			src("Check.java", "class Check { }\n", nil, false),
			src("Expected.java", "class Expected { }\n", nil, false),
			src("Answer.java", "class Answer { }\n", nil, false),
		}, "Check.java,FractionTest.java", "Answer.java,Expected.java,FractionHiddenTest.java", ""},
		{"a public data file naming hidden data names nothing", []source{
			src("test_a.py", "DATA = 'data'\n", pub, false),
			src("test_h.py", "open('data/hidden_expected.txt')\nopen('data/secret/answers.txt')\nimport oracle\n", pub, true),
			src("data/README.txt", "files in this folder: sample.txt, hidden_expected.txt, secret/answers.txt, oracle.py\n", nil, false),
			src("data/sample.txt", "1 2\n", nil, false),
			src("data/hidden_expected.txt", "SECRET\n", nil, false),
			src("data/secret/answers.txt", "SECRET\n", nil, false),
			src("oracle.py", "ANSWERS = {}\n", nil, false),
		}, "data/README.txt,data/sample.txt,test_a.py", "data/hidden_expected.txt,data/secret/answers.txt,oracle.py,test_h.py", ""},
		{"hidden data named in a public test's comment or assert message", []source{
			src("test_a.py", "DATA = 'data'  # hidden_expected.txt is for the hidden tests only\n# secret/answers.txt too\ndef test_x():\n    assert open(DATA + '/sample.txt').read(), (\n        'not hidden.txt'  # (\n    )\n    assert True, 'see answers.txt'; x = 1\n    s = '# not a comment: more.txt'\n", pub, false),
			src("test_h.py", "open('data/hidden_expected.txt')\nopen('data/secret/answers.txt')\nopen('data/hidden.txt')\nopen('data/more.txt')\n", pub, true),
			src("data/sample.txt", "1 2\n", nil, false),
			src("data/hidden_expected.txt", "SECRET\n", nil, false),
			src("data/hidden.txt", "SECRET\n", nil, false),
			src("data/more.txt", "3\n", nil, false),
			src("data/secret/answers.txt", "SECRET\n", nil, false),
		}, "data/more.txt,data/sample.txt,test_a.py", "data/hidden.txt,data/hidden_expected.txt,data/secret/answers.txt,test_h.py", ""},
		{"hidden data named in a Java test's comment", []source{
			src("FractionTest.java", "class FractionTest {\n  // data/hidden.csv is the hidden tests'\n  /* and data/answers.csv */\n  String d = \"/data/public.csv\";\n}\n", pub, false),
			src("FractionHiddenTest.java", "class FractionHiddenTest { String f = \"/data/hidden.csv\", g = \"/data/answers.csv\"; }\n", pub, true),
			src("data/hidden.csv", "SECRET\n", nil, false),
			src("data/answers.csv", "SECRET\n", nil, false),
			src("data/public.csv", "1\n", nil, false),
		}, "FractionTest.java,data/public.csv", "FractionHiddenTest.java,data/answers.csv,data/hidden.csv", ""},
		{"a conftest a public test imports", []source{
			src("test_a.py", "from conftest import ROWS\n", pub, false),
			src("conftest.py", "ROWS = [1]\n", nil, false),
		}, "conftest.py,test_a.py", "", ""},
		{"a public conftest a hidden test imports", []source{
			src("test_a.py", "def test_x(): pass\n", pub, false),
			src("test_h.py", "import pytest\nfrom conftest import HIDDEN_CASES\n", pub, true),
			src("conftest.py", "HIDDEN_CASES = [([9, 1], 5)]\n\ndef pytest_configure(config):\n    config.addinivalue_line('markers', 'slow')\n", nil, false),
		}, "conftest.py,test_a.py", "test_h.py", "conftest.py is used by test_h.py, and a kit ships it for the public tests"},
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
			if r := j.KitRefusal(); tc.leak == "" && r != "" || !strings.HasPrefix(r, tc.leak) {
				t.Errorf("kit refusal %q, want %q", r, tc.leak)
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

// TestHiddenDataNote: a data file left out as hidden data, in the folder
// a public test names, gets a note naming who reads it; a data file the
// hidden tests alone name, in a folder no public test names, gets none
// (nothing public is missing), and one no file names gets the other note.
func TestHiddenDataNote(t *testing.T) {
	pub := []declared{{id: "test_a.test_x"}}
	j := &Judge{sources: []source{
		{name: "test_a.py", path: "unit/test_a.py", data: []byte("open('data/sample.txt')\n"), tests: pub},
		{name: "test_h.py", path: "unit/test_h.py", data: []byte("open('data/hidden_expected.txt')\nopen('secret/rows.txt')\n"), tests: pub, hidden: true},
		{name: "data/sample.txt", path: "unit/data/sample.txt", data: []byte("1\n"), plain: true},
		{name: "data/hidden_expected.txt", path: "unit/data/hidden_expected.txt", data: []byte("2\n"), plain: true},
		{name: "secret/rows.txt", path: "unit/secret/rows.txt", data: []byte("3\n"), plain: true},
		{name: "answers.txt", path: "unit/answers.txt", data: []byte("4\n"), plain: true},
	}}
	j.markSecretHelpers()
	notes := strings.Join(j.SetupNotes(), "\n")
	for _, want := range []string{
		"unit/data/hidden_expected.txt: hidden data: test_h.py names it and the public tests only its folder",
		"unit/answers.txt: no test names it",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
	if strings.Contains(notes, "rows.txt") || strings.Count(notes, "\n") != 1 {
		t.Errorf("notes %q: want two, none for secret/rows.txt", notes)
	}
}

// TestNoShadow: a file or folder beside the tests named as a class or
// module students hand in (a compiled copy of a solution, a package) is
// refused, naming it; a compiler's output is never one of the
// instructor's files.
func TestNoShadow(t *testing.T) {
	for _, tc := range []struct {
		fw       *framework
		required string
		beside   string // a file, or a folder when it ends in /
		refused  bool
	}{
		{pytest, "stats.py", "stats.py", true},
		{pytest, "stats.py", "stats.pyc", true},
		{pytest, "stats.py", "__pycache__/stats.cpython-311.pyc", false}, // a folder: __pycache__
		{pytest, "stats.py", "stats.cpython-311-x86_64-linux-gnu.so", true},
		{pytest, "stats.py", "stats/", true},
		{pytest, "stats.py", "statistics.txt", false},
		{pytest, "stats.py", "test_stats.test_mean.case", false},
		{junit, "Fraction.java", "Fraction.class", true},
		{junit, "Fraction.java", "Fraction$Inner.class", true},
		{junit, "Fraction.java", "FractionTest.java", false},
		{junit, "README.md", "README.txt", false}, // not a class students hand in
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, filepath.FromSlash(tc.beside))
		folder := p
		if !strings.HasSuffix(tc.beside, "/") {
			folder = filepath.Dir(p)
		}
		if err := os.MkdirAll(folder, 0o755); err != nil {
			t.Fatal(err)
		}
		if folder != p {
			if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		j := &Judge{fw: tc.fw}
		err := j.noShadow([]string{dir}, []string{tc.required})
		if (err != nil) != tc.refused || err != nil && !strings.Contains(err.Error(), filepath.Join(dir, moduleName(tc.beside))) {
			t.Errorf("%s beside the tests of %s: %v, want refused %v", tc.beside, tc.required, err, tc.refused)
		}
		if err := j.load(dir); err != nil {
			t.Fatal(err)
		}
		for _, s := range j.sources {
			if compilerOutput(s.name) {
				t.Errorf("%s: a compiler's output is one of the instructor's files", s.name)
			}
		}
	}
}
