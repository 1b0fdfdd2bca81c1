package grader

import (
	"testing"

	"github.com/cs540-tools/autograder/grader/submission"
)

// TestNearMissing: a missing required file's note names the files that
// look meant for it: another language's source, another extension, its
// name in another folder than the one built.
func TestNearMissing(t *testing.T) {
	f := func(name string) submission.File { return submission.File{Name: name} }
	for _, tc := range []struct {
		name  string
		p     picked
		files []submission.File
		want  string
	}{
		{"another language", picked{missing: []absentFile{{name: "matrix.c"}}, required: []string{"matrix.c"}},
			[]submission.File{f("matrix.cpp"), f("README.md")},
			"missing matrix.c; handed in matrix.cpp (a C++ source), not built in its place"},
		{"another extension", picked{missing: []absentFile{{name: "matrix.c"}}, required: []string{"matrix.c"}},
			[]submission.File{f("hw/Matrix.txt")},
			"missing matrix.c; handed in hw/Matrix.txt (another extension), not built in its place"},
		{"another folder", picked{missing: []absentFile{{name: "helpers.py"}}, required: []string{"stats.py", "helpers.py"}, dir: "gradebook"},
			[]submission.File{f("gradebook/stats.py"), f("lib/helpers.py")},
			"missing helpers.py; handed in lib/helpers.py (outside gradebook/, the folder of stats.py), not built in its place"},
		{"nothing like it", picked{missing: []absentFile{{name: "matrix.c"}}, required: []string{"matrix.c"}},
			[]submission.File{f("main.c"), f("notes.txt")},
			"missing matrix.c"},
	} {
		tc.p.nearMissing(tc.files)
		if got := tc.p.missingNote(); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}
