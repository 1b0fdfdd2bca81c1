package unittest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/internal/atomicfile"
	"github.com/cs540-tools/autograder/sandbox"
)

// The tests' compiles remembered on disk, in the user's cache folder
// (autograder/compiled-tests), across grader processes: a batch graded
// again, or `check` run for one student after another, compiles the
// same stand-ins with the same instructor's files again otherwise. An
// entry is the collected files of a compile that succeeded, named by
// the compile's key (compileKey: every file it is given, by content;
// its compiler, arguments, environment) and by the size and
// modification time of each host file it reads beyond them (hostPaths:
// the compiler's own file, the read-only folders, the JUnit jar and
// class data archive its arguments name), so that an upgraded JDK or
// jar misses.
//
// What it compiles is the grader's: the stand-ins, written by the grader
// from the student's public API, the instructor's files and the bridge's
// test side (buildJUnit; the instructor's implementations of a tests
// part). Where a compile is given a student's file (a student's JUnit
// suite, javaSuites.compileTests), the key is a digest of that file too,
// so an entry is only ever the output of exactly that input. No student
// program can write an entry: a box of the namespaces and full tiers
// sees the system read-only, its own folder, and of the cache folder
// only the class data archives, read-only; one of the fallback tier
// writes only its own folder (as root, where any user may: not the
// grader's user's cache folder). Only on the basic tier, without
// isolation, can a student's program write the grader's files, this
// folder as any other.
//
// An entry holds its format's tag and a SHA-256 digest of its content;
// any doubt (missing, unreadable, corrupt, of another format, a file
// named outside what the compile collects) is a miss, and the compile
// runs as without the cache. A compile that failed or hit a limit is
// never stored. The names the tests import on demand, which a small JVM
// lists once per assignment (kit.importedNames), are kept there too.
// The folder is bounded: once per process, before its first store,
// entries unused for compiledMaxAge are removed (a hit renews an
// entry's time), then the least recently used ones past
// compiledMaxBytes in all.

const (
	// compiledFormat tags an entry; another tag is a miss.
	compiledFormat = "autograder compiled tests 1\n"
	// compiledMaxAge is how long an unused entry is kept.
	compiledMaxAge = 30 * 24 * time.Hour
	// compiledMaxBytes bounds the folder: a course's assignments, a few
	// hundred KiB each, fit many times over.
	compiledMaxBytes = 256 << 20
	// compiledExt names a compile's entry; importedExt a listing's
	// (importedNames).
	compiledExt = ".compiled"
	importedExt = ".imported"
	// importedFormat tags a listing's entry.
	importedFormat = "autograder imported names 1\n"
)

var (
	// runBox runs a box: sandbox.Run, but in this package's tests.
	runBox = sandbox.Run
	// compiledDir is the folder of the entries, "" for none (no cache
	// folder): the user's cache folder's, but in this package's tests.
	compiledDir = func() string {
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "autograder", "compiled-tests")
	}
	pruneOnce sync.Once
)

// compileCached runs spec in a box (runBox) unless its entry in the
// cache folder, for key, holds the files it collects; a compile that
// succeeded is stored there.
func compileCached(ctx context.Context, spec sandbox.Spec, key [32]byte) (sandbox.Result, error) {
	dir := compiledDir()
	if dir == "" {
		return runBox(ctx, spec)
	}
	p := filepath.Join(dir, entryName(spec, key))
	if files, err := loadCompiled(p, spec.Collect); err == nil {
		return sandbox.Result{Files: files}, nil
	}
	res, err := runBox(ctx, spec)
	if err == nil && res.OK() {
		storeCompiled(dir, p, res.Files)
	}
	return res, err
}

// entryName is the name of the entry of a compile of key: a digest of
// key and of the host files the compile reads (hostStamps).
func entryName(spec sandbox.Spec, key [32]byte) string {
	h := sha256.New()
	h.Write([]byte(compiledFormat))
	h.Write(key[:])
	h.Write([]byte(hostStamps(spec)))
	return hex.EncodeToString(h.Sum(nil)) + compiledExt
}

// hostPaths are the host files and folders a compile reads beyond its
// Files: the compiler's own file (symbolic links followed), the
// read-only paths, and the absolute paths its arguments name (a class
// path's jars, "-XX:SharedArchiveFile=" an archive), sorted, once each.
func hostPaths(spec sandbox.Spec) []string {
	ps := slices.Clone(spec.ReadOnly)
	if real, err := filepath.EvalSymlinks(spec.Path); err == nil {
		ps = append(ps, real)
	}
	for _, a := range spec.Args {
		for _, f := range strings.FieldsFunc(a, func(r rune) bool { return r == os.PathListSeparator || r == '=' }) {
			if filepath.IsAbs(f) {
				ps = append(ps, f)
			}
		}
	}
	slices.Sort(ps)
	return slices.Compact(ps)
}

// hostStamps are hostPaths' stamps.
func hostStamps(spec sandbox.Spec) string { return stamps(hostPaths(spec)) }

// stamps are the host paths ps, each with its size and modification
// time, or "-" where it cannot be read.
func stamps(ps []string) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "%q ", p)
		if !stamp(&b, p) {
			b.WriteString("-\n")
		}
	}
	return b.String()
}

// stamp writes the host file p's size and modification time to w, the
// one mark of a file's version every cached thing's key holds (a JDK or
// jar upgraded in place misses); false, writing nothing, where p cannot
// be read.
func stamp(w io.Writer, p string) bool {
	st, err := os.Stat(p)
	if err != nil {
		return false
	}
	fmt.Fprintf(w, "%d %d\n", st.Size(), st.ModTime().UnixNano())
	return true
}

// loadCompiled reads the entry p: its files, each named as one of the
// collect patterns matches; any doubt is an error. A hit renews the
// entry's time.
func loadCompiled(p string, collect []string) ([]sandbox.File, error) {
	body, err := loadEntry(p, compiledFormat)
	if err != nil {
		return nil, err
	}
	files, err := decodeCompiled(body)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	for _, f := range files {
		if !slices.ContainsFunc(collect, func(pat string) bool { ok, _ := path.Match(pat, f.Name); return ok }) {
			return nil, fmt.Errorf("%s: %s is not collected", p, f.Name)
		}
	}
	return files, nil
}

// storeCompiled writes files as the entry p in dir (storeEntry).
func storeCompiled(dir, p string, files []sandbox.File) {
	storeEntry(dir, p, compiledFormat, encodeCompiled(files))
}

// loadEntry reads the entry p of the format tag: its body, checked
// against its digest; any doubt is an error. A hit renews the entry's
// time.
func loadEntry(p, tag string) ([]byte, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	rest, ok := bytes.CutPrefix(data, []byte(tag))
	if !ok || len(rest) < sha256.Size {
		return nil, fmt.Errorf("%s: %w", p, errCorrupt)
	}
	body := rest[sha256.Size:]
	if sum := sha256.Sum256(body); !bytes.Equal(sum[:], rest[:sha256.Size]) {
		return nil, fmt.Errorf("%s: %w", p, errCorrupt)
	}
	now := time.Now()
	os.Chtimes(p, now, now)
	return body, nil
}

// storeEntry writes body as the entry p in dir, of the format tag (the
// tag, body's SHA-256 digest, body), whole or not at all (atomicfile),
// the folder pruned first once per process. It is a cache: a write that
// fails leaves the next process to do the work again.
func storeEntry(dir, p, tag string, body []byte) {
	if os.MkdirAll(dir, 0o755) != nil {
		return
	}
	pruneOnce.Do(func() { pruneCompiled(dir, time.Now(), compiledMaxAge, compiledMaxBytes) })
	sum := sha256.Sum256(body)
	atomicfile.WriteFile(p, slices.Concat([]byte(tag), sum[:], body))
}

// pruneCompiled removes the entries of dir unused for maxAge before
// now, and a killed write's leftovers an hour old, then the least
// recently used entries while all hold more than maxBytes.
func pruneCompiled(dir string, now time.Time, maxAge time.Duration, maxBytes int64) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type entry struct {
		path string
		size int64
		used time.Time
	}
	var kept []entry
	var total int64
	for _, e := range ents {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case strings.HasPrefix(e.Name(), "."):
			if now.Sub(info.ModTime()) > time.Hour {
				os.Remove(p)
			}
		case !strings.HasSuffix(e.Name(), compiledExt) && !strings.HasSuffix(e.Name(), importedExt):
		case now.Sub(info.ModTime()) > maxAge:
			os.Remove(p)
		default:
			kept = append(kept, entry{p, info.Size(), info.ModTime()})
			total += info.Size()
		}
	}
	slices.SortFunc(kept, func(a, b entry) int { return a.used.Compare(b.used) })
	for _, e := range kept {
		if total <= maxBytes {
			break
		}
		if os.Remove(e.path) == nil {
			total -= e.size
		}
	}
}

// encodeCompiled is a compile's entry's body: the number of files and
// each file's name, mode and content, each length and number a uvarint.
func encodeCompiled(files []sandbox.File) []byte {
	var body []byte
	body = binary.AppendUvarint(body, uint64(len(files)))
	for _, f := range files {
		body = binary.AppendUvarint(body, uint64(len(f.Name)))
		body = append(body, f.Name...)
		body = binary.AppendUvarint(body, uint64(f.Mode))
		body = binary.AppendUvarint(body, uint64(len(f.Data)))
		body = append(body, f.Data...)
	}
	return body
}

// errCorrupt is an entry that is not one storeEntry wrote.
var errCorrupt = errors.New("not a whole entry of this format")

// decodeCompiled reads a body encodeCompiled wrote.
func decodeCompiled(body []byte) ([]sandbox.File, error) {
	r := entryReader{b: body}
	n := r.number()
	var files []sandbox.File
	for i := uint64(0); i < n && r.err == nil; i++ {
		name := string(r.bytes())
		mode := r.number()
		if mode > math.MaxUint32 {
			r.err = errCorrupt
		}
		files = append(files, sandbox.File{Name: name, Mode: os.FileMode(mode), Data: r.bytes()})
	}
	if r.err != nil || len(r.b) != 0 {
		return nil, errCorrupt
	}
	return files, nil
}

// entryReader reads an entry's numbers and byte strings; the first
// that is not whole sets err, and every later read is empty.
type entryReader struct {
	b   []byte
	err error
}

func (r *entryReader) number() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errCorrupt
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *entryReader) bytes() []byte {
	n := r.number()
	if r.err != nil || n > uint64(len(r.b)) {
		r.err = errCorrupt
		return nil
	}
	out := slices.Clone(r.b[:n])
	r.b = r.b[n:]
	return out
}
