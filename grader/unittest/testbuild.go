package unittest

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"sync"

	"github.com/cs540-tools/autograder/sandbox"
)

// The tests' compile, once per distinct input in a process (a batch),
// and on disk across processes (compilecache.go):
// JUnit's stand-ins are written from the student's public API alone, so
// every student with the same API compiles the same stand-ins with the
// same instructor's files, and gets the same classes. A compile is
// remembered by everything it reads (the compiler, its arguments, its
// environment, every file it is given, what is collected), never by the
// student: a different API is a different entry. Only a compile that
// succeeded is remembered; one that failed, or ran past a limit under
// load, is run again by the next hand-in that needs it.

// maxCompiled bounds the compiles remembered: a class of students with
// as many distinct APIs compiles the rest each time, as before.
const maxCompiled = 256

// compiled is one remembered compile: done is closed once res is set,
// ok says it succeeded (else the waiters compile for themselves).
type compiled struct {
	done chan struct{}
	res  sandbox.Result
	ok   bool
}

var (
	compiledMu sync.Mutex
	compiles   = map[[32]byte]*compiled{}
)

// compileOnce runs spec, a compile of the tests, in the sandbox, unless
// the same compile (by compileKey, the compiler's version beside it)
// already succeeded in this process, or in another one that left it in
// the cache folder (compileCached); concurrent hand-ins with the same
// key wait for the first. The result's Files are the caller's own slice;
// of a compile remembered on disk, the result holds its Files alone (a
// success: nothing else of it is read).
func compileOnce(ctx context.Context, spec sandbox.Spec, version string) (sandbox.Result, error) {
	key := compileKey(spec, version)
	compiledMu.Lock()
	c, found := compiles[key]
	if !found && len(compiles) < maxCompiled {
		c = &compiled{done: make(chan struct{})}
		compiles[key] = c
	}
	compiledMu.Unlock()
	switch {
	case c == nil: // full: remembered on disk alone
		return compileCached(ctx, spec, key)
	case found:
		select {
		case <-c.done:
		case <-ctx.Done():
			return sandbox.Result{}, ctx.Err()
		}
		if c.ok {
			res := c.res
			res.Files = slices.Clone(res.Files)
			return res, nil
		}
		return runBox(ctx, spec)
	}
	res, err := compileCached(ctx, spec, key)
	c.res, c.ok = res, err == nil && res.OK()
	if !c.ok {
		compiledMu.Lock()
		delete(compiles, key)
		compiledMu.Unlock()
	}
	close(c.done)
	res.Files = slices.Clone(res.Files)
	return res, err
}

// compileKey is a digest of everything a compile's output depends on:
// the compiler (its path, its version), its arguments and environment,
// every file it is given, by name and content, and what is collected.
// The limits are left out: they only decide whether it finishes, and
// only a finished one is remembered.
func compileKey(spec sandbox.Spec, version string) [32]byte {
	h := sha256.New()
	field := func(s string) { fmt.Fprintf(h, "%d:%s\n", len(s), s) }
	list := func(tag string, xs []string) {
		field(fmt.Sprintf("%s %d", tag, len(xs)))
		for _, x := range xs {
			field(x)
		}
	}
	field(spec.Path)
	field(version)
	list("args", spec.Args)
	list("env", spec.Env)
	list("collect", spec.Collect)
	list("readonly", spec.ReadOnly)
	field(fmt.Sprintf("files %d", len(spec.Files)))
	for _, f := range spec.Files {
		field(f.Name)
		field(fmt.Sprintf("%o", f.Mode))
		fmt.Fprintf(h, "%d:", len(f.Data))
		h.Write(f.Data)
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}
