package sandbox

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// cgroupParents are the cgroup directories under which boxes get their
// own cgroups: the grader's own cgroup for each controller, so that the
// limits someone put on the grader still hold for its boxes.
type cgroupParents struct {
	v1 map[string]string // controller ("memory", "pids", "cpuacct") -> directory
	v2 string            // the unified directory, when v2 holds the controllers
}

var (
	cgOnce    sync.Once
	cgFound   cgroupParents
	cgFindErr error
)

// cgroupName names a box's cgroup: the grader's pid, which the cleanup of
// stale cgroups reads (removeStale), and random bits. No counter: a box
// that saw its cgroup's name could tell how many boxes came before it
// (the box sees none: its cgroup namespace hides it, startProgram), and
// the random bits also tell this process's cgroups from those a killed
// process of the same pid left behind.
func cgroupName() string {
	var b [8]byte
	rand.Read(b[:])
	return fmt.Sprintf("autograder-sandbox-%d-%s", os.Getpid(), hex.EncodeToString(b[:]))
}

func findCgroups() (cgroupParents, error) {
	cgOnce.Do(func() {
		cgFound, cgFindErr = readCgroupParents()
		if cgFindErr == nil {
			cgFound.removeStale()
		}
	})
	return cgFound, cgFindErr
}

// removeStale removes the empty box cgroups that graders no longer
// running left behind (a grader killed with SIGKILL cannot remove its
// boxes' cgroups). A cgroup still holding a process cannot be removed,
// and one of a live grader is never tried.
func (p cgroupParents) removeStale() {
	parents := []string{p.v2}
	for _, d := range p.v1 {
		parents = append(parents, d)
	}
	for _, parent := range parents {
		if parent == "" {
			continue
		}
		dirs, _ := filepath.Glob(filepath.Join(parent, "autograder-sandbox-*"))
		for _, d := range dirs {
			pid, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(d), "autograder-sandbox-"), "-")
			if _, err := strconv.Atoi(pid); err != nil {
				continue
			}
			if _, err := os.Stat("/proc/" + pid); errors.Is(err, os.ErrNotExist) {
				os.Remove(d)
			}
		}
	}
}

// readCgroupParents joins /proc/self/cgroup (which cgroup we are in) with
// /proc/self/mountinfo (where each hierarchy is mounted).
func readCgroupParents() (cgroupParents, error) {
	var p cgroupParents
	own := map[string]string{} // controller or "" (v2) -> path in its hierarchy
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return p, err
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[1] == "" {
			own[""] = parts[2]
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			own[c] = parts[2]
		}
	}

	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return p, err
	}
	defer f.Close()
	p.v1 = map[string]string{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		// id parent major:minor root mountpoint options [optional...] - fstype source superoptions
		fields := strings.Fields(s.Text())
		sep := -1
		for i, f := range fields {
			if f == "-" {
				sep = i
				break
			}
		}
		if sep < 5 || len(fields) < sep+4 {
			continue
		}
		root, mnt, fstype := fields[3], fields[4], fields[sep+1]
		switch fstype {
		case "cgroup":
			for _, opt := range strings.Split(fields[sep+3], ",") {
				if opt != "memory" && opt != "pids" && opt != "cpuacct" {
					continue
				}
				if path, ok := own[opt]; ok {
					p.v1[opt] = filepath.Join(mnt, relCgroup(path, root))
				}
			}
		case "cgroup2":
			if path, ok := own[""]; ok {
				p.v2 = filepath.Join(mnt, relCgroup(path, root))
			}
		}
	}
	if err := s.Err(); err != nil {
		return p, err
	}
	if p.v1["memory"] != "" && p.v1["pids"] != "" {
		p.v2 = ""
		return p, nil
	}
	p.v1 = nil
	if p.v2 == "" {
		return p, errors.New("no cgroup hierarchy with the memory and pids controllers is mounted")
	}
	ctl, err := os.ReadFile(filepath.Join(p.v2, "cgroup.controllers"))
	if err != nil {
		return p, err
	}
	have := strings.Fields(string(ctl))
	for _, want := range []string{"memory", "pids"} {
		if !contains(have, want) {
			return p, fmt.Errorf("cgroup v2 at %s lacks the %s controller", p.v2, want)
		}
	}
	return p, nil
}

// relCgroup makes a path from /proc/self/cgroup relative to the root of
// its mount, which differs from "/" inside a cgroup namespace.
func relCgroup(path, root string) string {
	if root == "/" {
		return path
	}
	if rel, ok := strings.CutPrefix(path, root); ok {
		return rel
	}
	return path
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// cgroup is one box's cgroup: one directory per v1 controller, or one v2 directory.
type cgroup struct {
	v2   bool
	dirs map[string]string // "memory", "pids", "cpuacct" (v1) or "" (v2) -> directory
}

// newCgroup makes a cgroup with the box's memory and process limits.
func newCgroup(l Limits) (*cgroup, error) {
	p, err := findCgroups()
	if err != nil {
		return nil, err
	}
	name := cgroupName()
	cg := &cgroup{v2: p.v2 != "", dirs: map[string]string{}}
	// The helper and its Go runtime threads live in the box's pids cgroup
	// too; a little slack keeps them from eating into the program's share.
	procs := strconv.Itoa(l.Procs + helperThreads)
	mem := strconv.FormatInt(l.Memory, 10)
	err = func() error {
		if cg.v2 {
			// Controllers must be enabled for children; this fails with
			// EBUSY when the grader's own cgroup holds processes and is
			// not the root (the "no internal processes" rule).
			if err := write(filepath.Join(p.v2, "cgroup.subtree_control"), "+memory +pids"); err != nil {
				return err
			}
			d := filepath.Join(p.v2, name)
			if err := os.Mkdir(d, 0o755); err != nil {
				return err
			}
			cg.dirs[""] = d
			if err := write(filepath.Join(d, "memory.max"), mem); err != nil {
				return err
			}
			// No swap: a box over its limit is killed, not slowed down.
			_ = write(filepath.Join(d, "memory.swap.max"), "0")
			return write(filepath.Join(d, "pids.max"), procs)
		}
		for _, c := range []string{"memory", "pids", "cpuacct"} {
			parent, ok := p.v1[c]
			if !ok {
				continue
			}
			d := filepath.Join(parent, name)
			if err := os.Mkdir(d, 0o755); err != nil {
				return err
			}
			cg.dirs[c] = d
		}
		if err := write(filepath.Join(cg.dirs["memory"], "memory.limit_in_bytes"), mem); err != nil {
			return err
		}
		// memsw exists only with swap accounting; where it does, swap
		// must not extend the limit.
		_ = write(filepath.Join(cg.dirs["memory"], "memory.memsw.limit_in_bytes"), mem)
		return write(filepath.Join(cg.dirs["pids"], "pids.max"), procs)
	}()
	if err != nil {
		cg.remove()
		return nil, fmt.Errorf("cgroup: %w", err)
	}
	return cg, nil
}

// helperThreads is the slack in pids.max for the helper process and its
// Go runtime threads.
const helperThreads = 16

func write(file, s string) error { return os.WriteFile(file, []byte(s), 0) }

// add moves a process (all its threads) into the cgroup.
func (cg *cgroup) add(pid int) error {
	for _, d := range cg.dirs {
		if err := write(filepath.Join(d, "cgroup.procs"), strconv.Itoa(pid)); err != nil {
			return fmt.Errorf("cgroup: %w", err)
		}
	}
	return nil
}

// cpu returns the CPU time of everything that ran in the cgroup.
func (cg *cgroup) cpu() (time.Duration, bool) {
	if cg.v2 {
		v, ok := keyed(filepath.Join(cg.dirs[""], "cpu.stat"), "usage_usec")
		return time.Duration(v) * time.Microsecond, ok
	}
	d, ok := cg.dirs["cpuacct"]
	if !ok {
		return 0, false
	}
	v, ok := number(filepath.Join(d, "cpuacct.usage"))
	return time.Duration(v), ok
}

// stats returns the peak memory, and whether the OOM killer struck or
// the process limit was met.
func (cg *cgroup) stats() (peak int64, oom, pids bool) {
	if cg.v2 {
		d := cg.dirs[""]
		peak, _ = number(filepath.Join(d, "memory.peak"))
		m, _ := keyed(filepath.Join(d, "pids.events"), "max")
		return peak, cg.oomKills() > 0, m > 0
	}
	peak, _ = number(filepath.Join(cg.dirs["memory"], "memory.max_usage_in_bytes"))
	m, _ := keyed(filepath.Join(cg.dirs["pids"], "pids.events"), "max")
	return peak, cg.oomKills() > 0, m > 0
}

// oomKills returns how many of the cgroup's processes the OOM killer
// killed so far (v2: memory.events, v1: memory.oom_control).
func (cg *cgroup) oomKills() int64 {
	if cg.v2 {
		n, _ := keyed(filepath.Join(cg.dirs[""], "memory.events"), "oom_kill")
		return n
	}
	n, _ := keyed(filepath.Join(cg.dirs["memory"], "memory.oom_control"), "oom_kill")
	return n
}

// remove deletes the cgroup's directories. The kernel refuses while a
// dying process is still being torn down, so it retries for a while.
func (cg *cgroup) remove() error {
	var last error
	for _, d := range cg.dirs {
		deadline := time.Now().Add(3 * time.Second)
		for {
			err := os.Remove(d)
			if err == nil || errors.Is(err, os.ErrNotExist) {
				break
			}
			if time.Now().After(deadline) {
				last = fmt.Errorf("cgroup: %w", err)
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	return last
}

func number(file string) (int64, bool) {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	return v, err == nil
}

// keyed reads the value of key from a "key value" per line file.
func keyed(file, key string) (int64, bool) {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok && k == key {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}
