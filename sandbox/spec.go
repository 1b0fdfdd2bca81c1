package sandbox

import (
	"fmt"
	"io"
	"io/fs"
	"time"
)

// Limits bounds one run. A zero field takes the default named beside it.
type Limits struct {
	// Wall is the real time of the whole run; default 10s. At every tier
	// but basic, the time the box spent waiting for a core, runnable
	// while other work ran (Result.Stall), does not count, up to thirty times
	// the limit in all: a loaded machine never stops a program at its
	// wall limit that would have ended in time alone (see stall_linux.go).
	Wall time.Duration
	CPU  time.Duration // CPU time of the whole box; default 5s

	// Memory is the memory of the whole box, its tmpfs included; default 512 MiB.
	Memory int64
	// Procs bounds processes and threads together; default 128, never
	// below 64 because a JVM needs about 20 threads just to start.
	Procs int
	// Output bounds the bytes captured of stdout and of stderr, each;
	// default 1 MiB. A program that writes more is killed and its output
	// cut, unless RunPastOutput.
	Output int64
	// RunPastOutput lets a program that writes more than Output run on,
	// as contest judges run it: what it writes past the limit is read
	// and discarded (nothing more is kept), and Result.StdoutTruncated
	// or StderrTruncated says so; no limit is blamed.
	RunPastOutput bool
	// FileSize is the largest file the program may write (RLIMIT_FSIZE);
	// default 16 MiB.
	FileSize int64
	// BoxSize is the size of the box's private writable tmpfs (working
	// directory and /tmp together); default 64 MiB.
	BoxSize int64
	// Stack is the program's stack (RLIMIT_STACK, set for the program
	// whatever the grader's own); 0, the default, is unlimited, as
	// contest judges give it (problemtools, DOMjudge): only the memory
	// limit bounds it (on TierFull, whose cgroup counts it; below, as
	// every process's memory there, per process). An unlimited stack
	// leaves a thread's default stack small (the C library's 8 MiB),
	// where a large finite one makes every thread's that large. StackOf
	// says what a run really gets.
	Stack int64
}

// Defaults for the zero fields of Limits.
const (
	DefaultWall     = 10 * time.Second
	DefaultCPU      = 5 * time.Second
	DefaultMemory   = 512 << 20
	DefaultProcs    = 128
	MinProcs        = 64
	DefaultOutput   = 1 << 20
	DefaultFileSize = 16 << 20
	DefaultBoxSize  = 64 << 20
)

func (l Limits) withDefaults() Limits {
	if l.Wall <= 0 {
		l.Wall = DefaultWall
	}
	if l.CPU <= 0 {
		l.CPU = DefaultCPU
	}
	if l.Memory <= 0 {
		l.Memory = DefaultMemory
	}
	if l.Procs <= 0 {
		l.Procs = DefaultProcs
	}
	if l.Procs < MinProcs {
		l.Procs = MinProcs
	}
	if l.Output <= 0 {
		l.Output = DefaultOutput
	}
	if l.FileSize <= 0 {
		l.FileSize = DefaultFileSize
	}
	if l.BoxSize <= 0 {
		l.BoxSize = DefaultBoxSize
	}
	return l
}

// File is a file in the box's working directory. Name is slash-separated
// and relative; it may name subdirectories, which are created.
type File struct {
	Name string
	Data []byte
	Mode fs.FileMode // permission bits; 0 means 0644
}

// Spec describes one run.
type Spec struct {
	// Path is the program. A name without a slash ("gcc") is
	// looked up on the host's PATH, and an absolute path is a host file;
	// either is made visible, read-only, inside the box when it lies
	// outside the system directories. A relative path with a slash
	// ("./main") names a file in the box's working directory, one of
	// Files: a program built in an earlier box.
	Path string
	Args []string // arguments after the program name

	Files []File // copied into the box's working directory
	// Dir, if set, is a host directory whose regular files are copied into
	// the working directory too (before Files, which win on a clash).
	Dir string

	Stdin []byte
	// StdinFrom, when set, is the program's stdin instead of Stdin, read
	// as the program reads it: a pipe lets the caller talk with the
	// program (grader/warm sends one case at a time).
	StdinFrom io.Reader
	// StdoutTo, when set, is also given stdout as it arrives, up to the
	// output limit. Its Write must not block for long: the program waits.
	StdoutTo io.Writer
	// StdoutToOnly, with StdoutTo, gives stdout to StdoutTo alone:
	// Result.Stdout stays empty, so that a long conversation (a warm JVM's
	// every answer) is not held twice. The output limit still counts it.
	StdoutToOnly bool
	// StderrTo, when set, is given stderr alone, as it arrives:
	// Result.Stderr stays empty and the output limit does not count it,
	// so that a program that prints much is not stopped for it. The
	// caller bounds what it keeps (a clip.Buffer); its Write must not
	// block for long.
	StderrTo io.Writer
	// StdoutClosed, with StdoutTo, is called once, when the program's
	// stdout is closed by every process of the box holding it: before
	// the run ends when the program closes it early (an interactive
	// judge that ends its messages, then waits for the answer).
	StdoutClosed func()
	// PassLimit, with StdoutToOnly, bounds what StdoutTo is given instead
	// of Limits.Output: a conversation passing through to another
	// program (an interactive judge's messages) is not kept, and may be
	// larger than what a run may keep. Zero: Limits.Output.
	PassLimit int64
	// Stop, when it is closed, kills the box: the caller no longer needs
	// the run (an interactive judge has rejected it). The result then
	// says Stopped; no limit is blamed.
	Stop <-chan struct{}
	// Env is the program's whole environment. PATH, HOME, TMPDIR, LANG
	// (C.UTF-8) and TZ (UTC0) get sane values inside the box unless Env
	// sets them.
	Env []string

	Limits Limits

	// Collect names files to copy out of the working directory after the
	// run, as path.Match patterns relative to it ("*.class"). Symbolic
	// links and non-regular files are never collected.
	Collect []string

	// ReadOnly lists extra host paths to show, read-only and at the same
	// path, inside the box (a JDK's home, say); those inside the system
	// directories, which every box shows, need not be listed.
	ReadOnly []string

	// Meter, when set, reads the box's CPU time while it runs (see Meter).
	Meter *Meter

	// Waiting is called as the box turns to waiting and back to working
	// (see Hooks): a scheduler's word, never the run's verdict.
	Waiting Hooks
}

// Limit names the limit a run ran into.
type Limit int

// The limits a run can hit.
const (
	None Limit = iota
	Wall
	CPU
	Memory
	Procs
	Output
	FileSize
	BoxSize
)

var limitNames = [...]string{"none", "wall time", "CPU time", "memory", "processes", "output", "file size", "box size"}

// limitKeys are the limits' names in results (results.json's "limit"):
// None is "", which a result leaves out.
var limitKeys = [...]string{"", "wall", "cpu", "memory", "processes", "output", "file-size", "box-size"}

// String names the limit for a person: "wall time", "CPU time".
func (l Limit) String() string {
	if l < 0 || int(l) >= len(limitNames) {
		return fmt.Sprintf("Limit(%d)", int(l))
	}
	return limitNames[l]
}

// MarshalText writes the limit's key: "wall", "cpu", "memory",
// "processes", "output", "file-size", "box-size"; "" for None.
func (l Limit) MarshalText() ([]byte, error) {
	if l < 0 || int(l) >= len(limitKeys) {
		return nil, fmt.Errorf("sandbox: no limit %d", int(l))
	}
	return []byte(limitKeys[l]), nil
}

// UnmarshalText reads a key MarshalText writes.
func (l *Limit) UnmarshalText(text []byte) error {
	for i, k := range limitKeys {
		if k == string(text) {
			*l = Limit(i)
			return nil
		}
	}
	return fmt.Errorf("sandbox: no limit %q", text)
}

// Result is what became of a run. A program that fails, crashes or is
// killed at a limit is a Result, not an error.
type Result struct {
	ExitCode int    // exit status, or -1 when killed by a signal
	Signal   string // the signal that ended the program ("killed"), or ""
	Limit    Limit  // the limit that was hit, if any
	// Stopped says the box was killed because Spec.Stop was closed.
	Stopped bool

	CPU  time.Duration // CPU time of the whole box: its processes and every child they reaped
	Wall time.Duration // real time of the program
	// Stall is the part of Wall the box spent waiting for a core (on a
	// run queue, while other work ran), which its wall limit does not
	// count (Linux tiers; see Limits.Wall).
	Stall time.Duration
	// StallCounted says the kernel counted the box's waits for a core, so
	// its wall limit left them out (else it was plain wall time).
	StallCounted bool
	PeakMemory   int64 // peak memory of the box in bytes (where no cgroup counts it: the largest sample of its processes' memory together, or the largest process of a run too short to sample)

	Stdout, Stderr                   []byte
	StdoutTruncated, StderrTruncated bool

	Files []File // collected files, sorted by name

	Tier Tier // the isolation the run had
}

// CPULimitSignal is the signal a run stopped at its CPU limit reports
// (SIGXCPU's name), however it was stopped.
const CPULimitSignal = "CPU time limit exceeded"

// OK reports whether the program exited with status 0 without hitting a limit.
func (r Result) OK() bool { return r.ExitCode == 0 && r.Signal == "" && r.Limit == None }

// Tier is a degree of isolation, weakest first.
type Tier int

// The tiers. Detect picks the strongest one the machine allows.
const (
	// TierBasic is all there is outside Linux: wall-time and output
	// limits and a kill of the process (group). Files, network, memory
	// and processes are not contained.
	TierBasic Tier = iota
	// TierFallback is Linux without namespaces: a helper sets rlimits,
	// reaps and kills everything the program leaves behind (it is a child
	// subreaper). Files and network are reachable.
	TierFallback
	// TierNamespaces adds mount, PID, IPC, UTS and network namespaces
	// (through a user namespace when not root): the program sees only a
	// read-only system and its private tmpfs box, no network. Processes
	// are bounded by rlimits only; CPU time and memory are the whole
	// box's, read from /proc.
	TierNamespaces
	// TierFull adds a cgroup (v1 or v2) per box for memory, processes and
	// CPU accounting.
	TierFull
)

var tierNames = [...]string{"basic", "fallback", "namespaces", "full"}

func (t Tier) String() string {
	if t < 0 || int(t) >= len(tierNames) {
		return fmt.Sprintf("Tier(%d)", int(t))
	}
	return tierNames[t]
}

// Warning says what a tier leaves uncontained, or "" for TierFull.
func (t Tier) Warning() string {
	switch t {
	case TierFull:
		return ""
	case TierNamespaces:
		return "no cgroup: the box's memory is read from /proc every 50 ms (a cgroup counts it exactly); processes are bounded per process by rlimits only"
	case TierFallback:
		return "NO ISOLATION: submissions can read the grader's files and reach the network (not by TCP where Linux is 6.7 or later); as root they write only where any user may (and what they leave there is metered and removed), without root only in their own folder, with no POSIX shared memory (/dev/shm: Python's multiprocessing) nor System V IPC, which fail there and not on the other tiers"
	default:
		return "NO ISOLATION: submissions can read and write the grader's files, reach the network and exhaust memory; only wall time and output limits hold"
	}
}

// Metered reports whether a box of this tier has a Meter.
func (t Tier) Metered() bool { return t >= TierFallback }
