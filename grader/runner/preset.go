package runner

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// preset is what the runner knows of a language beyond the rubric's
// commands: where its tools really are, what its interpreter needs in a
// box, how a program says it ran out of memory, and its version. The
// rubric's commands name the tools ("javac", "python3"); the runner runs
// the files they resolve to.
type preset struct {
	name  string // the runtime's name in provenance ("python")
	tools []tool // every tool the commands start with; the first names the version
	env   []string
	// options are inserted after a tool's program name, before the
	// rubric's arguments; version is the tool's as it prints it, "" while
	// the tool is being found.
	options func(tool string, memory int64, version string) []string
	// readOnly are host folders a resolved tool needs in the box besides
	// its own file (a JDK's home).
	readOnly func(resolved string) []string
	// limit reads, from the stderr of a run that failed without hitting
	// a sandbox limit, the limit the program says it hit.
	limit func(stderr []byte) grader.Limit
	// noProgram says, after build commands that succeeded, why they made
	// no program for the run command to start ("" when they did), as the
	// submission's note. nil: a compiler that succeeds made it.
	noProgram func(main string, sources []string, built []sandbox.File) string
}

// tool is one program of a preset.
type tool struct {
	name string
	// candidates are tried in order, each resolved through PATH (for a
	// bare name) and every symbolic link; the first that runs in the box
	// wins.
	candidates []string
	version    []string       // arguments that print the version
	versionRE  *regexp.Regexp // its first group is the version
}

var presets = map[rubric.Language]*preset{
	rubric.Java: {
		name: "java",
		tools: []tool{
			{name: "java", candidates: []string{"java"}, version: []string{"-version"}, versionRE: regexp.MustCompile(`version "([^"]+)"`)},
			{name: "javac", candidates: []string{"javac"}, version: []string{"-version"}, versionRE: regexp.MustCompile(`javac (\S+)`)},
		},
		options: func(tool string, memory int64, version string) []string {
			return jvmOptions(memory, tool != "java", version)
		},
		readOnly: func(resolved string) []string {
			if h := JDKHome(resolved); h != "" {
				return []string{h}
			}
			return nil
		},
		limit:     javaLimit,
		noProgram: javaNoClass,
	},
	rubric.C: {
		name:  "gcc",
		tools: []tool{{name: "gcc", candidates: []string{"gcc"}, version: []string{"-dumpfullversion"}, versionRE: dottedRE}},
	},
	rubric.CPP: {
		name:  "g++",
		tools: []tool{{name: "g++", candidates: []string{"g++"}, version: []string{"-dumpfullversion"}, versionRE: dottedRE}},
		limit: func(stderr []byte) grader.Limit {
			// What the C++ runtime prints when new fails under an rlimit.
			if bytes.Contains(stderr, []byte("std::bad_alloc")) {
				return grader.Memory
			}
			return grader.None
		},
	},
	rubric.Python: {
		name: "python",
		// The system's interpreter first: a version manager's python3
		// on PATH is often a shim, a script that cannot find its
		// interpreters inside the box.
		tools: []tool{{name: "python3", candidates: []string{"/usr/bin/python3", "/usr/local/bin/python3", "python3"},
			version: []string{"--version"}, versionRE: regexp.MustCompile(`Python (\S+)`)}},
		// The box is thrown away: caches written there help no one.
		env: []string{"PYTHONDONTWRITEBYTECODE=1"},
		limit: func(stderr []byte) grader.Limit {
			if lastLineHas(stderr, "MemoryError") {
				return grader.Memory
			}
			return grader.None
		},
	},
}

var dottedRE = regexp.MustCompile(`^\s*([0-9]+(?:\.[0-9]+)*)`)

// lastLineHas reports whether the last non-empty line of b starts with
// prefix: an uncaught exception's name ends Python's traceback.
func lastLineHas(b []byte, prefix string) bool {
	b = bytes.TrimRight(b, "\n")
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		b = b[i+1:]
	}
	return bytes.HasPrefix(b, []byte(prefix))
}

// jvmOptions are the Java preset's JVM options for a box with the given
// memory, for the JDK of the given version as it prints it ("17.0.15"; ""
// when not yet known: the options every JDK takes); launcher gives them as
// -J options, for javac and the other JDK launchers.
func jvmOptions(memory int64, launcher bool, version string) []string {
	if memory <= 0 {
		memory = sandbox.DefaultMemory
	}
	// Without -Xmx the JVM sizes its heap from the host's memory, not the
	// box's, and is killed by the memory limit instead of throwing
	// OutOfMemoryError. Half the box leaves room for metaspace, the code
	// cache, thread stacks and the box's own tmpfs files.
	heap := max(memory/2>>20, 16)
	opts := []string{
		fmt.Sprintf("-Xmx%dm", heap),
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
	if javaFeature(version) >= 14 {
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

// javaFeature is the feature release of a Java version as the JDK prints
// it: 17 for "17.0.15", 8 for "1.8.0_392", 0 when it cannot tell.
func javaFeature(version string) int {
	first, rest, _ := strings.Cut(version, ".")
	if first == "1" {
		first, _, _ = strings.Cut(rest, ".")
	}
	first, _, _ = strings.Cut(first, "-")
	n, _ := strconv.Atoi(first)
	return n
}

// JVMOptions are the options the Java preset gives the java launcher of
// the given version ("17.0.15") in a box with the given memory (0: the
// sandbox's default), before any of the caller's: a heap cap below the
// box's memory, so that a greedy program gets an OutOfMemoryError rather
// than the OOM killer, a collector with one thread of each kind, no
// hsperfdata, crash logs in /tmp.
func JVMOptions(memory int64, version string) []string { return jvmOptions(memory, false, version) }

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

// javaNoClass: javac compiles a file that declares no class of the main
// class's name without a word (a file that is all comment, one that
// declares class Main), and java would then fail on every case. The main
// class's file is what the run needs; when it is not among the build's
// files, the note says what the sources hold instead.
func javaNoClass(main string, sources []string, built []sandbox.File) string {
	if slices.ContainsFunc(built, func(f sandbox.File) bool { return f.Name == main+".class" }) {
		return ""
	}
	blank := true
	var types []string
	for _, f := range built {
		if !slices.Contains(sources, f.Name) {
			continue
		}
		blank = blank && submission.JavaBlank(f.Data)
		pkg, _, _, _ := submission.JavaPackage(f.Data)
		for _, t := range submission.JavaTypes(f.Data) {
			name := t.Name
			if pkg != "" {
				name = pkg + "." + name
			}
			types = append(types, t.Kind+" "+name)
		}
	}
	file, holds, declares := "the file", "holds", "it declares"
	if len(sources) > 1 {
		file, holds, declares = "the files", "hold", "they declare"
	}
	why := declares + " no class"
	switch {
	case blank:
		why = fmt.Sprintf("%s %s no code outside comments", file, holds)
	case len(types) > 0:
		why = declares + " " + andList(types)
	}
	return fmt.Sprintf("compiled, but no class %s: %s", main, why)
}

// andList joins names as "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// javaLimit reads the limit a JVM reports having hit: with -Xmx below the
// box's memory, a greedy program gets an OutOfMemoryError rather than the
// OOM killer.
func javaLimit(stderr []byte) grader.Limit {
	switch {
	case bytes.Contains(stderr, []byte("java.lang.OutOfMemoryError: unable to create native thread")):
		return grader.Procs
	case bytes.Contains(stderr, []byte("java.lang.OutOfMemoryError")):
		return grader.Memory
	}
	return grader.None
}
