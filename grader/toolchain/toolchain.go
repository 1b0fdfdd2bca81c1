package toolchain

import (
	"bytes"
	"context"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// Toolchain is one language: what its sources are called, the tools that
// build and run them, and what those tools need and say in a box. A
// value's func fields may be nil where the language needs nothing (each
// says what nil means).
type Toolchain struct {
	// Name is the preset's name in a rubric's build.language ("cpp"),
	// the language's one name outside this package.
	Name Name
	// Title names the language in prose and messages ("C++").
	Title string
	// Codes are the language codes a contest problem package's
	// problem.yaml gives it ("python3", "python"); the first is the one
	// messages name.
	Codes []string
	// Exts are the endings of its source files, the usual one first
	// (".cpp", ".cc", ".cxx"), matched exactly: ".C" is C++, ".c" C, as
	// g++ and the judges' language lists take them. No two toolchains share
	// one.
	Exts []string
	// Products are patterns (path.Match, on a base name) of the files its
	// tools write: a submission's own are ignored, never built with.
	Products []string
	// Binary says the build writes the program as the file main names
	// ("./main"), which is a product too.
	Binary bool
	// Runtime names the runtime in a result's provenance ("python"),
	// before the first tool's version.
	Runtime string
	// Tools are the programs its commands start with; the first names
	// the runtime's version.
	Tools []Tool
	// Env is added to the environment of each of its tools' runs.
	Env []string
	// BuildBox is the size of the box its build steps need for their
	// files (a build cache), when more than the sandbox's
	// default; 0: the default.
	BuildBox int64
	// Commands are the build steps and the run command for a main (see
	// DefaultMain) and the sources, in rubric order. The runner resolves
	// each command's tool and adds Options.
	Commands func(main string, sources []string) (build [][]string, run []string)
	// Display is the run command as a student types it, without what the
	// grader adds ("java EightQueen"); nil: the run command itself.
	Display func(main string) []string
	// DefaultMain is the main of sources when the rubric names none.
	DefaultMain func(sources []string) string
	// CheckMain says what main must be, as "build.main must be ..." ends
	// ("a file name for the program"), when main does not fit the
	// required files; "" when it does.
	CheckMain func(main string, required []string) string
	// PickMain chooses the main of a submission graded by its files
	// (rubric language "auto"): want is the rubric's main, a name without
	// extension ("" for none), files the folder's files. problem is why
	// none can be chosen, for the student. nil: DefaultMain.
	PickMain func(sources []string, files []sandbox.File, want string) (main, problem string)
	// FolderMain is the file run first when a checker's folder holds
	// several sources ("__main__.py"); "" when the build needs none.
	FolderMain string
	// Options are inserted after a tool's program name, before the
	// command's arguments, in the given box; version is the tool's as it
	// prints it, "" while the tool is being found. nil: none.
	Options func(tool string, box Box, version string) []string
	// JudgesTools, when the rubric asks for the judges' runtime (a
	// problem package does: rubric.Build.Runtime) and every one of them
	// is found, replace Tools, under the same names: the runtime a
	// contest's judges run the language with (problemtools runs Python 3
	// with PyPy). JudgesRuntime names it in a result's provenance
	// ("pypy"); JudgesMissing says, in a verdict's note, what the judges
	// would have used when it is not found here. nil: Tools, always.
	JudgesTools   []Tool
	JudgesRuntime string
	JudgesMissing string
	// ThreadStack is the stack its runtime gives each thread of a program
	// in a box with the given memory, whatever the box's own stack (a
	// JVM's -Xss); nil: the box's.
	ThreadStack func(memory int64) int64
	// ReadOnly are host folders a resolved tool needs in the box besides
	// its own file (a JDK's home). nil: none.
	ReadOnly func(resolved string) []string
	// Archive, for a resolved tool started with opts (its Options),
	// makes it start faster: more options, after opts, that map a file
	// built once per machine for it (a class data archive of javac's
	// JVM), and that file, which the box must show read-only; none when
	// the tool has none or it cannot be built. It changes how fast the
	// tool starts, never what it does. nil: none.
	Archive func(ctx context.Context, tool, resolved, version string, opts []string) (more []string, file string)
	// TidyLog makes what the build steps printed the same on every build
	// of the same files (a linker's message names the compiler's
	// temporary object file, a random name); nil: it is.
	TidyLog func(log []byte) []byte
	// Limit reads, from the stderr of a run that failed without hitting a
	// sandbox limit, the limit the program says it hit (sandbox.None for
	// none). nil: none.
	Limit func(stderr []byte) sandbox.Limit
	// Heap is the cap the language's runtime puts on a program's heap in
	// a box, below the box's memory (a JVM's -Xmx): a run whose stderr
	// says it ran out of memory (Limit) ran out of that, not of the box.
	// nil: none.
	Heap func(box Box) int64
	// RunNote says, from the stderr of a run that failed, in a box, what
	// the student should know of the language's
	// runtime to read that failure (that where a stack overflows varies
	// from run to run); "" for nothing. The runner adds each distinct
	// note once to the submission's notes. nil: none.
	RunNote func(stderr []byte, box Box) string
	// NoProgram says, after build steps that succeeded, why they made no
	// program for the run command to start ("" when they did). nil: a
	// build that succeeds made it.
	NoProgram func(main string, sources []string, built []sandbox.File) string
	// Fit says whether a source that might be a missing required file
	// declares what the required file would, and, when it could not be
	// built under the required name, why ("" when it could). nil: a
	// missing file is looked for by name alone.
	Fit func(required string, data []byte) (declares bool, conflict string)
	// Package finds a source's package statement, which a rubric's
	// submission.package policy judges: its byte range, ok false when
	// there is none. nil: the language has none.
	Package func(src []byte) (start, end int, ok bool)
	// Unrunnable says why a source in the language asks for a runtime
	// the toolchain does not run (a Python 2 shebang), "" when it does
	// not; a problem package's labelled submission that asks so is
	// listed as skipped, not judged as a wrong program. nil: never.
	Unrunnable func(src []byte) string
	// Entry is the file that, among the files a problem package adds to
	// a submission (rubric.Build.Include), runs in place of the
	// submission's main ("__main__.py"); "" for none. See WantMain.
	Entry string
	// Headers are the endings of files its sources include that its
	// build does not compile (".h"); package grader/similarity reads
	// them as its sources.
	Headers []string
	// Syntax is what a source viewer colours; nil: none.
	Syntax *Syntax
	// Lexer is the lexer package grader/similarity reads its sources
	// with; NoLexer: similarity skips them.
	Lexer Lexer
	// Tests is the language's unit-test framework (package
	// grader/unittest); nil: none.
	Tests *TestFramework
	// Hello is a hello-world, `autograder doctor`'s self test: it reads a
	// name on stdin and prints "hello, NAME ARG1".
	Hello sandbox.File
}

// Box is what a tool's options depend on (Toolchain.Options): the box's
// memory (0: the sandbox's default) and CPU time, and whether the rubric
// asks for the judges' runtime rather than the grader's own choice
// (rubric.Build.Runtime).
type Box struct {
	Memory int64
	CPU    time.Duration
	Judges bool
}

// Name is a toolchain's name, as a rubric's build.language gives it
// ("cpp"): package rubric's Language is this type, and a name outside
// this package is looked up (Lookup) rather than compared.
type Name string

// Tool is one program of a toolchain.
type Tool struct {
	Name string // as the commands name it ("python3")
	// Candidates are tried in order, each resolved through PATH (for a
	// bare name) and every symbolic link; the first that runs in the box
	// wins. The system's own come first where a version manager's shim
	// is likely on PATH.
	Candidates []string
	Version    []string       // arguments that make it print its version
	VersionRE  *regexp.Regexp // its first group is the version
	// Idle are arguments that start the runtime whole and end it at once
	// (what a bare start costs, for bench); nil: Version's, where printing
	// the version starts it whole (java -version), not where it does
	// not (python3 --version starts no interpreter).
	Idle []string
	// Proxy finds the real tool behind a version manager's proxy (rustup's
	// rustc, a link to rustup that picks a toolchain by the user's home,
	// which a box does not have): given a candidate as found on PATH, the
	// real tool's path, or "" when the candidate is no proxy. nil: none.
	Proxy func(found string) string
}

// Paths resolves the tool's candidates through PATH and symbolic links,
// dropping those missing and repeats.
func (t Tool) Paths() []string {
	var out []string
	for _, n := range t.Candidates {
		p, err := exec.LookPath(n)
		if err != nil {
			continue
		}
		if p, err = filepath.Abs(p); err != nil {
			continue
		}
		if t.Proxy != nil {
			if real := t.Proxy(p); real != "" {
				p = real
			}
		}
		if p, err = filepath.EvalSymlinks(p); err != nil || slices.Contains(out, p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// ParseVersion reads the version from what the tool printed for Version.
func (t Tool) ParseVersion(out []byte) (string, bool) {
	m := t.VersionRE.FindSubmatch(out)
	if m == nil {
		return "", false
	}
	return string(m[1]), true
}

// WantMain is what a submission graded by its files (rubric language
// "auto") names to run (rubric.Build.Main, a name without its source
// extension) so that, with included (a problem package's files) added,
// it runs what main ran without them: an included Entry, else main; ""
// when t picks no main (PickMain nil).
func (t *Toolchain) WantMain(main string, included map[string][]byte) string {
	if t.PickMain == nil {
		return ""
	}
	if _, ok := included[t.Entry]; ok && t.Entry != "" {
		main = t.Entry
	}
	for _, e := range t.Exts {
		if stem, ok := strings.CutSuffix(main, e); ok {
			return stem
		}
	}
	return main
}

// Sources returns the names among files that are t's sources, in order.
func (t *Toolchain) Sources(files []string) []string {
	var out []string
	for _, f := range files {
		if slices.Contains(t.Exts, path.Ext(f)) {
			out = append(out, f)
		}
	}
	return out
}

// Product reports whether a file of that base name is something t's
// tools write, for a program called main.
func (t *Toolchain) Product(base, main string) bool {
	if t.Binary && base == main {
		return true
	}
	for _, pat := range t.Products {
		if ok, _ := path.Match(pat, base); ok {
			return true
		}
	}
	return false
}

var (
	dottedRE = regexp.MustCompile(`^\s*([0-9]+(?:\.[0-9]+)*)`)
	binaryRE = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*$`)
)

// checkBinary is CheckMain for a toolchain whose build writes the program.
func checkBinary(main string, _ []string) string {
	if !binaryRE.MatchString(main) {
		return "a file name for the program"
	}
	return ""
}

// lastLineHas reports whether the last non-empty line of b starts with
// prefix: an uncaught exception's name ends Python's traceback.
func lastLineHas(b []byte, prefix string) bool {
	b = bytes.TrimRight(b, "\n")
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		b = b[i+1:]
	}
	return bytes.HasPrefix(b, []byte(prefix))
}
