// Package gradertest loads the grader's test assignment for the tests of
// grader and its subpackages.
package gradertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// Assignment loads dir/rubric.toml (dir: the grader's testdata folder as
// the calling test sees it) and its cases, with each edit (old, new pairs
// of the file's text) applied first. Its rubric may name the grader's own
// judges only (AssignmentWith: others).
func Assignment(t testing.TB, dir string, edits ...string) *grader.Assignment {
	t.Helper()
	return AssignmentWith(t, nil, dir, edits...)
}

// AssignmentWith is Assignment whose rubric may name the judges js, too.
func AssignmentWith(t testing.TB, js grader.Judges, dir string, edits ...string) *grader.Assignment {
	t.Helper()
	a, err := grader.NewAssignment(Rubric(t, dir, edits...), js)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Rubric parses dir/rubric.toml with each edit applied first.
func Rubric(t testing.TB, dir string, edits ...string) *rubric.Rubric {
	t.Helper()
	path := filepath.Join(dir, "rubric.toml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			t.Fatalf("%s has no %q", path, edits[i])
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	r, err := rubric.Parse("rubric.toml", []byte(text), dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
