package runner

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// PyChecked is the cold runner of a Python rubric whose build is its
// syntax check (py_compile's command line on its sources), which checks
// a batch's submissions together: a chunk of them in one box (Prepare),
// one interpreter start for the chunk rather than one a submission. The
// box runs py_compile's own command line in each submission's folder,
// which compiles the sources, runs nothing of them and imports nothing
// from the folder: a submission with a file named as a module of
// Python's own library (which the check's "-m" would import from the
// folder), a file in a subfolder, or a message other than ASCII or an
// OSError's is checked by the cold runner alone, and so is any the box
// did not answer. Each folder is checked in a process of its own, at
// the cold check's depth and within its limits (pyCheckScript), and one
// whose check came near them is left to the cold runner. So a build's
// outcome, log and files are the cold runner's.
type PyChecked struct {
	cold *Sandboxed
	mu   sync.Mutex
	done map[string]*pyChecked // by files (submission.Key), until Build takes it
}

// pyChecked is one submission's check: its exit status, what it printed
// and the files it wrote (py_compile's __pycache__).
type pyChecked struct {
	rc    int
	log   string
	files []sandbox.File
	users int // the Builds yet to take it (the same bytes handed in again)
}

// NewPyChecked returns the runner of r's Python submissions, or nil when
// r's build is not the Python preset's one syntax check.
func NewPyChecked(s *Sandboxed) *PyChecked {
	if s.tc != toolchain.Python || s.auto != nil || len(s.build) != 1 || len(s.build[0]) < 4 {
		return nil
	}
	// The preset's check: the interpreter, -m py_compile, the sources.
	if preset, _ := toolchain.Python.Commands("main.py", []string{"main.py"}); len(preset) != 1 || len(preset[0]) != 4 ||
		!slices.Equal(s.build[0][:3], preset[0][:3]) || preset[0][2] != "py_compile" {
		return nil
	}
	return &PyChecked{cold: s, done: map[string]*pyChecked{}}
}

// pyCheckScript runs py_compile's command line (its main, with the
// build's arguments) in each folder named by its arguments after the
// third (the build's sources, as JSON; the cold check's memory and
// output limits, in bytes), each in a child process of its own, and
// prints, a line each, what it said and its exit status. The child
// calls main as deep in Python frames as the cold check's "-m
// py_compile" does (runpy's frames): Python scales the compiler's
// recursion limit from the depth it is called at, so an expression
// nested just too deep for the cold check is too deep here as well
// (TestPyCheckedDepth). A folder is
// left to the cold runner ("skip") when it has a file named as a module
// of Python's library; when its check printed other than ASCII, failed
// to read or write a file (an OSError, "[Errno N] ...", which may be the
// box's, not the submission's), ran out of memory, or printed half the
// cold check's output limit or more; when the child's peak memory
// (ru_maxrss) and twice its files came to half the cold check's memory
// limit or more, which the box, larger, would not stop; or when the child
// did not answer (it could not start, or was killed). The child's memory
// is capped at the cold limit (RLIMIT_DATA) so that one folder cannot
// exhaust the box. Nothing of a folder's check is kept for the next
// (argparse, which main imports, is imported once, before).
const pyCheckScript = `import argparse, io, json, os, resource, sys, py_compile
srcs = json.loads(sys.argv[1])
memory, output = int(sys.argv[2]), int(sys.argv[3])
out = sys.stdout
root = os.getcwd()

def answer(w, a):
    data = (json.dumps(a) + "\n").encode()
    while data:
        data = data[os.write(w, data):]

def child(w):
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        lim = memory if hard == resource.RLIM_INFINITY else min(memory, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (lim, hard))
        sys.argv = [py_compile.__file__] + srcs
        sys.stdout = so = io.StringIO()
        sys.stderr = se = io.StringIO()
        rc = run()
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        text = so.getvalue() + se.getvalue()
        skip = not text.isascii() or text.startswith("[Errno") or "MemoryError" in text or len(text) * 2 >= output
        answer(w, {"skip": True} if skip else {"rc": rc, "log": text})
    except BaseException:
        answer(w, {"skip": True})
    finally:
        os._exit(0)

def run():
    try:
        py_compile.main()
    except SystemExit as e:
        return 0 if e.code is None else e.code if isinstance(e.code, int) else 1
    return 0

def check(d):
    os.chdir(os.path.join(root, d))
    names = {n[:-3] if n.endswith(".py") else n for n in os.listdir(".")}
    if names & (set(sys.stdlib_module_names) | {"py_compile", "__main__"}):
        return {"skip": True}
    size = sum(os.path.getsize(n) for n in os.listdir(".") if os.path.isfile(n))
    out.flush()
    r, w = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(r)
        os.close(w)
        return {"skip": True}
    if pid == 0:
        os.close(r)
        child(w)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 1 << 16)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    _, status, usage = os.wait4(pid, 0)
    try:
        a = json.loads(b"".join(chunks))
    except ValueError:
        return {"skip": True}
    if status != 0 or (usage.ru_maxrss * 1024 + 2 * size) * 2 >= memory:
        return {"skip": True}
    return a

for d in sys.argv[4:]:
    a = check(d)
    a["d"] = d
    a.setdefault("skip", False)
    out.write(json.dumps(a) + "\n")
    out.flush()
`

// Prepare implements grader.Preparer: it checks the builds in one box,
// each in a folder of its own; what it does not answer, Build checks
// alone.
func (p *PyChecked) Prepare(ctx context.Context, builds [][]submission.File, w sandbox.Hooks) error {
	argv := p.cold.build[0]
	spec, err := p.cold.spec(ctx, []string{argv[0], "-I", "-c", pyCheckScript, mustJSON(argv[3:])}, true)
	if err != nil {
		return nil // Build says it
	}
	// The cold check's limits, which each folder's check keeps within.
	spec.Args = append(spec.Args, fmt.Sprint(cmp.Or(spec.Limits.Memory, sandbox.DefaultMemory)), fmt.Sprint(spec.Limits.Output))
	var dirs []string
	var size int64
	keys, users := map[string]string{}, map[string]int{}
	for i, files := range builds {
		k := submission.Key(files)
		if users[k]++; users[k] > 1 || !submission.Flat(files) {
			continue
		}
		d := fmt.Sprintf("s%04d", i)
		dirs, keys[d] = append(dirs, d), k
		for _, f := range files {
			spec.Files = append(spec.Files, sandbox.File{Name: d + "/" + f.Name, Data: f.Data})
			size += int64(len(f.Data))
		}
	}
	if len(dirs) == 0 {
		return nil
	}
	spec.Args = append(spec.Args, dirs...)
	n := time.Duration(len(dirs))
	spec.Limits.Wall, spec.Limits.CPU = spec.Limits.Wall*n, spec.Limits.CPU*n
	spec.Limits.Output = max(spec.Limits.Output, 1<<20) * int64(n)
	// The box holds every folder's files and what their checks write
	// (about as much again), and its files count in its memory.
	spec.Limits.BoxSize = max(spec.Limits.BoxSize, sandbox.DefaultBoxSize) + 2*size
	spec.Limits.Memory = max(spec.Limits.Memory, sandbox.DefaultMemory) + 2*size
	spec.Collect, spec.Waiting = []string{"*/__pycache__/*"}, w
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return ctx.Err()
	}
	p.record(res, keys, users)
	return ctx.Err()
}

// record keeps each folder's answer, with the files its check wrote, for
// as many Builds as were given its files.
func (p *PyChecked) record(res sandbox.Result, keys map[string]string, users map[string]int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, line := range bytes.Split(res.Stdout, []byte("\n")) {
		var a struct {
			D    string `json:"d"`
			RC   int    `json:"rc"`
			Log  string `json:"log"`
			Skip bool   `json:"skip"`
		}
		if json.Unmarshal(line, &a) != nil || a.Skip || keys[a.D] == "" {
			continue
		}
		c := &pyChecked{rc: a.RC, log: a.Log, users: users[keys[a.D]]}
		for _, f := range res.Files {
			if name, ok := strings.CutPrefix(f.Name, a.D+"/"); ok {
				c.files = append(c.files, sandbox.File{Name: name, Data: f.Data})
			}
		}
		p.done[keys[a.D]] = c
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Build takes what Prepare checked of the files, as the cold runner's
// Build makes it of its check's box; else the cold runner builds them.
func (p *PyChecked) Build(ctx context.Context, files []submission.File, w sandbox.Hooks) (grader.Build, error) {
	k := submission.Key(files)
	p.mu.Lock()
	c := p.done[k]
	if c != nil {
		if c.users--; c.users <= 0 {
			delete(p.done, k)
		}
	}
	p.mu.Unlock()
	if c == nil {
		return p.cold.Build(ctx, files, w)
	}
	cur := make([]sandbox.File, len(files))
	for i, f := range files {
		cur[i] = sandbox.File{Name: f.Name, Data: f.Data}
	}
	log := string(p.cold.tidy([]byte(c.log)))
	if c.rc != 0 {
		return grader.Build{OK: false, Log: log}, nil
	}
	cur = merge(cur, c.files)
	if note := p.cold.NoProgram(cur); note != "" {
		return grader.Build{OK: false, Log: log, Note: note}, nil
	}
	return grader.Build{OK: true, Log: log, Program: &program{s: p.cold, files: cur}}, nil
}

// Spec is the cold runner's.
func (p *PyChecked) Spec(ctx context.Context, prog grader.Program, in grader.Input) (sandbox.Spec, error) {
	return p.cold.Spec(ctx, prog, in)
}

// Tools are the cold runner's.
func (p *PyChecked) Tools(ctx context.Context) ([]Tool, error) { return p.cold.Tools(ctx) }

// Runtime implements grader.Describer, as the cold runner names it.
func (p *PyChecked) Runtime() string { return p.cold.Runtime() }

// Stack implements grader.StackDescriber, as the cold runner says it.
func (p *PyChecked) Stack() string { return p.cold.Stack() }

// Key implements grader.Keyer: the cold runner's, whose results these
// are.
func (p *PyChecked) Key() string { return p.cold.Key() }
