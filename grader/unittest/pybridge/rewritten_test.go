package pybridge

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestRewritten: a test file rewritten once in a box, into pytest's own
// cache file, after RewriteAfter boxes that rewrite it themselves; pytest runs the rewritten code while the source has its
// size and TestTime (the time run.py gives it), and rewrites the source
// as before at another time. The source beside the cache file differs
// from the one rewritten in one character, so the verdict tells which
// code ran.
func TestRewritten(t *testing.T) {
	py := needPython(t)
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		py = "/usr/bin/python3" // the system's, as the toolchain takes it
	}
	if p, err := filepath.EvalSymlinks(py); err == nil {
		py = p
	}
	if exec.Command(py, "-I", "-c", "import pytest").Run() != nil {
		testenv.Missing(t, "pytest missing")
	}
	if !strings.Contains(string(runPy), "TEST_TIME = "+strconv.Itoa(TestTime)+"\n") {
		t.Fatalf("run.py does not give test files the time %d", TestTime)
	}
	passing := []byte("def test_one():\n    assert 1 == 1\n")
	spec := sandbox.Spec{Limits: sandbox.Limits{Wall: time.Minute, CPU: time.Minute, Memory: 256 << 20, Output: 1 << 20}}
	tests := []sandbox.File{{Name: "_i/test_one.py", Data: passing}}
	for i := range RewriteAfter {
		if early := Rewritten(context.Background(), py, tests, spec); early != nil {
			t.Fatalf("box %d of %d before the set is rewritten: given %d files", i+1, RewriteAfter, len(early))
		}
	}
	pyc := Rewritten(context.Background(), py, tests, spec)
	if len(pyc) != 1 || !strings.HasPrefix(pyc[0].Name, "_i/__pycache__/test_one.") || !strings.Contains(pyc[0].Name, "-pytest-") {
		t.Fatalf("rewritten: %d files; want _i/__pycache__/test_one.TAG-pytest-VERSION.pyc", len(pyc))
	}
	again := Rewritten(context.Background(), py, tests, spec)
	if len(again) != 1 || &again[0] != &pyc[0] {
		t.Errorf("rewritten twice")
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "_i", "__pycache__"), 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "_i", "test_one.py")
	if err := os.WriteFile(src, []byte("def test_one():\n    assert 1 == 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, pyc[0].Name), pyc[0].Data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		when   time.Time
		passes bool
	}{{time.Unix(TestTime, 0), true}, {time.Unix(TestTime+1, 0), false}} {
		if err := os.Chtimes(src, c.when, c.when); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(py, "-I", "-B", "-m", "pytest", "-p", "no:cacheprovider", "-q", "--rootdir", filepath.Join(dir, "_i"), src)
		cmd.Env = append(os.Environ(), "PYTEST_DISABLE_PLUGIN_AUTOLOAD=1")
		out, err := cmd.CombinedOutput()
		if (err == nil) != c.passes {
			t.Errorf("source's time %d: passed %v; want %v (the rewritten file read only at TestTime)\n%s", c.when.Unix(), err == nil, c.passes, out)
		}
	}
}
