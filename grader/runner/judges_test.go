package runner

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestJudgesRuntime: a rubric that asks for the judges' runtime runs
// Python with PyPy where this machine has it (the program says which
// interpreter runs it), and the grader's CPython otherwise, with a note
// saying what the judges would have used (a PATH without pypy3 stands
// for a machine without it: CPython is found at its system path); a
// rubric that does not ask keeps CPython.
func TestJudgesRuntime(t *testing.T) {
	testenv.NeedTools(t, "python3", "pypy3")
	const src = "import platform\nprint(platform.python_implementation())\n"
	for _, tc := range []struct {
		name     string
		runtime  rubric.Runtime
		noPyPy   bool
		want     string // what the program prints
		provider string // how Runtime starts
		note     bool
	}{
		{"grader", rubric.GraderRuntime, false, "CPython", "python ", false},
		{"judges", rubric.JudgesRuntime, false, "PyPy", "pypy ", false},
		{"judges without pypy", rubric.JudgesRuntime, true, "CPython", "python ", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.noPyPy {
				t.Setenv("PATH", t.TempDir())
			}
			found.Lock()
			found.tools = nil // found again, with this PATH
			found.Unlock()
			t.Cleanup(func() { found.Lock(); found.tools = nil; found.Unlock() })
			b, err := rubric.Preset(rubric.Python, []string{"impl.py"})
			if err != nil {
				t.Fatal(err)
			}
			b.Runtime = tc.runtime
			s := newSandboxed(b, rubric.Limits{BuildWall: 120e9})
			ctx := context.Background()
			built, err := s.Build(ctx, []submission.File{{Name: "impl.py", Data: []byte(src)}}, sandbox.Hooks{})
			if err != nil || !built.OK {
				t.Fatalf("build: %v %s", err, built.Log)
			}
			ex, err := built.Program.Run(ctx, grader.Input{})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(string(ex.Stdout)); got != tc.want {
				t.Errorf("ran with %q (stderr %q), want %q", got, ex.Stderr, tc.want)
			}
			if rt := s.Runtime(); !strings.HasPrefix(rt, tc.provider) {
				t.Errorf("Runtime() = %q, want it to start %q", rt, tc.provider)
			}
			flags := built.Program.(grader.Flagger).Flags()
			if got := slices.Contains(flags, toolchain.Python.JudgesMissing); got != tc.note {
				t.Errorf("flags %q: the note that the judges use PyPy is there: %v, want %v", flags, got, tc.note)
			}
		})
	}
}

// TestJVMJudges: the judges' runtime gives Java the full JIT from
// FullJITFrom of CPU time up; below it, and for the grader's own
// runtime, the JIT stops at C1.
func TestJVMJudges(t *testing.T) {
	for _, tc := range []struct {
		box  toolchain.Box
		full bool
	}{
		{toolchain.Box{CPU: 10e9}, false},
		{toolchain.Box{CPU: 10e9, Judges: true}, true},
		{toolchain.Box{CPU: toolchain.FullJITFrom, Judges: true}, true},
		{toolchain.Box{CPU: toolchain.FullJITFrom - 1, Judges: true}, false},
	} {
		opts := toolchain.Java.Options("java", tc.box, "17.0.15")
		if c1 := slices.Contains(opts, "-XX:TieredStopAtLevel=1"); c1 == tc.full {
			t.Errorf("%+v: options %q; want the full JIT %v", tc.box, opts, tc.full)
		}
		if javac := toolchain.Java.Options("javac", tc.box, "17.0.15"); !slices.Contains(javac, "-J-XX:TieredStopAtLevel=1") {
			t.Errorf("%+v: javac's options %q: javac keeps the C1 compiler alone", tc.box, javac)
		}
	}
}

// TestBuildAndRunBoxes: a build keeps the grader's bound on the files it
// writes (the sandbox's 16 MiB) unless the rubric sets a larger
// limits.build_file, which grows its box to two such files and its
// memory by the box; a run past the output limit runs on only under
// limits.past_output = "discard", and never a build; a run's box holds
// its program's files beside the room it may write in.
func TestBuildAndRunBoxes(t *testing.T) {
	mem := int64(256 << 20)
	for _, tc := range []struct {
		name string
		lim  rubric.Limits
		want sandbox.Limits
	}{
		{"course", rubric.Limits{Memory: mem},
			sandbox.Limits{Memory: mem}},
		{"package", rubric.Limits{Memory: mem, BuildFile: mem, PastOutput: rubric.DiscardOutput},
			sandbox.Limits{Memory: sandbox.DefaultMemory + sandbox.DefaultBoxSize + 2*mem, FileSize: mem, BoxSize: sandbox.DefaultBoxSize + 2*mem}},
		{"a bound below the grader's", rubric.Limits{Memory: mem, BuildFile: 1 << 20},
			sandbox.Limits{Memory: mem}},
	} {
		s := newSandboxed(rubric.Build{Language: "c"}, tc.lim)
		got := s.limits(true)
		if got.Memory != tc.want.Memory || got.FileSize != tc.want.FileSize || got.BoxSize != tc.want.BoxSize || got.RunPastOutput {
			t.Errorf("%s: build limits memory %d, file %d, box %d, past output %v; want %d, %d, %d, false",
				tc.name, got.Memory, got.FileSize, got.BoxSize, got.RunPastOutput, tc.want.Memory, tc.want.FileSize, tc.want.BoxSize)
		}
		if run := s.limits(false); run.RunPastOutput != (tc.lim.PastOutput == rubric.DiscardOutput) {
			t.Errorf("%s: a run past the output limit runs on: %v", tc.name, run.RunPastOutput)
		}
	}
	p := &program{s: &Sandboxed{run: []string{"./main"}}, files: []sandbox.File{{Name: "main", Data: make([]byte, 20<<20)}, {Name: "x", Data: []byte("x")}}}
	spec, err := p.spec(context.Background(), grader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	if spec.Limits.BoxSize != sandbox.DefaultBoxSize+20<<20+1 || spec.Limits.FileSize != 20<<20+1 {
		t.Errorf("a run's box %d, file cap %d; want its files beside the default box, and the cap above its largest file", spec.Limits.BoxSize, spec.Limits.FileSize)
	}
}
