package cli

import (
	"testing"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
)

// The Python hand-in timing's assignment (docs/performance.md, "Unit
// tests"): 21 pytest tests, 12 public and 9 hidden.
func TestBenchPytestAssignment(t *testing.T) {
	a, err := grader.LoadAssignment("testdata/bench-pytest/rubric.toml", bundle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	public, hidden := 0, 0
	for _, cs := range a.Parts {
		for _, c := range cs {
			if c.Check != "pytest" {
				t.Errorf("case %s checked by %q", c.ID, c.Check)
			}
			if c.Visibility == cases.Public {
				public++
			} else {
				hidden++
			}
		}
	}
	if public != 12 || hidden != 9 {
		t.Errorf("%d public and %d hidden tests; want 12 and 9", public, hidden)
	}
}
