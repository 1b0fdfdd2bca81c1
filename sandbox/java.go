package sandbox

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
)

// javaOptions are the JVM options of the Java preset for a box with the
// given memory, whose scratch directory is tmp.
func javaOptions(memory int64, tmp string, launcher bool) []string {
	// Without -Xmx the JVM sizes its heap from the host's memory, not the
	// box's, and is killed by the memory limit instead of throwing
	// OutOfMemoryError. Half the box leaves room for metaspace, the code
	// cache, thread stacks and the box's own tmpfs files.
	heap := memory / 2 >> 20
	if heap < 16 {
		heap = 16
	}
	opts := []string{
		fmt.Sprintf("-Xmx%dm", heap),
		// One GC thread instead of one per core: fewer threads against the
		// process limit and less memory when many boxes run at once.
		"-XX:+UseSerialGC",
		// No hsperfdata file in /tmp, and a faster start.
		"-XX:-UsePerfData",
		// A crash log lands in the working directory by default, where it
		// would be collected as if the program had written it.
		"-XX:ErrorFile=" + filepath.Join(tmp, "hs_err_pid%p.log"),
		// Graded runs and javac are short: the C1 compiler alone starts
		// them faster (about 7 ms a run here).
		"-XX:TieredStopAtLevel=1",
	}
	if launcher {
		for i, o := range opts {
			opts[i] = "-J" + o
		}
	}
	return opts
}

// javaArgs returns the arguments of the Java preset: the JVM options,
// then args.
func javaArgs(prog string, memory int64, tmp string, args []string) []string {
	base := strings.TrimSuffix(filepath.Base(prog), ".exe")
	return append(javaOptions(memory, tmp, base != "java"), args...)
}

// javaHome guesses the JDK directory of a resolved java or javac binary
// (its bin directory's parent).
func javaHome(real string) string {
	bin := filepath.Dir(real)
	if filepath.Base(bin) != "bin" {
		return ""
	}
	return filepath.Dir(bin)
}

// javaLimit reads the limit a JVM reports having hit from its stderr:
// with -Xmx below the box's memory, a greedy program gets an
// OutOfMemoryError rather than the OOM killer.
func javaLimit(java bool, stderr []byte) Limit {
	switch {
	case !java:
		return None
	case bytes.Contains(stderr, []byte("java.lang.OutOfMemoryError: unable to create native thread")):
		return Procs
	case bytes.Contains(stderr, []byte("java.lang.OutOfMemoryError")):
		return Memory
	}
	return None
}
