package javabridge

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// kit is what the JVM tests share, built once per test binary: the JDK,
// JUnit's console launcher, and the two sides of the bridge, compiled.
type kit struct {
	java, javac string
	junit       string
	javacFlags  []string // the grader's for javac (testJavac)
	testOpts    []string // the test JVMs' (testJVMOptions)
	testSide    string   // compiled test side (and its service file)
	server      string   // compiled student-side server
	dir         string

	mu     sync.Mutex
	builds map[string]*shared // the runs' builds of their tests and lists of imports, by what they depend on (once)
}

// shared is a build that runs share: done once, its folder (a build's)
// or names (a list's), or its error.
type shared struct {
	once  sync.Once
	dir   string
	names []string
	err   error
}

// once is the shared build of key, made by do the first time.
func (k *kit) once(key string, do func(s *shared)) *shared {
	k.mu.Lock()
	s := k.builds[key]
	if s == nil {
		s = &shared{}
		k.builds[key] = s
	}
	k.mu.Unlock()
	s.once.Do(func() { do(s) })
	return s
}

// digest is a key of what a build reads: the files of each map (path
// and content, in path order), the maps apart.
func digest(parts ...map[string][]byte) string {
	h := sha256.New()
	for _, m := range parts {
		for _, p := range slices.Sorted(maps.Keys(m)) {
			fmt.Fprintf(h, "%d:%s%d:", len(p), p, len(m[p]))
			h.Write(m[p])
		}
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// importedNames is ImportedNames of tests against JUnit and the test
// side, listed once per test binary for the same tests: which classes
// the tests' on-demand imports name depends on nothing else.
func (k *kit) importedNames(ctx context.Context, tests map[string][]byte) ([]string, error) {
	s := k.once("imports "+digest(tests), func(s *shared) {
		s.names, s.err = ImportedNames(ctx, k.java, []string{k.junit, k.testSide}, tests)
	})
	return slices.Clone(s.names), s.err
}

// buildTests is BuildTests of res and tests into out, compiled once per
// test binary for the same stand-ins and tests (a hand-in and its wrong
// twin have the same public API: the same stand-ins) and copied into
// out, so that each run's folder is its own, as it was built for it.
func (k *kit) buildTests(ctx context.Context, res *Result, tests map[string][]byte, out string) error {
	key := digest(res.Sources, map[string][]byte{IndexPath: res.Index}, tests)
	s := k.once("tests "+key, func(s *shared) {
		s.dir = filepath.Join(k.dir, "tests-"+key[:16])
		s.err = BuildTests(ctx, k.javac, k.junit, k.testSide, res, tests, s.dir, k.javacFlags...)
	})
	if s.err != nil {
		return s.err
	}
	return os.CopyFS(out, os.DirFS(s.dir))
}

var (
	kitOnce sync.Once
	kitVal  *kit
	kitErr  error
	kitSkip string
)

// requireKit returns the shared kit. Without a JDK or JUnit it skips the
// test with the reason, or fails it when CI is "true": CI must run these.
func requireKit(t testing.TB) *kit {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test runs JVMs")
	}
	kitOnce.Do(buildKit)
	if kitSkip != "" {
		testenv.Missing(t, "%s", kitSkip)
	}
	if kitErr != nil {
		t.Fatal(kitErr)
	}
	return kitVal
}

func buildKit() {
	ctx, cancel := context.WithTimeout(context.Background(), jvmLimit)
	defer cancel()
	jdk, err := toolchain.FindJDK(ctx)
	if err != nil {
		kitSkip = "no JDK: " + err.Error()
		return
	}
	fw := toolchain.ByFramework("junit").Tests
	junit := fw.Launcher()
	if junit == "" {
		kitSkip = fw.Missing()
		return
	}
	dir, err := os.MkdirTemp("", "javabridge-kit-")
	if err != nil {
		kitErr = err
		return
	}
	k := &kit{java: jdk.Java, javac: jdk.Javac, junit: junit, dir: dir, javacFlags: testJavac(ctx, jdk), builds: map[string]*shared{},
		testSide: filepath.Join(dir, "testside"), server: filepath.Join(dir, "server")}
	if err := Compile(ctx, k.javac, []string{junit}, TestSideFiles(), k.testSide, k.javacFlags...); err != nil {
		kitErr = err
		return
	}
	if err := Compile(ctx, k.javac, nil, ServerFiles(), k.server, k.javacFlags...); err != nil {
		kitErr = err
		return
	}
	k.testOpts = testJVMOptions(ctx, k, jdk.Feature)
	kitVal = k
}

// testJavac are the options the grader gives javac (the Java
// toolchain's for a box of 512 MiB, the C1 compiler alone among them),
// which more than halve a compile's CPU time against javac's own
// defaults, and those that map the compiler's class data archive (the
// toolchain's, as the grader's builds map it: about a third less CPU
// again; none when there is none): the tests compile as the grader does.
func testJavac(ctx context.Context, jdk toolchain.JDK) []string {
	opts := toolchain.Java.Options("javac", toolchain.Box{Memory: 512 << 20}, jdk.Version)
	more, _ := toolchain.Java.Archive(ctx, "javac", jdk.Javac, jdk.Version, opts)
	return append(opts, more...)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if kitVal != nil {
		os.RemoveAll(kitVal.dir)
	}
	os.Exit(code)
}

// jvmLimit is the wall deadline of what a test runs of javac and the
// JVMs: none of them needs more than seconds of CPU, and on a machine
// loaded many times over its cores (a CI run beside others) their wall
// time stretches with the load, so the deadline is far above any need,
// only short of go test's own 10-minute timeout, so that a run that
// hangs fails its test and its JVMs are killed rather than left behind
// by a binary that panics.
const jvmLimit = 8 * time.Minute

// jvmOpts are the toolchain's JVM options for both boxes, as a box of
// 512 MiB gets them (the test box's with its archive: kit.testOpts).
var jvmOpts = toolchain.JVMOptions(512<<20, "17")

// scenario is one run: the student's sources, the instructor's tests.
type scenario struct {
	student map[string]string // file -> Java source
	tests   map[string]string // file -> Java source (default package)
	classes []string          // test classes to run
	// fake, when set, answers the test side's calls instead of a student
	// JVM: it gets each request and returns the reply (its seq is added
	// unless the reply has one).
	fake func(req map[string]any) map[string]any
	// fakes are fakes for the tests of one class (by its name) alone.
	fakes map[string]func(req map[string]any) map[string]any
	// maxCallbacks, by test class, is a per-test limit: past that many
	// calls of the student's side back to the test's in one test, the
	// forwarder stops the student's process, as the grader's relay does
	// at a test's CPU or wall limit (a count, so the machine's speed
	// cannot matter).
	maxCallbacks map[string]int
}

// outcome is what a run gives: each test's result, what the student's
// process printed, where its box was.
type outcome struct {
	tests      map[string]testResult // "Class.method" -> result
	studentDir string
	testErr    string
	notes      []string
	starts     int           // student JVMs started
	testIDs    []string      // the ids of the "test" control frames, in order
	depths     []int         // the depths of the "nested" control frames, in order
	startedIn  []string      // the test class of each start, in order
	nestedIn   []string      // the test class of each depth, in order
	wall, cpu  time.Duration // of the run alone (both JVMs), not the builds
}

type testResult struct {
	status  string // "passed", "failure", "error", "skipped"
	message string
	detail  string
}

// run builds and runs a scenario: the student's classes compiled in their
// own folder (the student's "box", the server's working folder), the
// stand-ins and tests in another, the two JVMs joined by forward.
func (k *kit) run(t testing.TB, sc scenario) *outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), jvmLimit)
	defer cancel()
	root := t.TempDir()
	studentDir, testsDir, reports := filepath.Join(root, "student"), filepath.Join(root, "tests"), filepath.Join(root, "reports")
	files := map[string][]byte{}
	for p, s := range sc.student {
		files[p] = []byte(s)
	}
	if err := Compile(ctx, k.javac, nil, files, studentDir, k.javacFlags...); err != nil {
		t.Fatal(err)
	}
	tfiles := map[string][]byte{}
	for p, s := range sc.tests {
		tfiles[p] = []byte(s)
	}
	imported, err := k.importedNames(ctx, tfiles)
	if err != nil {
		t.Fatal(err)
	}
	jdk, err := OpenJDK(k.java)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Standins(readClasses(t, studentDir), Options{Reserved: append(ReservedBy(tfiles), imported...), Instructor: ReservedBy(tfiles), JDK: jdk})
	if err != nil {
		t.Fatal(err)
	}
	if err := k.buildTests(ctx, res, tfiles, testsDir); err != nil {
		t.Fatal(err)
	}
	out := &outcome{studentDir: studentDir, notes: res.Notes}
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &before)
	start := time.Now()
	var f *forwarder
	out.testErr, f = k.launch(ctx, t, sc, testsDir, studentDir, reports)
	out.starts, out.testIDs, out.depths = f.starts, f.testIDs, f.depths
	out.startedIn, out.nestedIn = f.startedIn, f.nestedIn
	out.wall = time.Since(start)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &after)
	out.cpu = time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
	out.tests = readReport(t, reports)
	return out
}

// of is the part of a run of several test classes that is classes':
// their tests, their test frames, the student processes started and the
// depths said in their tests.
func (o *outcome) of(classes ...string) *outcome {
	c := *o
	c.tests, c.testIDs, c.depths, c.starts = nil, nil, nil, 0
	for id, r := range o.tests {
		if slices.Contains(classes, testClass(id)) {
			if c.tests == nil {
				c.tests = map[string]testResult{}
			}
			c.tests[id] = r
		}
	}
	for _, id := range o.testIDs {
		if slices.Contains(classes, testClass(id)) {
			c.testIDs = append(c.testIDs, id)
		}
	}
	for i, d := range o.depths {
		if slices.Contains(classes, o.nestedIn[i]) {
			c.depths = append(c.depths, d)
		}
	}
	for _, in := range o.startedIn {
		if slices.Contains(classes, in) {
			c.starts++
		}
	}
	return &c
}

// testClass is the top-level class of a test's id ("ParamTest" of
// "ParamTest$Inside.seesTheSameProcess").
func testClass(id string) string {
	id, _, _ = strings.Cut(id, ".")
	id, _, _ = strings.Cut(id, "$")
	return id
}

func readClasses(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	m := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".class") {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		m[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// launch runs JUnit in the test "box" through autograder.bridge.Main and
// the forwarder; it returns what the test JVM printed on stderr.
func (k *kit) launch(ctx context.Context, t testing.TB, sc scenario, testsDir, studentDir, reports string) (string, *forwarder) {
	args := LauncherArgs(k.testOpts, k.junit, k.testSide, testsDir, reports, sc.classes)
	cmd := exec.CommandContext(ctx, k.java, args...)
	cmd.Dir = testsDir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	toTest, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	fromTest, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	f := &forwarder{ctx: ctx, k: k, dir: studentDir, toTest: toTest, fake: sc.fake, fakes: sc.fakes, maxCallbacks: sc.maxCallbacks}
	f.run(fromTest)
	cmd.Wait()
	f.stop(false)
	return stderr.String(), f
}

// forwarder is a tiny relay for these tests: it forwards 'S' frames,
// starts the student's JVM on the first one, answers 'G' frames by ending
// it where the protocol says, and sends 'X' when it dies.
type forwarder struct {
	ctx    context.Context
	k      *kit
	dir    string
	toTest io.Writer
	wmu    sync.Mutex
	fake   func(map[string]any) map[string]any
	fakes  map[string]func(map[string]any) map[string]any

	mu        sync.Mutex
	student   *studentProc
	starts    int
	testIDs   []string
	depths    []int    // the depths of the "nested" control frames, in order
	class     string   // the current test's class (testClass)
	startedIn []string // the class of each start
	nestedIn  []string // the class of each depth

	maxCallbacks map[string]int
	callbacks    int    // in the current test
	owed         bool   // the test side sent a frame the student has not answered
	pending      []byte // an 'X' for the next frame of the test side's, as the relay keeps one
}

type studentProc struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	killed  bool
	limited bool   // stopped at the per-test limit
	why     string // why the forwarder stopped it, told as the relay tells it
	done    chan struct{}
	stderr  bytes.Buffer
}

func readFrame(r io.Reader) ([]byte, error) {
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return nil, err
	}
	size := binary.BigEndian.Uint32(n[:])
	if size < 1 || size > 16<<20 {
		return nil, fmt.Errorf("frame of %d bytes", size)
	}
	p := make([]byte, size)
	_, err := io.ReadFull(r, p)
	return p, err
}

func writeFrame(w io.Writer, p []byte) error {
	b := make([]byte, 4+len(p))
	binary.BigEndian.PutUint32(b, uint32(len(p)))
	copy(b[4:], p)
	_, err := w.Write(b)
	return err
}

func (f *forwarder) send(p []byte) {
	f.wmu.Lock()
	defer f.wmu.Unlock()
	writeFrame(f.toTest, p)
}

func (f *forwarder) run(fromTest io.Reader) {
	for {
		p, err := readFrame(fromTest)
		if err != nil {
			return
		}
		switch p[0] {
		case 'S':
			if fake := f.fakeNow(); fake != nil {
				f.answer(fake, p[1:])
				continue
			}
			f.mu.Lock()
			x := f.pending
			f.pending, f.owed = nil, x == nil
			f.mu.Unlock()
			if x != nil {
				f.send(x) // the death no call was waiting for answers this frame
				continue
			}
			s := f.ensure()
			if s == nil || writeFrame(s.stdin, p) != nil {
				f.died(s, "the student's process could not start")
			}
		case 'G':
			var g struct{ Op, ID string }
			json.Unmarshal(p[1:], &g)
			if g.Op == "test" {
				f.mu.Lock()
				f.testIDs = append(f.testIDs, g.ID)
				f.class = testClass(g.ID)
				f.callbacks, f.pending = 0, nil
				f.mu.Unlock()
			}
			if g.Op == "reset" || g.Op == "done" {
				f.stop(true)
			}
			if g.Op == "nested" {
				f.nested(p[1:])
			}
		}
	}
}

// fakeNow is the fake that answers the current test's calls, nil when a
// student JVM does.
func (f *forwarder) fakeNow() func(map[string]any) map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	if fake := f.fakes[f.class]; fake != nil {
		return fake
	}
	return f.fake
}

// answer replies to a request as the fake student would.
func (f *forwarder) answer(fake func(map[string]any) map[string]any, p []byte) {
	var req map[string]any
	if json.Unmarshal(p, &req) != nil || req["op"] == nil {
		return
	}
	r := fake(req)
	if _, own := r["seq"]; !own {
		r["seq"] = req["seq"] // a fake may answer another call, or call back
	}
	b, _ := json.Marshal(r)
	f.send(append([]byte{'S'}, b...))
}

// ensure returns the running student JVM, starting one when there is none.
func (f *forwarder) ensure() *studentProc {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.student != nil {
		return f.student
	}
	cmd := exec.CommandContext(f.ctx, f.k.java, ServerArgs(jvmOpts, f.k.server, f.dir)...)
	cmd.Dir = f.dir
	s := &studentProc{cmd: cmd, done: make(chan struct{})}
	cmd.Stderr = &s.stderr
	var err error
	if s.stdin, err = cmd.StdinPipe(); err != nil {
		return nil
	}
	out, err := cmd.StdoutPipe()
	if err != nil || cmd.Start() != nil {
		return nil
	}
	f.student = s
	f.starts++
	f.startedIn = append(f.startedIn, f.class)
	go f.pump(s, out)
	return s
}

// pump forwards the student's frames to the test side until it dies.
func (f *forwarder) pump(s *studentProc, out io.Reader) {
	defer close(s.done)
	var why string
	for {
		p, err := readFrame(out)
		if err == nil && p[0] != 'S' {
			err = errors.New("channel")
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				why = "the student's process broke the bridge protocol"
			}
			break
		}
		if f.overLimit(s, p) {
			continue // not forwarded: the student is being stopped
		}
		f.mu.Lock()
		f.owed = false
		f.mu.Unlock()
		f.send(p)
	}
	s.cmd.Process.Kill()
	s.cmd.Wait()
	f.died(s, why)
}

// overLimit counts the student's callbacks in the current test, and
// stops the student past maxCallbacks.
func (f *forwarder) overLimit(s *studentProc, p []byte) bool {
	f.mu.Lock()
	limit := f.maxCallbacks[f.class]
	f.mu.Unlock()
	if limit == 0 {
		return false
	}
	var m struct{ Op string }
	json.Unmarshal(p[1:], &m)
	f.mu.Lock()
	defer f.mu.Unlock()
	if m.Op != "" {
		f.callbacks++
	}
	if f.callbacks > limit && !s.limited {
		s.limited = true
		s.cmd.Process.Kill()
	}
	return s.limited
}

// nested stops the student as the relay does when the test side says its
// calls nested past its bound; the depth it said is kept.
func (f *forwarder) nested(p []byte) {
	var g struct{ Depth int }
	json.Unmarshal(p, &g)
	f.mu.Lock()
	f.depths = append(f.depths, g.Depth)
	f.nestedIn = append(f.nestedIn, f.class)
	f.owed = true
	if s := f.student; s != nil && s.why == "" {
		s.why = fmt.Sprintf("calls between the test and your code nested more than %d deep", g.Depth)
		s.cmd.Process.Kill()
	}
	f.mu.Unlock()
}

// died tells the test side, unless the forwarder ended it on purpose.
func (f *forwarder) died(s *studentProc, why string) {
	f.mu.Lock()
	if s != nil && f.student != s {
		f.mu.Unlock()
		return
	}
	f.student = nil
	killed := s != nil && s.killed
	limit := ""
	if s != nil && s.limited {
		why, limit = "the student's code ran past its limit in this test", "wall"
	}
	if s != nil && s.why != "" {
		why = s.why
	}
	f.mu.Unlock()
	if killed {
		return
	}
	exit := -1
	if s != nil && s.cmd.ProcessState != nil {
		exit = s.cmd.ProcessState.ExitCode()
	}
	if why == "" {
		why = fmt.Sprintf("the student's process ended (exit status %d)", exit)
	}
	x, _ := json.Marshal(map[string]any{"why": why, "limit": limit, "exit": exit, "signal": ""})
	frame := append([]byte{'X'}, x...)
	f.mu.Lock()
	owed := f.owed || f.maxCallbacks[f.class] == 0
	if !owed {
		f.pending = frame
	}
	f.owed = false
	f.mu.Unlock()
	if owed {
		f.send(frame)
	}
}

func (f *forwarder) stop(wait bool) {
	f.mu.Lock()
	s := f.student
	f.student = nil
	if s != nil {
		s.killed = true
		s.cmd.Process.Kill()
	}
	f.mu.Unlock()
	if s != nil && wait {
		<-s.done
	}
}

// The JUnit XML report's parts that the tests read.
type xmlSuite struct {
	Cases []struct {
		Name    string  `xml:"name,attr"`
		Class   string  `xml:"classname,attr"`
		Failure *xmlMsg `xml:"failure"`
		Error   *xmlMsg `xml:"error"`
		Skipped *xmlMsg `xml:"skipped"`
	} `xml:"testcase"`
}

type xmlMsg struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",chardata"`
}

func readReport(t testing.TB, dir string) map[string]testResult {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "TEST-junit-jupiter.xml"))
	if err != nil {
		return nil
	}
	var s xmlSuite
	if err := xml.Unmarshal(b, &s); err != nil {
		t.Fatalf("report: %v", err)
	}
	out := map[string]testResult{}
	for _, c := range s.Cases {
		r := testResult{status: "passed"}
		for _, m := range []struct {
			s string
			m *xmlMsg
		}{{"failure", c.Failure}, {"error", c.Error}, {"skipped", c.Skipped}} {
			if m.m != nil {
				r = testResult{status: m.s, message: m.m.Message, detail: m.m.Type + "\n" + m.m.Body}
			}
		}
		out[c.Class+"."+strings.TrimSuffix(c.Name, "()")] = r
	}
	return out
}
