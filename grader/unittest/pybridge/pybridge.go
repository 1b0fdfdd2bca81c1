// Package pybridge holds the Python halves of a pytest run split in two
// boxes (see package grader/unittest/relay): the test box's starter, its
// pytest plugin and the bridge, which makes the student's modules
// stand-ins whose every use is a call to the student's box, and the
// student box's server, which answers those calls with the student's
// code. The Python files are embedded in the grader, and compiled once
// per interpreter for the boxes (Compiled), which read the compiled files
// rather than compile the bridge at each start. They speak the
// protocol of grader/unittest/relay's PROTOCOL.md, whose vectors
// TestPythonVectors checks them against (vectors_check.py).
package pybridge

import (
	_ "embed"
	"path"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/sandbox"
)

var (
	//go:embed autograder_bridge.py
	bridge []byte
	//go:embed autograder_plugin.py
	plugin []byte
	//go:embed run.py
	runPy []byte
	//go:embed autograder_start.py
	start []byte
	//go:embed server.py
	server []byte
)

// Plugin is the name pytest loads the test side's plugin by (-p).
const Plugin = "autograder_plugin"

// startModule is the test box's start cache's module (StartCache).
const startModule = "autograder_start"

// TestFiles are the test box's files of the bridge, in the folder dir;
// its starter is dir + "/run.py", run as
//
//	python3 -I -B DIR/run.py [--start CACHE] MODULES TESTDIR pytest-args...
//
// MODULES the student's module names, comma-separated (Modules), or "@"
// and the path of a file that names them (ModulesFile), TESTDIR the
// folder of the instructor's files: only an import from a file in it
// meets a stand-in. A pytest argument "@" and a file's path stands for
// the file's lines (SelectFile).
func TestFiles(dir string) []sandbox.File {
	return []sandbox.File{
		{Name: dir + "/autograder_bridge.py", Data: bridge},
		{Name: dir + "/" + Plugin + ".py", Data: plugin},
		{Name: dir + "/run.py", Data: runPy},
		{Name: dir + "/" + startModule + ".py", Data: start},
	}
}

// StudentFiles are the student box's files of the bridge, in the folder
// dir; its server is dir + "/server.py", run as python3 -I -B
// DIR/server.py in the folder of the student's files.
func StudentFiles(dir string) []sandbox.File {
	return []sandbox.File{
		{Name: dir + "/autograder_bridge.py", Data: bridge},
		{Name: dir + "/server.py", Data: server},
	}
}

// Modules are the module names of a submission's Python files ("stats",
// "pkg", "pkg.sub"), sorted: each file's, and each folder's that holds
// one.
func Modules(files []string) []string {
	seen := map[string]bool{}
	for _, f := range files {
		if !strings.HasSuffix(f, ".py") {
			continue
		}
		parts := strings.Split(strings.TrimSuffix(f, ".py"), "/")
		if parts[len(parts)-1] == "__init__" {
			parts = parts[:len(parts)-1]
		}
		if !valid(parts) {
			continue
		}
		for i := range parts {
			seen[strings.Join(parts[:i+1], ".")] = true
		}
	}
	var out []string
	for m := range seen {
		out = append(out, m)
	}
	slices.Sort(out)
	return out
}

// ModulesFile is a file, in the folder dir, naming modules one a line,
// and run.py's MODULES argument that names it. A submission's modules
// are as many and as long as it brings: they go in a file, never in an
// argument, whose size the kernel caps (128 KiB).
func ModulesFile(dir string, modules []string) (sandbox.File, string) {
	name := dir + "/modules.txt"
	return sandbox.File{Name: name, Data: []byte(strings.Join(modules, "\n"))}, "@" + name
}

// SelectFile is a file, in the folder dir, holding a test's node ID
// ("test_x.py::test_y[...]"), and the pytest argument run.py reads it
// from. A student's test IDs are as long as the student makes them:
// they go in a file, never in an argument.
func SelectFile(dir, nodeID string) (sandbox.File, string) {
	name := dir + "/select.txt"
	return sandbox.File{Name: name, Data: []byte(nodeID + "\n")}, "@" + name
}

// valid reports whether every part is a Python identifier of ASCII
// letters, digits and underscores: other names cannot be imported by a
// plain import statement, and a comma would split the list.
func valid(parts []string) bool {
	if len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		if p == "" || p[0] >= '0' && p[0] <= '9' || path.Base(p) != p {
			return false
		}
		for _, r := range p {
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}
