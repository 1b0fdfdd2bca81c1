package submission

import (
	"slices"
	"testing"
)

// TestBatchLayout: a class's folders are found at the top of an archive,
// or below the one folder that holds it all; one student's files are not
// (issue 28, item 3).
func TestBatchLayout(t *testing.T) {
	py := []string{".py"}
	for _, tc := range []struct {
		name    string
		names   []string
		top     string
		folders []string
	}{
		{"class", []string{"alice/sum.py", "bob/sum.py", "dave/notes.txt"}, "", []string{"alice", "bob", "dave"}},
		{"wrapped", []string{"hw/alice/src/sum.py", "hw/bob/sum.py"}, "hw/", []string{"alice", "bob"}},
		{"source at the top", []string{"sum.py", "old/sum.py", "new/sum.py"}, "", nil},
		{"source at the wrapped top", []string{"hw/sum.py", "hw/a/sum.py", "hw/b/sum.py"}, "", nil},
		{"one folder of sources", []string{"src/sum.py", "docs/readme.txt"}, "", nil},
		{"one student", []string{"alice/sum.py"}, "", nil},
		{"no sources", []string{"a/x.txt", "b/y.txt"}, "", nil},
		{"empty", nil, "", nil},
	} {
		top, folders := batchLayout(tc.names, py)
		if top != tc.top || !slices.Equal(folders, tc.folders) {
			t.Errorf("%s: batchLayout(%q) = %q, %q; want %q, %q", tc.name, tc.names, top, folders, tc.top, tc.folders)
		}
	}
}
