package pybridge

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/sandbox"
)

// deferredTests: a failing test, whose report walks sys.modules for
// their files (inspect.getmodule), then a test that finds
// importlib.metadata still deferred (run.py's _Deferred), telling its
// file, and then loaded at its first use; the collector on, pytest's
// start frozen.
const deferredTests = `import gc
import sys


def test_fails():
    assert sum([1, 2]) == 4


def test_still_deferred():
    m = sys.modules["importlib.metadata"]
    assert type(m).__name__ == "_Deferred"
    assert m.__file__.endswith("__init__.py")
    assert "email" not in sys.modules


def test_loads_at_first_use():
    import importlib.metadata
    assert callable(importlib.metadata.version)
    assert type(sys.modules["importlib.metadata"]).__name__ == "module"


def test_collector_on():
    assert gc.isenabled() and gc.get_freeze_count() > 0
`

// TestDeferredMetadata: the test box's starter imports importlib.metadata
// at its first use only, even when a test fails (pytest's report of the
// failure reads every module's __file__), and the module then works; the
// tests run with the garbage collector on.
func TestDeferredMetadata(t *testing.T) {
	py := needPytest(t)
	dir := t.TempDir()
	files := append(TestFiles(filepath.Join(dir, "_bridge")), sandbox.File{Name: filepath.Join(dir, "t", "test_deferred.py"), Data: []byte(deferredTests)})
	for _, f := range files {
		if err := os.MkdirAll(filepath.Dir(f.Name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.Name, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(py, "-I", "-B", filepath.Join(dir, "_bridge", "run.py"), "--collect", "inventory", filepath.Join(dir, "t"),
		"-p", "no:cacheprovider", "-q", "--color=no", "--rootdir", filepath.Join(dir, "t"), filepath.Join(dir, "t", "test_deferred.py"))
	cmd.Env = append(os.Environ(), "PYTEST_DISABLE_PLUGIN_AUTOLOAD=1")
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "1 failed, 3 passed") {
		t.Errorf("want test_fails alone failing:\n%s", out)
	}
}
