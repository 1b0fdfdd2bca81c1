package unittest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cs540-tools/autograder/sandbox"
)

// fakeCompiles counts the boxes compileOnce runs, each answering with
// the result ok says; the memo is emptied before and after, and the
// compiles remembered on disk go to a folder of the test's own.
func fakeCompiles(t *testing.T, ok func(sandbox.Spec) bool) *atomic.Int32 {
	var n atomic.Int32
	saved := runBox
	runBox = func(_ context.Context, spec sandbox.Spec) (sandbox.Result, error) {
		n.Add(1)
		if !ok(spec) {
			return sandbox.Result{ExitCode: 1, Stderr: []byte("error: cannot find symbol")}, nil
		}
		return sandbox.Result{Files: []sandbox.File{{Name: testsDir + "/FractionTest.class", Data: []byte{0xca, 0xfe}}}}, nil
	}
	savedDir, dir := compiledDir, t.TempDir()
	compiledDir = func() string { return dir }
	forgetCompiles()
	t.Cleanup(func() { runBox, compiledDir = saved, savedDir; forgetCompiles() })
	return &n
}

// forgetCompiles empties the memo, as a new process starts.
func forgetCompiles() {
	compiledMu.Lock()
	clear(compiles)
	compiledMu.Unlock()
}

func compileSpec(standin string) sandbox.Spec {
	return sandbox.Spec{Path: "/usr/bin/javac", Args: []string{"-d", testsDir, standinDir + "/Fraction.java"},
		Files: []sandbox.File{{Name: box + "/FractionTest.java", Data: []byte("class FractionTest {}")},
			{Name: standinDir + "/Fraction.java", Data: []byte(standin)}},
		Collect: deep(testsDir)}
}

// The tests' compile runs once for the same stand-ins and files, again
// for another API, and every time for one that failed.
func TestCompileOnce(t *testing.T) {
	n := fakeCompiles(t, func(s sandbox.Spec) bool { return string(s.Files[1].Data) != "broken" })
	ctx := context.Background()
	steps := []struct {
		standin, version string
		runs             int32 // boxes run so far
		ok               bool
	}{
		{"class Fraction { int a() {} }", "17", 1, true},
		{"class Fraction { int a() {} }", "17", 1, true}, // the same API: remembered
		{"class Fraction { int b() {} }", "17", 2, true}, // another API: its own entry
		{"class Fraction { int a() {} }", "21", 3, true}, // another compiler
		{"class Fraction { int b() {} }", "17", 3, true}, // remembered too
		{"broken", "17", 4, false},                       // a failure ...
		{"broken", "17", 5, false},                       // ... is never remembered
	}
	for i, s := range steps {
		res, err := compileOnce(ctx, compileSpec(s.standin), s.version)
		if err != nil {
			t.Fatal(err)
		}
		if got := n.Load(); got != s.runs || res.OK() != s.ok {
			t.Fatalf("step %d: %d boxes run, ok %v; want %d, %v", i, got, res.OK(), s.runs, s.ok)
		}
		if s.ok && len(res.Files) != 1 {
			t.Fatalf("step %d: %d files", i, len(res.Files))
		}
	}
}

// Hand-ins with the same API at once: one compile, and each gets a
// Files slice of its own to append to.
func TestCompileOnceConcurrent(t *testing.T) {
	n := fakeCompiles(t, func(sandbox.Spec) bool { return true })
	var wg sync.WaitGroup
	files := make([][]sandbox.File, 8)
	for i := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := compileOnce(context.Background(), compileSpec("class Fraction {}"), "17")
			if err != nil {
				t.Error(err)
				return
			}
			files[i] = append(res.Files, sandbox.File{Name: string(rune('a' + i))})
		}()
	}
	wg.Wait()
	if n.Load() != 1 {
		t.Errorf("%d compiles, want 1", n.Load())
	}
	for i, f := range files {
		if len(f) != 2 || f[1].Name != string(rune('a'+i)) {
			t.Errorf("hand-in %d got files %v", i, f)
		}
	}
}

// The key covers every input of the compile: each change gives another.
func TestCompileKey(t *testing.T) {
	base := compileSpec("class Fraction {}")
	changes := map[string]func(*sandbox.Spec){
		"path":     func(s *sandbox.Spec) { s.Path = "/opt/jdk/bin/javac" },
		"args":     func(s *sandbox.Spec) { s.Args = append(s.Args, "-g") },
		"env":      func(s *sandbox.Spec) { s.Env = []string{"LANG=C"} },
		"collect":  func(s *sandbox.Spec) { s.Collect = []string{"*.class"} },
		"readonly": func(s *sandbox.Spec) { s.ReadOnly = []string{"/opt"} },
		"name":     func(s *sandbox.Spec) { s.Files[0].Name = box + "/Other.java" },
		"data":     func(s *sandbox.Spec) { s.Files[0].Data = []byte("class FractionTest { }") },
		"mode":     func(s *sandbox.Spec) { s.Files[0].Mode = 0o755 },
		"split":    func(s *sandbox.Spec) { s.Args = []string{"-d " + testsDir, standinDir + "/Fraction.java"} },
	}
	seen := map[[32]byte]string{compileKey(base, "17"): "base"}
	for name, change := range changes {
		s := compileSpec("class Fraction {}")
		change(&s)
		k := compileKey(s, "17")
		if other, ok := seen[k]; ok {
			t.Errorf("%s: the same key as %s", name, other)
		}
		seen[k] = name
	}
	if compileKey(base, "17") == compileKey(base, "21") {
		t.Error("the compiler's version is not in the key")
	}
	if compileKey(base, "17") != compileKey(compileSpec("class Fraction {}"), "17") {
		t.Error("the same compile, two keys")
	}
}
