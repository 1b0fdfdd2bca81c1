package warm

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// Prepare compiles many submissions ahead, each set of files as Build will
// be given it, in one compile-service JVM (on one core: a batch calls it
// with a chunk of its submissions per core, see grader.Batch), compiling
// them with a javac that is warm after the first few,
// tens of milliseconds each instead of a JVM start and a cold javac. Build
// then only runs the cases. Identical sets of files (the same bytes handed
// in twice) compile once: each Build of them takes the same result, which
// is forgotten once the last has taken it. What Prepare could not compile
// (a compile that ran past the build limit, a service that died) Build
// compiles itself, so Prepare never changes a result, and its error is
// only a cancelled ctx.
func (w *Runner) Prepare(ctx context.Context, builds [][]submission.File, wh sandbox.Hooks) error {
	w.prepMu.Lock()
	var todo []prepItem
	for _, files := range builds {
		if !submission.Flat(files) {
			continue
		}
		k := submission.Key(files)
		if e, ok := w.prepared[k]; ok {
			e.users++
			continue
		}
		e := &prepEntry{users: 1, done: make(chan struct{})}
		w.prepared[k] = e
		todo = append(todo, prepItem{key: k, files: files, entry: e})
	}
	w.prepMu.Unlock()
	if len(todo) == 0 {
		return nil
	}
	w.compileService(ctx, todo, wh)
	return ctx.Err()
}

type prepItem struct {
	key   string
	files []submission.File
	entry *prepEntry
}

// compileService compiles the items in one JVM and records what it said
// in their entries, done when it returns, answered or not; its box gets
// the hooks wh.
func (w *Runner) compileService(ctx context.Context, items []prepItem, wh sandbox.Hooks) {
	results := make([]*compiled, len(items))
	defer w.finish(items, results)
	w.stats.JVMs.Add(1)
	w.stats.CompileJVMs.Add(1)
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
		Args:  w.javaArgs(compilerMain),
		Stdin: e.Bytes(),
		Limits: sandbox.Limits{
			Wall:   w.lim.BuildWall + n*5*time.Second,
			CPU:    w.lim.BuildWall + n*5*time.Second,
			Memory: w.memory,
			Output: min(16<<20+4*size+int64(len(items))<<20, 1<<30),
		},
		ReadOnly: []string{w.jdk.dir, toolchain.JDKHome(w.jdk.Java)},
		Waiting:  wh,
	})
	w.stats.CompileCPU.Add(res.CPU)
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
		results[id] = c
		w.stats.Compiled.Add(1)
	}
}

// finish records the results of the items' compiles in their entries and
// wakes the Builds waiting for them.
func (w *Runner) finish(items []prepItem, results []*compiled) {
	w.prepMu.Lock()
	defer w.prepMu.Unlock()
	for i, it := range items {
		it.entry.c = results[i]
		close(it.entry.done)
	}
}

// takePrepared returns what the compile service made of files: what
// Prepare made, or what a compile under way for a Build of the same bytes
// makes, or, when there is neither, what the compile it starts makes; nil
// when the service did not answer (or ctx ended first). A compile it
// starts gets the hooks wh.
func (w *Runner) takePrepared(ctx context.Context, files []submission.File, wh sandbox.Hooks) *compiled {
	k := submission.Key(files)
	w.prepMu.Lock()
	e, ok := w.prepared[k]
	if ok {
		e.users--
	} else {
		e = &prepEntry{done: make(chan struct{})}
		w.prepared[k] = e
	}
	w.prepMu.Unlock()
	if !ok {
		// Compiled in a box of its own, which runs no student code: the
		// classes that come back are javac's, whatever the cases do.
		w.compileService(ctx, []prepItem{{key: k, files: files, entry: e}}, wh)
	}
	select {
	case <-e.done:
	case <-ctx.Done():
		return nil
	}
	w.prepMu.Lock()
	if e.users <= 0 && w.prepared[k] == e {
		delete(w.prepared, k)
	}
	w.prepMu.Unlock()
	if e.c == nil && ok && ctx.Err() == nil {
		// The service that compiled it for others did not answer: one of
		// its own may.
		alone := &prepEntry{done: make(chan struct{})}
		w.compileService(ctx, []prepItem{{key: k, files: files, entry: alone}}, wh)
		return alone.c
	}
	return e.c
}

// javaArgs are the java launcher's arguments of the JVM running main
// (the harness or the compile service): the Java toolchain's options for
// the box's memory, the stack of the thread javac runs in (javacStack),
// the JVM's own options.
func (w *Runner) javaArgs(main string) []string {
	args := append(toolchain.JVMOptions(w.memory, w.jdk.Version), fmt.Sprintf("-Dautograder.javac.stack=%d", javacStack(w.memory)))
	return append(args, w.jdk.jvmOptions(main)...)
}

// javacStack is the stack of the thread a shared JVM runs javac in: a
// quarter of a cold javac's (the Java toolchain's for the memory). How
// deep an expression javac parses depends on its stack, and a deep one
// overflows it; javac then exits as out of resources, and the source
// goes to a cold javac. With less stack than the cold one has, whatever
// the frames' sizes (interpreted or compiled), a source the shared JVM
// compiles a cold javac compiles too: the outcome is the cold one's.
func javacStack(memory int64) int64 {
	return toolchain.Java.ThreadStack(memory) / 4
}
