package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
)

// The hand-in bench's assignment: 20 JUnit tests, 13 public and 7
// hidden, and an honest hand-in beside them.
func TestBenchJUnitAssignment(t *testing.T) {
	a, err := grader.LoadAssignment("testdata/bench-junit/rubric.toml", bundle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	public, hidden := 0, 0
	for _, cs := range a.Parts {
		for _, c := range cs {
			if c.Visibility == cases.Public {
				public++
			} else {
				hidden++
			}
		}
	}
	if public != 13 || hidden != 7 {
		t.Errorf("%d public and %d hidden tests, want 13 and 7", public, hidden)
	}
	if sub := submission.Load("testdata/bench-junit/honest", submission.DefaultLimits); sub.Problem != "" || len(sub.Files) != 1 {
		t.Errorf("the honest hand-in: %q, %d files", sub.Problem, len(sub.Files))
	}
}

// Copies differ by a first comment line in each source, nothing else.
func TestHandInCopies(t *testing.T) {
	sub := submission.Submission{ID: "honest", Files: []submission.File{
		{Name: "Fraction.java", Data: []byte("class Fraction {}\n")},
		{Name: "notes.txt", Data: []byte("n\n")},
	}}
	copies := handInCopies(sub, toolchain.Java, 2)
	if len(copies) != 2 || copies[0].ID != "copy01" || copies[1].ID != "copy02" {
		t.Fatalf("copies %v", copies)
	}
	if got := string(copies[1].Files[0].Data); got != "// copy02\nclass Fraction {}\n" {
		t.Errorf("the source's copy: %q", got)
	}
	if got := string(copies[1].Files[1].Data); got != "n\n" {
		t.Errorf("another file's copy: %q", got)
	}
	if string(sub.Files[0].Data) != "class Fraction {}\n" {
		t.Error("the hand-in itself was changed")
	}
}

// Copies graded alike pass; one with another verdict fails the bench.
func TestCheckCopies(t *testing.T) {
	r := func(id string, v grader.Verdict) grader.Result {
		return grader.Result{ID: id, Status: grader.Graded, Score: 10, MaxScore: 10,
			Cases: []grader.CaseResult{{ID: "unit/FractionTest.adds", RunResult: grader.RunResult{Verdict: v}}}}
	}
	var w bytes.Buffer
	if err := checkCopies(&w, []grader.Result{r("copy01", grader.Pass), r("copy02", grader.Pass)}); err != nil {
		t.Errorf("alike: %v", err)
	}
	if !strings.Contains(w.String(), "every copy graded alike") {
		t.Errorf("output %q", w.String())
	}
	err := checkCopies(&w, []grader.Result{r("copy01", grader.Pass), r("copy02", grader.Timeout)})
	if err == nil || !strings.Contains(err.Error(), "copy02 was graded otherwise") {
		t.Errorf("unlike: %v", err)
	}
}

// A bare start runs the tool that runs a program, whatever the runtime is
// called in a result's provenance ("python" runs as python3).
func TestRunTool(t *testing.T) {
	for _, tc := range []*toolchain.Toolchain{toolchain.Java, toolchain.Python} {
		name := runTool(tc)
		if !slices.ContainsFunc(tc.Tools, func(t toolchain.Tool) bool { return t.Name == name }) {
			t.Errorf("%s: a bare start runs %q, not one of its tools", tc.Name, name)
		}
	}
}
