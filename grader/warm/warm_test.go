package warm

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

var (
	cacheOnce sync.Once
	cacheDir  string
	cacheTemp bool // cacheDir is this process's own, removed at the end
)

func TestMain(m *testing.M) {
	code := m.Run()
	if cacheTemp {
		os.RemoveAll(cacheDir)
	}
	os.Exit(code)
}

// testCache is where the tests keep the compiled harness: the user's cache
// folder's autograder/warm-test, shared by every run of these tests as the
// grader's own folder is by every grader (FindJDK keys a harness by the
// JDK and its sources, and builds it aside before renaming it in), so that
// each test binary does not compile the harness and train its archive
// again; where there is none, a fresh temporary folder of its own.
func testCache() (dir string, temp bool, err error) {
	if base, err := os.UserCacheDir(); err == nil {
		dir := filepath.Join(base, "autograder", "warm-test")
		if os.MkdirAll(dir, 0o755) == nil {
			return dir, false, nil
		}
	}
	if dir, err = os.MkdirTemp("", "autograder-warm-test-"); err != nil {
		return "", false, err
	}
	// The box's uid reads the cache through a read-only bind.
	return dir, true, os.Chmod(dir, 0o755)
}

// requireJDK returns the JDK warm mode uses. Without java it skips the
// test, or fails it when CI is "true": CI must run these. A JDK that warm
// mode does not support (older than 17, newer than 23) skips too, and so
// does -short.
func requireJDK(t *testing.T) *JDK {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test runs JVMs (go test without -short runs it)")
	}
	if _, err := exec.LookPath("java"); err != nil {
		testenv.Missing(t, "java not on PATH: warm mode needs a JDK 17 to 23")
	}
	cacheOnce.Do(func() {
		var err error
		if cacheDir, cacheTemp, err = testCache(); err != nil {
			t.Fatal(err)
		}
	})
	j, err := FindJDK(cacheDir)
	if err != nil {
		if (strings.Contains(err.Error(), "SecurityManager") || strings.Contains(err.Error(), "older than")) && !testenv.CI() {
			t.Skip(err) // CI installs Debian's JDK 17, which warm mode supports
		}
		t.Fatal(err)
	}
	return j
}

func loadRubric(t *testing.T, path string) *rubric.Rubric {
	t.Helper()
	r, err := rubric.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func readFiles(t *testing.T, dir string) []submission.File {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []submission.File
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, submission.File{Name: e.Name(), Data: b})
	}
	return files
}

// sameExecution compares what grading sees of two runs; wall times differ.
func sameExecution(cold, warm grader.Execution) string {
	var diffs []string
	if cold.ExitCode != warm.ExitCode {
		diffs = append(diffs, fmt.Sprintf("exit code: cold %d, warm %d", cold.ExitCode, warm.ExitCode))
	}
	if cold.Signal != warm.Signal {
		diffs = append(diffs, fmt.Sprintf("signal: cold %q, warm %q", cold.Signal, warm.Signal))
	}
	if cold.Limit != warm.Limit {
		diffs = append(diffs, fmt.Sprintf("limit: cold %q, warm %q", cold.Limit, warm.Limit))
	}
	if !bytes.Equal(cold.Stdout, warm.Stdout) {
		diffs = append(diffs, fmt.Sprintf("stdout:\ncold %q\nwarm %q", clip(cold.Stdout), clip(warm.Stdout)))
	}
	if !bytes.Equal(cold.Stderr, warm.Stderr) {
		diffs = append(diffs, fmt.Sprintf("stderr:\ncold %q\nwarm %q", clip(cold.Stderr), clip(warm.Stderr)))
	}
	return strings.Join(diffs, "\n")
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:300]) + fmt.Sprintf("...(%d bytes)...", len(b)) + string(b[len(b)-300:])
	}
	return string(b)
}

func args(s ...string) Input { return Input{Args: s} }

// TestEquivalence builds each program of testdata/eq cold (grader/runner)
// and warm, runs it on its inputs both ways and wants the same exit code,
// signal, limit, stdout and stderr; and, where the warm harness cannot
// answer identically, a note that it ran cold.
func TestEquivalence(t *testing.T) {
	requireJDK(t)
	r := loadRubric(t, "testdata/eq/rubric.toml")
	tests := []struct {
		dir    string
		inputs []Input
		// loose names inputs that never end by burning CPU: which of the
		// CPU and wall limits comes first depends on the load, cold or warm.
		loose  string
		note   string        // a note the warm program must have ("" for none)
		wall   time.Duration // the wall limit, when not the rubric's
		cpu    time.Duration // the CPU limit, when not the rubric's
		waited int64         // the runs the harness must give up as waiting (they ran cold)
		// letObserve lets a program that can observe the harness run
		// warm (modeLetObserve), to test what the harness catches itself.
		letObserve bool
		// handOff is Options.HandOff: a run that waits, which the
		// sandbox sees waiting too, hands the rest of its part to cold
		// runs (asleep.go), each ending as cold.
		handOff time.Duration
	}{
		{dir: "clean", inputs: []Input{
			args("plain"), args("exit0"), args("exit3"), args("exit261"), args("exitcatch"), args("exitfinally"),
			args("halt"), args("throw"), args("caught"), args("cause"), args("suppressed"), args("npe"),
			args("badarg", "x1"), {Args: []string{"stdin"}, Stdin: []byte("one\ntwo\nthree")}, args("stdin"),
			{Args: []string{"scanner"}, Stdin: []byte("21\n")}, args("scanner"), args("big"), args("bigerr"),
			args("write1"), args("nonl"), args("unicode"), args("readsrc"), args("plain"),
		}},
		// The runs that meet a time limit, alone: each costs its limit,
		// cold and warm, and a short limit changes no verdict of
		// theirs (a run that never ends times out at any limit). The
		// harness gives up the one that sleeps, and it runs cold. The
		// runs that end (plain, exit3) need a fraction of the 2 s of
		// wall time and the 1 s of CPU time (a tenth of it): a cold
		// run's wall time leaves out its waits for a core, and a warm
		// answer past half of it (nearLimit) or starved of cores (given
		// up as waiting) is confirmed cold.
		{dir: "clean", inputs: []Input{args("loop"), args("sleep"), args("plain")}, loose: "loop", wall: 2 * time.Second, cpu: time.Second, waited: 1},
		{dir: "clean", inputs: []Input{args("plain"), args("sleep"), args("exit3"), args("sleep"), args("plain")}, wall: 2 * time.Second, waited: 1, handOff: 500 * time.Millisecond},
		{dir: "stateless", inputs: []Input{
			args("a"), args("exitcatch"), args("b"), args("throw"), args("c"), args("exit"), args("d"),
		}},
		{dir: "thread", inputs: []Input{args("plain"), args("thread"), args("after")}, note: "java.lang.Thread"},
		{dir: "thread", inputs: []Input{args("plain"), args("thread"), args("after")}, note: "starts a thread", letObserve: true},
		{dir: "setout", inputs: []Input{args("plain"), args("setout"), args("after")}, note: "replaces System"},
		{dir: "setout", inputs: []Input{args("plain"), args("fd"), args("after")}, note: "file descriptor"},
		{dir: "files", inputs: []Input{args("plain"), args("write"), args("read")}, note: "writes files"},
		{dir: "identity", inputs: []Input{args("plain"), args("array"), args("object"), args("plain")}},
		{dir: "hashset", inputs: []Input{args("a"), args("b")}, note: "java.util.HashSet"},
		{dir: "overflow", inputs: []Input{args("plain"), args("deep"), args("plain")}},
		{dir: "staticinit", inputs: []Input{args("plain"), args("init"), args("plain")}},
		{dir: "nomain", inputs: []Input{args("plain")}, note: "not a static void"},
		{dir: "oom", inputs: []Input{args("plain"), args("oom"), args("plain")}},
	}
	for _, tc := range tests {
		t.Run(tc.dir+"/"+tc.inputs[len(tc.inputs)/2].Args[0], func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			files := readFiles(t, filepath.Join("testdata/eq", tc.dir))
			r := r
			if tc.wall > 0 || tc.cpu > 0 {
				short := *r
				short.Limits.Wall = cmp.Or(tc.wall, short.Limits.Wall)
				short.Limits.CPU = cmp.Or(tc.cpu, short.Limits.CPU)
				r = &short
			}
			w, err := New(r, tc.inputs, Options{CacheDir: cacheDir, HandOff: tc.handOff})
			if err != nil {
				t.Fatal(err)
			}
			if tc.letObserve {
				w.mode = modeLetObserve
			}
			wb, err := w.Build(ctx, files, sandbox.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			cb, err := runner.New(r).Build(ctx, files, sandbox.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			if cb.OK != wb.OK || cb.Log != wb.Log {
				t.Fatalf("build: cold ok=%v log %q; warm ok=%v log %q", cb.OK, cb.Log, wb.OK, wb.Log)
			}
			defer wb.Program.Close()
			defer cb.Program.Close()
			for i, in := range tc.inputs {
				cex, err := cb.Program.Run(ctx, grader.Input{Args: in.Args, Stdin: in.Stdin})
				if err != nil {
					t.Fatal(err)
				}
				wex, err := wb.Program.Run(ctx, grader.Input{Args: in.Args, Stdin: in.Stdin})
				if err != nil {
					t.Fatal(err)
				}
				if in.Args[0] == tc.loose {
					// Either limit, but the same verdict and output.
					if cex.Limit != grader.Wall && cex.Limit != grader.CPU || wex.Limit != grader.Wall && wex.Limit != grader.CPU {
						t.Errorf("run %d %q: limits cold %q, warm %q; want wall or CPU", i, in.Args, cex.Limit, wex.Limit)
					}
					wex.Limit, wex.Signal = cex.Limit, cex.Signal
				}
				if d := sameExecution(cex, wex); d != "" {
					t.Errorf("run %d %q:\n%s", i, in.Args, d)
				}
			}
			notes := strings.Join(wb.Program.(*Program).Flags(), "\n")
			if tc.note != "" && !strings.Contains(notes, tc.note) {
				t.Errorf("notes %q, want one saying %q", notes, tc.note)
			}
			if tc.note == "" && notes != "" {
				t.Errorf("notes %q, want none", notes)
			}
			// At least the runs that wait are given up as waiting; on a
			// loaded machine a starved run may look waiting too (it then
			// runs cold, and must still end as the cold run did, above).
			if got := w.stats.Waited.Load(); got < tc.waited {
				t.Errorf("%d runs given up as waiting, want at least %d", got, tc.waited)
			}
			t.Logf("%s: %d runs warm, %d cold (%d near a time limit, %d JVMs)", tc.dir, w.stats.WarmCases.Load(), w.stats.ColdCases.Load(), w.stats.Near.Load(), w.stats.JVMs.Load())
		})
	}
}

// TestCompileErrors compares javac's messages, cold and warm, for a
// submission whose second file javac finds on the class path: through the
// harness's own compile and through the compile service (Prepare).
func TestCompileErrors(t *testing.T) {
	requireJDK(t)
	r := loadRubric(t, "testdata/eq/rubric.toml")
	ctx := context.Background()
	files := readFiles(t, "testdata/eq/twofiles")
	cb, err := runner.New(r).Build(ctx, files, sandbox.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	if cb.OK || !strings.Contains(cb.Log, "./Board.java") {
		t.Fatalf("cold build: ok=%v log %q; want a failure naming ./Board.java", cb.OK, cb.Log)
	}
	for _, prepare := range []bool{false, true} {
		w, err := New(r, []Input{args("x")}, Options{CacheDir: cacheDir})
		if err != nil {
			t.Fatal(err)
		}
		if prepare {
			if err := w.Prepare(ctx, [][]submission.File{files}, sandbox.Hooks{}); err != nil {
				t.Fatal(err)
			}
			if len(w.prepared) != 1 {
				t.Fatalf("Prepare compiled %d submissions, want 1", len(w.prepared))
			}
		}
		wb, err := w.Build(ctx, files, sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if wb.OK || wb.Log != cb.Log {
			t.Errorf("prepare=%v: warm build ok=%v log:\n%s\nwant the cold log:\n%s", prepare, wb.OK, wb.Log, cb.Log)
		}
	}
}

// TestNoProgram: a file that javac compiles to no class EightQueen (one
// big comment, a file that declares only class Main) is a failed build
// with the same note cold and warm, through the harness's own compile and
// the compile service (Prepare), and nothing runs.
func TestNoProgram(t *testing.T) {
	requireJDK(t)
	r := loadRubric(t, "testdata/eq/rubric.toml")
	ctx := context.Background()
	for _, tc := range []struct{ name, src, note string }{
		{"comment", "/*\npublic class EightQueen {\n    public static void main(String[] args) {\n        System.out.println(args[0]);\n    }\n}\n*/\n",
			"compiled, but no class EightQueen: the file holds no code outside comments"},
		{"main", "class Main {\n    public static void main(String[] args) {\n        System.out.println(args[0]);\n    }\n}\n",
			"compiled, but no class EightQueen: it declares class Main"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := []submission.File{{Name: "EightQueen.java", Data: []byte(tc.src)}}
			cb, err := runner.New(r).Build(ctx, files, sandbox.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			if cb.OK || cb.Note != tc.note || cb.Program != nil {
				t.Fatalf("cold build: ok=%v note %q log %q; want a failure with note %q", cb.OK, cb.Note, cb.Log, tc.note)
			}
			for _, prepare := range []bool{false, true} {
				w, err := New(r, []Input{args("x")}, Options{CacheDir: cacheDir})
				if err != nil {
					t.Fatal(err)
				}
				if prepare {
					if err := w.Prepare(ctx, [][]submission.File{files}, sandbox.Hooks{}); err != nil {
						t.Fatal(err)
					}
				}
				wb, err := w.Build(ctx, files, sandbox.Hooks{})
				if err != nil {
					t.Fatal(err)
				}
				if wb.OK || wb.Note != cb.Note || wb.Log != cb.Log || wb.Program != nil {
					t.Errorf("prepare=%v: warm build ok=%v note %q log %q; want the cold one's: note %q log %q", prepare, wb.OK, wb.Note, wb.Log, cb.Note, cb.Log)
				}
				if n := w.stats.JVMs.Load(); n != 1 {
					t.Errorf("prepare=%v: %d JVMs, want the compile service's alone", prepare, n)
				}
			}
		})
	}
}

// TestProtocol checks the framing against damage: a reply cut anywhere
// yields the whole frames before the cut, and a frame with another token
// ends the reading.
func TestProtocol(t *testing.T) {
	tok := newToken()
	var e encoder
	frameOf := func(typ int, payload []byte) {
		e.Write(tok[:])
		e.int(typ)
		e.int(len(payload))
		e.Write(payload)
	}
	var p encoder
	p.int(3)
	p.int(kindExit)
	p.int(3)
	p.int(limitNone)
	p.int(0)
	p.long(12345)
	p.bytes([]byte("out"))
	p.bytes([]byte("err"))
	frameOf(frameCase, p.Bytes())
	frameOf(frameDone, nil)
	full := slices.Clone(e.Bytes())
	got := decodeFrames(tok, full)
	if len(got) != 2 || got[0].Index != 3 || got[0].Code != 3 || string(got[0].Out) != "out" || string(got[0].Err) != "err" || got[1].Type != frameDone {
		t.Fatalf("decoded %+v", got)
	}
	for cut := range len(full) {
		n := len(decodeFrames(tok, full[:cut]))
		want := 0
		if cut >= len(full)-24 {
			want = 1
		}
		if n != want {
			t.Fatalf("cut at %d: %d frames, want %d", cut, n, want)
		}
	}
	other := newToken()
	if n := len(decodeFrames(other, full)); n != 0 {
		t.Errorf("another token read %d frames", n)
	}
}
