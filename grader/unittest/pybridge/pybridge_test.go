package pybridge

import (
	"slices"
	"strings"
	"testing"
)

func TestModules(t *testing.T) {
	got := Modules([]string{"stats.py", "pkg/__init__.py", "pkg/sub.py", "ns/deep/m.py", "notes.txt", "bad-name.py", "1st.py", "a,b.py", "über.py"})
	want := []string{"ns", "ns.deep", "ns.deep.m", "pkg", "pkg.sub", "stats"}
	if !slices.Equal(got, want) {
		t.Errorf("Modules = %q, want %q", got, want)
	}
}

// TestBoxFiles: the test box's and the student box's files are apart: the
// student's box holds no plugin and no starter of the tests'.
func TestBoxFiles(t *testing.T) {
	var test, student []string
	for _, f := range TestFiles("_bridge") {
		test = append(test, f.Name)
	}
	for _, f := range StudentFiles("_autograder") {
		student = append(student, f.Name)
		if strings.Contains(f.Name, "plugin") || strings.HasSuffix(f.Name, "run.py") {
			t.Errorf("the student's box holds %s", f.Name)
		}
	}
	if !slices.Contains(test, "_bridge/"+Plugin+".py") || !slices.Contains(student, "_autograder/server.py") {
		t.Errorf("test box %q, student box %q", test, student)
	}
}
