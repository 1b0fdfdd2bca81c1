package bundle

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// A kit appended to a binary reads back as the folder it was made from,
// under its name; a binary without one, or with a broken one, has none.
func TestAppendKit(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"rubric.toml": "name = \"x\"\n", "cases/p/public-01.case": "args: 1\n"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe := []byte("\x7fELF pretend binary")
	var out bytes.Buffer
	if err := AppendKit(&out, exe, dir, "own-hw"); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(out.Bytes(), exe) {
		t.Fatal("the binary's bytes are not kept first")
	}
	zr, name, err := kitOf(out.Bytes())
	if err != nil || name != "own-hw" {
		t.Fatalf("kitOf = %q, %v", name, err)
	}
	got, err := fs.ReadFile(zr, "own-hw/cases/p/public-01.case")
	if err != nil || string(got) != "args: 1\n" {
		t.Fatalf("the case reads back as %q, %v", got, err)
	}
	var again bytes.Buffer
	if err := AppendKit(&again, out.Bytes(), dir, "other"); err == nil {
		t.Error("a second kit appended to a kit's binary")
	}
	for _, bad := range [][]byte{exe, append(bytes.Clone(exe), kitMagic...), brokenSize(out.Bytes())} {
		if _, _, err := kitOf(bad); err == nil {
			t.Errorf("kitOf(%q...) found a kit", bad[:min(len(bad), 20)])
		}
	}
	for _, bad := range []string{"", "Own", "../x", "-x", "a/b"} {
		if err := AppendKit(&bytes.Buffer{}, exe, dir, bad); err == nil {
			t.Errorf("AppendKit took the name %q", bad)
		}
	}
}

// brokenSize is a kit's binary whose zip size says more than it has.
func brokenSize(b []byte) []byte {
	b = bytes.Clone(b)
	binary.BigEndian.PutUint64(b[len(b)-len(kitMagic)-8:], uint64(len(b)))
	return b
}

func TestKitName(t *testing.T) {
	for in, want := range map[string]string{"CS540 HW4: Eight Queens": "cs540-hw4-eight-queens", "Statistics (pytest)": "statistics-pytest", "!!!": "assignment", "Ünïcode 1": "n-code-1"} {
		if got := KitName(in); got != want {
			t.Errorf("KitName(%q) = %q; want %q", in, got, want)
		}
	}
}

// FuzzKitOf: whatever a binary's tail holds, kitOf never panics, and a
// kit it finds has a valid name and paths.
func FuzzKitOf(f *testing.F) {
	var out bytes.Buffer
	dir := f.TempDir()
	os.WriteFile(filepath.Join(dir, "rubric.toml"), []byte("x"), 0o644)
	if err := AppendKit(&out, []byte("exe"), dir, "a"); err != nil {
		f.Fatal(err)
	}
	f.Add(out.Bytes())
	f.Add([]byte(kitMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		zr, name, err := kitOf(b)
		if err != nil {
			return
		}
		if !validName(name) {
			t.Errorf("name %q", name)
		}
		for _, f := range zr.File {
			if !fs.ValidPath(f.Name) {
				t.Errorf("path %q", f.Name)
			}
		}
	})
}
