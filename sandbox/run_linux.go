package sandbox

import (
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
		return TierFallback, fmt.Sprintf("namespaces unavailable (%v)", err)
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

// run runs spec in a box of the given tier, in four steps as go-judge
// runs a command: prepare the box's config (boxConfig), start the helper
// that builds the box and runs the program in it (startHelper), wait for
// it (helper.wait), and classify how the run ended (finish).
func run(ctx context.Context, spec Spec, tier Tier) (res Result, err error) {
	if tier == TierBasic {
		return runBasic(ctx, spec)
	}
	res.Tier = tier
	spec, files, err := prepare(spec)
	if err != nil {
		return res, err
	}
	cfg, home, tmp, cleanup, err := boxConfig(spec, files, tier)
	if err != nil {
		return res, err
	}
	defer cleanup()
	cfg.Env = env(spec.Env, home, tmp)

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
	h, err := startHelper(ctx, spec, cfg, cg)
	if err != nil {
		return res, err
	}
	defer h.close()
	return h.wait(ctx, spec, cg, res)
}

// boxConfig is what the helper is told to build and run: the program
// resolved, the files, the limits, the box's user and namespaces, the
// paths bound into it (namespace tiers) or its host directory (fallback,
// removed by cleanup), and the box's home and scratch directories as the
// program sees them.
func boxConfig(spec Spec, files []File, tier Tier) (cfg config, home, tmp string, cleanup func(), err error) {
	cleanup = func() {}
	resolved, inBox, err := program(spec.Path, files)
	if err != nil {
		return cfg, "", "", cleanup, err
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
	}
	if root {
		cfg.UID = boxUID()
	}
	home, tmp = "/box", "/tmp"
	if ns {
		err = nsBox(&cfg, spec, resolved, inBox)
	} else {
		home, tmp, cleanup, err = fallbackBox(&cfg, spec.Limits, root)
	}
	if err != nil {
		return cfg, "", "", cleanup, err
	}
	if inBox {
		// The box's working directory as the helper sees it: /box inside
		// the namespaces, the host directory without them.
		cfg.Path = filepath.Join(cfg.BoxDir, resolved)
	}
	cfg.Argv = append([]string{spec.Path}, spec.Args...)
	return cfg, home, tmp, cleanup, nil
}

// nsBox configures a box in namespaces: a tmpfs at /box, the program and
// the spec's read-only paths bound in when the system's folders do not
// hold them.
func nsBox(cfg *config, spec Spec, resolved string, inBox bool) error {
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
	cfg.ProgNS = true
	if cfg.Tier < TierFull {
		cfg.NProc = spec.Limits.Procs // counted in the program's own user namespace
	}
	return nil
}

// fallbackBox configures a box without a mount namespace: no tmpfs, so
// the box is a host directory (hostDirs), owned by the box's user when
// the grader is root.
func fallbackBox(cfg *config, l Limits, root bool) (home, tmp string, cleanup func(), err error) {
	dir, home, tmp, err := hostDirs()
	if err != nil {
		return "", "", func() {}, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	cfg.BoxDir = home
	if err := os.Chmod(dir, 0o711); err != nil { // for the box uid to pass
		return "", "", cleanup, fmt.Errorf("sandbox: %w", err)
	}
	if !root {
		// RLIMIT_NPROC counts all of the grader user's processes.
		cfg.NProc = l.Procs + userProcesses(os.Getuid())
		return home, tmp, cleanup, nil
	}
	for _, d := range []string{home, tmp} {
		if err := os.Chown(d, cfg.UID, cfg.UID); err != nil {
			return "", "", cleanup, fmt.Errorf("sandbox: %w", err)
		}
	}
	cfg.ExecFD = true
	cfg.ProgNS = userNS()
	cfg.NProc = l.Procs // in its user namespace, or for its own uid
	return home, tmp, cleanup, nil
}

// helper is a started sandbox helper: the box being built or running.
type helper struct {
	cmd            *exec.Cmd
	stdout, stderr *capture
	wctx           context.Context // the run's wall clock; its cause says which limit killed it
	kill           context.CancelCauseFunc
	stop           context.CancelFunc
	repR           *os.File
	reports        chan *report
	start          time.Time
}

// startHelper starts the helper (as the box's PID 1 in namespace tiers),
// puts it in cg, and sends it cfg: it starts the program only once it has
// read all of it, so nothing of the box runs outside the cgroup.
func startHelper(ctx context.Context, spec Spec, cfg config, cg *cgroup) (*helper, error) {
	cfgR, cfgW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	defer cfgW.Close()
	repR, repW, err := os.Pipe()
	if err != nil {
		cfgR.Close()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	h := &helper{repR: repR}
	kctx, kill := context.WithCancelCause(ctx)
	h.wctx, h.stop = context.WithTimeoutCause(kctx, spec.Limits.Wall, errWall)
	h.kill = kill
	h.cmd = h.command(spec, cfg.Tier >= TierNamespaces)
	h.cmd.ExtraFiles = []*os.File{cfgR, repW}

	h.start = time.Now()
	err = h.cmd.Start()
	cfgR.Close()
	repW.Close()
	if err != nil {
		h.close()
		return nil, fmt.Errorf("sandbox: starting the helper: %w", err)
	}
	h.reports = readReport(repR)
	if err := send(h.cmd, cg, cfg, cfgW); err != nil {
		_ = h.cmd.Process.Kill()
		_ = h.cmd.Wait()
		h.close()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	return h, nil
}

// command is the helper's command: this binary, run as the helper, with
// the spec's stdin and its output captured within the output limit.
func (h *helper) command(spec Spec, ns bool) *exec.Cmd {
	l := spec.Limits
	h.stdout = &capture{max: l.Output, over: func() { h.kill(errOutput) }, tee: spec.StdoutTo, teeOnly: spec.StdoutTo != nil && spec.StdoutToOnly}
	h.stderr = &capture{max: l.Output, over: func() { h.kill(errOutput) }}
	cmd := exec.CommandContext(h.wctx, "/proc/self/exe")
	cmd.Args = []string{"autograder-sandbox"}
	// A binary built with -race sleeps a second at exit unless told not to.
	cmd.Env = []string{helperEnv + "=helper", "GORACE=atexit_sleep_ms=0"}
	switch {
	case spec.StdinFrom != nil:
		cmd.Stdin = spec.StdinFrom
	case len(spec.Stdin) > 0:
		cmd.Stdin = bytes.NewReader(spec.Stdin)
	}
	cmd.Stdout, cmd.Stderr = h.stdout, h.stderr
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

// send puts the started helper in cg and writes it the config.
func send(cmd *exec.Cmd, cg *cgroup, cfg config, w *os.File) error {
	if cg != nil {
		if err := cg.add(cmd.Process.Pid); err != nil {
			return err
		}
	}
	if err := gob.NewEncoder(w).Encode(&cfg); err != nil {
		return fmt.Errorf("sending the config: %w", err)
	}
	return w.Close()
}

// readReport reads the helper's report, nil when it wrote none.
func readReport(r *os.File) chan *report {
	reports := make(chan *report, 1)
	go func() {
		var rep report
		if gob.NewDecoder(r).Decode(&rep) != nil {
			reports <- nil
			return
		}
		reports <- &rep
	}()
	return reports
}

// close releases what the helper's run holds once it is over.
func (h *helper) close() {
	h.stop()
	h.kill(nil)
	h.repR.Close()
}

// wait waits for the box to end, watching its CPU time from its cgroup
// and metering it for spec.Meter meanwhile, and gives its result.
func (h *helper) wait(ctx context.Context, spec Spec, cg *cgroup, res Result) (Result, error) {
	spec.Meter.attach(boxMeter(cg, h.cmd.Process.Pid))
	defer spec.Meter.attach(nil)
	done := make(chan struct{})
	if cg != nil {
		go watchCPU(cg, spec.Limits.CPU, h.start, Waiting(ctx), done, func() { h.kill(errCPU) })
	}
	waitErr := h.cmd.Wait()
	close(done)
	res.Wall = time.Since(h.start)
	rep := <-h.reports

	res.Stdout, res.StdoutTruncated = h.stdout.result()
	res.Stderr, res.StderrTruncated = h.stderr.result()
	cause := causeLimit(context.Cause(h.wctx))
	if ctx.Err() != nil && cause == None {
		return res, fmt.Errorf("sandbox: %w", ctx.Err())
	}
	return finish(res, rep, cause, cg, waitErr, spec.Limits)
}

// finish completes a run's result from the helper's report (or its
// absence: a box killed from outside reports nothing) and the box's
// cgroup, and classifies which limit, if any, ended it.
func finish(res Result, rep *report, cause Limit, cg *cgroup, waitErr error, l Limits) (Result, error) {
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
		res.Wall, res.CPU = rep.Wall, rep.CPU
		if res.PeakMemory == 0 {
			res.PeakMemory = rep.MaxRSS
		}
		res.Files = rep.Files
		fileCapped = rep.FileCapped
		if rep.BoxFull {
			cause = pick(cause, BoxSize)
		}
	case cause != None || oom || pidsMax:
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
	return res, nil
}

// watchCPU samples the box's CPU time until done: RLIMIT_CPU holds per
// process, the cgroup counts the whole box, over its limit it calls over.
// It calls waiting, once, when the box seems to wait (see WithWaiting).
func watchCPU(cg *cgroup, limit time.Duration, start time.Time, waiting func(), done <-chan struct{}, over func()) {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	var w idleWatch
	for {
		select {
		case <-done:
			return
		case <-t.C:
			used, ok := cg.cpu()
			if !ok {
				continue
			}
			if used > limit {
				over()
				return
			}
			if waiting != nil && w.waiting(time.Since(start), used) {
				waiting()
				waiting = nil
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
// Signals from rlimits and the kernel's counters come next. A program's
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
	case sig == syscall.SIGXCPU || sig == syscall.SIGKILL && res.CPU >= l.CPU:
		return CPU
	case sig == syscall.SIGXFSZ || fileCapped:
		return FileSize
	}
	return cause
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
