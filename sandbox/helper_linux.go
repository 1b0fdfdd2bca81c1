package sandbox

import (
	"bufio"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
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
	Tier Tier
	Path string   // program to exec, as seen in the box
	Argv []string // with argv[0]
	Env  []string
	// Files are the working files without their bytes, Sizes their
	// sizes: the bytes follow the config on its pipe, file after file,
	// and the helper copies them into the box as they come, so that
	// they never sit in its memory, which the box's limit counts (see
	// helper.send).
	Files   []File
	Sizes   []int64
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
	// Memfds: the grader makes the box's memory files and holds them
	// (seccomp_linux.go), for the meter to count them whole; NoSysv:
	// the box may make no System V IPC object.
	Memfds, NoSysv bool
	// ShutIn is the only folder the box may write in (landlock_linux.go),
	// or "": the fallback tier without root.
	ShutIn string
	// NoTCP: the box may not bind or connect TCP sockets, where the
	// kernel's Landlock can say so (landlock_linux.go): the fallback tier.
	NoTCP bool

	data *bufio.Reader // the config's pipe, past the config: the files' bytes
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
	// gob reads no further than its message from a reader that reads
	// bytes one at a time: the files' bytes stay in cfg.data.
	cfg.data = bufio.NewReader(cfgFile)
	if err := gob.NewDecoder(cfg.data).Decode(&cfg); err != nil {
		fmt.Fprintln(os.Stderr, "sandbox helper: reading config:", err)
		return 2
	}
	rep := supervise(&cfg)
	cfgFile.Close()
	if err := gob.NewEncoder(repFile).Encode(rep); err != nil {
		return 3
	}
	return 0
}

// supervise builds the box, runs the program in it and reports how it
// went: prepare, start, reap, then what the box holds (inspect).
func supervise(cfg *config) report {
	fail := func(err error) report { return report{Err: err.Error()} }
	// no_new_privs is a per-thread flag inherited by the children that
	// thread forks: the fork must happen on the thread that set it.
	runtime.LockOSThread()
	unix.Umask(0o022)
	ns := cfg.Tier >= TierNamespaces
	execFD, err := prepareBox(cfg, ns)
	if err != nil {
		return fail(err)
	}
	sys, err := programAttr(cfg, ns)
	if err != nil {
		return fail(err)
	}
	pid, start, err := startProgram(cfg, sys, execFD, ns)
	if err != nil {
		return fail(err)
	}
	var rep report
	ws, ru, err := reapProgram(pid)
	rep.Wall = time.Since(start)
	killAll(pid, ns)
	if err != nil {
		return fail(err)
	}
	rep.Status = uint32(ws)
	// Everything the helper reaped, the program and whatever it left
	// behind, with all they reaped in turn: the whole box.
	var all syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &all) != nil {
		all = ru
	}
	rep.CPU = time.Duration(all.Utime.Nano() + all.Stime.Nano())
	rep.MaxRSS = ru.Maxrss << 10
	if err := inspect(cfg, ns, &rep); err != nil {
		return fail(err)
	}
	return rep
}

// prepareBox builds the box's file system (in namespaces), writes the
// working files, and makes the helper's state what the program inherits:
// descriptors beyond 0-2 closed on exec, no new privileges, and, without
// namespaces, the helper a subreaper. It returns the descriptor to exec
// the program through when the config asks for one (ExecFD), else -1.
func prepareBox(cfg *config, ns bool) (execFD int, err error) {
	if ns {
		if err := buildRoot(cfg); err != nil {
			return -1, fmt.Errorf("building the box: %w", err)
		}
		_ = unix.Sethostname([]byte("box"))
		if err := boundIPC(); err != nil {
			return -1, err
		}
	}
	if err := writeFiles(cfg); err != nil {
		return -1, err
	}
	execFD = -1
	if cfg.ExecFD {
		// Without namespaces the program stays at its host path, which
		// the box uid may not be able to walk to (go test's 0700
		// directories); exec through a descriptor opened as root instead.
		// The program keeps it open as its fd 3 (a script's interpreter
		// needs it); it only reads the program itself.
		if execFD, err = unix.Open(cfg.Path, unix.O_RDONLY, 0); err != nil {
			return -1, err
		}
	}
	// Go hands children any descriptor that lacks close-on-exec,
	// including ones inherited from whoever started the grader: mark them
	// all, so the program gets exactly stdin, stdout and stderr.
	if err := unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC); err != nil {
		return execFD, err
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return execFD, err
	}
	if cfg.NoTCP {
		if _, err := noTCP(); err != nil {
			return execFD, fmt.Errorf("the box's TCP cannot be taken: %w", err)
		}
	}
	if cfg.ShutIn != "" {
		if err := shutIn(cfg.ShutIn); err != nil {
			return execFD, fmt.Errorf("the box cannot be kept out of the host's shared memory (/dev/shm), where its memory is not metered: %w", err)
		}
	}
	listener, err := installFilter(cfg.Memfds, cfg.NoSysv)
	if err != nil {
		return execFD, err
	}
	if cfg.Memfds {
		if err := sendListener(listener); err != nil {
			return execFD, fmt.Errorf("passing the box's filter on: %w", err)
		}
	}
	if !ns {
		// Orphans (a setsid daemon, say) come back to the helper rather
		// than to the machine's init, so they can be found and killed.
		if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
			return execFD, err
		}
	}
	return execFD, nil
}

// boundIPC bounds what the box's IPC namespace may hold outside its
// processes: a System V shared memory segment is destroyed as soon as no
// process has it attached (kernel.shm_rmid_forced; the pages of an
// attached segment are in its processes' proportional set sizes, which
// the memory meter counts, while a detached one would hold memory no
// process shows); at most ipcQueues message queues of 16 KiB of text
// each (kernel.msgmni), and semaphore sets as Linux first had them, 128
// sets of 250 (kernel.sem), far from the tens of thousands a namespace
// gets by default. Where the kernel refuses, the box cannot bound that
// memory and is not run.
func boundIPC() error {
	for _, s := range [][2]string{
		{"shm_rmid_forced", "1"},
		{"msgmni", strconv.Itoa(ipcQueues)},
		{"sem", "250 32000 32 128"},
	} {
		if err := os.WriteFile("/proc/sys/kernel/"+s[0], []byte(s[1]+"\n"), 0); err != nil {
			return fmt.Errorf("the box cannot bound System V IPC memory: setting kernel.%s: %w", s[0], err)
		}
	}
	return nil
}

// ipcQueues is how many System V message queues a box may have: with
// one-byte messages, a full queue of 16 KiB of text holds about 1 MiB
// of the kernel's memory, which no meter sees.
const ipcQueues = 16

// programAttr is how the program is started.
//
// The program gets a user namespace of its own, in which it is
// innerUID: the box uid on the host when the grader is root, else the
// grader's uid (the helper's root). It has no capability over the
// box's mounts; RLIMIT_NPROC counts its tasks alone; and the helper,
// owner of that namespace, may set its rlimits (root itself may not:
// it lacks CAP_SYS_RESOURCE in containers). It starts traced, so that
// it stops at its execve: the rlimits are set then, before its first
// instruction, and on it alone (the helper must stay free to allocate
// and start threads).
func programAttr(cfg *config, ns bool) (*syscall.SysProcAttr, error) {
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
				return nil, err
			}
		}
	case cfg.UID >= 0:
		// A box uid, which prlimit may not reach: the helper takes the
		// limits itself and passes them on.
		sys.Credential = &syscall.Credential{Uid: uint32(cfg.UID), Gid: uint32(cfg.UID), Groups: []uint32{}}
		sys.Ptrace = false
		if err := setRlimits(0, cfg); err != nil {
			return nil, err
		}
	}
	// Otherwise the program has the helper's uid, and prlimit reaches it.
	if (ns || cfg.ProgNS) && hasCgroupNS() {
		// A cgroup namespace rooted at the helper's cgroup (the box's, on
		// the full tier): /proc/self/cgroup shows "/", nothing of the
		// box's cgroup name or the host's cgroups.
		sys.Cloneflags |= syscall.CLONE_NEWCGROUP
	}
	return sys, nil
}

// hasCgroupNS reports whether the kernel has cgroup namespaces (Linux 4.6).
func hasCgroupNS() bool {
	_, err := os.Stat("/proc/self/ns/cgroup")
	return err == nil
}

// startProgram starts the program, its rlimits set before its first
// instruction (when it starts traced), and returns its pid and when it
// started. Without namespaces, the parent's SIGTERM (its stop) kills the
// program's group and what escaped it.
func startProgram(cfg *config, sys *syscall.SysProcAttr, execFD int, ns bool) (pid int, start time.Time, err error) {
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
	start = time.Now()
	pid, err = syscall.ForkExec(prog, cfg.Argv, &syscall.ProcAttr{Dir: cfg.BoxDir, Env: cfg.Env, Files: files, Sys: sys})
	if execFD >= 0 {
		unix.Close(execFD)
	}
	if err != nil {
		return 0, start, fmt.Errorf("starting %s: %w", cfg.Argv[0], err)
	}
	releaseStdio()
	if sys.Ptrace {
		if err := limit(pid, cfg); err != nil {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			killAll(pid, ns)
			return 0, start, err
		}
	}
	if sigs != nil {
		go func() {
			<-sigs
			// Kill only: reaping here would steal the program's status
			// from reapProgram, which then kills and reaps the rest.
			killEach(pid)
		}()
	}
	return pid, start, nil
}

// reapProgram waits until the program itself is gone; as PID 1 or
// subreaper the helper also receives orphans, which are reaped on the
// way.
func reapProgram(pid int) (syscall.WaitStatus, syscall.Rusage, error) {
	var ws syscall.WaitStatus
	var ru syscall.Rusage
	for {
		got, err := syscall.Wait4(-1, &ws, 0, &ru)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return ws, ru, fmt.Errorf("waiting: %w", err)
		}
		if got == pid {
			return ws, ru, nil
		}
	}
}

// inspect reads, once the program and all it started are gone, what the
// box holds: whether it filled up, whether a file reached the size cap,
// and the files to collect.
func inspect(cfg *config, ns bool, rep *report) (err error) {
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
		rep.Files, err = collect(cfg.BoxDir, cfg.Collect)
	}
	return err
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
	for _, c := range procChildren("self") {
		_ = syscall.Kill(c, syscall.SIGKILL)
	}
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

// memlock is a box's RLIMIT_MEMLOCK, the kernel's default since 5.16.
const memlock = 8 << 20

func setRlimits(pid int, cfg *config) error {
	l := cfg.Limits
	// A second past the limit (rounded up to a second): the parent's
	// watch of the box's CPU kills it at the limit itself (SIGKILL, which
	// no program catches); this is the backstop, SIGXCPU then SIGKILL a
	// second later, per process.
	cpu := uint64((l.CPU+time.Second-1)/time.Second) + 1
	stack := uint64(unix.RLIM_INFINITY)
	if st, _ := StackOf(l); st > 0 {
		stack = uint64(st)
	}
	set := []struct {
		res      int
		cur, max uint64
	}{
		{unix.RLIMIT_CPU, cpu, cpu + 1},
		{unix.RLIMIT_FSIZE, uint64(l.FileSize), uint64(l.FileSize)},
		{unix.RLIMIT_CORE, 0, 0},
		{unix.RLIMIT_NOFILE, 1024, 1024},
		// Locked memory, io_uring's rings and the buffers it pins among
		// it, whatever the grader's own (a container's may be
		// unlimited): the kernel's default.
		{unix.RLIMIT_MEMLOCK, memlock, memlock},
		// The program's own stack, whatever the shell that started the
		// grader had: a recursive program's verdict must not depend on it.
		{unix.RLIMIT_STACK, stack, stack},
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
	var m boxMounts
	defer m.close()
	if err := m.collect(cfg); err != nil {
		return err
	}
	if err := makeBoxDirs(cfg); err != nil {
		return err
	}
	if err := m.mount(); err != nil {
		return err
	}
	if err := writeEtc(); err != nil {
		return err
	}
	if err := unix.Mount("proc", inBox("/proc"), "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mounting /proc: %w", err)
	}
	return pivot()
}

// inBox is where the box's path p is before pivot_root.
func inBox(p string) string { return filepath.Join(boxRoot, p) }

// boxBind is a host path shown in the box: opened beforehand (O_PATH), so
// that anything under boxRoot on the host stays reachable.
type boxBind struct {
	dst   string
	fd    int
	dir   bool
	flags uint64
}

// boxMounts are what the box shows of the host: binds, and links where
// the host has a symbolic link (merged /usr).
type boxMounts struct {
	binds []boxBind
	links [][2]string // link name in the box, target
}

func (m *boxMounts) close() {
	for _, b := range m.binds {
		unix.Close(b.fd)
	}
}

// collect opens every host path the box shows: the system directories
// and /etc entries read-only, the config's extra binds, /dev's nodes.
func (m *boxMounts) collect(cfg *config) error {
	ro := uint64(unix.MOUNT_ATTR_RDONLY | unix.MOUNT_ATTR_NOSUID | unix.MOUNT_ATTR_NODEV)
	for _, d := range systemDirs {
		if err := m.add(d, ro, false); err != nil && !errors.Is(err, unix.ENOENT) {
			return fmt.Errorf("%s: %w", d, err)
		}
	}
	for _, p := range cfg.Etc {
		if err := m.add(p, ro, false); err != nil && !errors.Is(err, unix.ENOENT) {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	for _, p := range cfg.Binds {
		if err := m.add(p, ro, true); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	for _, d := range devNodes {
		if err := m.add("/dev/"+d, unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NOEXEC, true); err != nil {
			return fmt.Errorf("/dev/%s: %w", d, err)
		}
	}
	return nil
}

// add shows the host path p at the same path in the box, with the mount
// attributes flags; a symbolic link, unless follow, becomes the same link.
func (m *boxMounts) add(p string, flags uint64, follow bool) error {
	var st unix.Stat_t
	if !follow {
		if err := unix.Lstat(p, &st); err != nil {
			return err
		}
		if st.Mode&unix.S_IFMT == unix.S_IFLNK {
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			m.links = append(m.links, [2]string{p, target})
			return nil
		}
	}
	fd, err := unix.Open(p, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return err
	}
	m.binds = append(m.binds, boxBind{dst: p, fd: fd, dir: st.Mode&unix.S_IFMT == unix.S_IFDIR, flags: flags})
	return nil
}

// makeBoxDirs mounts the box's tmpfs and makes its top folders, /box
// owned by the program.
func makeBoxDirs(cfg *config) error {
	l := cfg.Limits
	// Inodes are bounded too, or a box of empty files would eat kernel memory.
	opts := fmt.Sprintf("size=%d,nr_inodes=%d,mode=0755", l.BoxSize, 4096+l.BoxSize/4096)
	if err := unix.Mount("box", boxRoot, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
		return fmt.Errorf("mounting the box tmpfs: %w", err)
	}
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
		if err := os.Mkdir(inBox(d.path), d.mode); err != nil {
			return err
		}
		if err := os.Chmod(inBox(d.path), d.mode); err != nil { // past the umask
			return err
		}
		if d.own && uid > 0 {
			if err := os.Chown(inBox(d.path), uid, uid); err != nil {
				return err
			}
		}
	}
	return nil
}

// mount binds each collected path into the box with its attributes, and
// makes the links and /dev's links to the process's own descriptors.
func (m *boxMounts) mount() error {
	for _, b := range m.binds {
		if err := bindInto(b); err != nil {
			return err
		}
	}
	for _, ln := range m.links {
		if err := os.MkdirAll(filepath.Dir(inBox(ln[0])), 0o755); err != nil {
			return err
		}
		if err := os.Symlink(ln[1], inBox(ln[0])); err != nil {
			return err
		}
	}
	for _, ln := range [][2]string{{"fd", "/proc/self/fd"}, {"stdin", "/proc/self/fd/0"}, {"stdout", "/proc/self/fd/1"}, {"stderr", "/proc/self/fd/2"}} {
		if err := os.Symlink(ln[1], inBox("/dev/"+ln[0])); err != nil {
			return err
		}
	}
	return nil
}

// bindInto binds b at its place in the box (a folder, or an empty file to
// mount over) and sets its attributes on the whole tree.
func bindInto(b boxBind) error {
	dst := inBox(b.dst)
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
	return nil
}

// writeEtc writes the box's own /etc files: its users, groups, hosts and
// name.
func writeEtc() error {
	progUID := innerUID
	files := [][2]string{
		{"passwd", fmt.Sprintf("root:x:0:0:root:/root:/bin/sh\nbox:x:%d:%d:box:/box:/bin/sh\n", progUID, progUID)},
		{"group", fmt.Sprintf("root:x:0:\nbox:x:%d:\n", progUID)},
		{"hosts", "127.0.0.1\tlocalhost box\n::1\tlocalhost\n"},
		{"hostname", "box\n"},
	}
	for _, f := range files {
		if err := os.WriteFile(inBox("/etc/"+f[0]), []byte(f[1]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// pivot makes the box's tmpfs the root: pivot_root(".", ".") stacks the
// old root under the new one, and the lazy unmount drops it: the host's
// tree is then unreachable.
func pivot() error {
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
	if len(cfg.Sizes) != len(cfg.Files) {
		return fmt.Errorf("the config gives %d files and %d sizes", len(cfg.Files), len(cfg.Sizes))
	}
	for i, f := range cfg.Files {
		p := filepath.Join(cfg.BoxDir, filepath.FromSlash(f.Name))
		mode := f.Mode.Perm()
		if mode == 0 {
			mode = 0o644
		}
		if err := mkdirs(cfg.BoxDir, filepath.Dir(f.Name), uid); err != nil {
			return err
		}
		if err := copyIn(p, cfg.data, cfg.Sizes[i], mode); err != nil {
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

// copyIn writes the next n bytes of r to the file p, made with mode.
func copyIn(p string, r io.Reader, n int64, mode fs.FileMode) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	_, err = io.CopyN(f, r, n)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
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

// releaseStdio points the helper's own stdin and stdout at /dev/null
// once the program has them: the program's closing its stdout (or
// stdin) is then seen outside the box when it happens, not when the
// helper ends (Spec.StdoutClosed).
func releaseStdio() {
	null, err := unix.Open("/dev/null", unix.O_RDWR|unix.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer unix.Close(null)
	_ = unix.Dup3(null, 0, 0)
	_ = unix.Dup3(null, 1, 0)
}
