package runner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// toolsOf are the tools each preset's tests need.
var toolsOf = func() map[rubric.Language][]string {
	m := map[rubric.Language][]string{}
	for _, tc := range toolchain.All() {
		for _, t := range tc.Tools {
			m[rubric.Language(tc.Name)] = append(m[rubric.Language(tc.Name)], t.Name)
		}
	}
	return m
}()

// TestHello builds and runs each preset's hello-world in the sandbox: its
// tools are found, resolved to real files, and name the runtime.
func TestHello(t *testing.T) {
	runtimeRE := map[rubric.Language]*regexp.Regexp{
		rubric.Java:   regexp.MustCompile(`^java [0-9]+(\.[0-9]+)*`),
		rubric.C:      regexp.MustCompile(`^gcc [0-9]+(\.[0-9]+)+$`),
		rubric.CPP:    regexp.MustCompile(`^g\+\+ [0-9]+(\.[0-9]+)+$`),
		rubric.Python: regexp.MustCompile(`^python 3\.[0-9]+\.[0-9]+`),
	}
	for _, lang := range rubric.Presets() {
		t.Run(string(lang), func(t *testing.T) {
			testenv.NeedTools(t, toolsOf[lang]...)
			tools, runtime, err := Hello(context.Background(), lang)
			if err != nil {
				t.Fatal(err)
			}
			re := runtimeRE[lang]
			if re == nil {
				re = regexp.MustCompile("^" + regexp.QuoteMeta(toolchain.Lookup(lang).Runtime) + ` [0-9]+(\.[0-9]+)*`)
			}
			if !re.MatchString(runtime) {
				t.Errorf("runtime %q, want %v", runtime, re)
			}
			for _, tool := range tools {
				if real, err := filepath.EvalSymlinks(tool.Path); err != nil || real != tool.Path {
					t.Errorf("%s at %s, not a resolved file (%s, %v)", tool.Name, tool.Path, real, err)
				}
			}
		})
	}
}

// TestToolInBox: a candidate that cannot run in the box (a version
// manager's shim, here one whose interpreter is missing) is passed over
// for the next.
func TestToolInBox(t *testing.T) {
	testenv.NeedTools(t, "python3")
	shim := filepath.Join(t.TempDir(), "python3")
	if err := os.WriteFile(shim, []byte("#!/bin/sh\necho 'pyenv: python3: command not found' >&2\nexit 127\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := toolchain.Python
	py := p.Tools[0]
	py.Candidates = append([]string{shim}, py.Candidates...)
	found, err := findTool(context.Background(), p, py, sandbox.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if found.Path == shim || !strings.HasPrefix(found.Version, "3.") {
		t.Errorf("found %+v, want a working python3 after the shim", found)
	}

	py.Candidates = []string{shim}
	_, err = findTool(context.Background(), p, py, sandbox.Limits{})
	if want := "no working python3: fails in the sandbox: " + shim + " (exit status 127: pyenv: python3: command not found)"; !errors.Is(err, ErrNoTool) || err.Error() != want {
		t.Errorf("the shim alone: error %v, want ErrNoTool naming it", err)
	}
	py.Candidates = []string{"/no/such/python3", "no-such-python3"}
	_, err = findTool(context.Background(), p, py, sandbox.Limits{})
	if want := "no working python3: not found (looked for /no/such/python3, no-such-python3 on PATH)"; !errors.Is(err, ErrNoTool) || err.Error() != want {
		t.Errorf("no python3: error %v, want %s", err, want)
	}
}

// TestBuildAndRun grades like a submission: a syntax error is a failed
// build with the compiler's message, a Java file that compiles to no main
// class a failed build with a note, a crash and running out of memory
// are an execution's exit status and limit, in each preset's words.
func TestBuildAndRun(t *testing.T) {
	for _, tc := range []struct {
		lang      rubric.Language
		file, src string
		buildLog  string // a failed build's log contains it; "" for a build that works
		note      string // a failed build's note, when javac succeeded
		limit     grader.Limit
	}{
		{rubric.C, "bad.c", "int main(void) { return 0 }\n", "error: expected", "", grader.None},
		{rubric.CPP, "bad.cpp", "int main() { return 0 }\n", "error: expected", "", grader.None},
		{rubric.Python, "bad.py", "print('x'\n", "SyntaxError", "", grader.None},
		{rubric.Python, "bad.py", "if True:\nprint(1)\n", "IndentationError", "", grader.None},
		{rubric.Java, "Bad.java", "public class Bad { void f() { int x = 1 } }\n", "error: ';' expected", "", grader.None},
		{rubric.Java, "EightQueen.java", "/*\npublic class EightQueen {\n    public static void main(String[] args) {}\n}\n*/\n", "", "compiled, but no class EightQueen: the file holds no code outside comments", grader.None},
		{rubric.Java, "EightQueen.java", "class Main {\n    public static void main(String[] args) {}\n}\n", "", "compiled, but no class EightQueen: it declares class Main", grader.None},
		{rubric.Python, "oom.py", "x = [0] * (1 << 40)\n", "", "", grader.Memory},
		{rubric.Java, "Oom.java", "public class Oom { public static void main(String[] a) { long[][] x = new long[1 << 20][]; for (int i = 0; ; i++) x[i] = new long[1 << 20]; } }\n", "", "", grader.Memory},
		{rubric.CPP, "oom.cpp", "#include <vector>\nint main() { std::vector<char> v(1ULL << 40); return v[1]; }\n", "", "", grader.Memory},
		{rubric.C, "crash.c", "int main(void) { return 3; }\n", "", "", grader.None},
	} {
		t.Run(tc.file, func(t *testing.T) {
			testenv.NeedTools(t, toolsOf[tc.lang]...)
			b, err := rubric.Preset(tc.lang, []string{tc.file})
			if err != nil {
				t.Fatal(err)
			}
			s := newSandboxed(b, rubric.Limits{Memory: 256 << 20, BuildWall: 120e9})
			ctx := context.Background()
			built, err := s.Build(ctx, []submission.File{{Name: tc.file, Data: []byte(tc.src)}}, sandbox.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			if tc.buildLog != "" || tc.note != "" {
				if built.OK || !strings.Contains(built.Log, tc.buildLog) || built.Note != tc.note {
					t.Errorf("build ok %v, log %q, note %q; want a failure saying %q, note %q", built.OK, built.Log, built.Note, tc.buildLog, tc.note)
				}
				return
			}
			if !built.OK {
				t.Fatalf("build failed: %s", built.Log)
			}
			ex, err := built.Program.Run(ctx, grader.Input{})
			if err != nil {
				t.Fatal(err)
			}
			if ex.ExitCode == 0 || ex.Limit != tc.limit {
				t.Errorf("exit %d signal %q limit %q, want a failure at limit %q (stderr %.300q)", ex.ExitCode, ex.Signal, ex.Limit, tc.limit, ex.Stderr)
			}
		})
	}
}

func TestPresetLimit(t *testing.T) {
	for _, tc := range []struct {
		lang   rubric.Language
		stderr string
		want   grader.Limit
	}{
		{rubric.Java, "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat Main.main(Main.java:3)\n", grader.Memory},
		{rubric.Java, "Exception in thread \"main\" java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory\n", grader.Procs},
		{rubric.Java, "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException\n", grader.None},
		{rubric.Python, "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nMemoryError\n", grader.Memory},
		{rubric.Python, "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nValueError: MemoryError is not this\n", grader.None},
		{rubric.CPP, "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n", grader.Memory},
		{rubric.C, "Segmentation fault\n", grader.None},
	} {
		s := &Sandboxed{tc: toolchain.Lookup(tc.lang)}
		// Only a run that failed without a sandbox limit is read.
		failed := sandbox.Result{ExitCode: 1, Stderr: []byte(tc.stderr)}
		if got := s.limit(failed); got != tc.want {
			t.Errorf("%s, stderr %.60q: limit %q, want %q", tc.lang, tc.stderr, got, tc.want)
		}
		if got := s.limit(sandbox.Result{Stderr: []byte(tc.stderr)}); got != grader.None {
			t.Errorf("%s, stderr %.60q, exit 0: limit %q, want none", tc.lang, tc.stderr, got)
		}
		if got := s.limit(sandbox.Result{ExitCode: -1, Signal: "killed", Limit: sandbox.Wall, Stderr: []byte(tc.stderr)}); got != grader.Wall {
			t.Errorf("%s, stderr %.60q, at the wall limit: limit %q", tc.lang, tc.stderr, got)
		}
	}
}

// TestPresetHeap: a JVM's OutOfMemoryError is a run at its heap's cap,
// -Xmx, and says how big the heap was (half the box's memory; with the
// judges' runtime, the memory less what the JVM needs beside it), not
// the box's limit, which the box did not reach; a Python MemoryError, or
// a box killed at its memory limit, names none.
func TestPresetHeap(t *testing.T) {
	oom := sandbox.Result{ExitCode: 1, Stderr: []byte("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n")}
	box := toolchain.Box{Memory: 256 << 20}
	judges := toolchain.Box{Memory: 256 << 20, Judges: true}
	killed := sandbox.Result{ExitCode: -1, Signal: "killed", Limit: sandbox.Memory}
	java, python := &Sandboxed{tc: toolchain.Java}, &Sandboxed{tc: toolchain.Python}
	for _, tc := range []struct {
		name string
		got  int64
		want int64
	}{
		{"java", java.heap(oom, java.limit(oom), box), 128 << 20},
		{"java, the judges' runtime", java.heap(oom, java.limit(oom), judges), 192 << 20},
		{"java killed by the box", java.heap(killed, java.limit(killed), box), 0},
		{"python", python.heap(oom, grader.Memory, box), 0},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: heap %d MiB, want %d MiB", tc.name, tc.got>>20, tc.want>>20)
		}
	}
}

// TestSpec: a built program's box as a spec, for a caller to add to; a
// program another runner built has none.
func TestSpec(t *testing.T) {
	testenv.NeedTools(t, "python3")
	b, err := rubric.Preset(rubric.Python, []string{"echo.py"})
	if err != nil {
		t.Fatal(err)
	}
	s := newSandboxed(b, rubric.Limits{})
	prog := s.Prebuilt([]sandbox.File{{Name: "echo.py", Data: []byte("import sys\nprint(open(sys.argv[1]).read(), end='')\n")}})
	ctx := context.Background()
	spec, err := s.Spec(ctx, prog, grader.Input{Args: []string{"extra.txt"}})
	if err != nil {
		t.Fatal(err)
	}
	spec.Files = append(spec.Files, sandbox.File{Name: "extra.txt", Data: []byte("added\n")})
	res, err := sandbox.Run(ctx, spec)
	if err != nil || string(res.Stdout) != "added\n" {
		t.Errorf("run: %q, %v (stderr %q)", res.Stdout, err, res.Stderr)
	}
	// The addition was the spec's alone.
	if again, err := s.Spec(ctx, prog, grader.Input{}); err != nil || len(again.Files) != 1 {
		t.Errorf("a second spec has files %v, %v", again.Files, err)
	}
	if _, err := newSandboxed(b, rubric.Limits{}).Spec(ctx, prog, grader.Input{}); err == nil {
		t.Error("another runner's program: no error")
	}
}

// TestNoProgram: a Java build that succeeded but made no class file of the
// main class is no program, and the note says what the sources hold
// instead; the other presets' compilers fail on their own when they make
// no program.
func TestNoProgram(t *testing.T) {
	const comment = "/*\npublic class EightQueen {\n    public static void main(String[] args) {}\n}\n*/\n"
	class := func(name string) sandbox.File {
		return sandbox.File{Name: name + ".class", Data: []byte("\xca\xfe\xba\xbe")}
	}
	src := func(name, data string) sandbox.File { return sandbox.File{Name: name, Data: []byte(data)} }
	for _, tc := range []struct {
		name     string
		required []string
		built    []sandbox.File
		want     string
	}{
		{"built", []string{"EightQueen.java"}, []sandbox.File{src("EightQueen.java", "class EightQueen {}"), class("EightQueen")}, ""},
		{"one big comment", []string{"EightQueen.java"}, []sandbox.File{src("EightQueen.java", comment)},
			"compiled, but no class EightQueen: the file holds no code outside comments"},
		{"class Main", []string{"EightQueen.java"}, []sandbox.File{src("EightQueen.java", "class Main {\n    public static void main(String[] a) {}\n}\n"), class("Main")},
			"compiled, but no class EightQueen: it declares class Main"},
		{"several types", []string{"EightQueen.java"}, []sandbox.File{src("EightQueen.java", "class EightQueens {}\ninterface Board {}\n"), class("EightQueens"), class("Board")},
			"compiled, but no class EightQueen: it declares class EightQueens and interface Board"},
		{"in a package", []string{"EightQueen.java"}, []sandbox.File{src("EightQueen.java", "package hw4;\npublic class EightQueen {}\n"), {Name: "hw4/EightQueen.class"}},
			"compiled, but no class EightQueen: it declares class hw4.EightQueen"},
		{"imports only", []string{"EightQueen.java"}, []sandbox.File{src("EightQueen.java", "import java.util.*;\n")},
			"compiled, but no class EightQueen: it declares no class"},
		{"two files", []string{"EightQueen.java", "Board.java"}, []sandbox.File{src("EightQueen.java", "// later\n"), src("Board.java", "")},
			"compiled, but no class EightQueen: the files hold no code outside comments"},
		// Another file beside the sources may declare it: javac compiles
		// what the sources use.
		{"from another file", []string{"EightQueen.java"}, []sandbox.File{src("EightQueen.java", "class Main {}"), src("Other.java", "class EightQueen {}"), class("Main"), class("EightQueen")}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := rubric.Preset(rubric.Java, tc.required)
			if err != nil {
				t.Fatal(err)
			}
			if got := newSandboxed(b, rubric.Limits{}).NoProgram(tc.built); got != tc.want {
				t.Errorf("NoProgram = %q, want %q", got, tc.want)
			}
		})
	}
	for _, lang := range []rubric.Language{rubric.C, rubric.CPP, rubric.Python} {
		b, err := rubric.Preset(lang, []string{map[rubric.Language]string{rubric.C: "a.c", rubric.CPP: "a.cpp", rubric.Python: "a.py"}[lang]})
		if err != nil {
			t.Fatal(err)
		}
		if got := newSandboxed(b, rubric.Limits{}).NoProgram(nil); got != "" {
			t.Errorf("%s: NoProgram = %q, want none: its compiler says", lang, got)
		}
	}
}

// TestBuildLogSame: a C program that fails to link gets the same build
// log on every build: gcc's temporary object file, which the linker
// names, is named alike (toolchain TidyLog).
func TestBuildLogSame(t *testing.T) {
	testenv.NeedTools(t, toolsOf[rubric.C]...)
	b, err := rubric.Preset(rubric.C, []string{"link.c"})
	if err != nil {
		t.Fatal(err)
	}
	s := newSandboxed(b, rubric.Limits{Wall: time.Minute, CPU: 30 * time.Second, BuildWall: 2 * time.Minute})
	src := []submission.File{{Name: "link.c", Data: []byte("int missing(void);\nint main(void) { return missing(); }\n")}}
	var logs []string
	for range 2 {
		built, err := s.Build(context.Background(), src, sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if built.OK {
			t.Fatal("linked without missing()")
		}
		logs = append(logs, built.Log)
	}
	if logs[0] != logs[1] || !strings.Contains(logs[0], "ccXXXXXX.o") {
		t.Errorf("two builds' logs:\n%s\n---\n%s", logs[0], logs[1])
	}
}

// TestWaitedRunMeasured: a run stopped at its wall limit carries the CPU
// time it used, measured by the sandbox, so that the grader can tell a run
// that waited (a sleep: next to no CPU time) from one that worked, and
// rerun it (grader's rule "the wall limit, little CPU time used"). The
// sleep is far past the wall limit and far under the CPU limit whatever
// the machine's load.
func TestWaitedRunMeasured(t *testing.T) {
	testenv.NeedTools(t, toolsOf[rubric.Python]...)
	b, err := rubric.Preset(rubric.Python, []string{"sleep.py"})
	if err != nil {
		t.Fatal(err)
	}
	lim := rubric.Limits{Wall: 5 * time.Second, CPU: 60 * time.Second, Memory: 256 << 20, BuildWall: 120e9}
	s := newSandboxed(b, lim)
	ctx := context.Background()
	built, err := s.Build(ctx, []submission.File{{Name: "sleep.py", Data: []byte("import time\ntime.sleep(600)\n")}}, sandbox.Hooks{})
	if err != nil || !built.OK {
		t.Fatalf("build: %v %s", err, built.Log)
	}
	ex, err := built.Program.Run(ctx, grader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Limit != grader.Wall || !ex.CPUMeasured || ex.CPU >= 30*time.Second {
		t.Errorf("limit %q, CPU %v (measured %v); want the wall limit, a measured CPU time far under the limit", ex.Limit, ex.CPU, ex.CPUMeasured)
	}
}
