package cases

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func mk(id string, args ...string) Case {
	part, _, _ := strings.Cut(id, "/")
	return Case{ID: id, Part: part, Args: args, Visibility: Hidden, Outputs: []Output{{Stdout: []byte(id + "\n")}}}
}

func TestWriteLoad(t *testing.T) {
	dir := t.TempDir()
	cs := []Case{mk("b/two", "2"), mk("a/one", "1"), mk("a/three", "3")}
	// A folder Write is not given must survive it, stale files and all.
	other := filepath.Join(dir, "z")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, "old.case"), []byte("args:\n-- stdout --\n"), 0o644)
	if err := Write(dir, cs); err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range got {
		ids = append(ids, c.ID)
		if c.Path != filepath.Join(dir, filepath.FromSlash(c.ID)+".case") {
			t.Errorf("%s: Path %q", c.ID, c.Path)
		}
	}
	if want := []string{"a/one", "a/three", "b/two", "z/old"}; !slices.Equal(ids, want) {
		t.Fatalf("Load IDs = %q, want %q", ids, want)
	}
	if Hash(got[:3]) != Hash(cs) {
		t.Errorf("Hash differs between written and loaded cases")
	}

	// Rewriting: an unchanged file keeps its time, a stale one goes.
	one := filepath.Join(dir, "a", "one.case")
	past := time.Now().Add(-time.Hour).Truncate(time.Second)
	os.Chtimes(one, past, past)
	if err := Write(dir, []Case{mk("a/one", "1")}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(one); err != nil || !fi.ModTime().Equal(past) {
		t.Errorf("unchanged file rewritten: %v %v", fi.ModTime(), err)
	}
	if fi, _ := os.Stat(one); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	got, _ = LoadPart(dir, "a")
	if len(got) != 1 || got[0].ID != "a/one" {
		t.Errorf("stale case not removed: %v", got)
	}
	if got, _ := LoadPart(dir, "b"); len(got) != 1 {
		t.Errorf("folder b touched: %v", got)
	}
	left, _ := os.ReadDir(filepath.Join(dir, "a"))
	if len(left) != 1 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestLoadPart(t *testing.T) {
	dir := t.TempDir()
	if cs, err := LoadPart(dir, "missing"); cs != nil || err != nil {
		t.Errorf("missing folder: %v, %v", cs, err)
	}
	if err := Write(dir, []Case{mk("x/y/n1"), mk("x/y/n0")}); err == nil {
		t.Error("ID without its part accepted")
	}
	c1, c0 := mk("x/y/n1"), mk("x/y/n0")
	c1.Part, c0.Part = "x/y", "x/y"
	if err := Write(dir, []Case{c1, c0}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "x", "y", ".n2.case"), []byte("junk"), 0o644)
	os.WriteFile(filepath.Join(dir, "x", "y", "README"), []byte("junk"), 0o644)
	got, err := LoadPart(dir, "x/y")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != "x/y/n0" || got[0].Part != "x/y" {
		t.Errorf("LoadPart = %+v", got)
	}
	os.WriteFile(filepath.Join(dir, "x", "y", "bad.case"), []byte("args: 1\nfoo: 2\n"), 0o644)
	if _, err := LoadPart(dir, "x/y"); err == nil || !strings.Contains(err.Error(), filepath.Join("y", "bad.case")+":2: unknown key") {
		t.Errorf("bad file: %v", err)
	}
}

func TestWriteRejects(t *testing.T) {
	dir := t.TempDir()
	bad := []struct {
		name string
		c    Case
	}{
		{"no part", Case{ID: "x", Outputs: []Output{{}}}},
		{"dot file", mk("a/.x")},
		{"escaping part", Case{ID: "../a/x", Part: "../a", Outputs: []Output{{}}}},
		{"note newline", func() Case { c := mk("a/x"); c.Note = "1\n2"; return c }()},
		{"empty readings", func() Case { c := mk("a/x"); c.Outputs[0].Readings = []string{}; return c }()},
		{"no output", Case{ID: "a/x", Part: "a"}},
	}
	for _, tt := range bad {
		if err := Write(dir, []Case{tt.c}); err == nil {
			t.Errorf("%s: Write accepted %+v", tt.name, tt.c)
		}
	}
	if err := Write(dir, []Case{mk("a/x"), mk("a/x")}); err == nil {
		t.Error("duplicate IDs accepted")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Write left files after refusing: %v", entries)
	}
}

func TestHash(t *testing.T) {
	a, b := mk("a/1", "x"), mk("b/2", "y")
	if Hash([]Case{a, b}) != Hash([]Case{b, a}) {
		t.Error("Hash depends on order")
	}
	a2 := a
	a2.Path = "/elsewhere/a/1.case"
	if Hash([]Case{a2, b}) != Hash([]Case{a, b}) {
		t.Error("Hash depends on Path")
	}
	c := mk("a/1", "x")
	c.Visibility = Public
	if Hash([]Case{c, b}) == Hash([]Case{a, b}) {
		t.Error("Hash ignores visibility")
	}
	if !reflect.DeepEqual(len(Hash(nil)), 64) {
		t.Error("Hash is not hex SHA-256")
	}
}
