package submission

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadDeepFolder: a folder nested 300 deep (past the longest path the
// system, and a submission's file, may have) is left out with a note;
// the rest is read. So is a folder the grader may not open (when it runs
// as a user a permission holds for).
func TestLoadDeepFolder(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "Main.java"), []byte("class Main {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root) // restored after the test
	dir := root
	for i := 0; i < 300; i++ {
		if err := os.Mkdir(filepath.Join(dir, "dddddddddddddddd"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chdir(dir); err != nil { // relative steps: the absolute path soon passes PATH_MAX
			t.Fatal(err)
		}
		dir = "dddddddddddddddd"
	}
	if err := os.Chdir(root); err != nil {
		t.Fatal(err)
	}
	closed := filepath.Join(root, "closed")
	if err := os.Mkdir(closed, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(closed, "x.java"), []byte("x"), 0o644)
	os.Chmod(closed, 0)
	defer os.Chmod(closed, 0o755)
	s := Load(root, DefaultLimits)
	if s.Problem != "" || len(s.Files) == 0 || s.Files[0].Name != "Main.java" {
		t.Fatalf("problem %q, files %q", s.Problem, names(s))
	}
	notes := strings.Join(s.Skipped, "\n")
	if !strings.Contains(notes, "its path is longer than a submission's file may have") {
		t.Errorf("skipped %q", notes)
	}
	if os.Geteuid() != 0 && (!strings.Contains(notes, "left out closed: it could not be read") || len(s.Files) != 1) {
		t.Errorf("a closed folder: skipped %q, files %q", notes, names(s))
	}
}
