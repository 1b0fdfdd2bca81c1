package sandbox

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The helper is this very binary, re-executed through /proc/self/exe with
// helperEnv set. It starts inside the box's new namespaces (the parent
// asks clone for them), waits for its config on fd 3 (whose end-of-file
// also tells it that the parent has put it into the box's cgroup), builds
// the box's file system, starts the program, sets its rlimits, reaps
// it, kills whatever the program left behind, collects files and writes
// a report to fd 4.
//
// The helper stays the box's PID 1 instead of exec'ing the program so
// that it can reap, collect files after the program has gone and report
// exact status and rusage; its exit kills everything left in the PID
// namespace.
const helperEnv = "_AUTOGRADER_SANDBOX"

// The hook: any binary that links this package turns into the helper
// before its main (or TestMain) runs, so neither cmd/autograder nor a test
// binary has to do anything.
func init() {
	switch os.Getenv(helperEnv) {
	case "helper":
		os.Exit(helperMain())
	case "probe":
		// Detect's probe: clone with the namespaces worked.
		os.Exit(0)
	}
}

// config is what the parent sends the helper.
type config struct {
	Tier    Tier
	Path    string   // program to exec, as seen in the box
	Argv    []string // with argv[0]
	Env     []string
	Files   []File
	Collect []string
	Limits  Limits
	Binds   []string // extra host paths to show read-only at the same path
	Etc     []string // the host's /etc entries to show read-only (etcPaths)
	BoxDir  string   // the working directory (fallback: a host directory)
	UID     int      // run the program as this uid and gid (when root), or -1
	UserNS  bool     // not root: the helper runs in a user namespace
	// ProgNS gives the program a user namespace of its own; without one
	// (root on a machine without user namespaces) the helper takes the
	// rlimits itself before it forks.
	ProgNS bool
	NProc  int  // RLIMIT_NPROC, or 0 for none
	ExecFD bool // exec the program through an fd opened before dropping privileges
}

// report is what the helper sends back.
type report struct {
	Err     string // the sandbox failed
	Status  uint32 // syscall.WaitStatus of the program
	CPU     time.Duration
	MaxRSS  int64
	Wall    time.Duration
	BoxFull bool
	// FileCapped: a file in the box reached Limits.FileSize.
	FileCapped bool
	Files      []File
}

// innerUID is the program's uid inside its own user namespace.
const innerUID = 1000

// boxRoot is where the box's tmpfs is mounted before pivot_root. The
// sources of the read-only binds are opened beforehand, so that anything
// under /tmp on the host (a test binary, say) stays reachable.
const boxRoot = "/tmp"

func helperMain() int {
	cfgFile := os.NewFile(3, "config")
	repFile := os.NewFile(4, "report")
	var cfg config
	if err := gob.NewDecoder(cfgFile).Decode(&cfg); err != nil {
		fmt.Fprintln(os.Stderr, "sandbox helper: reading config:", err)
		return 2
	}
	cfgFile.Close()
	rep := supervise(&cfg)
	if err := gob.NewEncoder(repFile).Encode(rep); err != nil {
		return 3
	}
	return 0
}

func supervise(cfg *config) (rep report) {
	fail := func(err error) report { return report{Err: err.Error()} }
	// no_new_privs is a per-thread flag inherited by the children that
	// thread forks: the fork must happen on the thread that set it.
	runtime.LockOSThread()
	unix.Umask(0o022)

	ns := cfg.Tier >= TierNamespaces
	if ns {
		if err := buildRoot(cfg); err != nil {
			return fail(fmt.Errorf("building the box: %w", err))
		}
		_ = unix.Sethostname([]byte("box"))
	}
	if err := writeFiles(cfg); err != nil {
		return fail(err)
	}

	execFD := -1
	if cfg.ExecFD {
		// Without namespaces the program stays at its host path, which
		// the box uid may not be able to walk to (go test's 0700
		// directories); exec through a descriptor opened as root instead.
		// The program keeps it open as its fd 3 (a script's interpreter
		// needs it); it only reads the program itself.
		fd, err := unix.Open(cfg.Path, unix.O_RDONLY, 0)
		if err != nil {
			return fail(err)
		}
		execFD = fd
	}

	// Go hands children any descriptor that lacks close-on-exec,
	// including ones inherited from whoever started the grader: mark them
	// all, so the program gets exactly stdin, stdout and stderr.
	if err := unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC); err != nil {
		return fail(err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fail(err)
	}
	if !ns {
		// Orphans (a setsid daemon, say) come back to the helper rather
		// than to the machine's init, so they can be found and killed.
		if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
			return fail(err)
		}
	}
	// The program gets a user namespace of its own, in which it is
	// innerUID: the box uid on the host when the grader is root, else the
	// grader's uid (the helper's root). It has no capability over the
	// box's mounts; RLIMIT_NPROC counts its tasks alone; and the helper,
	// owner of that namespace, may set its rlimits (root itself may not:
	// it lacks CAP_SYS_RESOURCE in containers). It starts traced, so that
	// it stops at its execve: the rlimits are set then, before its first
	// instruction, and on it alone (the helper must stay free to allocate
	// and start threads).
	sys := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: !ns, Ptrace: true}
	switch {
	case cfg.ProgNS:
		sys.Cloneflags = syscall.CLONE_NEWUSER
		sys.UidMappings = []syscall.SysProcIDMap{{ContainerID: innerUID, HostID: 0, Size: 1}}
		sys.GidMappings = []syscall.SysProcIDMap{{ContainerID: innerUID, HostID: 0, Size: 1}}
		if cfg.UID >= 0 {
			sys.UidMappings[0].HostID = cfg.UID
			sys.GidMappings[0].HostID = cfg.UID
			// Leaves root for innerUID inside the new namespace, which is
			// the box uid outside; no groups of root's go along.
			sys.Credential = &syscall.Credential{Uid: innerUID, Gid: innerUID, NoSetGroups: true}
			if err := syscall.Setgroups(nil); err != nil {
				return fail(err)
			}
		}
	case cfg.UID >= 0:
		// A box uid, which prlimit may not reach: the helper takes the
		// limits itself and passes them on.
		sys.Credential = &syscall.Credential{Uid: uint32(cfg.UID), Gid: uint32(cfg.UID), Groups: []uint32{}}
		sys.Ptrace = false
		if err := setRlimits(0, cfg); err != nil {
			return fail(err)
		}
	}
	// Otherwise the program has the helper's uid, and prlimit reaches it.
	files := []uintptr{0, 1, 2}
	prog := cfg.Path
	if execFD >= 0 {
		files = append(files, uintptr(execFD))
		prog = "/proc/self/fd/3"
	}
	var sigs chan os.Signal
	if !ns {
		// The parent asks a fallback box to stop with SIGTERM, so that
		// the helper can kill what escaped the process group first.
		sigs = make(chan os.Signal, 1)
		signal.Notify(sigs, syscall.SIGTERM)
	}
	start := time.Now()
	pid, err := syscall.ForkExec(prog, cfg.Argv, &syscall.ProcAttr{
		Dir:   cfg.BoxDir,
		Env:   cfg.Env,
		Files: files,
		Sys:   sys,
	})
	if execFD >= 0 {
		unix.Close(execFD)
	}
	if err != nil {
		return fail(fmt.Errorf("starting %s: %w", cfg.Argv[0], err))
	}
	if sys.Ptrace {
		if err := limit(pid, cfg); err != nil {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			killAll(pid, ns)
			return fail(err)
		}
	}
	if sigs != nil {
		go func() {
			<-sigs
			// Kill only: reaping here would steal the program's status
			// from the loop below, which then kills and reaps the rest.
			killEach(pid)
		}()
	}

	// Reap until the program itself is gone; as PID 1 or subreaper the
	// helper also receives orphans, which are reaped on the way.
	var ws syscall.WaitStatus
	var ru syscall.Rusage
	for {
		got, err := syscall.Wait4(-1, &ws, 0, &ru)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			killAll(pid, ns)
			return fail(fmt.Errorf("waiting: %w", err))
		}
		if got == pid {
			break
		}
	}
	rep.Wall = time.Since(start)
	rep.Status = uint32(ws)
	rep.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	rep.MaxRSS = ru.Maxrss << 10
	killAll(pid, ns)

	if ns {
		var st unix.Statfs_t
		if unix.Statfs(cfg.BoxDir, &st) == nil {
			// Nearly full rather than exactly: the last partial block of
			// a write that failed is never allocated.
			rep.BoxFull = st.Bavail*64 < st.Blocks
		}
	}
	// A program that ignores SIGXFSZ (the JVM does) gets EFBIG instead:
	// a file at exactly the cap is the trace the limit leaves.
	scratch := []string{cfg.BoxDir}
	if ns {
		scratch = append(scratch, "/tmp")
	}
	for _, d := range scratch {
		rep.FileCapped = rep.FileCapped || hasFileOf(d, cfg.Limits.FileSize)
	}
	if len(cfg.Collect) > 0 {
		if rep.Files, err = collect(cfg.BoxDir, cfg.Collect); err != nil {
			return fail(err)
		}
	}
	return rep
}

// hasFileOf reports whether a regular file under dir is size bytes or more.
func hasFileOf(dir string, size int64) bool {
	found := false
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || found {
			return filepath.SkipAll
		}
		if d.Type().IsRegular() {
			if info, err := d.Info(); err == nil && info.Size() >= size {
				found = true
			}
		}
		return nil
	})
	return found
}

// killAll kills everything left in the box and reaps it. As PID 1 of
// the box that is everyone else in the namespace; as subreaper it is the
// program's process group and every descendant that came back to us.
func killAll(pid int, ns bool) {
	for {
		if ns {
			_ = syscall.Kill(-1, syscall.SIGKILL)
		} else {
			killEach(pid)
		}
		_, err := syscall.Wait4(-1, nil, 0, nil)
		if errors.Is(err, syscall.ECHILD) {
			return
		}
	}
}

// killEach kills the program's process group and the helper's children.
func killEach(pid int) {
	_ = syscall.Kill(-pid, syscall.SIGKILL)
	for _, c := range children() {
		_ = syscall.Kill(c, syscall.SIGKILL)
	}
}

// children lists the helper's child processes, over all its threads.
func children() []int {
	var pids []int
	tasks, _ := os.ReadDir("/proc/self/task")
	for _, t := range tasks {
		b, err := os.ReadFile("/proc/self/task/" + t.Name() + "/children")
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(f); err == nil {
				pids = append(pids, n)
			}
		}
	}
	return pids
}

// limit waits for the traced program to stop at its execve, sets its
// rlimits and lets it go.
func limit(pid int, cfg *config) error {
	var ws syscall.WaitStatus
	for {
		_, err := syscall.Wait4(pid, &ws, 0, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return fmt.Errorf("waiting for the program's exec: %w", err)
		}
		break
	}
	if !ws.Stopped() {
		return fmt.Errorf("the program did not stop at its exec (status %#x)", uint32(ws))
	}
	if err := setRlimits(pid, cfg); err != nil {
		return err
	}
	if err := syscall.PtraceDetach(pid); err != nil {
		return fmt.Errorf("releasing the program: %w", err)
	}
	return nil
}

func setRlimits(pid int, cfg *config) error {
	l := cfg.Limits
	cpu := uint64((l.CPU + time.Second - 1) / time.Second)
	set := []struct {
		res      int
		cur, max uint64
	}{
		// SIGXCPU at the limit, SIGKILL a second later for a program that
		// catches it. Per process: the cgroup's total is watched by the
		// parent where there is one.
		{unix.RLIMIT_CPU, cpu, cpu + 1},
		{unix.RLIMIT_FSIZE, uint64(l.FileSize), uint64(l.FileSize)},
		{unix.RLIMIT_CORE, 0, 0},
		{unix.RLIMIT_NOFILE, 1024, 1024},
	}
	if cfg.Tier < TierFull {
		// Not RLIMIT_AS: the JVM reserves far more address space than it
		// uses and fails to start below about 2 GiB.
		set = append(set, struct {
			res      int
			cur, max uint64
		}{unix.RLIMIT_DATA, uint64(l.Memory), uint64(l.Memory)})
	}
	if cfg.NProc > 0 {
		set = append(set, struct {
			res      int
			cur, max uint64
		}{unix.RLIMIT_NPROC, uint64(cfg.NProc), uint64(cfg.NProc)})
	}
	for _, s := range set {
		var err error
		if pid == 0 {
			// syscall's, not prlimit: Go hands children its own saved
			// RLIMIT_NOFILE unless told through this call.
			err = syscall.Setrlimit(s.res, &syscall.Rlimit{Cur: s.cur, Max: s.max})
		} else {
			err = unix.Prlimit(pid, s.res, &unix.Rlimit{Cur: s.cur, Max: s.max}, nil)
		}
		if err != nil {
			return fmt.Errorf("setrlimit %d: %w", s.res, err)
		}
	}
	return nil
}

// systemDirs are shown read-only in every box; those that are symbolic
// links on the host (merged /usr) become the same links.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}

// etcEntries are the parts of /etc that programs and the JDK read; the
// rest of /etc (shadow, the grader's configuration) stays out.
var etcEntries = []string{"alternatives", "java*", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "timezone", "nsswitch.conf", "host.conf", "ssl", "mime.types"}

// etcPaths are the host's paths that etcEntries match, found once per
// grader (the parent), not in every box's helper: /etc is read once.
var etcPaths = sync.OnceValue(func() []string {
	var paths []string
	for _, pat := range etcEntries {
		matches, _ := filepath.Glob(filepath.Join("/etc", pat))
		paths = append(paths, matches...)
	}
	return paths
})

var devNodes = []string{"null", "zero", "full", "random", "urandom"}

// buildRoot makes the box's file system and pivots into it: a tmpfs of
// BoxSize holding /box (the working directory), /tmp, /dev's nodes and a
// few /etc files, with the system directories bound read-only and a
// fresh /proc of the box's PID namespace.
func buildRoot(cfg *config) error {
	// Nothing done below may propagate back to the host.
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making / private: %w", err)
	}

	type bind struct {
		dst   string
		fd    int
		dir   bool
		flags uint64
	}
	var binds []bind
	var links [][2]string // link name in the box, target
	defer func() {
		for _, b := range binds {
			unix.Close(b.fd)
		}
	}()
	ro := uint64(unix.MOUNT_ATTR_RDONLY | unix.MOUNT_ATTR_NOSUID | unix.MOUNT_ATTR_NODEV)
	addBind := func(src, dst string, flags uint64, follow bool) error {
		var st unix.Stat_t
		if !follow {
			if err := unix.Lstat(src, &st); err != nil {
				return err
			}
			if st.Mode&unix.S_IFMT == unix.S_IFLNK {
				target, err := os.Readlink(src)
				if err != nil {
					return err
				}
				links = append(links, [2]string{dst, target})
				return nil
			}
		}
		fd, err := unix.Open(src, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			return err
		}
		if err := unix.Fstat(fd, &st); err != nil {
			unix.Close(fd)
			return err
		}
		binds = append(binds, bind{dst: dst, fd: fd, dir: st.Mode&unix.S_IFMT == unix.S_IFDIR, flags: flags})
		return nil
	}
	for _, d := range systemDirs {
		if err := addBind(d, d, ro, false); err != nil && !errors.Is(err, unix.ENOENT) {
			return fmt.Errorf("%s: %w", d, err)
		}
	}
	for _, m := range cfg.Etc {
		if err := addBind(m, m, ro, false); err != nil && !errors.Is(err, unix.ENOENT) {
			return fmt.Errorf("%s: %w", m, err)
		}
	}
	for _, p := range cfg.Binds {
		if err := addBind(p, p, ro, true); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	for _, d := range devNodes {
		if err := addBind("/dev/"+d, "/dev/"+d, unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NOEXEC, true); err != nil {
			return fmt.Errorf("/dev/%s: %w", d, err)
		}
	}

	l := cfg.Limits
	// Inodes are bounded too, or a box of empty files would eat kernel memory.
	opts := fmt.Sprintf("size=%d,nr_inodes=%d,mode=0755", l.BoxSize, 4096+l.BoxSize/4096)
	if err := unix.Mount("box", boxRoot, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
		return fmt.Errorf("mounting the box tmpfs: %w", err)
	}
	r := func(p string) string { return filepath.Join(boxRoot, p) }
	uid := cfg.UID
	if cfg.UserNS {
		uid = 0 // the helper's own id, the program's innerUID
	}
	for _, d := range []struct {
		path string
		mode os.FileMode
		own  bool
	}{
		{"/box", 0o755, true}, {"/tmp", 0o777 | os.ModeSticky, false}, {"/dev", 0o755, false},
		{"/dev/shm", 0o777 | os.ModeSticky, false}, {"/proc", 0o555, false}, {"/etc", 0o755, false},
	} {
		if err := os.Mkdir(r(d.path), d.mode); err != nil {
			return err
		}
		if err := os.Chmod(r(d.path), d.mode); err != nil { // past the umask
			return err
		}
		if d.own && uid > 0 {
			if err := os.Chown(r(d.path), uid, uid); err != nil {
				return err
			}
		}
	}
	for _, b := range binds {
		dst := r(b.dst)
		if b.dir {
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return err
			}
		} else {
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(dst, nil, 0o644); err != nil {
				return err
			}
		}
		src := "/proc/self/fd/" + strconv.Itoa(b.fd)
		if err := unix.Mount(src, dst, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
			return fmt.Errorf("binding %s: %w", b.dst, err)
		}
		attr := unix.MountAttr{Attr_set: b.flags}
		if err := unix.MountSetattr(-1, dst, unix.AT_RECURSIVE, &attr); err != nil {
			return fmt.Errorf("making %s read-only: %w", b.dst, err)
		}
	}
	for _, ln := range links {
		if err := os.MkdirAll(filepath.Dir(r(ln[0])), 0o755); err != nil {
			return err
		}
		if err := os.Symlink(ln[1], r(ln[0])); err != nil {
			return err
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, r("/dev/"+name)); err != nil {
			return err
		}
	}
	progUID := innerUID
	for name, data := range map[string]string{
		"passwd":   fmt.Sprintf("root:x:0:0:root:/root:/bin/sh\nbox:x:%d:%d:box:/box:/bin/sh\n", progUID, progUID),
		"group":    fmt.Sprintf("root:x:0:\nbox:x:%d:\n", progUID),
		"hosts":    "127.0.0.1\tlocalhost box\n::1\tlocalhost\n",
		"hostname": "box\n",
	} {
		if err := os.WriteFile(r("/etc/"+name), []byte(data), 0o644); err != nil {
			return err
		}
	}
	if err := unix.Mount("proc", r("/proc"), "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mounting /proc: %w", err)
	}

	// pivot_root(".", ".") stacks the old root under the new one, and the
	// lazy unmount drops it: the host's tree is then unreachable.
	if err := unix.Chdir(boxRoot); err != nil {
		return err
	}
	if err := unix.PivotRoot(".", "."); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := unix.Unmount(".", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the old root: %w", err)
	}
	return unix.Chdir("/")
}

// writeFiles copies the working files into the box, owned by the program's uid.
func writeFiles(cfg *config) error {
	uid := cfg.UID
	if cfg.UserNS {
		uid = -1 // already the helper's, which is the program's
	}
	for _, f := range cfg.Files {
		p := filepath.Join(cfg.BoxDir, filepath.FromSlash(f.Name))
		mode := f.Mode.Perm()
		if mode == 0 {
			mode = 0o644
		}
		if err := mkdirs(cfg.BoxDir, filepath.Dir(f.Name), uid); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, mode); err != nil {
			return fmt.Errorf("writing %s: %w", f.Name, err)
		}
		if uid > 0 {
			if err := os.Chown(p, uid, uid); err != nil {
				return err
			}
		}
	}
	return nil
}

func mkdirs(root, rel string, uid int) error {
	if rel == "." || rel == "" {
		return nil
	}
	if err := mkdirs(root, path.Dir(rel), uid); err != nil {
		return err
	}
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.Mkdir(p, 0o755); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil
		}
		return err
	}
	if uid > 0 {
		return os.Chown(p, uid, uid)
	}
	return nil
}
