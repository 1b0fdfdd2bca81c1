package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGolden: without -update the file is read back as it is; with it, got
// is written (its folder made) and returned.
func TestGolden(t *testing.T) {
	defer func(u bool) { *update = u }(*update)
	path := filepath.Join(t.TempDir(), "sub", "x.golden")
	*update = true
	if got := Golden(t, path, []byte("new\n")); string(got) != "new\n" {
		t.Errorf("under -update Golden = %q", got)
	}
	*update = false
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Golden(t, path, []byte("new\n")); string(got) != "old\n" {
		t.Errorf("Golden = %q, want the file's %q", got, "old\n")
	}
}

// TestCI: CI is CI=true, nothing else.
func TestCI(t *testing.T) {
	for v, want := range map[string]bool{"true": true, "": false, "1": false, "false": false} {
		t.Setenv("CI", v)
		if CI() != want {
			t.Errorf("CI=%q: CI() = %v, want %v", v, !want, want)
		}
	}
}
