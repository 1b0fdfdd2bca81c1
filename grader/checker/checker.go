package checker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// The files a checker's box holds beside the checker's own.
const (
	inputFile   = "testcase.in"
	answerFile  = "testcase.ans"
	feedbackDir = "feedback/"
)

// maxFile bounds one file of a checker, far above any real one.
const maxFile = 1 << 30

// Checker is a checker program, the judge of finished runs.
type Checker struct {
	path   string   // the source file or folder, for messages
	srcs   []string // the files, absolute paths (PublicFiles)
	files  []submission.File
	flags  []string
	runner *runner.Sandboxed
	// multOnly refuses score.txt (rubric.Judge.MultiplierOnly).
	multOnly bool
	// judgeErrors makes its failures on a run's output judge errors
	// (rubric.Judge.JudgeErrors).
	judgeErrors bool

	mu       sync.Mutex
	prog     grader.Program // once built
	buildErr error          // why it did not build, once tried
}

// Fingerprint implements grader.Fingerprinter: a hash of the checker's
// files and flags, so that a changed checker regrades.
func (c *Checker) Fingerprint() string {
	h := sha256.New()
	for _, f := range c.files {
		fmt.Fprintf(h, "%q %d\n", f.Name, len(f.Data))
		h.Write(f.Data)
	}
	fmt.Fprintf(h, "flags %q\n", c.flags)
	return hex.EncodeToString(h.Sum(nil))
}

// PublicFiles implements grader.PublicFiler: the checker's files, which
// a bundle of the assignment carries beside its public cases so that a
// student's check can run the checker too.
func (c *Checker) PublicFiles() []string { return slices.Clone(c.srcs) }

// sources are the absolute paths of the files load read from path.
func sources(path string, files []submission.File) ([]string, error) {
	dir := filepath.Dir(path)
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		dir = path
	}
	var srcs []string
	for _, f := range files {
		abs, err := filepath.Abs(filepath.Join(dir, f.Name))
		if err != nil {
			return nil, fmt.Errorf("checker: %w", err)
		}
		srcs = append(srcs, abs)
	}
	return srcs, nil
}

// load reads a checker's source file, or the files of its folder, and
// chooses their language's preset; a folder with a build or run script
// is built and run by them (rubric.Scripted), as the problem package
// format's programs may be.
func load(path string) ([]submission.File, rubric.Build, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, rubric.Build{}, fmt.Errorf("checker: %w", err)
	}
	names := []string{filepath.Base(path)}
	dir := filepath.Dir(path)
	if info.IsDir() {
		if names, err = folder(path); err != nil {
			return nil, rubric.Build{}, err
		}
		dir = path
	}
	var files []submission.File
	for _, n := range names {
		data, err := submission.ReadProgramFile(filepath.Join(dir, n), maxFile)
		if err != nil {
			return nil, rubric.Build{}, fmt.Errorf("checker: %w", err)
		}
		files = append(files, submission.File{Name: n, Data: data})
	}
	if b, ok := rubric.Scripted(names, func(n string) []byte { return files[slices.Index(names, n)].Data }); ok && info.IsDir() {
		return files, b, nil
	}
	b, err := preset(path, names)
	return files, b, err
}

// folder lists the regular files of a checker's folder, and its links to
// regular files wherever they lead (submission.ProgramFile), dot files
// left out, sorted; none may be named as the files the box adds.
func folder(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("checker: %w", err)
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, ".") {
			continue
		}
		file, err := submission.ProgramFile(dir, e)
		switch {
		case err != nil:
			return nil, fmt.Errorf("checker: %w", err)
		case !file:
		case n == inputFile || n == answerFile || n == strings.TrimSuffix(feedbackDir, "/"):
			return nil, fmt.Errorf("checker %s: a checker's file may not be named %s: the box gives it that name", dir, n)
		default:
			names = append(names, n)
		}
	}
	return names, nil
}

// preset is the Build of the checker's files: the language of their
// extensions, the main file first.
func preset(path string, names []string) (rubric.Build, error) {
	var langs []*toolchain.Toolchain
	var sources []string
	for _, n := range names {
		if tc := toolchain.ByExt(filepath.Ext(n)); tc != nil {
			sources = append(sources, n)
			if !slices.Contains(langs, tc) {
				langs = append(langs, tc)
			}
		}
	}
	switch {
	case len(langs) == 0:
		return rubric.Build{}, fmt.Errorf("checker %s: no source file (%s)", path, extList())
	case len(langs) > 1:
		return rubric.Build{}, fmt.Errorf("checker %s: sources of several languages (%s)", path, strings.Join(sources, ", "))
	}
	// The preset runs the first file: the folder's main, for a toolchain
	// that runs one file of several.
	if main := langs[0].FolderMain; main != "" && len(sources) > 1 {
		i := slices.Index(sources, main)
		if i < 0 {
			return rubric.Build{}, fmt.Errorf("checker %s: several %s files and no %s to run", path, filepath.Ext(main), main)
		}
		sources = append([]string{main}, slices.Delete(sources, i, i+1)...)
	}
	return rubric.Preset(langs[0].Name, sources)
}

// extList names every toolchain's source endings, in the toolchains' order.
func extList() string {
	var exts []string
	for _, tc := range toolchain.All() {
		exts = append(exts, tc.Exts...)
	}
	return strings.Join(exts[:len(exts)-1], ", ") + " or " + exts[len(exts)-1]
}

// program builds the checker the first time it is needed, and returns
// that build, or why it failed, ever after. A cancelled build is tried
// again by the next caller. w are the hooks of the core of the run that
// asks first, for the build's boxes.
func (c *Checker) program(ctx context.Context, w sandbox.Hooks) (grader.Program, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.prog != nil || c.buildErr != nil {
		return c.prog, c.buildErr
	}
	b, err := c.runner.Build(ctx, c.files, w)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, err
	case err != nil:
		c.buildErr = fmt.Errorf("checker %s: building: %w", c.path, err)
	case !b.OK:
		c.buildErr = fmt.Errorf("checker %s does not build:\n%s", c.path, cut(b.Log, maxMessage))
	default:
		c.prog = b.Program
	}
	return c.prog, c.buildErr
}

// spec is the box of one run of the checker on trial t: its files, the
// case's input and answer, an empty feedback folder collected afterwards;
// its flags are the case's JudgeArgs when it has its own.
func (c *Checker) spec(ctx context.Context, prog grader.Program, t grader.Trial, in grader.Input) (sandbox.Spec, error) {
	flags := c.flags
	if t.Case.JudgeArgs != nil {
		flags = t.Case.JudgeArgs
	}
	in.Args = append([]string{inputFile, answerFile, feedbackDir}, flags...)
	in.Waiting = t.Waiting
	spec, err := c.runner.Spec(ctx, prog, in)
	if err != nil {
		return sandbox.Spec{}, fmt.Errorf("checker %s: %w", c.path, err)
	}
	spec.Files = append(spec.Files,
		sandbox.File{Name: inputFile, Data: t.Case.Stdin},
		sandbox.File{Name: answerFile, Data: answerOf(t)},
		// A file makes the folder; the checker may write beside it.
		sandbox.File{Name: feedbackDir + ".keep"},
	)
	for _, f := range feedbackFiles {
		spec.Collect = append(spec.Collect, feedbackDir+f)
	}
	return spec, nil
}

// answerOf is the answer file the checker gets for trial t: the case's
// first accepted output, or nothing.
func answerOf(t grader.Trial) []byte {
	if out := t.Case.Accepts(t.Readings); len(out) > 0 {
		return out[0].Stdout
	}
	return nil
}

// The feedback files read, in the feedback folder.
const (
	teamMessage     = "teammessage.txt"
	judgeMessage    = "judgemessage.txt"
	scoreFile       = "score.txt"
	multiplierFile  = "score_multiplier.txt"
	scoreFileMaxLen = 256
)

var feedbackFiles = []string{teamMessage, judgeMessage, scoreFile, multiplierFile}
