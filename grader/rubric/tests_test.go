package rubric

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

const testsHead = "name = \"T\"\ntotal = 10\n[[part]]\nid = \"a\"\npoints = 10\n[part.tests]\nimplementations = \"ref\"\nper_bug = 2\n"

// TestTests: a [part.tests] table with its defaults, and a rubric of tests
// parts alone that needs no [build].
func TestTests(t *testing.T) {
	for _, tc := range []struct {
		name, toml string
		want       Tests
	}{
		{"defaults", testsHead, Tests{Implementations: "ref", PerBug: 2, Ceiling: 10, MaxTests: 25, MaxBytes: 64 << 10, Files: "*.case", Show: "exposed"}},
		{"every key", testsHead + "bugs = [\"x\", \"y\"]\nceiling = 6\nmax_tests = 50\nmax_bytes = \"1KiB\"\nfiles = \"t*.case\"\nshow = \"nothing\"\n",
			Tests{Implementations: "ref", Bugs: []string{"x", "y"}, PerBug: 2, Ceiling: 6, MaxTests: 50, MaxBytes: 1024, Files: "t*.case", Show: "nothing"}},
		// A suite part: test files by default are test_*.py.
		{"folder", testsHead + "folder = \"impls\"\n", Tests{Implementations: "ref", PerBug: 2, Ceiling: 10, MaxTests: 25, MaxBytes: 64 << 10, Files: "test_*.py", Show: "exposed", Folder: "impls"}},
		// The instructor's own tests, which check the rubric.
		{"own", testsHead + "folder = \"impls\"\nown = \"own\"\n", Tests{Implementations: "ref", PerBug: 2, Ceiling: 10, MaxTests: 25, MaxBytes: 64 << 10, Files: "test_*.py", Show: "exposed", Folder: "impls", Own: "own"}},
		// A budget of runs per submission (0: the grader's default).
		{"max_runs", testsHead + "folder = \"impls\"\nmax_runs = 80\n", Tests{Implementations: "ref", PerBug: 2, Ceiling: 10, MaxTests: 25, MaxRuns: 80, MaxBytes: 64 << 10, Files: "test_*.py", Show: "exposed", Folder: "impls"}},
		// A budget of wall time per submission (0: none).
		{"max_wall", testsHead + "folder = \"impls\"\nmax_wall = \"30m\"\n", Tests{Implementations: "ref", PerBug: 2, Ceiling: 10, MaxTests: 25, MaxWall: 30 * time.Minute, MaxBytes: 64 << 10, Files: "test_*.py", Show: "exposed", Folder: "impls"}},
		{"own_code", testsHead + "folder = \"impls\"\nown_code = true\n", Tests{Implementations: "ref", PerBug: 2, Ceiling: 10, MaxTests: 25, MaxBytes: 64 << 10, Files: "test_*.py", Show: "exposed", Folder: "impls", OwnCode: true}},

		// A JUnit suite part: test files by default are *Test.java.
		{"junit folder", strings.Replace(testsHead, `"ref"`, `"junit"`, 1) + "folder = \"impls\"\n", Tests{Implementations: "junit", PerBug: 2, Ceiling: 10, MaxTests: 25, MaxBytes: 64 << 10, Files: "*Test.java", Show: "exposed", Folder: "impls"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Parse("rubric.toml", []byte(tc.toml), casesDir(t))
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Parts[0].Tests; got == nil || !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("Tests = %+v, want %+v", got, tc.want)
			}
			if r.Build.Language != Auto {
				t.Errorf("a rubric of tests parts alone builds with %q, want %q (nothing is built)", r.Build.Language, Auto)
			}
		})
	}
	r, err := Parse("rubric.toml", []byte(head+partA), casesDir(t))
	if err != nil || r.Parts[0].Tests != nil {
		t.Errorf("a part without [part.tests]: Tests = %+v, %v; want nil", r.Parts[0].Tests, err)
	}
}

// TestTestsErrors: each wrong [part.tests] key is one line naming it.
func TestTestsErrors(t *testing.T) {
	for _, tc := range []struct{ name, toml, want string }{
		{"no implementations", strings.Replace(testsHead, "implementations = \"ref\"\n", "", 1), `rubric.toml:6:1: part "a": missing key "tests.implementations"`},
		{"bad implementations", strings.Replace(testsHead, `"ref"`, `"Ref!"`, 1), `rubric.toml:7:1: part "a": implementations "Ref!" must name the implementations' provider, made of a-z, 0-9, _ and -`},
		{"no per_bug", strings.Replace(testsHead, "per_bug = 2\n", "", 1), `rubric.toml:6:1: part "a": missing key "tests.per_bug"`},
		{"zero per_bug", strings.Replace(testsHead, "per_bug = 2", "per_bug = 0", 1), `rubric.toml:8:1: part "a": per_bug must be positive, got 0`},
		{"ceiling", testsHead + "ceiling = 11\n", `rubric.toml:9:1: part "a": ceiling must be positive and at most the part's points (10), got 11`},
		{"max_tests", testsHead + "max_tests = 0\n", `rubric.toml:9:1: part "a": max_tests must be a whole number from 1 to 1000, got 0`},
		{"max_runs", testsHead + "folder = \"impls\"\nmax_runs = 0.5\n", `rubric.toml:10:1: part "a": max_runs must be a whole number from 1 to 100000, got 0.5`},
		{"max_runs of cases", testsHead + "max_runs = 10\n", `rubric.toml:9:1: part "a": max_runs is for a part with a folder of implementations (students' suites); case files are judged without runs of the student's code`},
		{"max_wall", testsHead + "folder = \"impls\"\nmax_wall = \"0s\"\n", `rubric.toml:10:1: part "a": tests.max_wall must be a positive duration such as "10s" or "1m30s", got "0s"`},
		{"max_wall of cases", testsHead + "max_wall = \"1m\"\n", `rubric.toml:9:1: part "a": max_wall is for a part with a folder of implementations (students' suites); case files are judged without runs of the student's code`},
		{"own_code of cases", testsHead + "own_code = true\n", `rubric.toml:9:1: part "a": own_code is for a part with a folder of implementations (students' suites); case files are data, not code`},
		{"own_code not a bool", testsHead + "folder = \"impls\"\nown_code = \"yes\"\n", `rubric.toml:10:1: part "a": tests.own_code must be true or false, got a string`},
		{"files", testsHead + "files = \"a/*.case\"\n", `rubric.toml:9:1: part "a": files must be a pattern of file names such as "*.case", got "a/*.case"`},
		{"show", testsHead + "show = \"names\"\n", `rubric.toml:9:1: part "a": tests.show must be "exposed", "nothing", "count" or "all", got "names"`},
		{"bugs twice", testsHead + "bugs = [\"x\", \"x\"]\n", `rubric.toml:9:1: part "a": bugs lists "x" twice`},
		{"folder outside", testsHead + "folder = \"../impls\"\n", `rubric.toml:9:1: part "a": folder must be a relative path inside the cases folder, got "../impls"`},
		{"own outside", testsHead + "folder = \"impls\"\nown = \"/own\"\n", `rubric.toml:10:1: part "a": own must be a relative path inside the cases folder, got "/own"`},
		{"own without folder", testsHead + "own = \"own\"\n", `rubric.toml:9:1: part "a": own is for a part with a folder of implementations; a part of case files checks its rubric on its own cases`},
		{"unknown key", testsHead + "points = 1\n", `rubric.toml:9:1: part "a": unknown key "tests.points"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := casesDir(t)
			_, err := Parse("rubric.toml", []byte(tc.toml), dir)
			if err == nil || strings.ReplaceAll(err.Error(), dir, "DIR") != tc.want {
				t.Errorf("Parse:\n got %v\nwant %s", err, tc.want)
			}
		})
	}
}
