package sandbox

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
	"golang.org/x/sys/unix"
)

// An attack is a program that tries to hurt the machine, with the checks
// that prove the box held. Tiers below min do not contain it (see Tier);
// there the attack is skipped, with the reason.
type attack struct {
	name string
	min  Tier
	// setup returns the program to run and the check of its result.
	setup func(t *testing.T, tier Tier) (Spec, func(t *testing.T, res Result))
}

var attacks = []attack{
	{"cpu spin", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// The wall limit is far above what a second of CPU takes on a busy
		// machine: the CPU limit must be the one that ends it.
		s := sh("while :; do :; done")
		s.Limits = Limits{CPU: time.Second, Wall: 2 * time.Minute}
		return s, func(t *testing.T, res Result) {
			wantLimit(t, res, CPU)
			if res.Signal != CPULimitSignal {
				t.Errorf("signal %q, want %q", res.Signal, CPULimitSignal)
			}
			if res.CPU < 500*time.Millisecond {
				t.Errorf("cpu %v", res.CPU)
			}
		}
	}},
	{"cpu spin in two processes", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// RLIMIT_CPU is per process; the box's meter (its cgroup, or /proc
		// of its processes) sees the total. Four spinners under
		// per-process limits alone would use four seconds of CPU; the
		// meter stops the box near one, whatever the load (the time used
		// is measured, not the time it took).
		s := sh("spin() { while :; do :; done; }; spin & spin & spin & spin & wait")
		s.Limits = Limits{CPU: time.Second, Wall: 2 * time.Minute}
		return s, func(t *testing.T, res Result) {
			wantLimit(t, res, CPU)
			// Stopped by the meter's watch (SIGKILL), not RLIMIT_CPU: it
			// says SIGXCPU all the same.
			if res.Signal != CPULimitSignal {
				t.Errorf("signal %q, want %q", res.Signal, CPULimitSignal)
			}
			if res.CPU > 2500*time.Millisecond {
				t.Errorf("cpu %v: the box's processes were not counted together", res.CPU)
			}
		}
	}},
	{"cpu in short-lived children", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// Four children one after another, each 0.6 s of CPU: under a
		// 1 s RLIMIT_CPU each, 2.4 s together. Every tier with a meter
		// counts the whole box, the reaped children too (the helper's and
		// the shell's cutime), and stops it at its limit; the children's
		// CPU is measured, not the time they took.
		s := fake(t, "children", "4", "600ms")
		s.Limits = Limits{CPU: time.Second, Wall: 5 * time.Minute}
		return s, func(t *testing.T, res Result) {
			wantLimit(t, res, CPU)
			if res.Signal != CPULimitSignal {
				t.Errorf("signal %q, want %q", res.Signal, CPULimitSignal)
			}
			if res.CPU < time.Second || res.CPU > 2*time.Second {
				t.Errorf("cpu %v: want the limit, 1 s, and a little", res.CPU)
			}
		}
	}},
	{"raises SIGXCPU itself", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// Far from its CPU limit: killed by a signal, no limit hit (a
		// report must not say it ran past its CPU limit).
		s := sh("kill -XCPU $$")
		s.Limits = Limits{CPU: 10 * time.Second, Wall: 2 * time.Minute}
		return s, func(t *testing.T, res Result) {
			if res.Limit != None || res.Signal == "" || res.OK() {
				t.Errorf("limit %q, signal %q; want no limit, killed by a signal", res.Limit, res.Signal)
			}
		}
	}},
	{"catches SIGXCPU and answers", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// A program that prints its answer when the limit's signal comes,
		// then exits 0, has still run past its CPU limit.
		s := sh("trap 'echo answer; exit 0' XCPU; while :; do :; done")
		s.Limits = Limits{CPU: time.Second, Wall: 2 * time.Minute}
		return s, func(t *testing.T, res Result) {
			wantLimit(t, res, CPU)
		}
	}},
	{"sleep forever", TierBasic, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := sh("sleep 1000")
		s.Limits = Limits{Wall: 500 * time.Millisecond}
		return s, func(t *testing.T, res Result) {
			wantLimit(t, res, Wall)
			if res.Wall > time.Minute { // far below the 1000 s it asked for
				t.Errorf("wall %v", res.Wall)
			}
		}
	}},
	{"fork bomb", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := sh("f() { f | f & }; f; sleep 100")
		s.Limits = Limits{Wall: 5 * time.Second, CPU: time.Minute, Procs: 64}
		stop := responsive(t)
		return s, func(t *testing.T, res Result) {
			stop()
			if res.OK() {
				t.Error("the fork bomb ended well")
			}
			if res.Tier >= TierFull {
				wantLimit(t, res, Procs)
			}
			// "sleep 100" did not outlive the box. On a crowded machine
			// the bomb's spinning counts as its own CPU time, up to its
			// minute's CPU limit (the waits for a core are not counted):
			// a bound of a minute would test the machine's load.
			if res.Wall > 90*time.Second {
				t.Errorf("wall %v", res.Wall)
			}
		}
	}},
	{"java thread bomb", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := javaSpec(t, "Attack", "threads")
		s.Limits = Limits{Procs: 64, Wall: 2 * time.Minute, CPU: time.Minute}
		stop := responsive(t)
		return s, func(t *testing.T, res Result) {
			stop()
			if res.OK() {
				t.Error("the thread bomb ended well")
			}
			// Below the full tier the process limit is RLIMIT_NPROC, which
			// counts every process of the box's user: when boxes share a
			// user (the unprivileged run), one of the JVM's own threads may
			// be the one refused, and the JVM exits 1 without naming it.
			if res.Tier >= TierFull {
				wantLimitOrMessage(t, res, Procs, "java.lang.OutOfMemoryError: unable to create native thread")
			}
		}
	}},
	{"allocate 4 GB", TierFull, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := fake(t, "alloc")
		s.Limits = Limits{Memory: 256 << 20, Wall: 2 * time.Minute, CPU: time.Minute}
		return s, func(t *testing.T, res Result) {
			wantLimit(t, res, Memory)
			if res.Signal != "killed" || res.PeakMemory > 300<<20 {
				t.Errorf("signal %q peak %d", res.Signal, res.PeakMemory)
			}
		}
	}},
	{"memory split across processes", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// Six shells of 24 MiB each (a string they hold), at once,
		// against 128 MiB: each passes a per-process limit (RLIMIT_DATA),
		// the box does not. Every tier with a meter counts the box's
		// processes together (its cgroup, or /proc's proportional set
		// sizes).
		s := sh(holders(6, 24<<20, "sleep 20"))
		s.Limits = Limits{Memory: 128 << 20}
		return s, func(t *testing.T, res Result) {
			wantLimit(t, res, Memory)
			if res.Tier < TierFull && res.PeakMemory <= 128<<20 {
				t.Errorf("peak %d MiB, want more than the limit", res.PeakMemory>>20)
			}
		}
	}},
	{"memory in a shared mapping", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// 192 MiB in a shared anonymous mapping, which RLIMIT_DATA does
		// not count, against 128 MiB.
		s := fake(t, "hogs", "1", "192", "shared", "hold")
		s.Limits = Limits{Memory: 128 << 20}
		return s, func(t *testing.T, res Result) { wantLimit(t, res, Memory) }
	}},
	{"memory in shared mappings of children", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// Three children of 64 MiB of shared memory each.
		s := fake(t, "hogs", "3", "64", "shared", "hold")
		s.Limits = Limits{Memory: 128 << 20}
		return s, func(t *testing.T, res Result) { wantLimit(t, res, Memory) }
	}},
	{"memory in memory files", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// 160 MiB in unmapped memory files (memfd_create) of 8 MiB each,
		// each under RLIMIT_FSIZE, against 128 MiB.
		s := fake(t, "hogs", "1", "160", "memfd", "hold")
		s.Limits = Limits{Memory: 128 << 20}
		return s, func(t *testing.T, res Result) { wantLimit(t, res, Memory) }
	}},
	{"memory in the box's files", TierNamespaces, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// 48 MiB in a file of the box's tmpfs, 3 x 32 MiB in shells,
		// against 128 MiB: the full tier's cgroup counts the tmpfs, the
		// namespaces tier's meter reads it.
		s := sh("head -c 50331648 /dev/zero > /tmp/f && " + holders(3, 32<<20, "sleep 20"))
		s.Limits = Limits{Memory: 128 << 20, FileSize: 64 << 20}
		return s, func(t *testing.T, res Result) { wantLimit(t, res, Memory) }
	}},
	{"memory in processes, within the limit", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// Four shells of 12 MiB each against 128 MiB: well within, at
		// every tier.
		s := sh(holders(4, 12<<20, "sleep 1") + "; echo all held")
		s.Limits = Limits{Memory: 128 << 20}
		return s, func(t *testing.T, res Result) {
			if !res.OK() || res.Limit != None || !strings.Contains(string(res.Stdout), "all held") {
				t.Errorf("limit %v, exit %d, stdout %q, stderr %.300q; want a clean exit", res.Limit, res.ExitCode, res.Stdout, res.Stderr)
			}
			t.Logf("peak %d MiB", res.PeakMemory>>20)
		}
	}},
	{"allocate 4 GB, rlimit", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := fake(t, "alloc")
		s.Limits = Limits{Memory: 256 << 20, Wall: 2 * time.Minute, CPU: time.Minute}
		return s, func(t *testing.T, res Result) {
			if res.OK() || strings.Contains(string(res.Stdout), "allocated") {
				t.Errorf("allocated 4 GB: exit %d limit %v stdout %q", res.ExitCode, res.Limit, res.Stdout)
			}
		}
	}},
	{"java allocate 4 GB", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := javaSpec(t, "Attack", "alloc")
		s.Limits = Limits{Memory: 256 << 20, Wall: 2 * time.Minute, CPU: time.Minute}
		return s, func(t *testing.T, res Result) {
			wantLimitOrMessage(t, res, Memory, "java.lang.OutOfMemoryError")
			if strings.Contains(string(res.Stdout), "allocated") {
				t.Errorf("stdout %q", res.Stdout)
			}
		}
	}},
	{"print 1 GB", TierBasic, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := fake(t, "print")
		s.Limits = Limits{Output: 1 << 20}
		return s, func(t *testing.T, res Result) {
			wantLimit(t, res, Output)
			if len(res.Stdout) != 1<<20 || !res.StdoutTruncated || res.StderrTruncated {
				t.Errorf("kept %d bytes, truncated %v %v", len(res.Stdout), res.StdoutTruncated, res.StderrTruncated)
			}
		}
	}},
	{"1 GB file, file size", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := sh("head -c 1G /dev/zero > big")
		s.Collect = []string{"big"}
		return s, func(t *testing.T, res Result) {
			wantLimit(t, res, FileSize)
			if len(res.Files) != 1 || len(res.Files[0].Data) != DefaultFileSize {
				t.Errorf("collected %d files", len(res.Files))
			}
		}
	}},
	{"1 GB file, box size", TierNamespaces, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := sh("head -c 1G /dev/zero > big")
		s.Limits = Limits{FileSize: 2 << 30, BoxSize: 64 << 20, Memory: 256 << 20}
		return s, func(t *testing.T, res Result) { wantLimit(t, res, BoxSize) }
	}},
	{"20 files of 15 MB", TierNamespaces, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := sh("for i in $(seq 20); do head -c 15M /dev/zero > f$i || exit 1; done")
		s.Limits = Limits{BoxSize: 64 << 20, Memory: 256 << 20}
		return s, func(t *testing.T, res Result) { wantLimit(t, res, BoxSize) }
	}},
	{"connect to 127.0.0.1", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		if abi, _ := landlockABI(); tier == TierFallback && abi < 4 {
			testenv.Missing(t, "the kernel's Landlock (ABI %d) cannot take TCP from a fallback box (Linux 6.7 can)", abi)
		}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		var conns atomic.Int32
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				conns.Add(1)
				c.Close()
			}
		}()
		return fake(t, "connect", l.Addr().String()), func(t *testing.T, res Result) {
			l.Close()
			if res.ExitCode == 0 || conns.Load() > 0 {
				t.Errorf("connected: exit %d, %d connections; stdout %q", res.ExitCode, conns.Load(), res.Stdout)
			}
		}
	}},
	{"read a secret", TierNamespaces, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		// Readable by anyone: only the box's view of the files stands
		// between the program and the secret.
		dir := openDir(t)
		secret := filepath.Join(dir, "hidden-cases.txt")
		if err := os.WriteFile(secret, []byte("the hidden cases\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return fake(t, "read", secret), func(t *testing.T, res Result) {
			if res.ExitCode == 0 || strings.Contains(string(res.Stdout), "the hidden cases") {
				t.Errorf("read the secret: %q", res.Stdout)
			}
		}
	}},
	{"read /etc/shadow", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		if os.Geteuid() != 0 {
			t.Skip("not root: the test cannot tell a box from its own permissions")
		}
		return fake(t, "read", "/etc/shadow"), func(t *testing.T, res Result) {
			if res.ExitCode == 0 {
				t.Errorf("read /etc/shadow: %q", res.Stdout)
			}
		}
	}},
	{"write outside", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		if tier == TierFallback && os.Geteuid() == 0 {
			t.Skip("the fallback tier as root: the box uid may write where anyone may")
		}
		dir := openDir(t)
		if err := os.Chmod(dir, 0o777); err != nil {
			t.Fatal(err)
		}
		targets := []string{filepath.Join(dir, "planted"), "/usr/planted", "/etc/planted", "/planted"}
		// Without root the program owns its box's / and /etc, and may
		// write there: what counts is that nothing reaches the host (on
		// the fallback tier, Landlock keeps it in its folder).
		return fake(t, "write", targets...), func(t *testing.T, res Result) {
			for _, p := range targets {
				if _, err := os.Stat(p); err == nil {
					os.Remove(p)
					t.Errorf("%s appeared on the host", p)
				}
			}
		}
	}},
	{"setsid daemon", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		s := sh("setsid sh -c 'sleep " + daemonMarker + "' & (setsid sleep " + daemonMarker + " >/dev/null 2>&1 </dev/null &) ; echo started")
		return s, func(t *testing.T, res Result) {
			if !res.OK() || string(res.Stdout) != "started\n" {
				t.Errorf("exit %d limit %v stdout %q stderr %q", res.ExitCode, res.Limit, res.Stdout, res.Stderr)
			}
			if res.Wall > time.Minute { // the daemon sleeps 4242 s
				t.Errorf("waited %v for a daemon", res.Wall)
			}
			for _, p := range strayProcesses() {
				if strings.Contains(p, daemonMarker) {
					t.Errorf("daemon alive after Run: %s", p)
				}
			}
		}
	}},
	{"kill -9 -1", TierFallback, func(t *testing.T, tier Tier) (Spec, func(*testing.T, Result)) {
		if os.Geteuid() != 0 && tier < TierNamespaces {
			t.Skip("fallback without root: the program runs as the grader's user and can kill it")
		}
		// A host process of our own and a neighbouring box must both
		// outlive the killer.
		host := exec.Command("sleep", "30")
		if err := host.Start(); err != nil {
			t.Fatal(err)
		}
		neighbour := make(chan Result, 1)
		go func() {
			n := sh("sleep 5; echo neighbour alive")
			n.Limits.Wall = 2 * time.Minute
			res, err := run(context.Background(), n, tier)
			if err != nil {
				t.Error(err)
			}
			neighbour <- res
		}()
		time.Sleep(300 * time.Millisecond)
		return sh("sleep 30 & kill -9 -1; echo still here"), func(t *testing.T, res Result) {
			if res.Wall > 20*time.Second {
				t.Errorf("wall %v: the box's own sleep 30 survived", res.Wall)
			}
			alive := processAlive(host.Process.Pid)
			host.Process.Kill()
			host.Wait()
			if !alive {
				t.Error("the host's process died")
			}
			if n := <-neighbour; string(n.Stdout) != "neighbour alive\n" {
				t.Errorf("the neighbouring box died: %+v", n)
			}
		}
	}},
}

func processAlive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return err == nil && !strings.Contains(string(b), ") Z ")
}

// openDir makes a temporary directory that anyone may read.
func openDir(t *testing.T) string {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// t.TempDir's parent is private to root; open it too so that only
	// the box, not a permission, can stand in the way.
	if err := os.Chmod(filepath.Dir(dir), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func wantLimit(t *testing.T, res Result, want Limit) {
	t.Helper()
	if res.Limit != want {
		t.Errorf("limit %v, want %v (exit %d, signal %q, cpu %v, wall %v, stdout %.200q, stderr %.300q)",
			res.Limit, want, res.ExitCode, res.Signal, res.CPU, res.Wall, res.Stdout, res.Stderr)
	}
}

// responsive checks, while an attack runs, that the host still starts a
// process; the returned func stops and reports. The bound allows for a
// machine busy with other work: a box that stalled the host would hold
// it for the whole attack, far longer.
func responsive(t *testing.T) func() {
	done := make(chan struct{})
	var worst time.Duration
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-done:
				return
			case <-time.After(100 * time.Millisecond):
			}
			start := time.Now()
			if err := exec.Command("/bin/true").Run(); err != nil {
				t.Errorf("the host could not start a process: %v", err)
			}
			worst = max(worst, time.Since(start))
		}
	}()
	return func() {
		close(done)
		wg.Wait()
		if worst > 15*time.Second {
			t.Errorf("the host took %v to start /bin/true during the attack", worst)
		}
	}
}

// holders is a shell script that starts n subshells at once, each holding
// a string of size bytes while it runs then, and waits for them all.
func holders(n, size int, then string) string {
	one := fmt.Sprintf(`(x=$(head -c %d /dev/zero | tr '\000' a); %s; test ${#x} -gt 0) &`, size, then)
	return strings.Repeat(one+" ", n) + "wait"
}

// TestAttacks runs the attack suite at every tier this machine has (under
// -short, the strongest alone).
func TestAttacks(t *testing.T) {
	ts := tiers(t)
	if testing.Short() {
		ts = ts[:1] // -short: the strongest tier alone
	}
	for _, tier := range ts {
		t.Run(tier.String(), func(t *testing.T) {
			for _, a := range attacks {
				t.Run(a.name, func(t *testing.T) {
					if tier < a.min {
						t.Skipf("not contained below tier %s: %s", a.min, tier.Warning())
					}
					t.Parallel()
					spec, check := a.setup(t, tier)
					spec.Limits = roomy(spec.Limits)
					res, err := run(context.Background(), spec, tier)
					if err != nil {
						t.Fatal(err)
					}
					check(t, res)
				})
			}
		})
	}
}

// roomy fills the time limits an attack leaves unset with values far
// above what its run needs, so that the limit under test is the one that
// ends it, however busy the machine is.
func roomy(l Limits) Limits {
	if l.Wall == 0 {
		l.Wall = 2 * time.Minute
	}
	if l.CPU == 0 {
		l.CPU = time.Minute
	}
	return l
}

var java struct {
	once    sync.Once
	classes []File
	err     error
}

// javaSpec returns a Spec that runs the named class of testdata/java in
// a box, compiled once by javac in a box of its own.
func javaSpec(t *testing.T, class string, args ...string) Spec {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: runs a JVM")
	}
	if _, err := exec.LookPath("javac"); err != nil {
		testenv.Missing(t, "no javac: %v", err)
	}
	java.once.Do(func() {
		res, err := Run(context.Background(), Spec{
			Path: "javac",
			Args: append(jvmOptions("-J"), "-d", ".", "Hello.java", "Attack.java"),
			Dir:  "testdata/java", Collect: []string{"*.class"},
			Limits: Limits{Wall: 5 * time.Minute, CPU: time.Minute},
		})
		switch {
		case err != nil:
			java.err = err
		case !res.OK():
			java.err = fmt.Errorf("javac: exit %d limit %v: %s%s", res.ExitCode, res.Limit, res.Stdout, res.Stderr)
		}
		java.classes = res.Files
	})
	if java.err != nil {
		t.Fatal(java.err)
	}
	return Spec{Path: "java", Args: append(append(jvmOptions(""), "-cp", ".", class), args...), Files: java.classes,
		Limits: Limits{Wall: 2 * time.Minute, CPU: time.Minute}}
}

// jvmOptions are what the Java preset gives the JVM (package sandbox
// knows no language): a heap below the box's memory, so that a greedy
// program gets an OutOfMemoryError, and one GC thread. prefix is "-J"
// for javac.
func jvmOptions(prefix string) []string {
	return []string{prefix + "-Xmx128m", prefix + "-XX:+UseSerialGC", prefix + "-XX:-UsePerfData"}
}

// wantLimitOrMessage requires the limit, or a failed run whose stderr says
// it hit it: below TierFull a JVM meets an rlimit and reports it itself.
func wantLimitOrMessage(t *testing.T, res Result, want Limit, msg string) {
	t.Helper()
	if res.Limit == None && !res.OK() && strings.Contains(string(res.Stderr), msg) {
		return
	}
	wantLimit(t, res, want)
}

// TestJava compiles in one box, runs in another, and compares with the
// same run outside any box.
func TestJava(t *testing.T) {
	spec := javaSpec(t, "Hello", "315", "1", "12375643")
	var names []string
	for _, f := range spec.Files {
		names = append(names, f.Name)
	}
	if strings.Join(names, " ") != "Attack.class Hello.class" {
		t.Fatalf("javac left %q", names)
	}
	dir := t.TempDir()
	for _, f := range spec.Files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("java", "-cp", ".", "Hello", "315", "1", "12375643")
	cmd.Dir = dir
	want, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range tiers(t) {
		t.Run(tier.String(), func(t *testing.T) {
			res, err := run(context.Background(), spec, tier)
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() || string(res.Stdout) != string(want) || string(res.Stderr) != "done\n" {
				t.Errorf("exit %d limit %v\nstdout %q\nwant   %q\nstderr %q", res.ExitCode, res.Limit, res.Stdout, want, res.Stderr)
			}
			t.Logf("wall %v cpu %v peak %d MiB", res.Wall, res.CPU, res.PeakMemory>>20)
		})
	}
}

// TestUnprivileged runs the suite again as an ordinary user (nobody), for
// the tier a grader gets without root: namespaces through a user
// namespace, no cgroup.
func TestUnprivileged(t *testing.T) {
	if os.Getenv(unprivilegedEnv) != "" {
		t.Skip("already the unprivileged run")
	}
	if os.Geteuid() != 0 {
		t.Skip("not root: this whole run is unprivileged already")
	}
	if testing.Short() {
		t.Skip("-short")
	}
	// go test's build directory is private to root: run a copy.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := openDir(t)
	if err := os.Chmod(dir, 0o777|os.ModeSticky); err != nil { // nobody's TMPDIR
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "sandbox.test")
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	const nobody = 65534
	cmd := exec.Command(bin, "-test.run=^(TestDetect|TestRun|TestBoxProgram|TestAttacks|TestJava|TestConcurrent|TestMemoryOutsideProcesses|TestHonestMemory)$", "-test.v")
	cmd.Env = append(os.Environ(), unprivilegedEnv+"=1", "GORACE=atexit_sleep_ms=0", "TMPDIR="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody, Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "--- ") || strings.Contains(line, "tier") {
			t.Log(line)
		}
	}
	if err != nil {
		t.Fatalf("the unprivileged run failed: %v\n%s", err, out)
	}
}

// TestFallbackWithoutUserNS covers root on a machine without user
// namespaces: the program runs as a box uid and the helper takes its
// rlimits itself before forking.
func TestFallbackWithoutUserNS(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root")
	}
	saved := userNS
	userNS = func() bool { return false }
	defer func() { userNS = saved }()
	s := sh("ulimit -t; ulimit -p; ulimit -f; id -u; setsid sleep " + daemonMarker + " & exit 0")
	s.Limits = Limits{CPU: 2 * time.Second, Procs: 70, FileSize: 1 << 20}
	res, err := run(context.Background(), s, TierFallback)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(res.Stdout))
	// RLIMIT_CPU is the backstop, a second past the limit (the watch
	// kills at the limit).
	if len(lines) != 4 || lines[0] != "3" || lines[1] != "70" || lines[2] != "2048" {
		t.Errorf("limits seen by the program: %q", res.Stdout)
	}
	if uid, _ := strconv.Atoi(lines[len(lines)-1]); uid < boxUIDBase || !res.OK() {
		t.Errorf("uid %d, exit %d, stderr %q", uid, res.ExitCode, res.Stderr)
	}
	for _, p := range strayProcesses() {
		t.Errorf("left behind: %s", p)
	}
}

// ownData is this process's RLIMIT_DATA as ulimit -d writes it.
func ownData() string {
	var r unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_DATA, &r) != nil || r.Cur == unix.RLIM_INFINITY {
		return "unlimited"
	}
	return strconv.FormatUint(r.Cur>>10, 10)
}

// TestRlimits checks the limits the program itself sees, at each tier.
func TestRlimits(t *testing.T) {
	for _, tier := range tiers(t) {
		t.Run(tier.String(), func(t *testing.T) {
			if tier < TierFallback {
				t.Skip("no rlimits at tier", tier)
			}
			s := sh("echo $(ulimit -t) $(ulimit -f) $(ulimit -c) $(ulimit -n) $(ulimit -p) $(ulimit -d)")
			s.Limits = Limits{CPU: 3 * time.Second, FileSize: 1 << 20, Procs: 80, Memory: 256 << 20}
			res, err := run(context.Background(), s, tier)
			if err != nil {
				t.Fatal(err)
			}
			// cpu s (a second past the limit: the backstop), file 512-byte
			// blocks, core, files, processes, data KiB: the grader's own,
			// at every tier (memory is the box's meter's: a program's
			// reserved and untouched memory does not count)
			got, want := string(res.Stdout), "4 2048 0 1024 80 "+ownData()+"\n"
			if tier == TierFull {
				// Processes are the cgroup's job.
				f := strings.Fields(got)
				if len(f) == 6 {
					f[4] = "80"
				}
				got = strings.Join(f, " ") + "\n"
			}
			if got != want {
				t.Errorf("ulimits %q, want %q", res.Stdout, want)
			}
		})
	}
}
