package oracle_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
)

const testsRubric = "../../../cases/eightqueen-tests/rubric.toml"

// copyDir copies the example batch's folders into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// cost28 is a valid test that exposes pairs-counted-twice alone.
const cost28 = "args: 100 01234567\n-- stdout --\n28\n"

// batch is the example batch (cases/eightqueen-tests/examples) and the
// hand-ins too big or too odd to commit: a case of 3 MiB among 300
// cases; 1200 cases; names and content of markup and control characters.
func batch(t *testing.T) string {
	dir := t.TempDir()
	copyDir(t, "../../../cases/eightqueen-tests/examples", dir)
	huge := filepath.Join(dir, "huge")
	write(t, huge, "000-huge.case", "args: 100 01234567\n-- stdout --\n"+strings.Repeat("28\n", 1<<20))
	for i := 1; i < 300; i++ {
		write(t, huge, fmt.Sprintf("%03d.case", i), cost28)
	}
	for i := range 1200 {
		write(t, filepath.Join(dir, "thousands"), fmt.Sprintf("%04d.case", i), cost28)
	}
	hostile := filepath.Join(dir, "hostile")
	write(t, hostile, "<script>alert(1).case", cost28)
	write(t, hostile, "| a | b |\n# heading.case", "args: 100 <b>x</b>\n-- stdout --\n<img src=x onerror=alert(1)>\n")
	write(t, hostile, "\x1b[2Jclear.case", "args: 100 13572064\n-- stdout --\n0\n")
	write(t, hostile, "[link](javascript:alert(1)).case", "args: 100 01234567\n-- stdout --\n</td><script>x</script>\n")
	return dir
}

// grade grades every submission of dir, as a batch does.
func grade(t *testing.T, a *grader.Assignment, dir string) []grader.Result {
	t.Helper()
	subs, err := submission.Discover([]string{dir}, []string{".case"}, submission.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	var out []grader.Result
	for _, s := range subs {
		r, err := a.Grade(context.Background(), nil, s, 0, grader.Options{})
		if err != nil {
			t.Fatalf("%s: %v", s.ID, err)
		}
		out = append(out, r)
	}
	return out
}

// TestExampleBatch grades the tests assignment's example batch: the
// scores below are counted by hand from each suite's files (5 points a
// bug exposed, at most 40; the bugs each file exposes are in its name
// and the handout's examples).
func TestExampleBatch(t *testing.T) {
	a, err := grader.LoadAssignment(testsRubric, oracle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	dir := batch(t)
	results := grade(t, a, dir)
	want := map[string]struct {
		score          float64
		status         grader.Status
		valid, counted int
		exposed        int
	}{
		"full":      {40, grader.Graded, 9, 9, 10},     // every bug: 50, capped at 40
		"misses":    {5, grader.Graded, 3, 3, 1},       // cost cases alone: pairs-counted-twice
		"invalid":   {20, grader.Graded, 1, 5, 4},      // one valid hill-climbing case: 4 bugs
		"malformed": {0, grader.Graded, 0, 5, 0},       // no case file reads; notes.txt is no test
		"huge":      {5, grader.Graded, 24, 25, 1},     // the 3 MiB case invalid, 24 cost cases, 275 ignored
		"thousands": {0, grader.StatusUnread, 0, 0, 0}, // over the 1000 files a submission may hold
		"hostile":   {5, grader.Graded, 2, 4, 1},       // two cost cases valid; markup in args and output invalid
	}
	if len(results) != len(want) {
		t.Fatalf("%d results, want %d", len(results), len(want))
	}
	for _, r := range results {
		w, ok := want[r.ID]
		if !ok {
			t.Errorf("unexpected submission %q", r.ID)
			continue
		}
		var valid, counted, exposed int
		if tr := r.Parts[0].Tests; tr != nil {
			valid, counted, exposed = tr.Valid, len(tr.Tests), tr.Exposed
		}
		if r.Score != w.score || r.Status != w.status || valid != w.valid || counted != w.counted || exposed != w.exposed {
			t.Errorf("%s: score %v, %s, %d of %d valid, %d exposed; want %v, %s, %d of %d, %d", r.ID, r.Score, r.Status, valid, counted, exposed,
				w.score, w.status, w.valid, w.counted, w.exposed)
		}
		if r.ID == "huge" && !strings.Contains(strings.Join(r.Notes, "\n"), "275 tests past the first 25 were ignored") {
			t.Errorf("huge: no note of the ignored tests: %q", r.Notes)
		}
	}
	out := t.TempDir()
	b := report.NewBatch(a, "test", results)
	if err := report.WriteAll(out, a, b); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(out, "index.html"))
	md, _ := os.ReadFile(filepath.Join(out, "reports", "hostile.md"))
	for name, data := range map[string][]byte{"index.html": page, "reports/hostile.md": md} {
		for _, bad := range []string{"<script>alert", "<img", "\x1b", "</td><script>"} {
			if bytes.Contains(data, []byte(bad)) {
				t.Errorf("%s holds %q from a student's file", name, bad)
			}
		}
	}
	// The CSV files carry the tests part's score as any part's.
	gradebook, _ := os.ReadFile(filepath.Join(out, "gradebook.csv"))
	parts, _ := os.ReadFile(filepath.Join(out, "parts.csv"))
	if !bytes.Contains(gradebook, []byte("\ninvalid,,,,,20\n")) || !bytes.Contains(parts, []byte(",part tests (40)\n")) ||
		!bytes.Contains(parts, []byte("\ninvalid,graded,20,40,0,0,20\n")) || !bytes.Contains(parts, []byte("\nhuge,graded,5,40,0,0,5\n")) {
		t.Errorf("gradebook.csv or parts.csv lacks the tests part's scores:\n%s\n%s", gradebook, parts)
	}
	// How many suites expose each bug, in the rubric's order: counted from
	// the want table's suites above.
	row := "<tr><th>suites exposing it</th><td></td><td></td>"
	for _, n := range []int{5, 1, 1, 2, 2, 2, 1, 1, 1, 1} {
		row += fmt.Sprintf(`<td class="num">%d</td>`, n)
	}
	if !bytes.Contains(page, []byte(row+"</tr>")) {
		t.Errorf("index.html has no matrix row %s", row)
	}
	for _, r := range results {
		if r.ID != "invalid" {
			continue
		}
		gs := report.Gradescope(a, r)
		data, err := gs.JSON()
		if err != nil {
			t.Fatal(err)
		}
		if err := report.ValidateGradescope(data); err != nil || gs.Score != 20 || len(gs.Tests) != 1 || gs.Tests[0].Score != 20 ||
			!strings.Contains(gs.Tests[0].Output, "invalid: 02-unseeded.case: ") {
			t.Errorf("Gradescope: %v, %s", err, data)
		}
		x, err := report.JUnit(a, r)
		if err != nil || !bytes.Contains(x, []byte(`<testcase classname="tests" name="01-wrong-expected.case">`)) ||
			bytes.Count(x, []byte(`type="invalid-test"`)) != 4 {
			t.Errorf("JUnit: %v\n%s", err, x)
		}
	}
	again := grade(t, a, dir)
	j1, _ := report.NewBatch(a, "test", results).JSON()
	j2, _ := report.NewBatch(a, "test", again).JSON()
	if !bytes.Equal(j1, j2) {
		t.Error("two gradings of the same batch differ")
	}
}
