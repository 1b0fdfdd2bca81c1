package unittest

import (
	"archive/zip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/sandbox"
)

// deep are Collect patterns for the files under dir, a few packages deep.
func deep(dir string) []string {
	var out []string
	p := dir
	for range 8 {
		p += "/*"
		out = append(out, p)
	}
	return out
}

func sortedNames(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// kit is the bridge's Java side compiled, once per machine (in the
// user's cache folder, keyed by the compiler, JUnit and the sources):
// the test side's classes as the test box holds them (under bridgeDir)
// and the server's as the student box holds them (under studentDir),
// and each side's classes in a jar beside them (testJarName,
// serverJarName), which a box may show read-only instead, with the class
// data archive that holds its classes (junitArchive, serverArchive).
type kit struct {
	key       string // what it was built from (javaKit)
	testSide  []sandbox.File
	server    []sandbox.File
	testJar   string // the test side's jar's path in the cache folder; "" without one
	serverJar string // the server's

	mu       sync.Mutex
	imported map[string][]string // the classes imported on demand, by JVM and packages
}

var (
	kitMu sync.Mutex
	kits  = map[string]*kit{}
	// listNames runs the JVM that lists the names imported on demand:
	// javabridge.ImportedNames, but in this package's tests.
	listNames = javabridge.ImportedNames
)

// javaKit is the kit for the Java compiler and JUnit's jar, built on first use.
func javaKit(ctx context.Context, compiler runner.Tool, jar string) (*kit, error) {
	kitMu.Lock()
	defer kitMu.Unlock()
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", compiler.Path, compiler.Version, jar)
	stamp(h, jar)
	// The kit's layout: a kit folder of another layout is another's.
	fmt.Fprintf(h, "test server %s %s\n", testJarName, serverJarName)
	for _, files := range []map[string][]byte{javabridge.TestSideFiles(), javabridge.ServerFiles()} {
		for _, p := range sortedNames(files) {
			fmt.Fprintf(h, "%s %d\n", p, len(files[p]))
			h.Write(files[p])
		}
	}
	key := hex.EncodeToString(h.Sum(nil))[:16]
	if k := kits[key]; k != nil {
		return k, nil
	}
	k, err := loadKit(ctx, compiler.Path, jar, key, hostCompileFlags(compiler))
	if err != nil {
		return nil, err
	}
	k.key = key
	kits[key] = k
	return k, nil
}

// loadKit reads the kit from the user's cache folder, building it there
// first; without a usable cache folder, it builds it in a temporary one,
// removed once read.
func loadKit(ctx context.Context, compiler, jar, key string, flags []string) (*kit, error) {
	var dir string
	if base, err := os.UserCacheDir(); err == nil {
		dir = filepath.Join(base, "autograder", "junit-bridge-"+key)
		if _, err := os.Stat(filepath.Join(dir, "ok")); err != nil {
			if err := buildKit(ctx, compiler, jar, dir, flags); err != nil {
				dir = ""
			}
		}
	}
	k := &kit{imported: map[string][]string{}}
	if dir == "" {
		tmp, err := os.MkdirTemp("", "autograder-junit-bridge-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		dir = filepath.Join(tmp, "kit")
		if err := buildKit(ctx, compiler, jar, dir, flags); err != nil {
			return nil, err
		}
	} else if _, err := os.Stat(filepath.Join(dir, serverJarName)); err == nil {
		// A temporary kit's would be gone.
		k.testJar, k.serverJar = filepath.Join(dir, testJarName), filepath.Join(dir, serverJarName)
	}
	var err error
	if k.testSide, err = readTree(filepath.Join(dir, "test"), bridgeDir); err == nil {
		k.server, err = readTree(filepath.Join(dir, "server"), studentDir)
	}
	return k, err
}

// buildKit compiles both sides into a fresh folder beside dir (the compiler
// given flags), then renames it to dir, so that a half-built kit is
// never used.
func buildKit(ctx context.Context, compiler, jar, dir string, flags []string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".junit-bridge-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := javabridge.Compile(ctx, compiler, []string{jar}, javabridge.TestSideFiles(), filepath.Join(tmp, "test"), flags...); err != nil {
		return err
	}
	if err := javabridge.Compile(ctx, compiler, nil, javabridge.ServerFiles(), filepath.Join(tmp, "server"), flags...); err != nil {
		return err
	}
	if err := writeJar(filepath.Join(tmp, "test"), filepath.Join(tmp, testJarName)); err != nil {
		return err
	}
	if err := writeJar(filepath.Join(tmp, "server"), filepath.Join(tmp, serverJarName)); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "ok"), nil, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, serr := os.Stat(filepath.Join(dir, "ok")); serr == nil {
			return nil // another process built it first
		}
		return err
	}
	return nil
}

// The jars in a kit's folder: the test side's (its service file too)
// and the server's.
const (
	testJarName   = "test.jar"
	serverJarName = "server.jar"
)

// writeJar writes the files under dir into a jar at jar (a zip of them,
// named by their paths under dir; no manifest, which a class path does
// not need), each with the same fixed time.
func writeJar(dir, jar string) (err error) {
	f, err := os.Create(jar)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	w := zip.NewWriter(f)
	err = eachFile(dir, func(rel string, b []byte) error {
		e, err := w.CreateHeader(&zip.FileHeader{Name: rel, Method: zip.Deflate, Modified: jarTime})
		if err == nil {
			_, err = e.Write(b)
		}
		return err
	})
	if err != nil {
		return err
	}
	return w.Close()
}

// jarTime is the time of every file in a jar the grader writes.
var jarTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// hostCompileFlags are the options for the compiler run outside any box
// (the kit, the test JVM's archive's training class): the toolchain's for
// it in a box of the sandbox's default memory (the first JIT tier alone
// among them), which more than halve a compile's CPU time against the
// JVM's defaults (the kit's two compiles: 5.9 s of CPU against 2.6 s).
// They change how fast the compiler runs, never what it writes. Not its
// class data archive: one for these options would be built for these
// compiles alone.
func hostCompileFlags(compiler runner.Tool) []string {
	return toolchain.Java.Options(compiler.Name, toolchain.Box{}, compiler.Version)
}

// readTree reads the files under dir as box files under prefix.
func readTree(dir, prefix string) ([]sandbox.File, error) {
	var out []sandbox.File
	err := eachFile(dir, func(rel string, b []byte) error {
		out = append(out, sandbox.File{Name: prefix + "/" + rel, Data: b})
		return nil
	})
	return out, err
}

// eachFile calls fn with each file under dir, in lexical order: its
// path under dir, with slashes, and its content.
func eachFile(dir string, fn func(rel string, data []byte) error) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		return fn(filepath.ToSlash(rel), b)
	})
}

// reserved are the class names the group's files own or import on
// demand (javabridge.ReservedBy, ImportedNames): no student class of
// those names gets a stand-in, but a class the rubric requires may take a
// name imported on demand (handoutShadows). The classes imported on demand depend on
// the JVM and the packages alone, not on the files that import them:
// listed once per JVM and set of packages (a JVM's run; importedNames
// remembers it in the cache folder, for the next process), so that the
// public and the hidden tests of an assignment, which mostly import the
// same, share it.
func (k *kit) reserved(ctx context.Context, java, jar string, files []source, required []string) ([]string, error) {
	tests := map[string][]byte{}
	for _, s := range files {
		tests[s.name] = s.data
	}
	pkgs := javabridge.OnDemandImports(tests)
	key := java + "\n" + strings.Join(pkgs, "\n")
	k.mu.Lock()
	defer k.mu.Unlock()
	imported, ok := k.imported[key]
	if !ok {
		var err error
		if imported, err = k.importedNames(ctx, java, jar, tests, pkgs); err != nil {
			return nil, err
		}
		k.imported[key] = imported
	}
	return append(javabridge.ReservedBy(tests), handoutShadows(imported, required)...), nil
}

// handoutShadows are the names imported on demand (import java.util.*)
// that a student's class may not take, but those of the files the rubric
// requires (Stack.java): as the compiler resolves them, a class of the tests'
// own package shadows a type imported on demand (JLS 6.4.1), and the
// instructor's handout named it, so the tests mean the student's
// (StackTest's Stack). A class the rubric does not ask for stays out.
func handoutShadows(imported, required []string) []string {
	handout := map[string]bool{}
	for _, f := range required {
		if stem, ok := strings.CutSuffix(path.Base(f), ".java"); ok {
			handout[stem] = true
		}
	}
	var out []string
	for _, n := range imported {
		if !handout[n] {
			out = append(out, n)
		}
	}
	return out
}

// importedNames is listImported's answer for the packages pkgs, kept in
// the cache folder beside the tests' compiles (storeEntry) for the next
// process: an entry is named by the kit's key (the compiler, JUnit's jar
// and its size and time, the bridge's sources), the JVM, the size and
// time of its file and of its JDK's class library (lib/modules), and the
// packages, so that another JDK or JUnit lists afresh; any doubt about
// an entry lists afresh too.
func (k *kit) importedNames(ctx context.Context, java, jar string, tests map[string][]byte, pkgs []string) ([]string, error) {
	dir := compiledDir()
	if dir == "" {
		return k.listImported(ctx, java, jar, tests)
	}
	files := []string{java}
	if real, err := filepath.EvalSymlinks(java); err == nil {
		files = append(files, real)
	}
	if home := toolchain.JDKHome(java); home != "" {
		files = append(files, filepath.Join(home, "lib", "modules"))
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s%s\n%s\n%s\n", importedFormat, k.key, java, strings.Join(pkgs, " "))
	h.Write([]byte(stamps(files)))
	p := filepath.Join(dir, hex.EncodeToString(h.Sum(nil))+importedExt)
	if body, err := loadEntry(p, importedFormat); err == nil {
		return strings.Fields(string(body)), nil
	}
	names, err := k.listImported(ctx, java, jar, tests)
	if err == nil {
		storeEntry(dir, p, importedFormat, []byte(strings.Join(names, "\n")))
	}
	return names, err
}

// listImported runs javabridge.ImportedNames with the kit's test side
// beside JUnit's jar on the class path, from a folder of its own.
func (k *kit) listImported(ctx context.Context, java, jar string, tests map[string][]byte) ([]string, error) {
	dir, err := os.MkdirTemp("", "autograder-junit-lister-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for _, f := range k.testSide {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return nil, err
		}
	}
	return listNames(ctx, java, []string{jar, filepath.Join(dir, bridgeDir)}, tests)
}
