package toolchain

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// The JDK's launcher and compiler, which JDK discovery also finds.
var (
	javaTool  = Tool{Name: "java", Candidates: []string{"java"}, Version: []string{"-version"}, VersionRE: regexp.MustCompile(`version "([^"]+)"`)}
	javacTool = Tool{Name: "javac", Candidates: []string{"javac"}, Version: []string{"-version"}, VersionRE: regexp.MustCompile(`javac (\S+)`)}
)

// JDK is the Java toolchain's JDK as found on this machine, outside any
// box: what warm mode (package grader/warm) runs its harness with.
type JDK struct {
	Java    string // the java launcher, every symbolic link resolved
	Javac   string // the javac beside it
	Version string // as java -version prints it ("17.0.15")
	Feature int    // the feature release (17)
	Banner  []byte // all that java -version printed
}

// FindJDK finds the Java toolchain's java as the runner does (its tool's
// candidates, through PATH and symbolic links), the javac beside it, and
// its version. The error says what is missing.
func FindJDK(ctx context.Context) (JDK, error) {
	paths := javaTool.Paths()
	if len(paths) == 0 {
		return JDK{}, errors.New("no java on PATH")
	}
	j := JDK{Java: paths[0], Javac: filepath.Join(filepath.Dir(paths[0]), javacTool.Name)}
	if _, err := os.Stat(j.Javac); err != nil {
		return JDK{}, fmt.Errorf("no javac beside %s (a JRE, not a JDK?)", j.Java)
	}
	out, err := exec.CommandContext(ctx, j.Java, javaTool.Version...).CombinedOutput()
	if err != nil {
		return JDK{}, fmt.Errorf("%s %s: %v", j.Java, strings.Join(javaTool.Version, " "), err)
	}
	v, ok := javaTool.ParseVersion(out)
	if !ok {
		return JDK{}, fmt.Errorf("cannot read the version of %s: %q", j.Java, out)
	}
	j.Version, j.Feature, j.Banner = v, JavaFeature(v), out
	return j, nil
}

// JDKHome returns the JDK folder of a java or javac binary (its bin
// folder's parent, symbolic links resolved), which a box must show when it
// lies outside the system folders; "" when it cannot tell.
func JDKHome(java string) string {
	if real, err := filepath.EvalSymlinks(java); err == nil {
		java = real
	}
	bin := filepath.Dir(java)
	if filepath.Base(bin) != "bin" {
		return ""
	}
	return filepath.Dir(bin)
}

// JavaFeature is the feature release of a Java version as the JDK prints
// it: 17 for "17.0.15", 8 for "1.8.0_392", 0 when it cannot tell.
func JavaFeature(version string) int {
	first, rest, _ := strings.Cut(version, ".")
	if first == "1" {
		first, _, _ = strings.Cut(rest, ".")
	}
	first, _, _ = strings.Cut(first, "-")
	n, _ := strconv.Atoi(first)
	return n
}

// JVMOptions are the options the Java toolchain gives the java launcher
// of the given version ("17.0.15") in a box with the given memory (0: the
// sandbox's default), before any of the caller's: a heap cap below the
// box's memory, so that a greedy program gets an OutOfMemoryError rather
// than the OOM killer, a collector with one thread of each kind, no
// hsperfdata, crash logs in /tmp, a deep recursion's stack (javaStack).
func JVMOptions(memory int64, version string) []string {
	return jvmOptions(memory, javaHeap(Box{Memory: memory}), false, version)
}

// javaHeap is the JVM's heap (-Xmx) in a box: half its memory, the rest
// for what the JVM holds beside its heap (its code, metaspace, the code
// cache, the collector's tables, thread stacks) and the box's files. With
// the judges' runtime (a problem package's), the memory less what the JVM
// needs beside a full heap (javaReserve) when that is more, as DOMjudge
// sizes it (the limit less a reserve): a program whose data is more than
// half the limit runs, as on the judges' machines, and one whose data
// fills the heap still ends in OutOfMemoryError before the box reaches
// its limit. problemtools and BAPCtools give the whole limit (-Xmx
// {memlim}m), which a full heap would take the box past.
func javaHeap(box Box) int64 {
	heap, _, _ := heapOf(box)
	return heap
}

// heapOf is javaHeap, with the memory it is cut from (the box's, or the
// sandbox's default) and whether it is half of it.
func heapOf(box Box) (heap, memory int64, half bool) {
	memory = box.Memory
	if memory <= 0 {
		memory = sandbox.DefaultMemory
	}
	heap = max(memory/2>>20<<20, 16<<20)
	if rest := (memory - javaReserve(memory)) >> 20 << 20; box.Judges && rest > heap {
		return rest, memory, false
	}
	return heap, memory, true
}

// javaReserve is what a JVM holds beside a full heap, in a box of the
// given memory: 48 MiB and a sixteenth of the memory, above the most
// measured (the JVM's peak resident memory, files mapped included, less
// its heap: 43 MiB with a heap of 192 MiB, 74 MiB with 1000 MiB, the
// collector's tables growing with the heap; Java 17, the full JIT, G1 with
// one thread of each kind: docs/performance.md).
func javaReserve(memory int64) int64 { return 48<<20 + memory/16 }

// FullJITFrom is the shortest CPU time limit at which a program run with
// the judges' runtime (a problem package's) gets the JVM's full JIT (C2,
// as every contest judge runs Java): below it, the C1 compiler alone
// finishes a run sooner, as a JIT's start costs more than it wins back;
// from it up, the full JIT does, and by more the longer the run
// (measured: docs/performance.md, "The JVM's JIT and a run's time limit").
const FullJITFrom = time.Second

// fullJIT drops from opts the options that stop the JIT at its first
// tier and raise its thresholds (jvmOptions' choice for short runs).
func fullJIT(opts []string) []string {
	return slices.DeleteFunc(opts, func(o string) bool {
		return o == "-XX:TieredStopAtLevel=1" || strings.HasPrefix(o, "-XX:CompileThresholdScaling=")
	})
}

// javaStack is a Java thread's stack (-Xss, every thread's, the main
// one's too): as the judges give it, 64 MiB (Kattis runs java -Xss64m),
// from 2 GiB of memory up, and a thirty-second of the memory below that
// (at least 1 MiB, the JVM's own default): on the sandbox tiers below
// the full one, memory is bounded by RLIMIT_DATA, which counts every
// thread's whole stack as the JVM reserves it, and a JVM whose few
// threads reserve more than the box's memory beside its heap does not
// start (measured: 512 MiB holds 16 MiB stacks, not 32).
func javaStack(memory int64) int64 {
	if memory <= 0 {
		memory = sandbox.DefaultMemory
	}
	return min(max(memory/32>>20<<20, 1<<20), 64<<20)
}

// jvmOptions are JVMOptions, with a heap of heap bytes (-Xmx, whole
// MiB); launcher gives them as -J options, for javac and the other JDK
// launchers, which run no student code. javac gets a program's stack
// (javaStack) too: how deep an expression it parses depends on it, and
// the compile service (package grader/warm) compiles within a part of
// the same stack, so a source one compiles the other does.
func jvmOptions(memory, heap int64, launcher bool, version string) []string {
	if memory <= 0 {
		memory = sandbox.DefaultMemory
	}
	// Without -Xmx the JVM sizes its heap from the host's memory, not the
	// box's, and is killed by the memory limit instead of throwing
	// OutOfMemoryError (javaHeap).
	opts := []string{
		fmt.Sprintf("-Xmx%dm", heap>>20),
		// G1 with one thread of each kind: the JDK's class data archive
		// holds objects (the module graph) only G1 can map, which starts a
		// JVM about a fifth faster than the serial collector here; one
		// thread each keeps the process count low when many boxes run.
		"-XX:+UseG1GC", "-XX:ParallelGCThreads=1", "-XX:ConcGCThreads=1",
		// No hsperfdata file in /tmp, and a faster start.
		"-XX:-UsePerfData",
		// A crash log lands in the working directory by default, where it
		// would be collected as if the program had written it; /tmp is
		// the box's own from the namespaces tier up.
		"-XX:ErrorFile=/tmp/hs_err_pid%p.log",
		// Graded runs and javac are short: the C1 compiler alone starts
		// them faster (about 7 ms a run here).
		"-XX:TieredStopAtLevel=1",
		// A method compiled after 1,000 calls rather than 200, a loop after
		// 300,000 turns rather than 60,000: a short run no longer compiles
		// a hundred JDK methods it will not call again (an Eight Queens
		// case cold: about 8 ms of CPU less, a sixth), and a long one loses
		// a millisecond or so.
		"-XX:CompileThresholdScaling=5",
	}
	opts = append(opts, fmt.Sprintf("-Xss%dm", javaStack(memory)>>20))
	if !launcher {
		// The JIT compiles in the foreground: a method is compiled when
		// its counters say so, not whenever a compiler thread gets a
		// core. Compiled and interpreted frames differ in size, so with
		// background compiles the depth at which a recursion overflows
		// its stack followed the machine's load (measured, one program:
		// 124,682 to 200,926 calls in five runs); with this it varies by
		// less than 1% (414,678 or 415,396), and not at all in a program
		// of one thread. The CPU time is the same: the compiles are
		// counted either way.
		opts = append(opts, "-Xbatch")
	}
	if JavaFeature(version) >= 14 {
		// The class data archive mapped where it was made, not at a random
		// address it must then be relocated to (Java 17.0.15 does that by
		// default: about 5 ms a start). The box, not the JVM's address
		// layout, is what keeps a program in.
		opts = append(opts, "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0")
	}
	if launcher {
		for i, o := range opts {
			opts[i] = "-J" + o
		}
	}
	return opts
}
