package unittest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/unittest/pybridge"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// servedTest passes in a test box whose start the cache served: pytest's
// generated methods' code came from it, and the builtins are the
// interpreter's own again.
const servedTest = `import builtins
import sys

import autograder_start


def test_served():
    assert builtins.compile is autograder_start._compile
    codes = {id(k) for c in autograder_start._codes.values() for k in c.co_consts if type(k) is type(c)}
    assert any(id(getattr(f, "__code__", None)) in codes for name, m in list(sys.modules.items())
               if name.startswith("_pytest") for cls in vars(m).values() if isinstance(cls, type) for f in vars(cls).values())
`

// TestPytestStartInBox: the start cache is trained in a box, passes its
// check, and a test box that reads it from its read-only host path is
// served from it; a cache whose bytes changed fails the check.
func TestPytestStartInBox(t *testing.T) {
	py := "/usr/bin/python3" // the system's, which holds pytest, as the toolchain takes it
	if exec.Command(py, "-I", "-c", "import pytest, pytest_timeout").Run() != nil {
		testenv.Missing(t, "%s has no pytest or pytest-timeout", py)
	}
	ctx := context.Background()
	spec := sandbox.Spec{Limits: sandbox.Limits{Wall: time.Minute, CPU: time.Minute, Memory: 512 << 20, Output: 1 << 20},
		Env: []string{"PYTEST_DISABLE_PLUGIN_AUTOLOAD=1", "PYTHONDONTWRITEBYTECODE=1"}}
	opts := []string{"-p", pybridge.Plugin, "-p", "pytest_timeout", "-p", "no:cacheprovider", "-c", box + "/pytest.ini",
		"--rootdir", box, "-q", "--color=no", "--timeout", "10"}
	testPyc, _ := pybridge.Compiled(ctx, py, bridgeDir, studentDir, spec)
	p, err := trainPytestStart(ctx, py, spec, opts, testPyc, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := checkPytestStart(p); err != nil {
		t.Fatal(err)
	}
	run := spec
	run.Path, run.ReadOnly = py, []string{p}
	run.Args = append([]string{"-I", "-B", bridgeDir + "/run.py", "--start", p, "--collect", "", box}, opts...)
	run.Args = append(run.Args, box+"/test_served.py")
	run.Files = append(append(pybridge.TestFiles(bridgeDir), testPyc...),
		sandbox.File{Name: box + "/test_served.py", Data: []byte(servedTest)},
		sandbox.File{Name: box + "/pytest.ini", Data: []byte(pytestIni)})
	res, err := sandbox.Run(ctx, run)
	if err != nil || !res.OK() {
		t.Fatalf("the test box: %v %+v\n%s%s", err, res, res.Stdout, res.Stderr)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 1
	changed := filepath.Join(t.TempDir(), "changed.bin")
	if err := os.WriteFile(changed, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkPytestStart(changed); err == nil || !strings.Contains(err.Error(), "digest") {
		t.Errorf("a changed cache passes its check: %v", err)
	}
}

// TestPytestStartKey: the cache's key follows the interpreter.
func TestPytestStartKey(t *testing.T) {
	a := pytestStartKey(runner.Tool{Path: "/usr/bin/python3", Version: "3.11.2"})
	if a == pytestStartKey(runner.Tool{Path: "/usr/bin/python3", Version: "3.11.4"}) || a == pytestStartKey(runner.Tool{Path: "/usr/local/bin/python3", Version: "3.11.2"}) {
		t.Errorf("one key for two interpreters")
	}
}
