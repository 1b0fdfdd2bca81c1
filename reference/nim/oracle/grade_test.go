package oracle_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/reference/nim/oracle"
)

// expected is how a submission under ../testdata/submissions grades: the
// parts it loses points in, and the mistakes its result names.
var expected = map[string]struct {
	parts    []string
	mistakes []string
}{
	"course-c":                {},
	"course-java":             {},
	"lab1-c":                  {},
	"lab1-java":               {},
	"loses-c":                 {},
	"python":                  {},
	"cpp":                     {},
	"no-table":                {[]string{"speed"}, []string{"no-table"}},
	"no-usage-check":          {[]string{"usage"}, []string{"no-usage-check"}},
	"table-out-of-bounds":     {[]string{"beyond"}, []string{"table-out-of-bounds"}},
	"last-match-wins":         {[]string{"games", "speed"}, []string{"last-match-wins"}},
	"last-match-allowed":      {[]string{"games"}, []string{"last-match-allowed"}},
	"value-not-negated":       {[]string{"games", "speed"}, []string{"value-not-negated"}},
	"value-not-negated-java":  {[]string{"games", "speed"}, []string{"value-not-negated"}},
	"table-ignores-turn":      {[]string{"games", "speed"}, []string{"table-ignores-turn"}},
	"names-swapped":           {[]string{"games", "speed"}, []string{"names-swapped"}},
	"winner-named-loser":      {[]string{"games", "speed"}, []string{"winner-named-loser"}},
	"winner-named-loser-java": {[]string{"games", "speed"}, []string{"winner-named-loser"}},
}

var (
	batchOnce sync.Once
	batch     map[string]grader.Result
	batchErr  error
)

// graded grades every submission under testdata once, in one batch shared
// by the subtests.
func graded(t *testing.T) map[string]grader.Result {
	t.Helper()
	batchOnce.Do(func() {
		a, err := grader.LoadAssignment("../../../cases/nim/rubric.toml", oracle.Judges)
		if err != nil {
			batchErr = err
			return
		}
		subs, err := submissions("../testdata/submissions")
		if err != nil {
			batchErr = err
			return
		}
		run := runner.New(a.Rubric)
		var slow []submission.Submission
		subs = slices.DeleteFunc(subs, func(s submission.Submission) bool {
			if s.ID == "no-table" {
				slow = append(slow, s)
				return true
			}
			return false
		})
		batch = map[string]grader.Result{}
		for _, g := range []struct {
			subs []submission.Submission
			opt  grader.Options
		}{{subs, grader.Options{}}, {slow, grader.Options{Cases: oneSpeedCase(a)}}} {
			b := &grader.Batch{Assignment: a, Runner: run, Jobs: runtime.NumCPU(), Options: g.opt}
			res, err := b.Run(context.Background(), g.subs)
			if err != nil {
				batchErr = err
				return
			}
			for _, r := range res {
				batch[r.ID] = r
			}
		}
	})
	if batchErr != nil {
		t.Fatal(batchErr)
	}
	return batch
}

// oneSpeedCase is every case of a but the speed part's after its first:
// the cases no-table is graded on. Every speed case outruns the CPU limit
// without a table (its time grows about 1.84 times a match, and the
// smallest, 70 matches, needs over a minute: cases/nim/MEASURED.md), so
// the others would each spend the whole limit to show the same verdict
// again.
func oneSpeedCase(a *grader.Assignment) []string {
	var ids []string
	for i, p := range a.Rubric.Parts {
		for k, c := range a.Parts[i] {
			if p.ID != "speed" || k == 0 {
				ids = append(ids, c.ID)
			}
		}
	}
	return ids
}

// submissions reads each folder of dir as a submission named after it.
func submissions(dir string) ([]submission.Submission, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var subs []submission.Submission
	for _, e := range entries {
		files, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		s := submission.Submission{ID: e.Name(), Source: filepath.Join(dir, e.Name())}
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join(dir, e.Name(), f.Name()))
			if err != nil {
				return nil, err
			}
			s.Files = append(s.Files, submission.File{Name: f.Name(), Data: data})
		}
		subs = append(subs, s)
	}
	return subs, nil
}

// TestGradeSubmissions grades the correct and the mistaken programs with
// the real sandboxed runner: the correct ones earn full marks, each
// mistaken one loses points in exactly the parts its mistake concerns,
// and its result names the mistake.
func TestGradeSubmissions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs 18 programs in C, C++, Java and Python in the sandbox")
	}
	testenv.NeedTools(t, "gcc", "g++", "javac", "java", "python3")
	results := graded(t)
	for name, want := range expected {
		t.Run(name, func(t *testing.T) {
			res, ok := results[name]
			if !ok {
				t.Fatalf("no submission %s under testdata", name)
			}
			var lost []string
			for _, p := range res.Parts {
				if p.Score < p.MaxScore {
					lost = append(lost, p.ID)
				}
			}
			if !slices.Equal(lost, want.parts) {
				t.Errorf("loses points in %q, want %q\n%s", lost, want.parts, describe(res))
			}
			var named []string
			for _, d := range res.Diagnoses {
				named = append(named, d.Mistake)
				named = append(named, d.Alternatives...)
			}
			for _, m := range want.mistakes {
				if !slices.Contains(named, m) {
					t.Errorf("diagnoses %q lack %s\n%s", named, m, describe(res))
				}
			}
			if len(want.mistakes) == 0 && len(named) > 0 {
				t.Errorf("a correct program diagnosed with %q", named)
			}
		})
	}
	for name := range results {
		if _, ok := expected[name]; !ok {
			t.Errorf("submission %s has no expectation", name)
		}
	}
}

// describe lists a result's failed cases, for a failing test.
func describe(res grader.Result) string {
	var b strings.Builder
	for _, c := range res.Cases {
		if c.Verdict == grader.Pass {
			continue
		}
		b.WriteString("  " + c.ID + ": " + string(c.Verdict))
		if c.Violation != nil {
			b.WriteString(" (" + c.Violation.String() + ")")
		}
		if len(c.Mistakes) > 0 {
			b.WriteString(" mistakes " + strings.Join(c.Mistakes, ","))
		}
		b.WriteString("\n")
	}
	if res.BuildLog != "" {
		b.WriteString("  build: " + res.BuildLog + "\n")
	}
	return b.String()
}
