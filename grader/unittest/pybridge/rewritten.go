package pybridge

import (
	"context"
	"crypto/sha256"
	"path"
	"sort"
	"strconv"
	"sync"

	"github.com/cs540-tools/autograder/sandbox"
)

// TestTime is the modification time (seconds since the epoch) a test
// box's test files are given before pytest imports them (run.py), the
// time Rewritten recorded in their rewritten forms: pytest reads a
// rewritten form only while its source's time and size are those it
// records, and rewrites the source as before otherwise.
const TestTime = 1000000000

// rewriteScript writes, for each test file named by its arguments (by
// its absolute path, as pytest imports it: the path its code names), the
// file pytest itself would cache: its asserts rewritten by pytest (no
// configuration: the grader's pytest.ini enables no assertion hook),
// compiled, with the file's size and time (TestTime, set first), in
// pytest's own cache file (DIR/__pycache__/NAME.TAG-pytest-VERSION.pyc).
const rewriteScript = `import os, sys
from pathlib import Path
from _pytest.assertion import rewrite
t = int(sys.argv[1])
for f in sys.argv[2:]:
    p = Path(os.path.abspath(f))
    os.utime(p, (t, t))
    stat, co = rewrite._rewrite_test(p, None)
    pyc = rewrite.get_cache_dir(p) / (p.name[:-3] + rewrite.PYC_TAIL)
    pyc.parent.mkdir(exist_ok=True)
    with open(pyc, "wb") as fp:
        rewrite._write_pyc_fp(fp, stat, co)
`

// maxRewritten bounds the sets of test files remembered in a process.
const maxRewritten = 64

// RewriteAfter is how many test boxes of a set of test files rewrite
// them themselves before the set is rewritten once for the boxes that
// follow: the box that rewrites them imports pytest (about 12 bare
// interpreter starts of CPU), which a box's rewriting of a test file
// (0.2 to 1.4 of them, for 60 to 300 lines) repays only in a large batch.
const RewriteAfter = 32

type rewritten struct {
	uses int // boxes given the set, under rewrittenMu
	once sync.Once
	pyc  []sandbox.File
}

var (
	rewrittenMu sync.Mutex
	rewrittenBy = map[[sha256.Size]byte]*rewritten{}
)

// Rewritten are the test files tests (their paths in the test box, which
// they must keep: the rewritten code names them) as pytest's assertion
// rewriting makes them, made by the interpreter python in a box of spec
// (its limits and environment), once per interpreter and set of files in
// a process, after RewriteAfter boxes of the set: the test box's pytest
// then reads them rather than rewriting each test file at every start
// (-B writes none), provided the files' time is TestTime (run.py sets
// it). None before, when that fails, or past maxRewritten sets: pytest
// rewrites the files as before.
func Rewritten(ctx context.Context, python string, tests []sandbox.File, spec sandbox.Spec) []sandbox.File {
	if len(tests) == 0 {
		return nil
	}
	key := rewrittenKey(python, tests)
	rewrittenMu.Lock()
	r := rewrittenBy[key]
	if r == nil && len(rewrittenBy) < maxRewritten {
		r = &rewritten{}
		rewrittenBy[key] = r
	}
	early := r == nil || r.uses < RewriteAfter
	if r != nil {
		r.uses++
	}
	rewrittenMu.Unlock()
	if early {
		return nil
	}
	r.once.Do(func() { r.pyc = rewrite(ctx, python, tests, spec) })
	return r.pyc
}

// rewrittenKey names an interpreter and a set of test files, their paths
// and contents.
func rewrittenKey(python string, tests []sandbox.File) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(python + "\x00"))
	for _, f := range tests {
		h.Write([]byte(f.Name + "\x00" + strconv.Itoa(len(f.Data)) + "\x00"))
		h.Write(f.Data)
	}
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

func rewrite(ctx context.Context, python string, tests []sandbox.File, spec sandbox.Spec) []sandbox.File {
	spec.Path = python
	spec.Args = []string{"-I", "-c", rewriteScript, strconv.Itoa(TestTime)}
	spec.Files = tests
	dirs := map[string]bool{}
	for _, f := range tests {
		spec.Args = append(spec.Args, f.Name)
		dirs[path.Dir(f.Name)] = true
	}
	spec.Collect = nil
	for d := range dirs {
		spec.Collect = append(spec.Collect, d+"/__pycache__/*")
	}
	sort.Strings(spec.Collect)
	res, err := sandbox.Run(ctx, spec)
	if err != nil || !res.OK() || len(res.Files) != len(tests) {
		return nil
	}
	return res.Files
}
