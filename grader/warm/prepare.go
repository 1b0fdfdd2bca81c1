package warm

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"runtime"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
	"golang.org/x/sync/errgroup"
)

// compiled is what the compile service made of one submission.
type compiled struct {
	rc    int
	log   string
	files []sandbox.File // the sources and what javac wrote
}

// filesKey identifies a set of files by content.
func filesKey(files []submission.File) string {
	h := sha256.New()
	for _, f := range files {
		binary.Write(h, binary.BigEndian, uint64(len(f.Name)))
		h.Write([]byte(f.Name))
		binary.Write(h, binary.BigEndian, uint64(len(f.Data)))
		h.Write(f.Data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// flat reports whether every file lies directly in the submission's folder,
// as the grader picks them: nothing the compiler would take for a
// configuration (META-INF/services) can then come along.
func flat(files []submission.File) bool {
	for _, f := range files {
		if strings.ContainsAny(f.Name, `/\`) {
			return false
		}
	}
	return true
}

// Prepare compiles many submissions ahead, each set of files as Build will
// be given it, in compile-service JVMs: one per core at most, each
// compiling many submissions with a javac that is warm after the first few,
// tens of milliseconds each instead of a JVM start and a cold javac. Build
// then only runs the cases. What Prepare could not compile (a compile that
// ran past the build limit, a service that died) Build compiles itself, so
// Prepare never changes a result, and its error is only a cancelled ctx.
func (w *Runner) Prepare(ctx context.Context, builds [][]submission.File) error {
	w.prepMu.Lock()
	seen := map[string]bool{}
	var todo []prepItem
	for _, files := range builds {
		k := filesKey(files)
		if _, ok := w.prepared[k]; ok || seen[k] || !flat(files) {
			continue
		}
		seen[k] = true
		todo = append(todo, prepItem{key: k, files: files})
	}
	w.prepMu.Unlock()
	if len(todo) == 0 {
		return nil
	}
	jvms := min(runtime.GOMAXPROCS(0), (len(todo)+7)/8)
	size := (len(todo) + jvms - 1) / jvms
	g, gctx := errgroup.WithContext(ctx)
	for len(todo) > 0 {
		chunk := todo[:min(size, len(todo))]
		todo = todo[len(chunk):]
		g.Go(func() error {
			w.compileService(gctx, chunk)
			return nil
		})
	}
	g.Wait()
	return ctx.Err()
}

type prepItem struct {
	key   string
	files []submission.File
}

// compileService compiles the items in one JVM and records what it said.
func (w *Runner) compileService(ctx context.Context, items []prepItem) {
	w.stats.JVMs.Add(1)
	tok := newToken()
	var e encoder
	e.WriteString("AGC1")
	e.Write(tok[:])
	e.strings(w.javac)
	e.long(int64(w.lim.BuildWall))
	e.int(len(items))
	size := int64(0)
	for i, it := range items {
		e.int(i)
		e.int(len(it.files))
		for _, f := range it.files {
			e.string(f.Name)
			e.bytes(f.Data)
			size += int64(len(f.Data))
		}
	}
	n := time.Duration(len(items))
	res, err := sandbox.Run(ctx, sandbox.Spec{
		Path:  w.jdk.Java,
		Args:  append(runner.JVMOptions(w.memory, w.jdk.Version), w.jdk.jvmOptions(compilerMain)...),
		Stdin: e.Bytes(),
		Limits: sandbox.Limits{
			Wall:   w.lim.BuildWall + n*5*time.Second,
			CPU:    w.lim.BuildWall + n*5*time.Second,
			Memory: w.memory,
			Output: min(16<<20+4*size+int64(len(items))<<20, 1<<30),
		},
		ReadOnly: []string{w.jdk.dir, runner.JDKHome(w.jdk.Java)},
	})
	if err != nil {
		return
	}
	out := res.Stdout
	for len(out) >= 24 && bytes.Equal(out[:16], tok[:]) {
		typ := int(int32(binary.BigEndian.Uint32(out[16:20])))
		ln := int(int32(binary.BigEndian.Uint32(out[20:24])))
		if ln < 0 || len(out)-24 < ln || typ != frameCompile {
			return
		}
		d := &decoder{b: out[24 : 24+ln]}
		out = out[24+ln:]
		id, rc := d.int(), d.int()
		log := string(d.bytes()) + string(d.bytes())
		nf := d.int()
		if d.err != nil || id < 0 || id >= len(items) || rc < 0 || nf < 0 {
			return
		}
		it := items[id]
		c := &compiled{rc: rc, log: log}
		for _, f := range it.files {
			c.files = append(c.files, sandbox.File{Name: f.Name, Data: f.Data})
		}
		for range nf {
			name := string(d.bytes())
			data := d.bytes()
			c.files = append(c.files, sandbox.File{Name: name, Data: data})
		}
		if d.err != nil {
			return
		}
		w.prepMu.Lock()
		w.prepared[it.key] = c
		w.prepMu.Unlock()
	}
}

// takePrepared returns, and forgets, what Prepare made of files.
func (w *Runner) takePrepared(files []submission.File) *compiled {
	w.prepMu.Lock()
	defer w.prepMu.Unlock()
	if len(w.prepared) == 0 {
		return nil
	}
	k := filesKey(files)
	c := w.prepared[k]
	delete(w.prepared, k)
	return c
}
