package submission

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadLongNames: a zip entry whose name no file system holds (over 255
// bytes, or a path over 1024) makes that submission unreadable, with the
// reason; 255 bytes is a name like any other (issue 27, item 8).
func TestLoadLongNames(t *testing.T) {
	src := entry{name: "hw4/EightQueen.java", data: "class EightQueen {}\n"}
	for _, tc := range []struct {
		name, problem string
	}{
		{"hw4/" + strings.Repeat("b", 250) + ".java", ""},
		{"hw4/" + strings.Repeat("b", 251) + ".java", "has a name of 256 bytes, longer than a file system holds (255)"},
		{strings.Repeat(strings.Repeat("d", 200)+"/", 6) + "x.txt", "has a path of 1211 bytes (at most 1024)"},
	} {
		root := writeTree(t, map[string]string{"z.zip": string(makeZip(t, src, entry{name: tc.name, data: "x\n"}))})
		s := Load(filepath.Join(root, "z.zip"), DefaultLimits)
		switch {
		case tc.problem == "" && (s.Problem != "" || len(s.Files) != 2):
			t.Errorf("%d bytes: problem %q, files %q", len(tc.name), s.Problem, names(s))
		case tc.problem != "" && (!strings.HasSuffix(s.Problem, tc.problem) || len(s.Files) != 0):
			t.Errorf("%d bytes: problem %q, files %q; want the problem %q", len(tc.name), s.Problem, names(s), tc.problem)
		}
	}
}
