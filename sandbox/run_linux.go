package sandbox

import (
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// detect probes what this machine allows: namespaces (through a user
// namespace when not root) by starting the helper in them, and a cgroup
// by making and removing one.
func detect() (Tier, string) {
	root := os.Geteuid() == 0
	if err := probeNamespaces(root); err != nil {
		why := fmt.Sprintf("namespaces unavailable (%v)", err)
		if _, lerr := landlockABI(); !root && lerr != nil {
			why += "; not root and " + lerr.Error() + ": every run is refused (its memory could not be metered)"
		}
		return TierFallback, why
	}
	how := "root: mount, PID, IPC, UTS and network namespaces"
	if !root {
		how = "not root: user, mount, PID, IPC, UTS and network namespaces"
	}
	cg, err := newCgroup(Limits{}.withDefaults())
	if err != nil {
		return TierNamespaces, how + fmt.Sprintf("; no cgroup (%v)", err)
	}
	kind := "v1"
	if cg.v2 {
		kind = "v2"
	}
	dirs := make([]string, 0, len(cg.dirs))
	for _, d := range cg.dirs {
		dirs = append(dirs, filepath.Dir(d))
	}
	slices.Sort(dirs) // the same words every time (cg.dirs is a map)
	if err := cg.remove(); err != nil {
		return TierNamespaces, how + fmt.Sprintf("; no cgroup (%v)", err)
	}
	return TierFull, how + fmt.Sprintf("; cgroup %s under %s", kind, strings.Join(dirs, ", "))
}

func nsAttr(root bool) *syscall.SysProcAttr {
	sys := &syscall.SysProcAttr{
		Cloneflags: syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC |
			syscall.CLONE_NEWUTS | syscall.CLONE_NEWNET,
		Pdeathsig: syscall.SIGKILL,
		// Out of the grader's process group: a terminal's Ctrl-C goes to
		// the grader alone, which stops its boxes itself; a program killed
		// by it would pass for one that crashed.
		Setpgid: true,
	}
	if !root {
		sys.Cloneflags |= syscall.CLONE_NEWUSER
		sys.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Geteuid(), Size: 1}}
		sys.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getegid(), Size: 1}}
		sys.GidMappingsEnableSetgroups = false
	}
	return sys
}

var (
	userNSOnce sync.Once
	userNSOK   bool
)

// userNS reports whether a user namespace can be made, for a root
// fallback box; tests may pretend it cannot.
var userNS = func() bool {
	userNSOnce.Do(func() {
		cmd := exec.Command("/proc/self/exe")
		cmd.Args = []string{"autograder-sandbox-probe"}
		cmd.Env = []string{helperEnv + "=probe"}
		cmd.SysProcAttr = &syscall.SysProcAttr{
			Cloneflags:  syscall.CLONE_NEWUSER,
			UidMappings: []syscall.SysProcIDMap{{ContainerID: innerUID, HostID: os.Geteuid(), Size: 1}},
			GidMappings: []syscall.SysProcIDMap{{ContainerID: innerUID, HostID: os.Getegid(), Size: 1}},
		}
		userNSOK = cmd.Run() == nil
	})
	return userNSOK
}

func probeNamespaces(root bool) error {
	cmd := exec.Command("/proc/self/exe")
	cmd.Args = []string{"autograder-sandbox-probe"}
	cmd.Env = []string{helperEnv + "=probe"}
	cmd.SysProcAttr = nsAttr(root)
	out, err := cmd.CombinedOutput()
	if err != nil && len(out) > 0 {
		err = fmt.Errorf("%w: %s", err, bytes.TrimSpace(out))
	}
	return err
}

var boxSeq atomic.Int64

func boxUID() int { return ownUIDs() + int(boxSeq.Add(1)%boxUIDsPerProcess) }

// run runs spec in a box of the given tier, in the steps go-judge's
// envexec takes: the helper's config (boxConfig), a cgroup, the helper
// started in the box with the config sent (startHelper), its end and its
// report awaited (wait), and the report read into a result (result).
func run(ctx context.Context, spec Spec, tier Tier) (res Result, err error) {
	if tier == TierBasic {
		return runBasic(ctx, spec)
	}
	res.Tier = tier
	spec, files, err := prepare(spec)
	if err != nil {
		return res, err
	}
	cfg, cleanup, err := boxConfig(spec, files, tier)
	if err != nil {
		return res, err
	}
	defer func() {
		if cerr := cleanup(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	var cg *cgroup
	if tier >= TierFull {
		if cg, err = newCgroup(spec.Limits); err != nil {
			return res, fmt.Errorf("sandbox: %w", err)
		}
		defer func() {
			if rerr := cg.remove(); rerr != nil && err == nil {
				err = fmt.Errorf("sandbox: %w", rerr)
			}
		}()
	}
	st := newStreams(ctx, spec, spec.Limits.Wall*StallCap)
	defer st.close()
	h, err := startHelper(st, spec, &cfg, cg, tier >= TierNamespaces)
	if err != nil {
		return res, err
	}
	defer h.close()
	meter := boxMeter(cg, h.cmd.Process.Pid)
	stall := newStallClock(boxThreads(cg, h.cmd.Process.Pid))
	var oom func() int64
	if cg != nil {
		oom = cg.oomKills
	}
	spec.Meter.attach(meter, stall.shown, oom)
	defer spec.Meter.attach(nil, nil, nil)
	var memfds *boxMemfds
	if h.notes != nil {
		memfds = &boxMemfds{}
		stop := make(chan struct{})
		supervised := make(chan struct{})
		go func() {
			defer close(supervised)
			memfds.supervise(h.notes, stop)
		}()
		defer func() { close(stop); <-supervised; memfds.close() }()
	}
	var peak atomic.Int64
	if cg == nil {
		// No cgroup counts the box's memory: the box's processes
		// together, from /proc, as its CPU time.
		stop := make(chan struct{})
		watched := make(chan struct{})
		go func() {
			defer close(watched)
			watchMemory(h.cmd.Process.Pid, cfg.outside(tier), !cfg.hostSysv(tier), tier < TierNamespaces, memfds, spec.Limits, stop, &peak, func() { st.kill(errMemory) })
		}()
		defer func() { close(stop); <-watched }()
	}
	w := &boxWatch{meter: meter, cpu: spec.Limits.CPU, wall: spec.Limits.Wall, start: h.start,
		stall:   stall,
		overCPU: func() { st.kill(errCPU) }, overWall: func() { st.kill(errWall) }}
	if cg != nil {
		w.waiting, w.working = spec.Waiting.Waiting, spec.Waiting.Working
	}
	rep, waitErr := h.wait(w)
	res.Wall = time.Since(h.start)
	res.Stall, res.StallCounted = w.stall.total, w.stall.counted
	seen := w.seen
	cause, err := st.end(&res)
	if err != nil {
		return res, err
	}
	res.CPU = seen // the box's CPU time as last watched: all a box killed by its parent leaves
	res.PeakMemory = peak.Load()
	return result(res, rep, waitErr, cause, cg, spec.Limits)
}

// boxConfig is the helper's config for a run; cleanup removes what it
// made on the host (below the namespaces tier, the box's folder).
func boxConfig(spec Spec, files []File, tier Tier) (cfg config, cleanup func() error, err error) {
	cleanup = func() error { return nil }
	resolved, inBox, err := program(spec.Path, files)
	if err != nil {
		return cfg, cleanup, err
	}
	root := os.Geteuid() == 0
	ns := tier >= TierNamespaces
	cfg = config{
		Tier:    tier,
		Path:    resolved,
		Files:   files,
		Collect: spec.Collect,
		Limits:  spec.Limits,
		UID:     -1,
		UserNS:  ns && !root,
		// No cgroup counts the box's memory files: the grader makes and
		// holds them, for the meter to count them whole.
		Memfds: tier < TierFull,
		// Without namespaces or a uid of its own, the box's System V
		// objects would be the host's, not told from the grader's.
		NoSysv: !ns && !root,
	}
	if root {
		cfg.UID = boxUID()
	}
	home, tmp := "/box", "/tmp"
	if ns {
		err = cfg.namespaceBox(spec, resolved, inBox)
	} else {
		var dir string
		dir, err = cfg.hostBox(root)
		cfg.NoTCP = true
		if !root {
			// The program is the grader's user: only its folder is its own.
			cfg.ShutIn = dir
		}
		uid := cfg.UID
		cleanup = func() error {
			os.RemoveAll(dir)
			if uid >= 0 {
				return removeHostLeftovers(uid)
			}
			return nil
		}
		home, tmp = filepath.Join(dir, "box"), filepath.Join(dir, "tmp")
	}
	if err != nil {
		cleanup()
		return cfg, func() error { return nil }, err
	}
	if inBox {
		// The box's working directory as the helper sees it: /box inside
		// the namespaces, the host directory without them.
		cfg.Path = filepath.Join(cfg.BoxDir, resolved)
	}
	cfg.Argv = append([]string{spec.Path}, spec.Args...)
	cfg.Env = env(spec.Env, home, tmp)
	return cfg, cleanup, nil
}

// outside is the meter of what a box of this config holds outside its
// processes: on the namespaces tier its tmpfs (the root of the helper's
// mount namespace), on the fallback tier what it holds on the host
// (hostMemory).
func (cfg *config) outside(tier Tier) func(helper int) int64 {
	if tier >= TierNamespaces {
		return func(helper int) int64 { return tmpfsUsed("/proc/" + strconv.Itoa(helper) + "/root") }
	}
	dir, uid := filepath.Dir(cfg.BoxDir), cfg.UID
	return func(int) int64 { return hostMemory(uid, dir) }
}

// hostSysv reports whether outside counts the box's System V segments
// (hostMemory, by its uid): then its processes' mappings of them do not.
func (cfg *config) hostSysv(tier Tier) bool {
	return tier < TierNamespaces && cfg.UID >= 0
}

// namespaceBox configures a box in namespaces: its working directory
// /box, and the host files it shows read-only beyond the system's.
func (cfg *config) namespaceBox(spec Spec, resolved string, inBox bool) error {
	cfg.BoxDir = "/box"
	if !inBox && !underSystem(resolved) {
		cfg.Binds = append(cfg.Binds, resolved)
	}
	for _, p := range spec.ReadOnly {
		if p == "" {
			continue
		}
		p, err := filepath.Abs(p)
		if err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
		if !underSystem(p) {
			cfg.Binds = append(cfg.Binds, p)
		}
	}
	cfg.Etc = etcPaths()
	cfg.ProgNS = true
	if cfg.Tier < TierFull {
		cfg.NProc = cfg.Limits.Procs // counted in the program's own user namespace
	}
	return nil
}

// hostBox makes a box's folders on the host, without a mount namespace
// (and so no tmpfs): dir holds the working folder box and the scratch
// folder tmp, beside it so that Collect never picks up the program's
// temporary files. dir is "" when none was made.
func (cfg *config) hostBox(root bool) (dir string, err error) {
	if dir, err = os.MkdirTemp("", tempPrefix+"*"); err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	home, tmp := filepath.Join(dir, "box"), filepath.Join(dir, "tmp")
	cfg.BoxDir = home
	if err := os.Chmod(dir, 0o711); err != nil { // for the box uid to pass
		return dir, fmt.Errorf("sandbox: %w", err)
	}
	for _, d := range []string{home, tmp} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return dir, fmt.Errorf("sandbox: %w", err)
		}
		if root {
			if err := os.Chown(d, cfg.UID, cfg.UID); err != nil {
				return dir, fmt.Errorf("sandbox: %w", err)
			}
		}
	}
	if root {
		cfg.ExecFD = true
		cfg.ProgNS = userNS()
		cfg.NProc = cfg.Limits.Procs // in its user namespace, or for its own uid
	} else {
		// RLIMIT_NPROC counts all of the grader user's processes.
		cfg.NProc = cfg.Limits.Procs + userProcesses(os.Getuid())
	}
	return dir, nil
}

// helper is the sandbox helper started for one run: it reads its config
// from cfgW and writes its report to repR.
type helper struct {
	cmd     *exec.Cmd
	cfgW    *os.File
	repR    *os.File
	notes   *os.File // the box's filter's descriptor comes on it (seccomp_linux.go), or nil
	start   time.Time
	reports chan *report // the decoded report, nil when there was none
}

// startHelper starts the helper process in the box's namespaces (ns) and
// cgroup, and sends it its config: the program starts only once the
// helper has read it, so nothing of the box runs outside the cgroup.
func startHelper(st *streams, spec Spec, cfg *config, cg *cgroup, ns bool) (*helper, error) {
	cfgR, cfgW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		cfgR.Close()
		cfgW.Close()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	h := &helper{cmd: helperCommand(st, spec, ns), cfgW: cfgW, repR: repR}
	h.cmd.ExtraFiles = []*os.File{cfgR, repW}
	var notesW *os.File
	if cfg.Memfds {
		if h.notes, notesW, err = socketPair(); err != nil {
			h.close()
			return nil, fmt.Errorf("sandbox: %w", err)
		}
		h.cmd.ExtraFiles = append(h.cmd.ExtraFiles, notesW) // notesFD
	}
	err = h.cmd.Start()
	cfgR.Close()
	repW.Close()
	if notesW != nil {
		notesW.Close()
	}
	if err != nil {
		h.close()
		h.closeNotes()
		return nil, fmt.Errorf("sandbox: starting the helper: %w", err)
	}
	h.reports = make(chan *report, 1)
	go func() {
		var rep report
		if gob.NewDecoder(repR).Decode(&rep) != nil {
			h.reports <- nil
			return
		}
		h.reports <- &rep
	}()
	if err := h.send(cfg, cg); err != nil {
		_ = h.cmd.Process.Kill()
		_ = h.cmd.Wait()
		h.close()
		h.closeNotes()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	// The box's wall clock starts once its config is sent: the program
	// starts only after the helper has read it, and the grader's own wait
	// to send it (a crowded grader, or one started under nice) is not the
	// box's to count.
	h.start = time.Now()
	return h, nil
}

// helperCommand is the helper's command: this binary, re-run, with the
// run's streams, killed with the box when the run ends.
func helperCommand(st *streams, spec Spec, ns bool) *exec.Cmd {
	cmd := exec.CommandContext(st.wctx, "/proc/self/exe")
	cmd.Args = []string{"autograder-sandbox"}
	// A binary built with -race sleeps a second at exit unless told not to.
	// GOMAXPROCS set: the helper's runtime does not read the cgroup's CPU
	// limit at start; it waits far more than it works.
	cmd.Env = []string{helperEnv + "=helper", "GORACE=atexit_sleep_ms=0", "GOMAXPROCS=1"}
	st.attach(cmd, spec)
	if ns {
		cmd.SysProcAttr = nsAttr(os.Geteuid() == 0)
		// The helper is the box's PID 1: killing it kills the box.
		cmd.Cancel = func() error { return cmd.Process.Kill() }
	} else {
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true} // as nsAttr
		// The helper kills the program's group and its orphans, then
		// reports; WaitDelay is the backstop if it cannot.
		cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	}
	// A daemon that escaped the box (fallback tier) may hold stdout open.
	cmd.WaitDelay = time.Second
	return cmd
}

// send puts the helper in the cgroup, then sends its config.
func (h *helper) send(cfg *config, cg *cgroup) error {
	if cg != nil {
		if err := cg.add(h.cmd.Process.Pid); err != nil {
			return err
		}
	}
	// The files' bytes follow the config, each file's in turn (see
	// config.Files).
	sent := *cfg
	sent.Files, sent.Sizes = make([]File, len(cfg.Files)), make([]int64, len(cfg.Files))
	for i, f := range cfg.Files {
		sent.Files[i], sent.Sizes[i] = File{Name: f.Name, Mode: f.Mode}, int64(len(f.Data))
	}
	if err := gob.NewEncoder(h.cfgW).Encode(&sent); err != nil {
		return fmt.Errorf("sending the config: %w", err)
	}
	for _, f := range cfg.Files {
		if _, err := h.cfgW.Write(f.Data); err != nil {
			return fmt.Errorf("sending %s: %w", f.Name, err)
		}
	}
	return h.cfgW.Close()
}

// wait waits for the helper to end, the box watched meanwhile (w), and
// returns its report (nil when it sent none).
func (h *helper) wait(w *boxWatch) (*report, error) {
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		w.run(done)
	}()
	err := h.cmd.Wait()
	close(done)
	<-watched
	return <-h.reports, err
}

func (h *helper) close() {
	h.cfgW.Close()
	h.repR.Close()
}

// closeNotes closes the socket the box's filter would come on, where no
// one is to read it.
func (h *helper) closeNotes() {
	if h.notes != nil {
		h.notes.Close()
	}
}

// socketPair is a pair of connected unix sockets that keep messages
// apart, closed on exec.
func socketPair() (*os.File, *os.File, error) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(fds[0]), "notes"), os.NewFile(uintptr(fds[1]), "notes"), nil
}

// result reads the helper's report (nil when it sent none) into res: the
// program's exit, times, memory and files, and the limit it hit.
func result(res Result, rep *report, waitErr error, cause Limit, cg *cgroup, l Limits) (Result, error) {
	var oom, pidsMax bool
	if cg != nil {
		res.PeakMemory, oom, pidsMax = cg.stats()
	}
	var sig syscall.Signal
	fileCapped := false
	switch {
	case rep != nil && rep.Err != "":
		return res, fmt.Errorf("sandbox: %s", rep.Err)
	case rep != nil:
		ws := syscall.WaitStatus(rep.Status)
		res.ExitCode = ws.ExitStatus()
		if ws.Signaled() {
			sig = ws.Signal()
			res.Signal = sig.String()
		}
		res.Wall = rep.Wall
		res.CPU = max(res.CPU, rep.CPU)
		if res.PeakMemory == 0 {
			res.PeakMemory = rep.MaxRSS
		}
		res.Files = rep.Files
		fileCapped = rep.FileCapped
		if rep.BoxFull {
			cause = pick(cause, BoxSize)
		}
	case cause != None || oom || pidsMax || res.Stopped:
		// Killed by the parent (or, rarely, the OOM killer chose the
		// helper): the box is gone and with it the report.
		sig = syscall.SIGKILL
		res.ExitCode, res.Signal = -1, sig.String()
	default:
		return res, fmt.Errorf("sandbox: the helper died without a report: %v (stderr: %q)", waitErr, lastLine(res.Stderr))
	}
	if cg != nil {
		if used, ok := cg.cpu(); ok {
			res.CPU = used
		}
	}
	res.Limit = classify(cause, sig, res, l, oom, pidsMax, fileCapped)
	if res.Limit == CPU && res.Signal != "" {
		// Whichever stopped it first, the kernel's RLIMIT_CPU (SIGXCPU)
		// or the watch's kill (SIGKILL), a race the machine's load
		// decides: the result says the same on every run.
		res.Signal = CPULimitSignal
	}
	return res, nil
}

// boxWatch watches a running box from outside, at every tier but basic:
// its CPU time through meter (the whole box, its children and the
// children it reaped counted: RLIMIT_CPU holds per process only), over
// its limit it calls overCPU; its wall time less its stall (stallClock),
// over its wall limit it calls overWall; and, where there is a cgroup,
// whether it waits (see Hooks). Once run returns, seen is the
// box's CPU time last read and stall its stall.
type boxWatch struct {
	meter             func() (time.Duration, bool)
	cpu, wall         time.Duration // the limits
	start             time.Time
	stall             *stallClock
	waiting, working  func() // nil: none
	overCPU, overWall func()

	seen time.Duration
}

// run watches the box until done: its CPU time every 50 ms, its threads'
// stall every stallTick, and, from its wall limit on, its wall time less
// its stall, until that reaches the limit while no thread of it waits
// for a core.
func (w *boxWatch) run(done <-chan struct{}) {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	wall := time.NewTimer(time.Until(w.start.Add(w.wall)))
	defer wall.Stop()
	var idle idleWatch
	for {
		select {
		case <-done:
			return
		case <-wall.C:
			at := time.Since(w.start)
			left := w.wall - (at - w.stall.read(at))
			switch {
			case left > 0:
				wall.Reset(left)
			case w.stall.queued():
				wall.Reset(queuedTick)
			default:
				w.overWall()
				return
			}
		case <-t.C:
			used, ok := w.meter()
			if !ok {
				continue
			}
			w.seen = max(w.seen, used)
			if used > w.cpu {
				w.overCPU()
				return
			}
			at := time.Since(w.start)
			if at-w.stall.at >= stallTick {
				w.stall.read(at)
			}
			if w.waiting == nil {
				continue
			}
			switch waits, works := idle.turn(at, used, !w.stall.asleep); {
			case waits:
				w.waiting()
			case works && w.working != nil:
				w.working()
			}
		}
	}
}

// watchMemory samples the memory of the box whose helper is pid
// (treeMemory: all its processes together and what they hold in the
// kernel; and what it holds outside them, in files and IPC) every 50 ms
// until stop, keeping the
// largest reading in peak, and calls over once the box holds more than
// its memory limit: four processes of 48 MiB must not pass a 128 MiB
// limit; sysv says whether the box's mapped System V segments are its
// processes' to count (treeMemory) rather than outside's; host, that its
// files are the host's (the fallback tier); memfds are the memory files
// the grader made for the box, or nil.
func watchMemory(pid int, outside func(helper int) int64, sysv, host bool, memfds *boxMemfds, l Limits, stop <-chan struct{}, peak *atomic.Int64, over func()) {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	ext := map[heldKey]int64{}
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			used, ok := treeMemory(pid, l.FileSize, l.Memory, sysv, host, ext, memfds)
			used += outside(pid)
			if !ok {
				continue
			}
			if used > peak.Load() {
				peak.Store(used)
			}
			if used > l.Memory {
				over()
				return
			}
		}
	}
}

// pick keeps a limit the parent acted on over one seen afterwards.
func pick(cause, seen Limit) Limit {
	if cause != None {
		return cause
	}
	return seen
}

// classify names the limit a run hit. The OOM killer and the parent's
// kills come first: they are certain. A box that met the process limit
// comes next, whatever ended it: a fork bomb held at the limit spins
// until its CPU or wall limit, and which comes first depends on the load.
// A box that used its CPU limit hit it, however it ended. Signals from
// rlimits and the kernel's counters come next. A program's
// own report of a limit (a JVM's OutOfMemoryError) is for the caller, who
// knows the language, to read.
func classify(cause Limit, sig syscall.Signal, res Result, l Limits, oom, pidsMax, fileCapped bool) Limit {
	switch {
	case oom:
		return Memory
	case cause == Output:
		return cause
	case pidsMax:
		return Procs
	case cause == CPU:
		return cause
	case l.CPU > 0 && res.CPU >= l.CPU:
		// However it ended: a program that caught the limit's SIGXCPU and
		// then printed an answer has still run past its limit.
		return CPU
	case sig == syscall.SIGXCPU && selfSent(res.CPU, l.CPU):
		// A program that raises SIGXCPU itself, far from its limit, was
		// killed by a signal, not by its CPU limit.
	case sig == syscall.SIGXCPU:
		return CPU
	case sig == syscall.SIGXFSZ || fileCapped:
		return FileSize
	}
	return cause
}

// selfSent reports whether a SIGXCPU came from elsewhere than RLIMIT_CPU:
// the box used less than half its CPU limit (RLIMIT_CPU fires at the
// limit rounded up to a second, and the box's meter counts every process
// of it; half leaves room for a meter that lags on a loaded machine).
// Unmeasured CPU (0) says nothing.
func selfSent(used, limit time.Duration) bool {
	return used > 0 && limit > 0 && used*2 < limit
}

// program resolves Path: a file of the box (inBox, then resolved is the
// file's name), or the host's file through every symbolic link.
func program(p string, files []File) (resolved string, inBox bool, err error) {
	name, inBox, err := boxProgram(p, files)
	if inBox || err != nil {
		return name, inBox, err
	}
	prog, err := exec.LookPath(p)
	if err != nil {
		return "", false, fmt.Errorf("sandbox: %w", err)
	}
	if prog, err = filepath.Abs(prog); err != nil {
		return "", false, fmt.Errorf("sandbox: %w", err)
	}
	if resolved, err = filepath.EvalSymlinks(prog); err != nil {
		return "", false, fmt.Errorf("sandbox: %w", err)
	}
	return resolved, false, nil
}

// underSystem reports whether p is inside a directory every box shows.
func underSystem(p string) bool {
	for _, d := range systemDirs {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// userProcesses counts the tasks (threads included, as RLIMIT_NPROC does) of uid.
func userProcesses(uid int) int {
	n := 0
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		var st syscall.Stat_t
		if syscall.Stat("/proc/"+p.Name(), &st) != nil || int(st.Uid) != uid {
			continue
		}
		tasks, _ := os.ReadDir("/proc/" + p.Name() + "/task")
		n += len(tasks)
	}
	return n
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}
