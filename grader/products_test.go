package grader_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
)

// TestBuildProducts: class files and jars a submission brings never reach
// the build (javac makes its own from the sources), with a note; the
// rubric's submission.allow keeps named ones; a package statement inside a
// comment costs nothing.
func TestBuildProducts(t *testing.T) {
	files := []submission.File{
		{Name: "EightQueen.java", Data: []byte("/*\npackage hw4;\n*/\npublic class EightQueen {}\n")},
		{Name: "EightQueen.class", Data: []byte("\xca\xfe\xba\xbe a correct program")},
		{Name: "Board$1.class", Data: []byte("\xca\xfe\xba\xbe")},
		{Name: "tables.jar", Data: []byte("PK")},
		{Name: "input.txt", Data: []byte("data")},
	}
	sub := submission.Submission{ID: "s", Files: files}
	tests := []struct {
		name  string
		edits []string
		built []string
		notes []string
	}{
		{"all ignored", nil, []string{"EightQueen.java", "input.txt"},
			[]string{"ignored EightQueen.class, Board$1.class, tables.jar: only sources are built"}},
		{"one allowed", []string{"package_penalty = 5", "package_penalty = 5\nallow = [\"tables.jar\"]"},
			[]string{"EightQueen.java", "tables.jar", "input.txt"},
			[]string{"ignored EightQueen.class, Board$1.class: only sources are built"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := testAssignment(t, tc.edits...)
			r := run(correct)
			res := grade(t, a, r, sub, 0, grader.Options{})
			if res.Status != grader.Graded || res.Score != a.Rubric.Total || !reflect.DeepEqual(res.Notes, tc.notes) {
				t.Errorf("status %s, score %v, notes %q; want graded, full marks, notes %q", res.Status, res.Score, res.Notes, tc.notes)
			}
			var got []string
			for _, f := range r.builds[0] {
				got = append(got, f.Name)
			}
			if !slices.Equal(got, tc.built) {
				t.Errorf("built %q, want %q", got, tc.built)
			}
		})
	}
}
