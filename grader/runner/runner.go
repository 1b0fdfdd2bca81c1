// Package runner builds and runs submissions in the sandbox, one fresh box
// per build step and per case, by the rubric's language preset.
//
// The rubric says a preset's commands ("gcc -O2 -o main sum.c", "./main");
// the preset's toolchain (package grader/toolchain) says the rest, which
// this package applies and names no language for: the compilers and
// interpreters those commands name, resolved to the files that really run
// (through every symbolic link, the system's own before a version
// manager's shim on PATH) and checked to run in a box (Tools); the
// options an interpreter needs there (a JVM's heap cap); how a program
// reports running out of memory; whether a build that succeeded made the
// program the run command starts (see Sandboxed.NoProgram); and the
// runtime's version, for each result's provenance ("gcc 12.2.0").
// Under language "auto", the toolchain of a submission's files builds it,
// choosing its main unit (pick). Hello runs a toolchain's hello-world, as
// `autograder doctor` does for each.
//
// # Repeated runs and the clock
//
// A program that seeds its generator from the clock in seconds
// (srand(time(NULL)), as the course's N-queens framework does) repeats
// itself when run twice within a second, and a repeated case's runs start
// milliseconds apart. So run n of a repeated case (grader.Input.Attempt n)
// runs with libfaketime preloaded (Debian's package libfaketime; Faketime
// finds it, `autograder doctor` says whether it works), its clock starting
// at RunStart(secret, case, n): a second drawn from the batch's secret
// (grader.Input.Secret) and the case's ID, plus n ClockShifts (1h 1m 1s).
// Every run of a case sees another second, and every grading of the case
// with the same secret sees the same ones: a clock-seeded program makes
// the same runs on a regrade, so its score is reproducible; but no
// program can know them ahead and carry a table of the seconds it fails
// on. check, with no secret, draws them from the case's ID alone: a
// student sees the same runs on any machine. The monotonic clock is left alone,
// so timers and time limits are real. No student changes a line. What
// each language sees:
//
//   - C and C++: time(), gettimeofday() and clock_gettime(CLOCK_REALTIME)
//     are moved, so srand(time(NULL)) differs from run to run (a seed
//     that mixes in getpid() needs the shift as much: a box's pid is
//     nearly always the same small number) and is the same on every
//     grading. A statically linked program (gcc -static) loads no library and sees
//     the real clock; the presets link dynamically.
//   - Java: new Random() and Math.random() seed from System.nanoTime() and
//     a counter, and differ from run to run and from grading to grading;
//     System.currentTimeMillis() and Instant.now() ask the C library's
//     clock_gettime, which libfaketime answers, so new
//     Random(System.currentTimeMillis() / 1000) is moved too (in
//     milliseconds, the JVM's start time makes it vary a little).
//     Warm mode runs a repeated case's runs cold, one JVM each.
//   - Python: random seeds from os.urandom by default and differs from run
//     to run and from grading to grading; time.time() is moved, so
//     random.seed(int(time.time())) is as in C.
//
// Without libfaketime a repeated case still runs, on the real clock, and
// the program's Flags tell the TA that a clock-seeded program may have
// repeated itself.
package runner

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// Sandboxed is a grader.Runner that runs everything through sandbox.Run.
type Sandboxed struct {
	build   [][]string
	run     []string
	lang    rubric.Language
	main    string               // the preset's main (build.main)
	sources []string             // the files the preset compiles
	tc      *toolchain.Toolchain // nil for a raw rubric
	lim     rubric.Limits
	judges  bool // the rubric asks for the judges' runtime (rubric.Build.Runtime)
	// auto is the rubric's build when its language is "auto" or a list:
	// each Build picks a preset by the files and builds with a runner of
	// that preset, whose parent is this one.
	auto   *rubric.Build
	parent *Sandboxed
}

// tidy is a build step's output as its toolchain tidies it (TidyLog).
func (s *Sandboxed) tidy(out []byte) []byte {
	if s.tc == nil || s.tc.TidyLog == nil {
		return out
	}
	return s.tc.TidyLog(out)
}

// New prepares the rubric's build and run commands. The preset's tools
// are looked for on the first Build or Run. Under language "auto" (or a
// list), each Build picks the preset by the submission's files (see
// package rubric, "Language by file"), and the build's Runtime names it.
func New(r *rubric.Rubric) *Sandboxed {
	if r.Build.Language == rubric.Auto {
		b := r.Build
		return &Sandboxed{lang: rubric.Auto, lim: r.Limits, auto: &b}
	}
	return newSandboxed(r.Build, r.Limits)
}

func newSandboxed(b rubric.Build, lim rubric.Limits) *Sandboxed {
	build, run := b.Commands()
	return &Sandboxed{build: build, run: run, lang: b.Language, main: b.Main, sources: b.Sources, tc: toolchain.Lookup(b.Language), lim: lim,
		judges: b.Runtime == rubric.JudgesRuntime}
}

// buildAuto picks the preset of the files and builds them with it. Files
// no preset fits fail to build, the log saying why.
func (s *Sandboxed) buildAuto(ctx context.Context, files []submission.File, w sandbox.Hooks) (grader.Build, error) {
	b, picked, problem := pick(*s.auto, files)
	if inc := includeFor(s.auto.Include, b.Language); problem == "" && len(inc) > 0 {
		one := *s.auto
		one.Languages, one.Main = []rubric.Language{b.Language}, mainWithIncluded(b, inc)
		b, picked, problem = pick(one, withIncluded(picked, inc))
	}
	if problem != "" {
		return grader.Build{Log: problem + "\n"}, nil
	}
	b.Runtime = s.auto.Runtime
	inner := newSandboxed(b, s.lim)
	inner.parent = s
	built, err := inner.Build(ctx, picked, w)
	if err != nil {
		return built, err
	}
	built.Runtime = inner.Runtime()
	return built, nil
}

// found holds each preset's tools once found, by preset and runtime: a
// machine's compilers do not change while the grader runs, and every
// runner of a process (a warm runner's cold one, doctor's) shares them.
var found struct {
	sync.Mutex
	tools map[foundKey]foundTools
}

type foundKey struct {
	lang   rubric.Language
	judges bool
}

// foundTools are a preset's tools, and whether they are its judges'
// runtime (toolchain.Toolchain.JudgesTools).
type foundTools struct {
	tools  []Tool
	judges bool
}

// Tools finds the preset's tools, once a process: each resolved and
// checked to print its version in a box; the judges' runtime's, when the
// rubric asks for it and this machine has it. A raw rubric's commands
// are run as they are, and it has none.
func (s *Sandboxed) Tools(ctx context.Context) ([]Tool, error) {
	f, err := s.found(ctx)
	return f.tools, err
}

func (s *Sandboxed) found(ctx context.Context) (foundTools, error) {
	if s.tc == nil {
		return foundTools{}, nil
	}
	found.Lock()
	defer found.Unlock()
	key := foundKey{s.lang, s.judges && len(s.tc.JudgesTools) > 0}
	if f, ok := found.tools[key]; ok {
		return f, nil
	}
	f := foundTools{judges: key.judges}
	var err error
	if key.judges {
		// The judges' runtime where this machine has it, else the grader's.
		if f.tools, err = s.findTools(ctx, s.tc.JudgesTools); err != nil {
			f.judges = false
		}
	}
	if !f.judges {
		if f.tools, err = s.findTools(ctx, s.tc.Tools); err != nil {
			return foundTools{}, err
		}
	}
	if found.tools == nil {
		found.tools = map[foundKey]foundTools{}
	}
	found.tools[key] = f
	return f, nil
}

// findTools finds each of tools.
func (s *Sandboxed) findTools(ctx context.Context, tools []toolchain.Tool) ([]Tool, error) {
	var out []Tool
	for _, t := range tools {
		f, err := findTool(ctx, s.tc, t, s.limits(true))
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// Runtime implements grader.Describer: the preset's runtime and version
// ("python 3.11.2", "pypy 7.3.11"), or "" for a raw rubric or when it is
// not found.
func (s *Sandboxed) Runtime() string {
	f, err := s.found(context.Background())
	if err != nil || len(f.tools) == 0 {
		return ""
	}
	if f.judges {
		return s.tc.JudgesRuntime + " " + f.tools[0].Version
	}
	return s.tc.Runtime + " " + f.tools[0].Version
}

// JudgesTools finds tc's judges' runtime on this machine
// (toolchain.Toolchain.JudgesTools), as a rubric that asks for it would,
// for `autograder doctor`.
func JudgesTools(ctx context.Context, tc *toolchain.Toolchain) ([]Tool, error) {
	return (&Sandboxed{tc: tc, lang: tc.Name}).findTools(ctx, tc.JudgesTools)
}

// JudgesMissing is what a verdict notes when the rubric asks for the
// judges' runtime and this machine lacks it ("the judges would run this
// Python program with PyPy ..."), "" otherwise.
func (s *Sandboxed) JudgesMissing(ctx context.Context) string {
	if s.tc == nil || !s.judges || len(s.tc.JudgesTools) == 0 {
		return ""
	}
	if f, err := s.found(ctx); err != nil || f.judges {
		return ""
	}
	return s.tc.JudgesMissing
}

// Stack implements grader.StackDescriber: the stack of a run, as the
// sandbox sets it (StackOf), and the preset runtime's threads' own.
func (s *Sandboxed) Stack() string {
	tcs := []*toolchain.Toolchain{s.tc}
	if s.auto != nil {
		tcs = toolchain.All()
	}
	return StackText(s.limits(false), tcs...)
}

// StackText says what stack a run under lim has: "unlimited", "64 MiB",
// or what the grader's own hard limit cut it to; and the stack each of
// tcs' runtimes gives a thread, where it sets one.
func StackText(lim sandbox.Limits, tcs ...*toolchain.Toolchain) string {
	n, capped := sandbox.StackOf(lim)
	text := "unlimited"
	if n > 0 {
		text = mib(n)
	}
	if capped {
		text += " (the grader's own hard stack limit, which only a privileged process may raise: start the grader from a shell whose `ulimit -Hs` is unlimited)"
	}
	for _, tc := range tcs {
		if tc != nil && tc.ThreadStack != nil {
			text += fmt.Sprintf("; %s threads %s", tc.Title, mib(tc.ThreadStack(lim.Memory)))
		}
	}
	return text
}

// mib writes a size in MiB ("64 MiB").
func mib(n int64) string {
	if n%(1<<20) != 0 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%d MiB", n>>20)
}

// Key implements grader.Keyer: cold mode, each case in a fresh box.
func (s *Sandboxed) Key() string { return "cold" }

// spec makes the sandbox spec of a command: its tool resolved, with the
// preset's options and environment.
func (s *Sandboxed) spec(ctx context.Context, argv []string, build bool) (sandbox.Spec, error) {
	tools, err := s.Tools(ctx)
	if err != nil {
		return sandbox.Spec{}, err
	}
	lim := s.limits(build)
	spec := sandbox.Spec{Path: argv[0], Args: slices.Clone(argv[1:]), Limits: lim}
	if s.tc == nil {
		return spec, nil
	}
	spec.Env = s.tc.Env
	for _, t := range tools {
		if t.Name == argv[0] {
			spec.Path = t.Path
			opts := options(s.tc, t.Name, s.box(lim), t.Version)
			more, file := archive(ctx, s.tc, t, opts)
			spec.Args = slices.Concat(opts, more, spec.Args)
			spec.ReadOnly = readOnly(s.tc, t.Path)
			if file != "" {
				spec.ReadOnly = append(slices.Clone(spec.ReadOnly), file)
			}
		}
	}
	return spec, nil
}

// limit is the limit a run hit: the sandbox's, else, for a run that
// failed, the one the program reports in the preset's words.
func (s *Sandboxed) limit(res sandbox.Result) grader.Limit {
	l := res.Limit
	if l == grader.None && !res.OK() && s.tc != nil && s.tc.Limit != nil {
		l = s.tc.Limit(res.Stderr)
	}
	return l
}

// heap is the runtime's heap cap in box (Toolchain.Heap) when the run
// hit the memory limit by its runtime's word (limit Memory, the sandbox's
// none): it ran out of that, not of the box; 0 otherwise.
func (s *Sandboxed) heap(res sandbox.Result, limit grader.Limit, box toolchain.Box) int64 {
	if limit != grader.Memory || res.Limit != sandbox.None || s.tc == nil || s.tc.Heap == nil {
		return 0
	}
	return s.tc.Heap(box)
}

// box is what the preset's options depend on in a box with lim.
func (s *Sandboxed) box(lim sandbox.Limits) toolchain.Box {
	return toolchain.Box{Memory: lim.Memory, CPU: lim.CPU, Judges: s.judges}
}

func (s *Sandboxed) limits(build bool) sandbox.Limits {
	l := sandbox.Limits{Wall: s.lim.Wall, CPU: s.lim.CPU, Memory: s.lim.Memory, Output: s.lim.Output, Stack: s.lim.Stack,
		RunPastOutput: s.lim.PastOutput == rubric.DiscardOutput}
	if build {
		l.RunPastOutput = false
		// A compiler needs more time than one case, and its messages are
		// what the student must see, whatever the output cap of a run.
		l.Wall, l.CPU = s.lim.BuildWall, s.lim.BuildWall
		l.Output = max(l.Output, 1<<20)
		if s.tc != nil {
			l.BoxSize = s.tc.BuildBox
		}
		if f := s.lim.BuildFile; f > sandbox.DefaultFileSize {
			// A build that may write a large file (a program holding a
			// large array initialised in it) gets a box that holds two
			// such, the object file and the program side by side, and, as
			// the box's files count in its memory, that much more memory.
			l.FileSize = f
			l.BoxSize = max(l.BoxSize, sandbox.DefaultBoxSize) + 2*f
			l.Memory = max(l.Memory, sandbox.DefaultMemory) + l.BoxSize
		}
	}
	return l
}

// Build runs each build command in a fresh box with the current files and
// collects every file the step wrote for the next step and the runs.
func (s *Sandboxed) Build(ctx context.Context, files []submission.File, w sandbox.Hooks) (grader.Build, error) {
	if s.auto != nil {
		return s.buildAuto(ctx, files, w)
	}
	cur := make([]sandbox.File, len(files))
	for i, f := range files {
		cur[i] = sandbox.File{Name: f.Name, Data: f.Data}
	}
	var log strings.Builder
	for _, argv := range s.build {
		spec, err := s.spec(ctx, argv, true)
		if err != nil {
			return grader.Build{}, err
		}
		spec.Files, spec.Collect, spec.Waiting = cur, []string{"*", "*/*", "*/*/*"}, w
		res, err := sandbox.Run(ctx, spec)
		if err != nil {
			return grader.Build{}, fmt.Errorf("build step %s: %w", argv[0], err)
		}
		log.Write(s.tidy(append(res.Stdout, res.Stderr...)))
		if !res.OK() {
			switch l := s.limit(res); {
			case res.Limit != sandbox.None:
				fmt.Fprintf(&log, "\n(the build stopped at the %s limit)\n", res.Limit)
			case l != grader.None: // the memory or processes limit, as the compiler says
				fmt.Fprintf(&log, "\n(the build stopped at the %s limit)\n", l)
			case res.Signal != "":
				fmt.Fprintf(&log, "\n(the build was killed by signal %s)\n", res.Signal)
			}
			return grader.Build{OK: false, Log: log.String()}, nil
		}
		cur = merge(cur, res.Files)
	}
	if note := s.NoProgram(cur); note != "" {
		return grader.Build{OK: false, Log: log.String(), Note: note}, nil
	}
	return grader.Build{OK: true, Log: log.String(), Program: &program{s: s, files: cur}}, nil
}

// NoProgram says why build commands that succeeded, leaving the files
// built, made no program for the run command to start ("" when they
// did), by the preset: a Java file that declares no class EightQueen
// compiles, but there is nothing to run. Build fails with it as the note;
// package grader/warm checks its own compiles with it.
func (s *Sandboxed) NoProgram(built []sandbox.File) string {
	if s.tc == nil || s.tc.NoProgram == nil {
		return ""
	}
	return s.tc.NoProgram(s.main, s.sources, built)
}

// merge adds or replaces files by name, keeping the order stable.
func merge(a, b []sandbox.File) []sandbox.File {
	out := slices.Clone(a)
	for _, f := range b {
		if i := slices.IndexFunc(out, func(g sandbox.File) bool { return g.Name == f.Name }); i >= 0 {
			out[i] = f
		} else {
			out = append(out, f)
		}
	}
	return out
}

type program struct {
	s     *Sandboxed
	files []sandbox.File
	// realClock is set once a run of a repeated case ran with the real
	// clock, for want of libfaketime.
	realClock atomic.Bool
	// notes are the preset's notes on the failed runs (Toolchain.RunNote).
	mu    sync.Mutex
	notes []string
}

// Spec returns the sandbox spec of a run of prog, a program this runner
// built, on in: what prog.Run runs. A caller that needs more of the box
// than an Input gives (package grader/checker: a checker program's input
// and answer files beside it, its feedback folder collected after the
// run) adds to the spec and runs it with sandbox.Run itself. Appending to
// the spec's Files changes no other run's.
func (s *Sandboxed) Spec(ctx context.Context, prog grader.Program, in grader.Input) (sandbox.Spec, error) {
	p, ok := prog.(*program)
	if !ok || p.s != s && p.s.parent != s {
		return sandbox.Spec{}, fmt.Errorf("runner: %T is not a program this runner built", prog)
	}
	return p.spec(ctx, in)
}

func (p *program) spec(ctx context.Context, in grader.Input) (sandbox.Spec, error) {
	spec, err := p.s.spec(ctx, p.s.run, false)
	if err != nil {
		return sandbox.Spec{}, err
	}
	spec.Args = append(spec.Args, in.Args...)
	spec.Files, spec.Stdin = slices.Clip(p.files), in.Stdin
	// The box holds the program's files and, beside them, the room a
	// run may write in; a file it is given above the cap on what it
	// writes is not one it wrote.
	total, largest := filesSize(p.files)
	spec.Limits.BoxSize = sandbox.DefaultBoxSize + total
	spec.Limits.FileSize = max(sandbox.DefaultFileSize, largest+1)
	spec.StdinFrom, spec.StdoutTo, spec.Stop, spec.Waiting = in.StdinFrom, in.StdoutTo, in.Stop, in.Waiting
	if in.StdoutTo != nil {
		// A live run's stdout is a conversation with its judge, passed
		// through and not kept (the judge keeps a transcript): as the
		// judges' systems run interactive problems, no output limit
		// bounds it. Its judge's writer makes it wait while the judge
		// has not read (grader/checker's pipe holds 64 KiB, as an OS
		// pipe does), so its time limits bound it.
		spec.StdoutToOnly, spec.PassLimit = true, math.MaxInt64
	}
	return spec, nil
}

// filesSize is the bytes of files together, and of the largest.
func filesSize(files []sandbox.File) (total, largest int64) {
	for _, f := range files {
		n := int64(len(f.Data))
		total += n
		largest = max(largest, n)
	}
	return total, largest
}

// Run runs one case in a fresh box holding the built files; run n of a
// repeated case (in.Attempt n) sees its clock start at
// RunStart(in.Secret, in.Case, n).
func (p *program) Run(ctx context.Context, in grader.Input) (grader.Execution, error) {
	spec, err := p.spec(ctx, in)
	if err != nil {
		return grader.Execution{}, err
	}
	if in.Attempt > 0 {
		if lib := Faketime(); lib != "" {
			startClock(&spec, lib, RunStart(in.Secret, in.Case, in.Attempt))
		} else {
			p.realClock.Store(true)
		}
	}
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return grader.Execution{}, err
	}
	box := p.s.box(spec.Limits)
	p.note(res, box)
	limit := p.s.limit(res)
	return grader.Execution{
		ExitCode: res.ExitCode, Signal: res.Signal, Limit: limit, Heap: p.s.heap(res, limit, box), Stopped: res.Stopped, OutputCut: res.StdoutTruncated && res.Limit == sandbox.None,
		Stdout: res.Stdout, Stderr: res.Stderr, Time: res.Wall, CPU: res.CPU, CPUMeasured: true, StallCounted: res.StallCounted,
	}, nil
}

func (p *program) Close() error { return nil }

// note keeps the preset's note on a failed run in box, once.
func (p *program) note(res sandbox.Result, box toolchain.Box) {
	tc := p.s.tc
	if res.OK() || tc == nil || tc.RunNote == nil {
		return
	}
	n := tc.RunNote(res.Stderr, box)
	if n == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !slices.Contains(p.notes, n) {
		p.notes = append(p.notes, n)
	}
}

// Notes implements grader.Noter: the preset's notes on the runs that
// failed, sorted (the runs end in any order).
func (p *program) Notes() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Sorted(slices.Values(p.notes))
}

// Flags implements grader.Flagger: the TA is told when the runs of a
// repeated case could not have their clocks moved.
func (p *program) Flags() []string {
	var flags []string
	if note := p.s.JudgesMissing(context.Background()); note != "" {
		flags = append(flags, note)
	}
	if !p.realClock.Load() {
		return flags
	}
	return append(flags, "repeated cases ran with the real clock (no libfaketime on the grading machine; looked in "+FaketimeWhere()+
		"): a program that seeds its generator from the clock in seconds, srand(time(NULL)), may have repeated one run's result in others started within the same second")
}
