package mutation

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/submission"
)

// table is a SuiteRunner and Loader of a model: test id's run on impl is
// runs[impl][id] (a pass on the test's own transcript when absent); the
// file "bad.py" collects to nothing; loadWhy says which do not load.
// Its runs may go side by side.
type table struct {
	ids     []string
	runs    map[string]map[string]TestRun
	loadWhy map[string]string
	mu      sync.Mutex
	ran     map[string]bool
}

func (m *table) Collect(ctx context.Context, f submission.File) ([]string, string, error) {
	if f.Name == "bad.py" {
		return nil, "SyntaxError: invalid syntax", nil
	}
	return m.ids, "", nil
}

func (m *table) Run(ctx context.Context, f submission.File, id, impl string) (TestRun, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ran[impl] = true
	if r, ok := m.runs[impl][id]; ok {
		return r, nil
	}
	return passed(id), nil
}

func (m *table) Load(ctx context.Context, impl string) (string, error) { return m.loadWhy[impl], nil }

// TestVerify: a row per line Verify writes, and a right rubric; the
// same lines whether the runs on the bugs go one at a time or side by
// side (Parallel).
func TestVerify(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   []string
		runs    map[string]map[string]TestRun
		loadWhy map[string]string
		want    []string
	}{
		{"right", []string{"test_own.py"}, map[string]map[string]TestRun{
			"a": {"t1": failed("a")}, "b": {"t2": failed("b")}, "c": {"t1": failed("c")}}, nil, nil},
		{"a bug no own test fails", []string{"test_own.py"}, map[string]map[string]TestRun{
			"a": {"t1": failed("a")}, "b": {"t2": failed("b")}, "c": {"t2": passed("c")}}, nil,
			[]string{`bug "c" passes all 2 of the part's own tests that pass on the correct implementation: add a test it fails, or drop it`}},
		{"two bugs alike", []string{"test_own.py"}, map[string]map[string]TestRun{
			"a": {"t1": failed("a")}, "b": {"t2": failed("b")}, "c": {"t1": TestRun{Why: "other words", Transcript: "a"}}}, nil,
			[]string{`bugs "a" and "c" answer all 2 of the part's own tests alike (the same calls, answers and outcomes): add a test that tells them apart, or drop one`}},
		{"same outcomes, other answers", []string{"test_own.py"}, map[string]map[string]TestRun{
			"a": {"t1": failed("a")}, "b": {"t2": failed("b")}, "c": {"t1": failed("c")}}, nil, nil},
		{"a bug that does not load", []string{"test_own.py"}, map[string]map[string]TestRun{
			"a": {"t1": failed("a")}, "b": {"t2": failed("b")}}, map[string]string{"c": "SyntaxError: invalid syntax"},
			[]string{`bug "c" does not load: SyntaxError: invalid syntax`}},
		{"the correct one does not load", []string{"test_own.py"}, nil, map[string]string{"correct": "NameError: x", "a": "ImportError"},
			[]string{`correct implementation "correct" does not load: NameError: x`, `bug "a" does not load: ImportError`}},
		{"an own test that fails on the correct one", []string{"test_own.py"}, map[string]map[string]TestRun{
			"correct": {"t2": failed("c")}, "a": {"t1": failed("a")}, "b": {"t2": failed("b")}, "c": {"t1": failed("c")}}, nil,
			[]string{`own test test_own.py::t2 fails on the correct implementation "correct": assert 1 == 2`,
				`bug "b" passes all 1 of the part's own tests that pass on the correct implementation: add a test it fails, or drop it`}},
		{"an own file with no test", []string{"bad.py", "test_own.py"}, map[string]map[string]TestRun{
			"a": {"t1": failed("a")}, "b": {"t2": failed("b")}, "c": {"t1": failed("c")}}, nil,
			[]string{`own test file bad.py: SyntaxError: invalid syntax`}},
		{"every own test fails on the correct one", []string{"test_own.py"}, map[string]map[string]TestRun{
			"correct": {"t1": {Why: "assert 7 == 8\n+  where 7 = f()", Transcript: "c"}, "t2": failed("c")}}, nil,
			[]string{`own test test_own.py::t1 fails on the correct implementation "correct": assert 7 == 8; +  where 7 = f()`,
				`own test test_own.py::t2 fails on the correct implementation "correct": assert 1 == 2`}},
		{"no own test", nil, nil, nil, []string{`no own test file: the part's own folder must hold test files that tell the bugs apart`}},
	} {
		for _, par := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/parallel=%d", tc.name, par), func(t *testing.T) {
				verifyRow(t, tc.files, tc.runs, tc.loadWhy, tc.want, par)
			})
		}
	}
}

// verifyRow is a row of TestVerify, its runs on the bugs par at a time.
func verifyRow(t *testing.T, files []string, runs map[string]map[string]TestRun, loadWhy map[string]string, want []string, par int) {
	t.Helper()
	m := &table{ids: []string{"t1", "t2"}, runs: runs, loadWhy: loadWhy, ran: map[string]bool{}}
	p, err := NewSuitePart(Config{Files: "*.py", MaxTests: 25, MaxBytes: 1 << 10, Mode: compare.Lines},
		Suites{Correct: []string{"correct"}, Bugs: []Bug{{Name: "a"}, {Name: "b"}, {Name: "c"}}, Runner: m})
	if err != nil {
		t.Fatal(err)
	}
	p.Parallel = par
	var own []submission.File
	for _, f := range files {
		own = append(own, submission.File{Name: f})
	}
	got, err := p.Verify(context.Background(), own)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for impl, why := range loadWhy {
		if m.ran[impl] {
			t.Errorf("%s does not load (%s), yet a test ran on it", impl, why)
		}
	}
}
