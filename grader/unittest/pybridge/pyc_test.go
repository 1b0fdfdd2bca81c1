package pybridge

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// TestCompiled: the bridge's modules compiled once for the boxes, into
// each folder's __pycache__, hash-checked; an interpreter imports the
// bridge from them, and compiles a source that differs from what they
// were compiled from as before.
func TestCompiled(t *testing.T) {
	py := needPython(t)
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		py = "/usr/bin/python3" // the system's, as the toolchain takes it: a version manager's shim does not run in a box
	}
	if p, err := filepath.EvalSymlinks(py); err == nil {
		py = p
	}
	spec := sandbox.Spec{Limits: sandbox.Limits{Wall: time.Minute, CPU: time.Minute, Memory: 256 << 20, Output: 1 << 20}}
	test, student := Compiled(context.Background(), py, "_t", "_s", spec)
	var names []string
	for _, f := range append(slices.Clone(test), student...) {
		names = append(names, f.Name)
	}
	if len(test) != 3 || len(student) != 1 || !strings.HasPrefix(student[0].Name, "_s/__pycache__/autograder_bridge.") ||
		!strings.HasSuffix(student[0].Name, ".pyc") {
		t.Fatalf("compiled %q; want the bridge, the plugin and the start cache's module in _t/__pycache__, the bridge in _s/__pycache__", names)
	}
	again, _ := Compiled(context.Background(), py, "_t", "_s", spec)
	if &again[0] != &test[0] {
		t.Errorf("compiled twice")
	}
	// Imported from the .pyc: a marker only the compiled code holds.
	dir := t.TempDir()
	pyc := student[0].Data
	write := func(name string, data []byte) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(student[0].Name, pyc)
	for name, src := range map[string][]byte{"_s/autograder_bridge.py": bridge, "_s/changed/autograder_bridge.py": append(slices.Clone(bridge), "\nCHANGED = 1\n"...)} {
		write(name, src)
	}
	write("_s/changed/__pycache__/"+filepath.Base(student[0].Name), pyc)
	for sub, cached := range map[string]bool{"_s": true, "_s/changed": false} {
		// -v tells where each module's code came from.
		out, err := exec.Command(py, "-I", "-B", "-v", "-c", "import sys; sys.path.insert(0, "+pyQuote(filepath.Join(dir, sub))+
			"); import autograder_bridge as ab; print('CHANGED' if hasattr(ab, 'CHANGED') else 'SAME')").CombinedOutput()
		from := strings.Contains(string(out), "code object from '"+filepath.Join(dir, sub, "__pycache__"))
		if err != nil || from != cached || strings.Contains(string(out), "CHANGED") == cached {
			t.Errorf("%s: %v, read from the .pyc %v; want %v", sub, err, from, cached)
		}
	}
}
