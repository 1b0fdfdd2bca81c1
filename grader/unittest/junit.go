package unittest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/sandbox"
)

// The JUnit run's folders in its boxes: the stand-ins' sources and the
// compiled tests beside the instructor's files in the test box.
const (
	standinDir = "_standins"
	testsDir   = box + "/classes"
	reportsDir = box + "/reports"
)

// runJUnit runs the group's test classes with JUnit's console launcher in
// a test box that holds no student file: the student's classes are
// stand-ins (package javabridge, generated from the class files, never
// run there) whose every member is a call relayed to a student box that
// holds the student's classes and the bridge's server. One student
// process per top-level test class, a fresh one after a test whose
// process ended or was stopped.
func runJUnit(ctx context.Context, e env) (ran, error) {
	fw := e.tc.Tests
	jar := fw.Launcher()
	if jar == "" {
		return ran{}, fmt.Errorf("%s: no console launcher (looked in %s; on Debian: %s)", fw.Title, strings.Join(fw.Launchers, ", "), fw.Install)
	}
	compiler, err := tool(e.tools, fw.Compiler)
	if err != nil {
		return ran{}, err
	}
	java, err := tool(e.tools, fw.Runner)
	if err != nil {
		return ran{}, err
	}
	k, err := javaKit(ctx, compiler, jar)
	if err != nil {
		return ran{}, fmt.Errorf("%s: preparing the bridge: %w", fw.Title, err)
	}
	reserved, err := k.reserved(ctx, java.Path, jar, e.files)
	if err != nil {
		return ran{}, fmt.Errorf("%s: %w", fw.Title, err)
	}
	classes := map[string][]byte{}
	for _, f := range e.student {
		classes[f.Name] = f.Data
	}
	tests := map[string][]byte{}
	for _, s := range e.files {
		tests[s.name] = s.data
	}
	// Without the JDK's class files (a launcher outside a JDK's bin),
	// only the common exceptions are known, and the notes say so.
	jdk, _ := javabridge.OpenJDK(java.Path)
	res, err := javabridge.Standins(classes, javabridge.Options{Reserved: reserved, Instructor: javabridge.ReservedBy(tests), JDK: jdk})
	var le *javabridge.LoadError
	if errors.As(err, &le) {
		return ran{loadError: le.Error(), notes: le.Notes}, nil
	} else if err != nil {
		return ran{}, fmt.Errorf("%s: reading the student's classes: %w", fw.Title, err)
	}
	built, r, err := buildJUnit(ctx, e, compiler, jar, k, res)
	if err != nil || r.compileLog != "" {
		r.notes = res.Notes
		return r, err
	}
	r, err = relayJUnit(ctx, e, java, jar, k, built)
	r.notes = res.Notes
	return r, err
}

// buildJUnit compiles the stand-ins and the group's files, in a box,
// against JUnit and the bridge's test side: the compiled classes, or a
// ran with the compiler's messages.
func buildJUnit(ctx context.Context, e env, compiler runner.Tool, jar string, k *kit, res *javabridge.Result) ([]sandbox.File, ran, error) {
	files := append(instructorFiles(e.files), k.testSide...)
	args := append(e.options(compiler), "-proc:none", "-implicit:none", "-encoding", "UTF-8", "-nowarn",
		"-d", testsDir, "-cp", jar+":"+bridgeDir)
	for _, s := range e.files {
		args = append(args, box+"/"+s.name)
	}
	for _, p := range sortedNames(res.Sources) {
		files = append(files, sandbox.File{Name: standinDir + "/" + p, Data: res.Sources[p]})
		args = append(args, standinDir+"/"+p)
	}
	out, err := sandbox.Run(ctx, sandbox.Spec{Path: compiler.Path, Args: args, Files: files,
		Limits: e.build, ReadOnly: e.base.ReadOnly, Collect: deep(testsDir)})
	if err != nil {
		return nil, ran{}, fmt.Errorf("%s: compiling the tests: %w", e.tc.Tests.Title, err)
	}
	if !out.OK() {
		return nil, ran{compileLog: string(out.Stdout) + string(out.Stderr) + limitNote(out)}, nil
	}
	return append(out.Files, sandbox.File{Name: testsDir + "/" + javabridge.IndexPath, Data: res.Index}), ran{}, nil
}

// relayJUnit runs the compiled tests in the test box, the student's
// classes in student boxes the relay starts, and collects the report.
func relayJUnit(ctx context.Context, e env, jvm runner.Tool, jar string, k *kit, built []sandbox.File) (ran, error) {
	java := jvm.Path
	var selected []string
	for _, s := range e.testFiles() {
		selected = append(selected, strings.TrimSuffix(s.name, ".java"))
	}
	test := sandbox.Spec{Path: java, Args: javabridge.LauncherArgs(e.options(jvm), jar, bridgeDir, testsDir, reportsDir, selected),
		Files: append(slices.Clone(k.testSide), built...), Env: e.base.Env,
		Limits: e.limits, ReadOnly: e.base.ReadOnly, Collect: []string{reportsDir + "/*.xml"}}
	student := sandbox.Spec{Path: java, Args: javabridge.ServerArgs(e.options(jvm), studentDir, "."),
		Files: append(slices.Clone(e.student), k.server...), Env: e.base.Env,
		Limits: e.limits, ReadOnly: e.base.ReadOnly}
	return e.relay(ctx, test, student)
}

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
// and the server's as the student box holds them (under studentDir).
type kit struct {
	testSide []sandbox.File
	server   []sandbox.File

	mu      sync.Mutex
	reserve map[string][]string // by the instructor's files' digest
}

var (
	kitMu sync.Mutex
	kits  = map[string]*kit{}
)

// javaKit is the kit for the Java compiler and JUnit's jar, built on first use.
func javaKit(ctx context.Context, compiler runner.Tool, jar string) (*kit, error) {
	kitMu.Lock()
	defer kitMu.Unlock()
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", compiler.Path, compiler.Version, jar)
	if st, err := os.Stat(jar); err == nil {
		fmt.Fprintf(h, "%d %d\n", st.Size(), st.ModTime().UnixNano())
	}
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
	k, err := loadKit(ctx, compiler.Path, jar, key)
	if err != nil {
		return nil, err
	}
	kits[key] = k
	return k, nil
}

// loadKit reads the kit from the user's cache folder, building it there
// first; without a usable cache folder, it builds it in a temporary one,
// removed once read.
func loadKit(ctx context.Context, compiler, jar, key string) (*kit, error) {
	var dir string
	if base, err := os.UserCacheDir(); err == nil {
		dir = filepath.Join(base, "autograder", "junit-bridge-"+key)
		if _, err := os.Stat(filepath.Join(dir, "ok")); err != nil {
			if err := buildKit(ctx, compiler, jar, dir); err != nil {
				dir = ""
			}
		}
	}
	if dir == "" {
		tmp, err := os.MkdirTemp("", "autograder-junit-bridge-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		dir = filepath.Join(tmp, "kit")
		if err := buildKit(ctx, compiler, jar, dir); err != nil {
			return nil, err
		}
	}
	k := &kit{reserve: map[string][]string{}}
	var err error
	if k.testSide, err = readTree(filepath.Join(dir, "test"), bridgeDir); err == nil {
		k.server, err = readTree(filepath.Join(dir, "server"), studentDir)
	}
	return k, err
}

// buildKit compiles both sides into a fresh folder beside dir, then
// renames it to dir, so that a half-built kit is never used.
func buildKit(ctx context.Context, compiler, jar, dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".junit-bridge-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := javabridge.Compile(ctx, compiler, []string{jar}, javabridge.TestSideFiles(), filepath.Join(tmp, "test")); err != nil {
		return err
	}
	if err := javabridge.Compile(ctx, compiler, nil, javabridge.ServerFiles(), filepath.Join(tmp, "server")); err != nil {
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

// readTree reads the files under dir as box files under prefix.
func readTree(dir, prefix string) ([]sandbox.File, error) {
	var out []sandbox.File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, sandbox.File{Name: prefix + "/" + filepath.ToSlash(rel), Data: b})
		return nil
	})
	return out, err
}

// reserved are the class names the group's files own or import on
// demand (javabridge.ReservedBy, ImportedNames): no student class of
// those names gets a stand-in. Asked once per set of files.
func (k *kit) reserved(ctx context.Context, java, jar string, files []source) ([]string, error) {
	tests := map[string][]byte{}
	h := sha256.New()
	for _, s := range files {
		tests[s.name] = s.data
		fmt.Fprintf(h, "%s %d\n", s.name, len(s.data))
		h.Write(s.data)
	}
	key := fmt.Sprintf("%s\n%x", java, h.Sum(nil))
	k.mu.Lock()
	defer k.mu.Unlock()
	if r, ok := k.reserve[key]; ok {
		return r, nil
	}
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
	imported, err := javabridge.ImportedNames(ctx, java, []string{jar, filepath.Join(dir, bridgeDir)}, tests)
	if err != nil {
		return nil, err
	}
	r := append(javabridge.ReservedBy(tests), imported...)
	k.reserve[key] = r
	return r, nil
}
