package unittest

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// entries are the compiles remembered in the test's cache folder.
func entries(t *testing.T) []string {
	t.Helper()
	ps, err := filepath.Glob(filepath.Join(compiledDir(), "*"+compiledExt))
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// editEntries rewrites every entry of the test's cache folder with edit.
func editEntries(t *testing.T, edit func([]byte) []byte) {
	t.Helper()
	for _, p := range entries(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, edit(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Each step is a new process (the memo emptied): the compile is
// remembered on disk, and a change of any file it reads, or any doubt
// about its entry, compiles again.
func TestCompileOnceOnDisk(t *testing.T) {
	n := fakeCompiles(t, func(s sandbox.Spec) bool { return string(s.Files[1].Data) != "broken" })
	host := t.TempDir()
	jar, jsa, jdk := filepath.Join(host, "junit.jar"), filepath.Join(host, "javac.jsa"), filepath.Join(host, "jdk")
	later := time.Now().Add(time.Hour)
	write := func(p, data string) func(*testing.T) {
		return func(t *testing.T) {
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	touch := func(p string) func(*testing.T) {
		return func(t *testing.T) {
			later = later.Add(time.Minute)
			if err := os.Chtimes(p, later, later); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(jar, "jar")(t)
	write(jsa, "archive")(t)
	if err := os.Mkdir(jdk, 0o755); err != nil {
		t.Fatal(err)
	}
	same := func(*testing.T) {}
	otherFormat := func(t *testing.T) {
		editEntries(t, func(b []byte) []byte {
			if len(b) < len(compiledFormat)+sha256.Size {
				return b // an earlier step's, cut short
			}
			body := b[len(compiledFormat)+sha256.Size:]
			sum := sha256.Sum256(body)
			return slices.Concat([]byte("autograder compiled tests 0\n"), sum[:], body)
		})
	}
	steps := []struct {
		name    string
		change  func(*testing.T)
		standin string
		runs    int32 // boxes run so far
		ok      bool
	}{
		{"first", same, "", 1, true},
		{"again", same, "", 1, true},
		{"the jar's size", write(jar, "a larger jar"), "", 2, true},
		{"again", same, "", 2, true},
		{"the jar's time", touch(jar), "", 3, true},
		{"the archive's time", touch(jsa), "", 4, true},
		{"a read-only folder's time", touch(jdk), "", 5, true},
		{"a file", same, "class Fraction { int b() {} }", 6, true},
		{"the first file again", same, "", 6, true},
		{"corrupt", func(t *testing.T) { editEntries(t, func(b []byte) []byte { b[len(b)-1] ^= 1; return b }) }, "", 7, true},
		{"rewritten", same, "", 7, true},
		{"cut short", func(t *testing.T) { editEntries(t, func(b []byte) []byte { return b[:len(b)/2] }) }, "", 8, true},
		{"another format", otherFormat, "", 9, true},
		{"missing", func(t *testing.T) { os.RemoveAll(compiledDir()) }, "", 10, true},
		{"a failure", same, "broken", 11, false},
		{"is never stored", same, "broken", 12, false},
	}
	for _, s := range steps {
		s.change(t)
		forgetCompiles()
		spec := compileSpec(cmp.Or(s.standin, "class Fraction {}"))
		spec.Args = append(spec.Args, "-cp", jar+":"+bridgeDir, "-XX:SharedArchiveFile="+jsa)
		spec.ReadOnly = []string{jdk}
		res, err := compileOnce(context.Background(), spec, "17")
		if err != nil {
			t.Fatal(err)
		}
		if got := n.Load(); got != s.runs || res.OK() != s.ok {
			t.Fatalf("%s: %d boxes run, ok %v; want %d, %v", s.name, got, res.OK(), s.runs, s.ok)
		}
		if s.ok && (len(res.Files) != 1 || res.Files[0].Name != testsDir+"/FractionTest.class" || !bytes.Equal(res.Files[0].Data, []byte{0xca, 0xfe})) {
			t.Fatalf("%s: files %v", s.name, res.Files)
		}
	}
}

// Two processes (the memo emptied between): the second's hand-ins, at
// once, all take the first's compile from disk.
func TestCompileOnceAcrossProcesses(t *testing.T) {
	n := fakeCompiles(t, func(sandbox.Spec) bool { return true })
	for process := range 2 {
		forgetCompiles()
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := compileOnce(context.Background(), compileSpec("class Fraction {}"), "17")
				if err != nil || !res.OK() || len(res.Files) != 1 {
					t.Errorf("process %d: %v, ok %v, %d files", process, err, res.OK(), len(res.Files))
				}
			}()
		}
		wg.Wait()
	}
	if n.Load() != 1 {
		t.Errorf("%d compiles, want 1", n.Load())
	}
	if es := entries(t); len(es) != 1 {
		t.Errorf("entries %v, want 1", es)
	}
}

// An entry is read back as written, and anything else is refused.
func TestCompileKeyEntries(t *testing.T) {
	files := []sandbox.File{{Name: testsDir + "/A.class", Data: []byte{1, 2, 3}},
		{Name: testsDir + "/p/B.class", Data: nil, Mode: 0o600}}
	body := encodeCompiled(files)
	sum := func(body []byte) []byte { s := sha256.Sum256(body); return s[:] }
	entry := func(tag string, body []byte) []byte { return slices.Concat([]byte(tag), sum(body), body) }
	dir := t.TempDir()
	load := func(data []byte, collect []string) ([]sandbox.File, error) {
		p := filepath.Join(dir, "x"+compiledExt)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return loadCompiled(p, collect)
	}
	cases := map[string][]byte{
		"empty":                 nil,
		"tag alone":             []byte(compiledFormat),
		"another format":        entry("autograder compiled tests 2\n", body),
		"a listing":             entry(importedFormat, body),
		"wrong digest":          slices.Concat([]byte(compiledFormat), sum(body[1:]), body),
		"cut short":             slices.Concat([]byte(compiledFormat), sum(body), body[:len(body)-1]),
		"cut short, its digest": entry(compiledFormat, body[:len(body)-1]),
		"trailing":              entry(compiledFormat, append(slices.Clone(body), 0)),
		"too many files":        entry(compiledFormat, append([]byte{3}, body[1:]...)),
	}
	for name, data := range cases {
		if got, err := load(data, deep(testsDir)); err == nil {
			t.Errorf("%s: read %v", name, got)
		}
	}
	got, err := load(entry(compiledFormat, body), deep(testsDir))
	if err != nil || len(got) != 2 || got[0].Name != files[0].Name || !bytes.Equal(got[0].Data, files[0].Data) || got[1].Mode != 0o600 {
		t.Errorf("read back %v, %v; want %v", got, err, files)
	}
	if _, err := load(entry(compiledFormat, body), []string{testsDir + "/*"}); err == nil {
		t.Error("a file the compile does not collect was read")
	}
}

// The folder keeps what was used within the age, the most recently
// used first, within the size; a killed write's leftover goes after an
// hour; nothing else is touched.
func TestCompileOncePrune(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	files := []struct {
		name string
		size int
		age  time.Duration
		kept bool
	}{
		{"old" + compiledExt, 10, 31 * 24 * time.Hour, false},
		{"a" + compiledExt, 40, time.Hour, true},
		{"b" + compiledExt, 40, 2 * time.Hour, true},
		{"c" + compiledExt, 40, 3 * time.Hour, false}, // past 100 bytes, least recently used
		{".a" + compiledExt + ".123", 500, 2 * time.Hour, false},
		{".b" + compiledExt + ".456", 500, time.Minute, true}, // a write under way
		{"notes.txt", 500, 60 * 24 * time.Hour, true},
	}
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := os.WriteFile(p, make([]byte, f.size), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-f.age), now.Add(-f.age)); err != nil {
			t.Fatal(err)
		}
	}
	pruneCompiled(dir, now, 30*24*time.Hour, 100)
	for _, f := range files {
		_, err := os.Stat(filepath.Join(dir, f.name))
		if kept := err == nil; kept != f.kept {
			t.Errorf("%s: kept %v, want %v", f.name, kept, f.kept)
		}
	}
}

// The names imported on demand are listed once for the JVM and the
// packages, across processes (each a kit of its own); another JVM, a
// JVM's file changed, other packages or a damaged entry list again.
func TestImportedOnDisk(t *testing.T) {
	fakeCompiles(t, func(sandbox.Spec) bool { return true })
	var n int
	saved := listNames
	listNames = func(_ context.Context, java string, _ []string, tests map[string][]byte) ([]string, error) {
		n++
		return []string{"List", "Map", "String"}, nil
	}
	t.Cleanup(func() { listNames = saved })
	host := t.TempDir()
	java, other := filepath.Join(host, "java"), filepath.Join(host, "java2")
	for _, p := range []string{java, other} {
		if err := os.WriteFile(p, []byte("jvm"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	star := []source{{name: "ATest.java", data: []byte("import java.util.*;\nclass ATest {}")}}
	io := []source{{name: "ATest.java", data: []byte("import java.io.*;\nclass ATest {}")}}
	steps := []struct {
		name   string
		change func(*testing.T)
		java   string
		files  []source
		lists  int
	}{
		{"first", nil, java, star, 1},
		{"again", nil, java, star, 1},
		{"other packages", nil, java, io, 2},
		{"another JVM", nil, other, star, 3},
		{"the JVM's file", func(t *testing.T) {
			later := time.Now().Add(time.Hour)
			if err := os.Chtimes(java, later, later); err != nil {
				t.Fatal(err)
			}
		}, java, star, 4},
		{"again", nil, java, star, 4},
		{"damaged", func(t *testing.T) {
			ps, _ := filepath.Glob(filepath.Join(compiledDir(), "*"+importedExt))
			for _, p := range ps {
				if err := os.WriteFile(p, []byte(importedFormat+"List"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}, java, star, 5},
	}
	for _, s := range steps {
		if s.change != nil {
			s.change(t)
		}
		k := &kit{key: "k", imported: map[string][]string{}}
		got, err := k.reserved(context.Background(), s.java, "/junit.jar", s.files, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n != s.lists || !slices.Contains(got, "Map") || !slices.Contains(got, "ATest") {
			t.Fatalf("%s: %d listings, reserved %v; want %d, Map and ATest among them", s.name, n, got, s.lists)
		}
	}
}
