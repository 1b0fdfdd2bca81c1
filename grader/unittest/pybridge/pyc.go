package pybridge

import (
	"context"
	"strings"
	"sync"

	"github.com/cs540-tools/autograder/sandbox"
)

// compileScript compiles the files named by its arguments into their
// folders' __pycache__, hash-checked (PEP 552): an interpreter reads such
// a file only while its source's hash matches, whatever the files'
// times in a box, and compiles the source as before otherwise.
const compileScript = `import py_compile, sys
for f in sys.argv[1:]:
    py_compile.compile(f, doraise=True, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
`

// compiled are the bridge's modules compiled for one interpreter and
// pair of folders.
type compiled struct {
	once          sync.Once
	test, student []sandbox.File
}

var (
	compiledMu sync.Mutex
	compiledBy = map[string]*compiled{}
)

// Compiled are the bridge's modules (autograder_bridge, the plugin and
// the start cache's module) compiled by the interpreter python in a box
// of spec (its limits and environment): the test box's, in testDir's
// __pycache__, and the student box's, in studentDir's. A box's
// interpreter then reads them rather than compiling the bridge at each
// start, as it would without them (-B writes none). They are compiled once per interpreter and
// folders in a process; none when that fails (the boxes compile the
// bridge as before).
func Compiled(ctx context.Context, python, testDir, studentDir string, spec sandbox.Spec) (test, student []sandbox.File) {
	key := python + "\x00" + testDir + "\x00" + studentDir
	compiledMu.Lock()
	c := compiledBy[key]
	if c == nil {
		c = &compiled{}
		compiledBy[key] = c
	}
	compiledMu.Unlock()
	c.once.Do(func() { c.test, c.student = compile(ctx, python, testDir, studentDir, spec) })
	return c.test, c.student
}

func compile(ctx context.Context, python, testDir, studentDir string, spec sandbox.Spec) (test, student []sandbox.File) {
	mods := []string{testDir + "/autograder_bridge.py", testDir + "/" + Plugin + ".py", testDir + "/" + startModule + ".py",
		studentDir + "/autograder_bridge.py"}
	spec.Path = python
	spec.Args = append([]string{"-I", "-c", compileScript}, mods...)
	spec.Files = append(TestFiles(testDir), StudentFiles(studentDir)...)
	spec.Collect = []string{testDir + "/__pycache__/*", studentDir + "/__pycache__/*"}
	res, err := sandbox.Run(ctx, spec)
	if err != nil || !res.OK() || len(res.Files) != len(mods) {
		return nil, nil
	}
	for _, f := range res.Files {
		if strings.HasPrefix(f.Name, testDir+"/") {
			test = append(test, f)
		} else {
			student = append(student, f)
		}
	}
	return test, student
}
