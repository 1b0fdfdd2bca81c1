package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// The fake programs: the test binary re-run with programEnv naming one of
// these, as os/exec's own tests do.
const programEnv = "SANDBOX_TEST_PROGRAM"

// unprivilegedEnv marks TestUnprivileged's run of this binary as nobody.
const unprivilegedEnv = "SANDBOX_TEST_UNPRIVILEGED"

var programs = map[string]func(args []string) int{
	// echo prints its arguments and copies stdin, then exits with 3.
	"echo": func(args []string) int {
		fmt.Println(strings.Join(args, " "))
		io.Copy(os.Stdout, os.Stdin)
		fmt.Fprintln(os.Stderr, "to stderr")
		return 3
	},
	// alloc takes 4 GB, touching every page.
	"alloc": func([]string) int {
		var hog [][]byte
		for i := 0; i < 256; i++ {
			b := make([]byte, 16<<20)
			for j := 0; j < len(b); j += 4096 {
				b[j] = 1
			}
			hog = append(hog, b)
		}
		fmt.Println("allocated", len(hog)*16, "MB")
		return 0
	},
	// print writes 1 GB to stdout.
	"print": func([]string) int {
		b := bytes.Repeat([]byte("x"), 1<<20)
		for i := 0; i < 1024; i++ {
			if _, err := os.Stdout.Write(b); err != nil {
				return 1
			}
		}
		return 0
	},
	// eprint writes 4 MiB to stderr, then "end" to stdout.
	"eprint": func([]string) int {
		b := bytes.Repeat([]byte("e"), 1<<20)
		for i := 0; i < 4; i++ {
			if _, err := os.Stderr.Write(b); err != nil {
				return 1
			}
		}
		fmt.Println("end")
		return 0
	},
	// both writes 4 MiB to stdout and 4 MiB to stderr, then exits 0.
	"both": func([]string) int {
		b := bytes.Repeat([]byte("b"), 1<<20)
		for i := 0; i < 4; i++ {
			if _, err := os.Stdout.Write(b); err != nil {
				return 1
			}
			if _, err := os.Stderr.Write(b); err != nil {
				return 1
			}
		}
		return 0
	},
	// connect dials a TCP address and exits 0 if it got through.
	"connect": func(args []string) int {
		c, err := net.DialTimeout("tcp", args[0], 2*time.Second)
		if err != nil {
			fmt.Println(err)
			return 1
		}
		c.Write([]byte("escaped\n"))
		c.Close()
		return 0
	},
	// read prints a file and exits 0 if it could.
	"read": func(args []string) int {
		b, err := os.ReadFile(args[0])
		if err != nil {
			fmt.Println(err)
			return 1
		}
		os.Stdout.Write(b)
		return 0
	},
	// write creates each file named and exits 0 if any write worked.
	"write": func(args []string) int {
		code := 1
		for _, p := range args {
			if err := os.WriteFile(p, []byte("escaped\n"), 0o644); err != nil {
				fmt.Println(err)
				continue
			}
			code = 0
		}
		return code
	},
}

func TestMain(m *testing.M) {
	if name := os.Getenv(programEnv); name != "" {
		os.Exit(programs[name](os.Args[1:]))
	}
	code := m.Run()
	// Every test's boxes must be gone without a trace.
	if leaks := leaks(); len(leaks) > 0 && code == 0 {
		fmt.Fprintln(os.Stderr, "sandbox: leaked after the tests:\n\t"+strings.Join(leaks, "\n\t"))
		code = 1
	}
	os.Exit(code)
}

// fake returns a Spec that runs the named fake program.
func fake(t testing.TB, name string, args ...string) Spec {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Spec{Path: exe, Args: args, Env: []string{programEnv + "=" + name, "GORACE=atexit_sleep_ms=0"}}
}

func sh(script string) Spec { return Spec{Path: "/bin/sh", Args: []string{"-c", script}} }

// tiers returns the tiers this machine can test, strongest first. Under
// CI the machine must offer the strongest tier: a CI run that quietly
// tested less would prove nothing.
func tiers(t testing.TB) []Tier {
	got := Detect()
	if os.Getenv(unprivilegedEnv) != "" {
		// TestUnprivileged's run as nobody: no cgroup, but namespaces.
		if got != TierNamespaces {
			t.Fatalf("unprivileged: sandbox tier %s, want namespaces: %s", got, Reason())
		}
	} else if runtime.GOOS == "linux" && got < TierFull {
		msg := fmt.Sprintf("sandbox tier %s, not full: %s", got, Reason())
		if testenv.CI() {
			t.Fatal(msg)
		}
		t.Log(msg)
	}
	if got == TierBasic {
		return []Tier{TierBasic}
	}
	var ts []Tier
	for tier := got; tier >= TierBasic; tier-- {
		ts = append(ts, tier)
	}
	return ts
}

func TestDetect(t *testing.T) {
	tier := Detect()
	t.Logf("tier %s: %s", tier, Reason())
	tiers(t)
	if Detect() != tier {
		t.Error("Detect changed its answer")
	}
	if tier == TierFull && tier.Warning() != "" || tier < TierFull && tier.Warning() == "" {
		t.Errorf("tier %s warning %q", tier, tier.Warning())
	}
}

func TestRun(t *testing.T) {
	for _, tier := range tiers(t) {
		t.Run(tier.String(), func(t *testing.T) {
			t.Parallel()
			spec := fake(t, "echo", "a", "b c")
			spec.Stdin = []byte("from stdin\n")
			spec.Files = []File{{Name: "in.txt", Data: []byte("data")}, {Name: "sub/dir/x.sh", Data: []byte("#!/bin/sh\n"), Mode: 0o755}}
			spec.Collect = []string{"*.txt", "sub/*/*"}
			res, err := run(context.Background(), spec, tier)
			if err != nil {
				t.Fatal(err)
			}
			if want := "a b c\nfrom stdin\n"; string(res.Stdout) != want {
				t.Errorf("stdout %q, want %q", res.Stdout, want)
			}
			if string(res.Stderr) != "to stderr\n" {
				t.Errorf("stderr %q", res.Stderr)
			}
			if res.ExitCode != 3 || res.Signal != "" || res.Limit != None || res.OK() {
				t.Errorf("got exit %d signal %q limit %v", res.ExitCode, res.Signal, res.Limit)
			}
			if res.Tier != tier {
				t.Errorf("ran at tier %s, want %s", res.Tier, tier)
			}
			var names []string
			for _, f := range res.Files {
				names = append(names, fmt.Sprintf("%s:%o:%s", f.Name, f.Mode, f.Data))
			}
			if got, want := strings.Join(names, " "), "in.txt:644:data sub/dir/x.sh:755:#!/bin/sh\n"; got != want {
				t.Errorf("collected %q, want %q", got, want)
			}
			if res.Wall <= 0 || res.CPU <= 0 {
				t.Errorf("wall %v cpu %v", res.Wall, res.CPU)
			}
		})
	}
}

// TestBoxProgram runs a program given among the box's files (as a build
// step writes one), named relative to the working directory: it is found
// in the box, never on the host.
func TestBoxProgram(t *testing.T) {
	for _, tier := range tiers(t) {
		for path, name := range map[string]string{"./prog": "prog", "bin/prog": "bin/prog", "./bin/../prog": "prog"} {
			t.Run(tier.String()+"/"+path, func(t *testing.T) {
				spec := Spec{Path: path, Args: []string{"x y"}, Files: []File{
					{Name: name, Data: []byte("#!/bin/sh\necho \"ran:$1\"\n"), Mode: 0o755},
				}}
				res, err := run(context.Background(), spec, tier)
				if err != nil {
					t.Fatal(err)
				}
				if want := "ran:x y\n"; !res.OK() || string(res.Stdout) != want {
					t.Errorf("exit %d stdout %q stderr %q, want stdout %q", res.ExitCode, res.Stdout, res.Stderr, want)
				}
			})
		}
	}
}

func TestRunErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec Spec
	}{
		{"no program", Spec{}},
		{"missing program", Spec{Path: "no-such-program-here"}},
		{"file outside the box", Spec{Path: "/bin/true", Files: []File{{Name: "../escape"}}}},
		{"absolute file", Spec{Path: "/bin/true", Files: []File{{Name: "/etc/x"}}}},
		{"bad pattern", Spec{Path: "/bin/true", Collect: []string{"["}}},
		{"program not in the box", Spec{Path: "./sandbox.go"}},
		{"program outside the box", Spec{Path: "../sandbox/sandbox.go", Files: []File{{Name: "sandbox.go"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Run(context.Background(), tc.spec); err == nil {
				t.Error("no error")
			}
		})
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Run(ctx, sh("sleep 100"))
	if err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Errorf("err %v, want the context's", err)
	}
	if d := time.Since(start); d > time.Minute { // not the 100 s it asked for
		t.Errorf("took %v", d)
	}
}

// onWrite closes stop at the first write: the program has started.
type onWrite struct {
	once sync.Once
	stop chan struct{}
}

func (w *onWrite) Write(b []byte) (int, error) {
	w.once.Do(func() { close(w.stop) })
	return len(b), nil
}

// TestStop: a box whose Stop is closed is killed, whatever its limits,
// and says so; no limit is blamed and the run is no error. A run that
// ended first is not stopped.
func TestStop(t *testing.T) {
	for _, tier := range tiers(t) {
		t.Run(tier.String(), func(t *testing.T) {
			t.Parallel()
			w := &onWrite{stop: make(chan struct{})}
			spec := sh("echo started; sleep 1000")
			spec.Limits = Limits{Wall: 1000 * time.Second}
			spec.StdoutTo, spec.Stop = w, w.stop
			res, err := run(context.Background(), spec, tier)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Stopped || res.Limit != None || res.Signal == "" || res.OK() {
				t.Errorf("stopped %v limit %v signal %q exit %d, want stopped, killed, no limit", res.Stopped, res.Limit, res.Signal, res.ExitCode)
			}
			stop := make(chan struct{})
			spec = sh("echo done")
			spec.Stop = stop
			res, err = run(context.Background(), spec, tier)
			close(stop)
			if err != nil || res.Stopped || !res.OK() {
				t.Errorf("a run that ended on its own: stopped %v ok %v err %v", res.Stopped, res.OK(), err)
			}
		})
	}
}

// countWriter counts what it is given.
type countWriter struct {
	mu sync.Mutex
	n  int64
}

func (w *countWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	w.n += int64(len(b))
	w.mu.Unlock()
	return len(b), nil
}

// TestStderrTo gives a run's stderr to a writer alone: 4 MiB of it past a
// 1 MiB output limit is no limit, and the result keeps none of it.
func TestStderrTo(t *testing.T) {
	for _, tier := range tiers(t) {
		t.Run(tier.String(), func(t *testing.T) {
			t.Parallel()
			var w countWriter
			spec := fake(t, "eprint")
			spec.StderrTo = &w
			spec.Limits = Limits{Output: 1 << 20, Wall: time.Minute, CPU: time.Minute}
			res, err := run(context.Background(), spec, tier)
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() || string(res.Stdout) != "end\n" || len(res.Stderr) != 0 || res.StderrTruncated {
				t.Errorf("got exit %d limit %v stdout %q stderr %d bytes", res.ExitCode, res.Limit, res.Stdout, len(res.Stderr))
			}
			if w.n != 4<<20 {
				t.Errorf("StderrTo got %d bytes, want %d", w.n, 4<<20)
			}
		})
	}
}

// TestRunPastOutput lets a program that writes 4 MiB on each stream past
// a 1 MiB output limit run on to its end, as contest judges run it: each
// stream kept up to the limit and marked cut, no limit blamed. Without
// RunPastOutput it is stopped at the limit.
func TestRunPastOutput(t *testing.T) {
	for _, tier := range tiers(t) {
		for _, on := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/%v", tier, on), func(t *testing.T) {
				t.Parallel()
				spec := fake(t, "both")
				spec.Limits = Limits{Output: 1 << 20, RunPastOutput: on, Wall: time.Minute, CPU: time.Minute}
				res, err := run(context.Background(), spec, tier)
				if err != nil {
					t.Fatal(err)
				}
				if !res.StdoutTruncated || len(res.Stdout) != 1<<20 {
					t.Errorf("stdout: %d bytes, cut %v; want 1 MiB, cut", len(res.Stdout), res.StdoutTruncated)
				}
				switch {
				case on && (!res.OK() || res.Limit != None || !res.StderrTruncated || len(res.Stderr) != 1<<20):
					t.Errorf("run past the limit: exit %d limit %v, stderr %d bytes cut %v; want exit 0, no limit, 1 MiB cut", res.ExitCode, res.Limit, len(res.Stderr), res.StderrTruncated)
				case !on && res.Limit != Output:
					t.Errorf("stopped at the limit: limit %v, want output", res.Limit)
				}
			})
		}
	}
}

// TestLargeFileIn gives a box a 64 MiB working file under a 128 MiB
// memory limit: its bytes go straight into the box, and the box's memory
// counts them once (in its tmpfs), not again in its helper's (which the
// full tier's cgroup holds), so the run fits. Sent inside the helper's
// config, they counted three times (the config's read buffer, the decoded
// file, the tmpfs), and the box ran out of memory before the program
// started.
func TestLargeFileIn(t *testing.T) {
	big := bytes.Repeat([]byte("0123456789abcdef"), 4<<20)
	for _, tier := range tiers(t) {
		t.Run(tier.String(), func(t *testing.T) {
			spec := sh("wc -c < big; tail -c 4 big")
			spec.Files = []File{{Name: "small", Data: []byte("s")}, {Name: "big", Data: big}, {Name: "d/last", Data: []byte("x")}}
			spec.Limits = Limits{Memory: 128 << 20, BoxSize: 80 << 20, FileSize: 65 << 20, Wall: time.Minute, CPU: time.Minute}
			res, err := run(context.Background(), spec, tier)
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() || string(res.Stdout) != "67108864\ncdef" {
				t.Errorf("got exit %d limit %v stdout %q stderr %q; want the file's size and end", res.ExitCode, res.Limit, res.Stdout, res.Stderr)
			}
		})
	}
}

func TestLimitsDefaults(t *testing.T) {
	for _, tc := range []struct {
		in, want Limits
	}{
		{Limits{}, Limits{Wall: DefaultWall, CPU: DefaultCPU, Memory: DefaultMemory, Procs: DefaultProcs, Output: DefaultOutput, FileSize: DefaultFileSize, BoxSize: DefaultBoxSize}},
		{Limits{Procs: 3, Wall: time.Second}, Limits{Wall: time.Second, CPU: DefaultCPU, Memory: DefaultMemory, Procs: MinProcs, Output: DefaultOutput, FileSize: DefaultFileSize, BoxSize: DefaultBoxSize}},
	} {
		if got := tc.in.withDefaults(); got != tc.want {
			t.Errorf("%+v.withDefaults() = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestCapture(t *testing.T) {
	for _, tc := range []struct {
		max    int64
		writes []string
		want   string
		trunc  bool
	}{
		{10, []string{"abc", "def"}, "abcdef", false},
		{4, []string{"abc", "def"}, "abcd", true},
		{3, []string{"abc"}, "abc", false},
		{3, []string{"abc", "d", "e"}, "abc", true},
		{0, []string{"x"}, "", true},
	} {
		overs := 0
		c := &capture{max: tc.max, over: func() { overs++ }}
		for _, w := range tc.writes {
			if n, err := c.Write([]byte(w)); n != len(w) || err != nil {
				t.Errorf("Write(%q) = %d, %v", w, n, err)
			}
		}
		got, trunc := c.result()
		if string(got) != tc.want || trunc != tc.trunc || overs != map[bool]int{false: 0, true: 1}[tc.trunc] {
			t.Errorf("max %d writes %q: got %q truncated %v (%d overs), want %q %v", tc.max, tc.writes, got, trunc, overs, tc.want, tc.trunc)
		}
	}
}

// leaks lists what boxes left behind: processes (descendants of the test,
// or running as a box uid), cgroups and temporary directories. Mounts
// cannot leak to the host (each box's live in its own namespace), which
// TestConcurrent checks directly.
func leaks() []string {
	var out []string
	for _, p := range strayProcesses() {
		out = append(out, "process "+p)
	}
	for _, d := range strayCgroups() {
		out = append(out, "cgroup "+d)
	}
	tmp, _ := filepath.Glob(filepath.Join(os.TempDir(), tempPrefix+"*"))
	for _, d := range tmp {
		out = append(out, "temporary directory "+d)
	}
	return append(out, hostLeftovers()...)
}

func strayCgroups() []string {
	var dirs []string
	for _, pat := range []string{"/sys/fs/cgroup/*/autograder-sandbox-%d-*", "/sys/fs/cgroup/*/*/autograder-sandbox-%d-*", "/sys/fs/cgroup/*/*/*/autograder-sandbox-%d-*", "/sys/fs/cgroup/autograder-sandbox-%d-*"} {
		m, _ := filepath.Glob(fmt.Sprintf(pat, os.Getpid()))
		dirs = append(dirs, m...)
	}
	return dirs
}

// strayProcesses lists the live processes that descend from this one, or
// run as a box uid, or carry a marker argument of a test daemon.
func strayProcesses() []string {
	me := os.Getpid()
	parent := map[int]int{}
	var out []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == me {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		rest := string(stat[bytes.LastIndexByte(stat, ')')+2:])
		f := strings.Fields(rest)
		if len(f) < 2 {
			continue
		}
		parent[pid], _ = strconv.Atoi(f[1])
		cmd, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		cmdline := strings.ReplaceAll(string(bytes.TrimRight(cmd, "\x00")), "\x00", " ")
		var st struct{ uid int }
		if status, err := os.ReadFile("/proc/" + e.Name() + "/status"); err == nil {
			for _, line := range strings.Split(string(status), "\n") {
				if v, ok := strings.CutPrefix(line, "Uid:"); ok {
					st.uid, _ = strconv.Atoi(strings.Fields(v)[0])
				}
			}
		}
		if st.uid >= ownUIDs() && st.uid < ownUIDs()+boxUIDsPerProcess || strings.Contains(cmdline, daemonMarker) {
			out = append(out, fmt.Sprintf("%d (uid %d): %s", pid, st.uid, cmdline))
		}
	}
	for pid, pp := range parent {
		for p, n := pp, 0; p > 1 && n < 100; p, n = parent[p], n+1 {
			if p == me {
				out = append(out, fmt.Sprintf("%d: a descendant of the test", pid))
				break
			}
		}
	}
	return out
}

// daemonMarker is in the arguments of every daemon a test box starts, so
// that one that escaped can be found on the host: the seconds of a sleep,
// 4242 and this test process's pid as the fraction, so that test binaries
// side by side (CI runs this package in shards, and TestUnprivileged
// beside them) each find only their own.
var daemonMarker = fmt.Sprintf("4242.%07d", os.Getpid())

// TestConcurrent runs 8 boxes at once, each leaving a daemon and files
// behind, and checks that nothing of them is left: no process, no mount,
// no cgroup, no temporary file.
func TestConcurrent(t *testing.T) {
	mountsBefore, _ := os.ReadFile("/proc/self/mountinfo")
	var wg sync.WaitGroup
	results := make([]Result, 8)
	errs := make([]error, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			spec := sh(fmt.Sprintf("setsid sleep %s & sleep 30 & echo box %d; head -c 1M /dev/zero > junk; sleep 0.2", daemonMarker, i))
			spec.Files = []File{{Name: "in", Data: []byte("x")}}
			results[i], errs[i] = Run(context.Background(), spec)
		}()
	}
	wg.Wait()
	for i, res := range results {
		if errs[i] != nil {
			t.Errorf("box %d: %v", i, errs[i])
			continue
		}
		if want := fmt.Sprintf("box %d\n", i); string(res.Stdout) != want || !res.OK() {
			t.Errorf("box %d: stdout %q exit %d limit %v stderr %q", i, res.Stdout, res.ExitCode, res.Limit, res.Stderr)
		}
	}
	if l := leaks(); len(l) > 0 {
		t.Errorf("leaked:\n\t%s", strings.Join(l, "\n\t"))
	}
	if mountsAfter, _ := os.ReadFile("/proc/self/mountinfo"); !bytes.Equal(mountsBefore, mountsAfter) {
		t.Errorf("the host's mounts changed:\nbefore:\n%s\nafter:\n%s", mountsBefore, mountsAfter)
	}
}

// BenchmarkRun measures a whole box around /bin/true, at the detected
// tier; compare with BenchmarkPlainExec for the sandbox's overhead.
func BenchmarkRun(b *testing.B) {
	b.Logf("tier %s", Detect())
	for b.Loop() {
		res, err := Run(context.Background(), Spec{Path: "/bin/true"})
		if err != nil || !res.OK() {
			b.Fatal(res, err)
		}
	}
}

// BenchmarkRunParallel runs boxes side by side (-cpu N goroutines): with
// the machine's CPU read around it, it shows how much of starting and
// ending a box is serialized (here, 2 at a time on 2 cores: 1.5 times the
// boxes a second of BenchmarkRun, with a sixth of the CPU idle).
func BenchmarkRunParallel(b *testing.B) {
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			res, err := Run(context.Background(), Spec{Path: "/bin/true"})
			if err != nil || !res.OK() {
				b.Error(res, err)
				return
			}
		}
	})
}

func BenchmarkPlainExec(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("/bin/true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBoxCgroupHidden: a box cannot read from its cgroup anything about
// other boxes (no counter, nothing that orders two runs): on the tiers
// with namespaces its cgroup namespace shows it "/"; below them it sees
// the grader's own cgroup, the same for every box.
func TestBoxCgroupHidden(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("no /proc/self/cgroup")
	}
	for _, tier := range tiers(t) {
		t.Run(tier.String(), func(t *testing.T) {
			t.Parallel()
			var seen []string
			for range 2 {
				res, err := run(context.Background(), sh("cat /proc/self/cgroup"), tier)
				if err != nil || !res.OK() {
					t.Fatalf("%+v, %v", res, err)
				}
				seen = append(seen, string(res.Stdout))
			}
			for _, out := range seen {
				if strings.Contains(out, "autograder-sandbox") {
					t.Errorf("the box sees its cgroup's name:\n%s", out)
				}
				if tier < TierNamespaces {
					continue
				}
				for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
					if !strings.HasSuffix(line, ":/") {
						t.Errorf("the box sees a cgroup path: %q", line)
					}
				}
			}
			if seen[0] != seen[1] {
				t.Errorf("two boxes see different cgroups:\n%s\n%s", seen[0], seen[1])
			}
		})
	}
}

// TestStaleCgroup: a cgroup that a killed grader of the same pid left
// behind (a pid comes round again) does not stop a box from starting.
func TestStaleCgroup(t *testing.T) {
	if runtime.GOOS != "linux" || Detect() < TierFull {
		t.Skipf("no cgroups at tier %s", Detect())
	}
	p, err := findCgroups()
	if err != nil {
		t.Fatal(err)
	}
	parents := []string{p.v2}
	if p.v2 == "" {
		parents = nil
		for _, d := range p.v1 {
			parents = append(parents, d)
		}
	}
	for next := 1; next <= 3; next++ {
		for _, parent := range parents {
			// Names a grader of this pid gave its boxes before.
			stale := filepath.Join(parent, fmt.Sprintf("autograder-sandbox-%d-%d", os.Getpid(), next))
			if err := os.Mkdir(stale, 0o755); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Remove(stale) })
		}
	}
	res, err := Run(context.Background(), Spec{Path: "/bin/true"})
	if err != nil || !res.OK() {
		t.Fatalf("a box beside stale cgroups: %+v, %v", res, err)
	}

	// Those of a grader no longer running are removed.
	gone := exec.Command("/bin/true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	dead := filepath.Join(parents[0], fmt.Sprintf("autograder-sandbox-%d-0badc0de-1", gone.Process.Pid))
	if err := os.Mkdir(dead, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(dead) })
	p.removeStale()
	if _, err := os.Stat(dead); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s of a grader that ended: still there (%v)", dead, err)
	}
}
