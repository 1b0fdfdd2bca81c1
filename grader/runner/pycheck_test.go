package runner

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestPyChecked: submissions checked together (Prepare) build as the
// cold runner builds each alone: the same outcome, log, note and files
// (the sources and py_compile's __pycache__, by name; a .pyc holds its
// source's time, so not by content), for a file that compiles, one with
// a syntax error, one that is missing, one named as a module of Python's
// library and one in a subfolder (the last three left to the cold runner,
// which Build then runs), and three that compile with a warning
// (two on the same line), each said; the same files handed in twice are checked once, for both.
func TestPyChecked(t *testing.T) {
	testenv.NeedTools(t, "python3")
	b, err := rubric.Preset(rubric.Python, []string{"inventory.py"})
	if err != nil {
		t.Fatal(err)
	}
	lim := rubric.Limits{Wall: time.Minute, CPU: 30 * time.Second, BuildWall: 2 * time.Minute}
	ok := []submission.File{{Name: "inventory.py", Data: []byte("def f():\n    return 1\n")}}
	subs := map[string][]submission.File{
		"ok":        ok,
		"syntax":    {{Name: "inventory.py", Data: []byte("def f(:\n    return 1\n")}},
		"indent":    {{Name: "inventory.py", Data: []byte("def f():\nreturn 1\n")}, {Name: "notes.txt", Data: []byte("n\n")}},
		"missing":   {{Name: "other.py", Data: []byte("x = 1\n")}},
		"stdlib":    {ok[0], {Name: "random.py", Data: []byte("x = 1\n")}},
		"subfolder": {ok[0], {Name: "pkg/m.py", Data: []byte("x = 1\n")}},
		"warns":     {{Name: "inventory.py", Data: []byte("def f(x):\n    return x is 1\n")}},
		"warns2":    {{Name: "inventory.py", Data: []byte("# again\ndef f(x):\n    return x is 1\n")}},
		"warns3":    {{Name: "inventory.py", Data: []byte("def f(x):\n    return x is 1  # the same line\n")}},
	}
	names := []string{"ok", "syntax", "indent", "missing", "stdlib", "subfolder", "ok", "warns", "warns2", "warns3"}
	ctx := context.Background()
	cold := newSandboxed(b, lim)
	p := NewPyChecked(newSandboxed(b, lim))
	if p == nil {
		t.Fatal("no PyChecked of the Python preset")
	}
	var builds [][]submission.File
	for _, n := range names {
		builds = append(builds, subs[n])
	}
	if err := p.Prepare(ctx, builds, sandbox.Hooks{}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"ok", "syntax", "indent", "warns", "warns2", "warns3"} {
		if p.done[submission.Key(subs[n])] == nil {
			t.Errorf("%s: not checked by Prepare", n)
		}
	}
	if c := p.done[submission.Key(ok)]; c != nil && c.users != 2 {
		t.Errorf("ok, handed in twice: checked for %d builds, want 2", c.users)
	}
	for _, n := range []string{"missing", "stdlib", "subfolder"} {
		if p.done[submission.Key(subs[n])] != nil {
			t.Errorf("%s: checked by Prepare, want it left to the cold runner", n)
		}
	}
	for _, n := range names {
		want, err := cold.Build(ctx, subs[n], sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.Build(ctx, subs[n], sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if got.OK != want.OK || got.Log != want.Log || got.Note != want.Note {
			t.Errorf("%s: ok=%v log %q note %q; want the cold build's ok=%v log %q note %q", n, got.OK, got.Log, got.Note, want.OK, want.Log, want.Note)
		}
		if (n == "syntax" || n == "indent") && !strings.Contains(got.Log, "Error") {
			t.Errorf("%s: log %q, want the compiler's error", n, got.Log)
		}
		if strings.HasPrefix(n, "warns") && (!got.OK || !strings.Contains(got.Log, "SyntaxWarning")) {
			t.Errorf("%s: ok=%v log %q, want the compiler's warning", n, got.OK, got.Log)
		}
		if got.OK && want.OK {
			if g, w := pyFiles(ctx, t, p, got.Program), pyFiles(ctx, t, cold, want.Program); g != w {
				t.Errorf("%s: the program's files\n%s\nwant the cold build's\n%s", n, g, w)
			}
		}
	}
	if len(p.done) != 0 {
		t.Errorf("%d checks left untaken after every build", len(p.done))
	}
}

// pyFiles are the files a run of prog holds: each source by name and
// contents, each .pyc by name.
func pyFiles(ctx context.Context, t *testing.T, r interface {
	Spec(context.Context, grader.Program, grader.Input) (sandbox.Spec, error)
}, prog grader.Program) string {
	t.Helper()
	spec, err := r.Spec(ctx, prog, grader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range spec.Files {
		if strings.HasSuffix(f.Name, ".pyc") {
			out = append(out, f.Name)
		} else {
			out = append(out, fmt.Sprintf("%s %x", f.Name, sha256.Sum256(f.Data)))
		}
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}

// TestPyCheckedDepth: Python scales the compiler's recursion limit from
// the depth in Python frames it is called at, and the batch's box calls
// py_compile's main as deep as "python3 -m py_compile" does: the deepest
// "x = ---...1" that compiles alone (found by bisection) compiles in the
// batch's box too, checked there, not left to the cold runner, and one
// minus more fails there as it does alone, with the same log.
func TestPyCheckedDepth(t *testing.T) {
	testenv.NeedTools(t, "python3")
	b, err := rubric.Preset(rubric.Python, []string{"inventory.py"})
	if err != nil {
		t.Fatal(err)
	}
	lim := rubric.Limits{Wall: time.Minute, CPU: 30 * time.Second, BuildWall: 2 * time.Minute}
	ctx := context.Background()
	cold := newSandboxed(b, lim)
	nested := func(n int) []submission.File {
		return []submission.File{{Name: "inventory.py", Data: []byte("x = " + strings.Repeat("-", n) + "1\n")}}
	}
	builds := func(n int) bool {
		t.Helper()
		got, err := cold.Build(ctx, nested(n), sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		return got.OK
	}
	lo, hi := 100, 100000 // compiles, does not
	if !builds(lo) || builds(hi) {
		t.Fatalf("%d minus signs: want a build; %d: want none", lo, hi)
	}
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; builds(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	p := NewPyChecked(newSandboxed(b, lim))
	filler := []submission.File{{Name: "inventory.py", Data: []byte("y = 1\n")}}
	if err := p.Prepare(ctx, [][]submission.File{nested(lo), filler, nested(hi)}, sandbox.Hooks{}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{lo, hi} {
		if p.done[submission.Key(nested(n))] == nil {
			t.Fatalf("%d minus signs: not checked by Prepare", n)
		}
		got, err := p.Build(ctx, nested(n), sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		want, err := cold.Build(ctx, nested(n), sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if got.OK != want.OK || got.Log != want.Log {
			t.Errorf("%d minus signs (the deepest that compiles alone: %d): ok=%v log %q; want the cold build's ok=%v log %q", n, lo, got.OK, got.Log, want.OK, want.Log)
		}
	}
}

// TestPyCheckedLimits: the batch's box is larger than a cold check's (its
// memory and output limits are for the whole chunk), and a folder whose
// check came near the cold check's limits is left to it: a file that
// needs more memory to compile than the rubric's limit, and one whose
// check prints more warnings than the build's output limit, fail in a
// batch as they do alone.
func TestPyCheckedLimits(t *testing.T) {
	testenv.NeedTools(t, "python3")
	b, err := rubric.Preset(rubric.Python, []string{"inventory.py"})
	if err != nil {
		t.Fatal(err)
	}
	lim := rubric.Limits{Wall: time.Minute, CPU: 30 * time.Second, BuildWall: 2 * time.Minute, Memory: 128 << 20}
	var big, warns strings.Builder
	big.WriteString("x = [")
	for i := range 40000 {
		fmt.Fprintf(&big, "[%d, %d.5, 's%d'], ", i, i, i)
	}
	big.WriteString("]\n")
	for i := range 30000 { // about 2.6 MB of SyntaxWarnings
		fmt.Fprintf(&warns, "def f%d(x):\n    return x is %d\n", i, i)
	}
	subs := map[string][]submission.File{
		"memory": {{Name: "inventory.py", Data: []byte(big.String())}},
		"output": {{Name: "inventory.py", Data: []byte(warns.String())}},
	}
	builds := [][]submission.File{subs["memory"], subs["output"]}
	for i := range 4 {
		builds = append(builds, []submission.File{{Name: "inventory.py", Data: fmt.Appendf(nil, "y = %d\n", i)}})
	}
	ctx := context.Background()
	cold := newSandboxed(b, lim)
	p := NewPyChecked(newSandboxed(b, lim))
	if err := p.Prepare(ctx, builds, sandbox.Hooks{}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"memory", "output"} {
		want, err := cold.Build(ctx, subs[n], sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if want.OK || !strings.Contains(want.Log, "limit") {
			t.Fatalf("%s: the cold build's ok=%v, log ending %q; want it stopped at a limit", n, want.OK, want.Log[max(len(want.Log)-200, 0):])
		}
		got, err := p.Build(ctx, subs[n], sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if got.OK != want.OK || got.Log != want.Log {
			t.Errorf("%s: ok=%v, log ending %q; want the cold build's ok=%v, log ending %q", n, got.OK, got.Log[max(len(got.Log)-200, 0):], want.OK, want.Log[max(len(want.Log)-200, 0):])
		}
	}
}
