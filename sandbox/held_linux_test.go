package sandbox

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/cs540-tools/autograder/internal/testenv"
)

var hog struct {
	once sync.Once
	bin  []byte
	err  error
}

// hogSpec returns a Spec that runs testdata/hog/hog.c, built once by the
// host's gcc, as the box's program "./hog" with args.
func hogSpec(t *testing.T, args ...string) Spec {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		testenv.Missing(t, "no gcc: %v", err)
	}
	hog.once.Do(func() {
		bin := filepath.Join(os.TempDir(), "autograder-sandbox-hog-"+filepath.Base(t.TempDir()))
		defer os.Remove(bin)
		out, err := exec.Command(gcc, "-O2", "-o", bin, "testdata/hog/hog.c").CombinedOutput()
		if err != nil {
			hog.err = err
			hog.bin = out
			return
		}
		hog.bin, hog.err = os.ReadFile(bin)
	})
	if hog.err != nil {
		t.Fatalf("building hog: %v\n%s", hog.err, hog.bin)
	}
	return Spec{Path: "./hog", Args: args, Files: []File{{Name: "hog", Data: hog.bin, Mode: 0o755}}}
}

// TestMemoryOutsideProcesses: a program that holds 128 MiB where no
// process's resident set shows it, against a 64 MiB limit, stops at
// its memory limit on every tier with a meter, as on the full tier
// (whose cgroup counts it all), or holds nothing at all. Tiers below a
// row's min do not contain that memory (their files and IPC are the
// host's): there the row is skipped, with the reason.
func TestMemoryOutsideProcesses(t *testing.T) {
	const noSysv = "no System V IPC\n"
	rows := []struct {
		mode string
		min  Tier
		// refused, when set, is what the program says on the fallback
		// tier without root, where it runs as the grader's user and so
		// may make no System V object and write no file outside its
		// folder (the host's would not be told from the grader's).
		refused string
		// gone, when set, is what the program says when the box
		// destroyed what it would hold, or refused it, far below the
		// limit.
		gone string
	}{
		{mode: "sockets", min: TierFallback},                                    // unix socket pairs filled both ways
		{mode: "pipes", min: TierFallback},                                      // pipes grown to 1 MiB and filled
		{mode: "packets", min: TierFallback},                                    // packet-mode pipes, a page a byte
		{mode: "memfd", min: TierFallback},                                      // memory files held as descriptors
		{mode: "inflight", min: TierFallback},                                   // memory files in flight in a socket, closed
		{mode: "objects", min: TierFallback},                                    // empty socket pairs, many
		{mode: "epoll", min: TierFallback},                                      // epoll watches, many
		{mode: "uring", min: TierFallback, gone: "no io_uring\n"},               // io_uring rings, unmapped (refused: pageCacheCalls)
		{mode: "ptes", min: TierFallback},                                       // page tables
		{mode: "uringfiles", min: TierFallback, gone: "no io_uring\n"},          // memory files registered in an io_uring, closed
		{mode: "nestns", min: TierFallback, gone: "no namespaces\n"},            // a tmpfs in namespaces of its own
		{mode: "nodump", min: TierFallback},                                     // a non-dumpable process
		{mode: "posix", min: TierFallback, refused: "no POSIX shared memory\n"}, // files of /dev/shm
		{mode: "tmpfs", min: TierFallback},                                      // files of $TMPDIR
		{mode: "sysv", min: TierFallback, refused: noSysv, gone: "segment removed at detach\n"},
		{mode: "msg", min: TierFallback, refused: noSysv, gone: "no more queues after 16 MiB\n"},
		{mode: "zap", min: TierFallback},                                             // a shared anonymous mapping whose pages are dropped from it
		{mode: "mapclose", min: TierFallback},                                        // memory files mapped in part, closed
		{mode: "mapclose32", min: TierFallback, gone: "no 32-bit calls\n"},           // the same, made by 32-bit system calls
		{mode: "sysvzap", min: TierFallback, refused: noSysv},                        // System V segments whose pages are dropped from the mapping
		{mode: "removed", min: TierFallback, refused: "no POSIX shared memory\n"},    // files of /dev/shm removed, held open
		{mode: "mapremoved", min: TierFallback, refused: "no POSIX shared memory\n"}, // files of /dev/shm removed, mapped in part, closed
		{mode: "lazyfree", min: TierFallback, gone: "nothing held: "},                // pages handed back with MADV_FREE, kept and read
		{mode: "uringfree", min: TierFallback, gone: "nothing held: "},               // the same, MADV_FREE asked through an io_uring
		{mode: "netlink", min: TierFallback, gone: "no netlink\n"},                   // netlink sockets' queues, filled and left
	}
	// A box's locked memory (io_uring's rings among it) must not be the
	// grader's, which may have no bound: give this process (and so, but
	// for the box's own limit, its boxes) as much as it may.
	if err := unix.Setrlimit(unix.RLIMIT_MEMLOCK, &unix.Rlimit{Cur: unix.RLIM_INFINITY, Max: unix.RLIM_INFINITY}); err != nil {
		var r unix.Rlimit
		if unix.Getrlimit(unix.RLIMIT_MEMLOCK, &r) == nil {
			r.Cur = r.Max
			unix.Setrlimit(unix.RLIMIT_MEMLOCK, &r)
			t.Logf("RLIMIT_MEMLOCK: %v; the most this process may have is %d bytes", err, r.Max)
		}
	}
	for _, tier := range tiers(t) {
		if !tier.Metered() {
			continue
		}
		t.Run(tier.String(), func(t *testing.T) {
			for _, r := range rows {
				t.Run(r.mode, func(t *testing.T) {
					if tier < r.min {
						t.Skipf("not contained below tier %s: %s", r.min, tier.Warning())
					}
					ownUID := tier == TierFallback && os.Geteuid() != 0
					if tier == TierFallback && r.mode == "tmpfs" && !onTmpfs(os.TempDir()) {
						t.Skipf("the fallback tier's box is in %s, not a tmpfs here: its files are not memory", os.TempDir())
					}
					t.Parallel()
					// Twice the limit: a meter that counts less than half
					// of what a way holds lets it through.
					s := hogSpec(t, r.mode, "128")
					s.Limits = Limits{Memory: 64 << 20, BoxSize: 512 << 20, Wall: time.Minute, CPU: time.Minute}
					res, err := run(context.Background(), s, tier)
					if err != nil {
						t.Fatal(err)
					}
					if r.gone != "" && res.OK() && strings.HasPrefix(string(res.Stdout), r.gone) {
						return
					}
					if ownUID && r.refused != "" {
						if !res.OK() || string(res.Stdout) != r.refused {
							t.Errorf("limit %v, exit %d, stdout %q, stderr %.300q; want %q", res.Limit, res.ExitCode, res.Stdout, res.Stderr, r.refused)
						}
						return
					}
					wantLimit(t, res, Memory)
				})
			}
		})
	}
}

// TestHonestMemory: honest programs that use 100 MiB under a 256 MiB
// limit, in C, Python and Java, end well at every tier; so do one that
// reserves 300 MiB and touches 100 (a contest's global array sized for
// the largest input) and one that maps 160 MiB of memory files it keeps
// open (each counted once).
func TestHonestMemory(t *testing.T) {
	python := Spec{Path: "/usr/bin/python3", Args: []string{"-c",
		"b = bytearray(100 << 20)\nfor i in range(0, len(b), 4096): b[i] = 1\nprint('held', len(b) >> 20, 'MiB')"}}
	progs := []struct {
		name string
		spec func(t *testing.T) Spec
		want string
	}{
		{"c", func(t *testing.T) Spec { return hogSpec(t, "honest", "100") }, "used 100 MiB\n"},
		{"reserved", func(t *testing.T) Spec { return hogSpec(t, "reserve", "100") }, "used 100 MiB\n"},
		{"pool", func(t *testing.T) Spec { return hogSpec(t, "pool", "100") }, "used 100 MiB\n"},
		{"mapped-and-held", func(t *testing.T) Spec { return hogSpec(t, "shared", "160") }, "used 160 MiB\n"},
		{"python", func(t *testing.T) Spec {
			if _, err := os.Stat(python.Path); err != nil {
				testenv.Missing(t, "no python3: %v", err)
			}
			return python
		}, "held 100 MiB\n"},
		{"java", func(t *testing.T) Spec {
			s := javaSpec(t, "Attack", "hold")
			for i, a := range s.Args {
				if strings.HasPrefix(a, "-Xmx") {
					s.Args[i] = "-Xmx200m" // room for 100 MiB live in a serial collector's old generation
				}
			}
			return s
		}, "held 100 MiB\n"},
	}
	for _, tier := range tiers(t) {
		t.Run(tier.String(), func(t *testing.T) {
			for _, p := range progs {
				t.Run(p.name, func(t *testing.T) {
					t.Parallel()
					s := p.spec(t)
					s.Limits = Limits{Memory: 256 << 20, Wall: 2 * time.Minute, CPU: time.Minute}
					res, err := run(context.Background(), s, tier)
					if err != nil {
						t.Fatal(err)
					}
					if !res.OK() || string(res.Stdout) != p.want {
						t.Errorf("limit %v, exit %d, signal %q, peak %d MiB, stdout %q, stderr %.300q; want a clean exit saying %q",
							res.Limit, res.ExitCode, res.Signal, res.PeakMemory>>20, res.Stdout, res.Stderr, p.want)
					}
					t.Logf("peak %d MiB", res.PeakMemory>>20)
				})
			}
		})
	}
}

// hostLeftovers lists the System V IPC objects and the files of the
// host's tmpfs folders that a box uid of this process owns: what a
// fallback box left on the host.
func hostLeftovers() []string {
	var out []string
	ours := func(uid string) bool {
		n, err := strconv.Atoi(uid)
		return err == nil && n >= ownUIDs() && n < ownUIDs()+boxUIDsPerProcess
	}
	for _, t := range sysvTables {
		b, _ := os.ReadFile("/proc/sysvipc/" + t.file)
		for _, line := range strings.Split(string(b), "\n")[1:] {
			if f := strings.Fields(line); len(f) > t.create && (ours(f[t.owner]) || ours(f[t.create])) {
				out = append(out, fmt.Sprintf("System V %s %s of uid %s", t.file, f[t.id], f[t.owner]))
			}
		}
	}
	for _, d := range tmpfsFolders() {
		filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			var st syscall.Stat_t
			if err == nil && p != d && syscall.Lstat(p, &st) == nil && int(st.Uid) >= ownUIDs() && int(st.Uid) < ownUIDs()+boxUIDsPerProcess {
				out = append(out, fmt.Sprintf("file %s of uid %d", p, st.Uid))
			}
			return nil
		})
	}
	return out
}

// TestLeftoversWithoutSysAdmin: root without CAP_SYS_ADMIN (a
// container's default) may not remove a box uid's System V objects as
// root; the grader removes them as that uid.
func TestLeftoversWithoutSysAdmin(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: the fallback tier runs the program as the grader's user")
	}
	uid := ownUIDs() + boxUIDsPerProcess - 1 // no box of this test run has it
	made := -1
	if err := asUID(uid, func() {
		made, _ = unix.SysvShmGet(unix.IPC_PRIVATE, 1<<20, unix.IPC_CREAT|0o600)
	}); err != nil || made < 0 {
		t.Fatalf("making a segment as uid %d: %v", uid, err)
	}
	defer unix.SysvShmCtl(made, unix.IPC_RMID, nil)
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends without CAP_SYS_ADMIN
		hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
		var data [2]unix.CapUserData
		if err := unix.Capget(&hdr, &data[0]); err != nil {
			done <- err
			return
		}
		data[0].Effective &^= 1 << unix.CAP_SYS_ADMIN
		if err := unix.Capset(&hdr, &data[0]); err != nil {
			done <- err
			return
		}
		done <- removeHostLeftovers(uid)
	}()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := sysvCount(uid); n != 0 {
		t.Errorf("%d System V objects of uid %d left", n, uid)
	}
}
