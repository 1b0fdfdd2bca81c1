package submission

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProgramFile: a teacher's program's file is a regular file or a
// link to one wherever it leads; a folder is no file; a link that leads
// nowhere, to a folder or to a device is an error naming the link.
func TestProgramFile(t *testing.T) {
	out, dir := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(out, "shared.h"), []byte("#define N 3\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "own.c"), []byte("int main(){}\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	links := map[string]string{"shared.h": filepath.Join(out, "shared.h"), "gone.h": filepath.Join(out, "gone.h"),
		"folder.h": out, "null.h": os.DevNull}
	for name, to := range links {
		if err := os.Symlink(to, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]string{"own.c": "file", "shared.h": "file", "sub": "no",
		"gone.h":   "gone.h is a link to " + links["gone.h"] + ", which does not exist",
		"folder.h": "folder.h is a link to a folder (" + out + "): a program's file may link only to a file",
		"null.h":   "null.h is a link to " + os.DevNull + ", which is not a regular file"}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		file, err := ProgramFile(dir, e)
		got := map[bool]string{true: "file", false: "no"}[file]
		if err != nil {
			got = err.Error()
		}
		if !strings.HasSuffix(got, want[e.Name()]) || strings.Contains(got, "\n") {
			t.Errorf("%s: got %q, want %q", e.Name(), got, want[e.Name()])
		}
		data, err := ReadProgramFile(filepath.Join(dir, e.Name()), 100)
		if file && (err != nil || len(data) == 0) || !file && err == nil {
			t.Errorf("%s: read %q, %v", e.Name(), data, err)
		}
	}
	if _, err := ReadProgramFile(filepath.Join(dir, "shared.h"), 4); err == nil {
		t.Error("a linked file over the bound was read")
	}
}
