package bundle

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cs540-tools/autograder/grader"
)

const repo = "../../../.."

// TestGenerate: the bundle of the Eight Queens rubric is the rubric as it
// is, its handout and its 24 public cases where the rubric names them
// (cases/eightqueen), and it loads; extracting it gives the same files
// back.
func TestGenerate(t *testing.T) {
	out := filepath.Join(t.TempDir(), "data")
	if err := Generate(filepath.Join(repo, "rubric.toml"), out); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(filepath.Join(repo, "rubric.toml"))
	got, err := os.ReadFile(filepath.Join(out, RubricName))
	if err != nil || string(got) != string(want) {
		t.Errorf("the bundled rubric differs from rubric.toml (%v)", err)
	}
	files, _ := filepath.Glob(filepath.Join(out, "cases", "eightqueen", "*", "*.case"))
	if len(files) != 24 {
		t.Errorf("%d case files, want the 24 public ones", len(files))
	}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if !strings.Contains(string(data), "\nvisibility: public\n") {
			t.Errorf("%s is not public", f)
		}
	}
	// Again over the old bundle: replaced whole.
	os.WriteFile(filepath.Join(out, "cases", "eightqueen", "stray.case"), []byte("x"), 0o644)
	if err := Generate(filepath.Join(repo, "rubric.toml"), out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "cases", "eightqueen", "stray.case")); err == nil {
		t.Error("a stray file survived regeneration")
	}
	// Extracting gives the files back.
	dir := t.TempDir()
	if err := extract(os.DirFS(out), dir); err != nil {
		t.Fatal(err)
	}
	handout := filepath.Join(out, "cases", "eightqueen", "handout.md")
	for _, f := range append(files, filepath.Join(out, RubricName), handout) {
		rel, _ := filepath.Rel(out, f)
		a, _ := os.ReadFile(f)
		b, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil || string(a) != string(b) {
			t.Errorf("%s: extracted otherwise (%v)", rel, err)
		}
	}
}

func TestGenerateRefuses(t *testing.T) {
	// A folder that is not a bundle is never replaced.
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "thesis.tex"), []byte("years of work"), 0o644)
	err := Generate(filepath.Join(repo, "rubric.toml"), other)
	if err == nil || !strings.Contains(err.Error(), "not empty and not a bundle") {
		t.Errorf("got %v", err)
	}
	if _, err := os.Stat(filepath.Join(other, "thesis.tex")); err != nil {
		t.Error("the folder was touched")
	}

	// A part without a public case could check nothing.
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "cases", "a"), 0o755)
	hidden, _ := os.ReadFile(filepath.Join(repo, "cases", "eightqueen", "a", "hidden-01.case"))
	os.WriteFile(filepath.Join(dir, "cases", "a", "hidden-01.case"), hidden, 0o644)
	os.WriteFile(filepath.Join(dir, "rubric.toml"), []byte("name = \"x\"\ntotal = 1\nsubmission.required = [\"EightQueen.java\"]\n[[part]]\nid = \"a\"\npoints = 1\n"), 0o644)
	err = Generate(filepath.Join(dir, "rubric.toml"), filepath.Join(t.TempDir(), "data"))
	if err == nil || !strings.Contains(err.Error(), `part "a" has no public case`) {
		t.Errorf("got %v", err)
	}
}

// TestCommitted: the bundle committed in data/, which every build embeds,
// is what the generator writes from the rubrics of Sources today: the
// rubric and its public cases, file for file and byte for byte, and
// nothing else (never a hidden case). Run `go generate
// ./cmd/autograder/internal/bundle` (or `make bundle`) when it fails.
func TestCommitted(t *testing.T) {
	want := filepath.Join(t.TempDir(), "data")
	if err := GenerateAll(repo, want); err != nil {
		t.Fatal(err)
	}
	wantFiles, gotFiles := tree(t, os.DirFS(want)), tree(t, files)
	for name, data := range wantFiles {
		got, ok := gotFiles[name]
		switch {
		case !ok:
			t.Errorf("the committed bundle misses %s", name)
		case got != data:
			t.Errorf("the committed bundle's %s is out of date", name)
		}
	}
	for name := range gotFiles {
		if _, ok := wantFiles[name]; !ok {
			t.Errorf("the committed bundle holds %s, which the generator does not write", name)
		}
	}
	if t.Failed() {
		t.Log("regenerate it: go generate ./cmd/autograder/internal/bundle")
	}
}

// tree reads every file of fsys by its slash path.
func tree(t *testing.T, fsys fs.FS) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		out[p] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// memFS reads the folder dir into memory, as embed would hold it.
func memFS(dir string) fstest.MapFS {
	mem := fstest.MapFS{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			data, _ := os.ReadFile(p)
			mem[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data, Mode: 0o644}
		}
		return err
	})
	return mem
}

// useBundle makes the bundle GenerateAll writes from the repository the
// one Load reads, for the test.
func useBundle(t *testing.T) {
	saved := files
	t.Cleanup(func() { files = saved })
	out := filepath.Join(t.TempDir(), "data")
	if err := GenerateAll(repo, out); err != nil {
		t.Fatal(err)
	}
	files = memFS(out)
}

// TestLoad: a bundled assignment loads from memory, under its own name;
// an unknown name is refused with the names there are; without a bundle
// Load says so.
func TestLoad(t *testing.T) {
	useBundle(t)
	if names := Names(); len(names) != len(Sources) || !slices.Contains(names, Default) {
		t.Errorf("Names() = %q, want one per source, %s among them", names, Default)
	}
	a, err := Load(Default)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, cs := range a.Parts {
		n += len(cs)
	}
	if a.Rubric.Path != Path(Default) || n != 24 || a.Rubric.Total != 60 {
		t.Errorf("loaded %s: %d cases, total %v", a.Rubric.Path, n, a.Rubric.Total)
	}
	if name, ok := Name(a.Rubric.Path); !ok || name != Default {
		t.Errorf("Name(%q) = %q, %v", a.Rubric.Path, name, ok)
	}
	if _, err := Load("nope"); !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), "(built in: "+strings.Join(Names(), ", ")+")") {
		t.Errorf("Load(nope): %v", err)
	}
	// The hidden cases are counted, never bundled.
	full, err := grader.LoadAssignment(filepath.Join(repo, "rubric.toml"), Judges)
	if err != nil {
		t.Fatal(err)
	}
	hidden := 0
	for _, cs := range full.Parts {
		hidden += len(cs)
	}
	if hidden -= 24; Hidden(Default) != hidden || hidden == 0 {
		t.Errorf("Hidden() = %d, want the rubric's %d hidden cases", Hidden(Default), hidden)
	}
	files = nil
	if _, err := Load(Default); err == nil || Hidden(Default) != 0 {
		t.Error("Load without a bundle")
	}
}

// TestHandout: a rubric's handout is bundled beside it and read back.
func TestHandout(t *testing.T) {
	saved := files
	t.Cleanup(func() { files = saved })
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "a"), 0o755)
	os.WriteFile(filepath.Join(dir, "a", "one.case"), []byte("args: 1\nvisibility: public\n-- stdout --\n1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "handout.md"), []byte("# Echo\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "rubric.toml"), []byte("name = \"echo\"\ntotal = 1\ncases = \".\"\nhandout = \"handout.md\"\nsubmission.required = [\"echo.py\"]\nbuild.language = \"python\"\n[[part]]\nid = \"a\"\npoints = 1\n"), 0o644)
	out := filepath.Join(t.TempDir(), "data")
	if err := Generate(filepath.Join(dir, "rubric.toml"), filepath.Join(out, "echo")); err != nil {
		t.Fatal(err)
	}
	files = memFS(out)
	text, err := Handout("echo")
	if err != nil || string(text) != "# Echo\n" {
		t.Errorf("Handout(echo) = %q, %v", text, err)
	}
	if a, err := Load("echo"); err != nil || a.Rubric.Handout != "" || len(a.Parts[0]) != 1 {
		t.Errorf("Load(echo) = %+v, %v", a, err)
	}
}

// TestGenerateAllRefuses: GenerateAll replaces a bundle, never another
// folder.
func TestGenerateAllRefuses(t *testing.T) {
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "thesis.tex"), []byte("years of work"), 0o644)
	if err := GenerateAll(repo, other); err == nil || !strings.Contains(err.Error(), "not a bundled assignment") {
		t.Errorf("got %v", err)
	}
	if _, err := os.Stat(filepath.Join(other, "thesis.tex")); err != nil {
		t.Error("the folder was touched")
	}
}

// TestGenerateChecker: the bundle of an assignment judged by a checker
// program carries the checker's source beside the public cases, where the
// rubric names it, so that the bundle loads and a student's check runs
// the checker too.
func TestGenerateChecker(t *testing.T) {
	src := filepath.Join(repo, "grader", "checker", "testdata", "guess")
	dir := t.TempDir()
	for _, f := range []string{"rubric.toml", "interactor.py", filepath.Join("cases", "play", "secret-737.case")} {
		if err := copyFile(filepath.Join(src, f), filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "data")
	if err := Generate(filepath.Join(dir, "rubric.toml"), out); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(filepath.Join(src, "interactor.py"))
	got, err := os.ReadFile(filepath.Join(out, "interactor.py"))
	if err != nil || string(got) != string(want) {
		t.Errorf("the bundle's interactor.py is not the checker's (%v)", err)
	}
	a, err := grader.LoadAssignment(filepath.Join(out, RubricName), Judges)
	if err != nil {
		t.Fatalf("the bundle does not load: %v", err)
	}
	if got := a.PublicFiles(); len(got) != 1 || filepath.Base(got[0]) != "interactor.py" {
		t.Errorf("the bundle's judge files are %v, want its interactor.py", got)
	}
}
