package sandbox

import (
	"fmt"
	"maps"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// boxMeter reads the CPU time of the box whose helper is pid: its
// cgroup's count where it has one, else /proc's.
func boxMeter(cg *cgroup, pid int) func() (time.Duration, bool) {
	if cg != nil {
		if _, ok := cg.cpu(); ok {
			return cg.cpu
		}
	}
	return func() (time.Duration, bool) { return treeCPU(pid) }
}

// maxTree bounds the processes treeCPU walks: more than a box may hold.
const maxTree = 4096

// treeCPU adds up the CPU time of the processes below pid, the box's
// helper: what each used itself (all its threads) and what its children
// that it has reaped used, and what the helper reaped (cutime and cstime
// of the box's PID 1, or subreaper), so that nothing is counted twice or
// lost when a process ends. The helper's own time is the grader's, not
// the box's. False when pid is gone.
func treeCPU(pid int) (time.Duration, bool) {
	_, total, ok := procCPU(pid)
	if !ok {
		return 0, false
	}
	todo := procChildren(strconv.Itoa(pid))
	for n := 0; len(todo) > 0 && n < maxTree; n++ {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		own, reaped, ok := procCPU(p)
		if !ok {
			continue // it ended meanwhile: its parent has it, or soon will
		}
		total += own + reaped
		todo = append(todo, procChildren(strconv.Itoa(p))...)
	}
	return total, true
}

// treeMemory adds up the memory of the processes of the box whose helper
// is pid, as a cgroup would count it: each process below the helper's
// own memory (procMemory: its anonymous pages, proportionally, so that a
// page shared after a fork counts once in all, and its page tables);
// each shared memory object the processes map (a memory file, a shared
// anonymous mapping, a System V segment unless sysv is false, when the
// caller's meter counts those) once, by its inode, at its size (shmAdd);
// taskCost for each of its threads and fdCost for each of its
// descriptors; then what they hold in the kernel through those
// descriptors (heldMemory: memory files, pipes, unix sockets and what is
// in flight in them, fileMax each, epoll watches, io_uring rings), once
// each, until the total passes limit: reading every descriptor of a box
// that holds tens of thousands takes long, and the first pass, quick, has
// already found it over. Pages of files mapped (the page cache) are the
// kernel's to reclaim and do not count, as in a cgroup that has to make
// room. The memory files the grader made for the box (memfds, or nil)
// count whole; ext carries what mappedShmem saw of shared objects from
// one reading to the next; on the fallback tier (host) a file of a tmpfs
// that the box removed and holds open counts too (no folder's meter sees
// it). The helper's own memory is the grader's; what the box holds
// outside its processes is the caller's to add. False when pid is gone.
func treeMemory(pid int, fileMax, limit int64, sysv, host bool, ext map[heldKey]int64, memfds *boxMemfds) (int64, bool) {
	dir := "/proc/" + strconv.Itoa(pid)
	if _, err := os.Stat(dir); err != nil {
		return 0, false
	}
	var procs []int
	todo := procChildren(strconv.Itoa(pid))
	for n := 0; len(todo) > 0 && n < maxTree; n++ {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		procs = append(procs, p)
		todo = append(todo, procChildren(strconv.Itoa(p))...)
	}
	shm := map[heldKey]int64{}
	var total int64
	if memfds != nil {
		// The memory files the grader made for the box and holds
		// (seccomp_linux.go): whole, whatever the box still maps.
		total = memfds.count(shm)
	}
	now := map[heldKey]int64{}
	box := [2]string{}
	for i, n := range boxNamespaces {
		box[i], _ = os.Readlink(dir + "/ns/" + n)
	}
	for _, p := range procs {
		if hidden(p, box) {
			return limit + 1, true
		}
		total += procMemory(p) + procTasks(p)*taskCost + fdCount(p)*fdCost
		total += mappedShmem(p, shm, sysv, host, ext, now)
	}
	clear(ext)
	maps.Copy(ext, now)
	seen := map[heldKey]bool{}
	for _, p := range procs {
		if total > limit {
			break
		}
		total += heldMemory(p, seen, shm, fileMax, host)
	}
	return total, true
}

// boxNamespaces are the namespaces in which a process could hold memory
// no meter here sees (a tmpfs of its own, System V objects of its own)
// were it not in the box's: the helper's.
var boxNamespaces = [2]string{"mnt", "ipc"}

// hidden reports whether process pid holds memory the meter cannot see,
// and so counts as over the limit: it is in a mount or IPC namespace
// other than box's (one it made, through a user namespace of its own),
// or it made itself non-dumpable, so that its descriptors cannot be read.
func hidden(pid int, box [2]string) bool {
	dir := "/proc/" + strconv.Itoa(pid) + "/"
	if nonDumpable(dir) {
		return true
	}
	for i, n := range boxNamespaces {
		l, err := os.Readlink(dir + "ns/" + n)
		if err == nil && box[i] != "" && l != box[i] {
			return true
		}
	}
	return false
}

// nonDumpable reports whether the process of /proc/<pid>/ dir made
// itself non-dumpable: its descriptors may not be listed (its /proc/<pid>/fd
// is its user namespace's root's). A grader that may list them at all
// (its uid, root) lists a dumpable process's.
func nonDumpable(dir string) bool {
	f, err := os.Open(dir + "fd")
	if err == nil {
		f.Close()
		return false
	}
	if !os.IsPermission(err) {
		return false
	}
	// Not while it starts or ends (stopped at its exec, exiting, a
	// zombie: then too its descriptors may not be listed).
	st := kbFields(dir + "status")
	state, _ := os.ReadFile(dir + "stat")
	i := strings.LastIndexByte(string(state), ')')
	if _, running := st["VmRSS:"]; !running || i < 0 || i+2 >= len(state) {
		return false
	}
	return strings.IndexByte("RSD", state[i+2]) >= 0
}

// mappedShmem adds to shm the shared memory objects process pid maps that
// no folder's meter sees (memory files, shared anonymous mappings, System
// V segments when sysv): each once, at its size. That is the whole
// object's (its blocks, through /proc/<pid>/map_files, which needs
// CAP_SYS_ADMIN), else, for a shared anonymous mapping or a System V
// segment, the most its mappings were seen to reach (the end of the
// furthest, at its offset, since the object was first seen: ext holds
// the previous readings', now gets this one's), else (a memory file,
// which the helper holds whole) what the mapping has resident or
// swapped (smaps). Files of a mounted tmpfs are the folders' meters'
// (tmpfsUsed, hostMemory), but for one the box removed, on the fallback
// tier (host): that counts whole, where map_files may be read, else as
// far as its mappings reached.
func mappedShmem(pid int, shm map[heldKey]int64, sysv, host bool, ext, now map[heldKey]int64) int64 {
	dir := "/proc/" + strconv.Itoa(pid) + "/"
	b, err := os.ReadFile(dir + "maps")
	if err != nil {
		return 0
	}
	var total int64
	var sizes map[string]int64
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		removed := host && len(f) >= 7 && f[len(f)-1] == "(deleted)" && !strings.HasPrefix(f[5], "/memfd:") && tmpfsDevs()[f[3]]
		if len(f) < 6 || f[5] == "" || !shmemObject(f[5], sysv) && !removed {
			continue
		}
		ino, err := strconv.ParseUint(f[4], 10, 64)
		if err != nil {
			continue
		}
		key := shmemKey(f[3], ino)
		var st syscall.Stat_t
		size := int64(-1)
		switch {
		case removed && syscall.Stat(dir+"map_files/"+f[0], &st) == nil:
			total += removedFileAdd(shm, dir+"map_files/"+f[0])
			continue
		case syscall.Stat(dir+"map_files/"+f[0], &st) == nil:
			size = st.Blocks * 512
		case !strings.HasPrefix(f[5], "/memfd:"):
			size = max(mappingEnd(f[0], f[2]), ext[key], now[key])
			now[key] = size
		default:
			if sizes == nil {
				sizes = mappingSizes(dir + "smaps")
			}
			size = sizes[f[0]]
		}
		total += shmAdd(shm, key, size)
	}
	return total
}

// tmpfsDevs are the devices of the host's tmpfs mounts, as maps writes
// them (hexadecimal major:minor), read once.
var tmpfsDevs = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	b, _ := os.ReadFile("/proc/self/mountinfo")
	for _, line := range strings.Split(string(b), "\n") {
		// id parent major:minor root mountpoint ... - fstype ...
		pre, post, ok := strings.Cut(line, " - ")
		f := strings.Fields(pre)
		if !ok || len(f) < 3 || !strings.HasPrefix(post, "tmpfs ") {
			continue
		}
		maj, min, _ := strings.Cut(f[2], ":")
		a, err1 := strconv.ParseUint(maj, 10, 32)
		z, err2 := strconv.ParseUint(min, 10, 32)
		if err1 == nil && err2 == nil {
			out[fmt.Sprintf("%02x:%02x", a, z)] = true
		}
	}
	return out
})

// mappingEnd is where in its object a mapping ends: its offset (hex, as
// maps writes it) and its length (its range, lo-hi): the object holds at
// least that much.
func mappingEnd(span, offset string) int64 {
	lo, hi, _ := strings.Cut(span, "-")
	a, err1 := strconv.ParseUint(lo, 16, 64)
	z, err2 := strconv.ParseUint(hi, 16, 64)
	off, err3 := strconv.ParseUint(offset, 16, 64)
	if err1 != nil || err2 != nil || err3 != nil || z < a {
		return 0
	}
	return int64(off + z - a)
}

// shmemObject reports whether a mapping's path in /proc/<pid>/maps names
// a shared memory object of the kernel's own mount: a memory file, a
// shared anonymous mapping, or (when sysv) a System V segment.
func shmemObject(path string, sysv bool) bool {
	return strings.HasPrefix(path, "/memfd:") || strings.HasPrefix(path, "/dev/zero") ||
		sysv && strings.HasPrefix(path, "/SYSV")
}

// mappingSizes reads smaps: each mapping's (by its range, as maps writes
// it) resident and swapped bytes.
func mappingSizes(path string) map[string]int64 {
	b, err := os.ReadFile(path)
	out := map[string]int64{}
	if err != nil {
		return out
	}
	cur := ""
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			cur = f[0]
			continue
		}
		if (f[0] == "Rss:" || f[0] == "Swap:") && len(f) > 1 {
			if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				out[cur] += kb << 10
			}
		}
	}
	return out
}

// tmpfsUsed is what the tmpfs at path holds, 0 when it is no tmpfs.
func tmpfsUsed(path string) int64 {
	var st syscall.Statfs_t
	if syscall.Statfs(path, &st) != nil || st.Type != 0x01021994 { // TMPFS_MAGIC
		return 0
	}
	return int64(st.Blocks-st.Bfree) * st.Bsize
}

// procMemory is what process pid holds itself: its anonymous pages,
// proportionally, resident or swapped (Pss_Anon and SwapPss of
// smaps_rollup), those handed back with MADV_FREE among them, and its
// page tables (VmPTE); its proportional set size
// on a kernel without Pss_Anon (before 5.8; there a mapped shared object
// counts twice), or its resident set where it has no smaps_rollup
// (before 4.14); 0 when it is gone. Memory reserved and never touched
// does not count.
func procMemory(pid int) int64 {
	dir := "/proc/" + strconv.Itoa(pid) + "/"
	pte := kbFields(dir + "status")["VmPTE:"]
	if kb := kbFields(dir + "smaps_rollup"); len(kb) > 0 {
		if anon, ok := kb["Pss_Anon:"]; ok {
			// Pages handed back with MADV_FREE (LazyFree) count: a cgroup
			// at its limit takes them, but without one nothing may, and
			// the box would keep, read, even write again (then they are
			// not the kernel's to take, though still shown as LazyFree)
			// what its limit does not allow. The box's filter refuses
			// MADV_FREE (seccomp_linux.go); io_uring's madvise is not
			// filtered.
			return anon + kb["SwapPss:"] + pte
		}
		return kb["Pss:"] + pte
	}
	b, err := os.ReadFile(dir + "statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0
	}
	return pages*int64(os.Getpagesize()) + pte
}

// kbFields reads a /proc file of "Key:   N kB" lines: each key's bytes.
func kbFields(path string) map[string]int64 {
	b, err := os.ReadFile(path)
	out := map[string]int64{}
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[2] == "kB" {
			if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				out[f[0]] = kb << 10
			}
		}
	}
	return out
}

// procTasks is the number of threads of a process (field 20 of
// /proc/pid/stat), 0 when it is gone.
func procTasks(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 18 {
		return 0
	}
	n, _ := strconv.ParseInt(f[17], 10, 64)
	return n
}

// clockTick is Linux's unit of the CPU times in /proc (USER_HZ), the same
// for every program whatever the kernel's own tick.
const clockTick = 10 * time.Millisecond

// procCPU reads utime and stime (own), cutime and cstime (reaped) of
// /proc/pid/stat (fields 14 to 17; the command's name before them is in
// parentheses and may hold spaces or parentheses).
func procCPU(pid int) (own, reaped time.Duration, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 15 {
		return 0, 0, false
	}
	var ticks [4]int64
	for j, s := range f[11:15] { // field 14 is the 12th after the name
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, 0, false
		}
		ticks[j] = v
	}
	return time.Duration(ticks[0]+ticks[1]) * clockTick, time.Duration(ticks[2]+ticks[3]) * clockTick, true
}

// procChildren lists the child processes of the process /proc/<pid>
// names (a number, or "self"), over all its threads.
func procChildren(pid string) []int {
	dir := "/proc/" + pid + "/task/"
	tasks, _ := os.ReadDir(dir)
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile(dir + t.Name() + "/children")
		if err != nil {
			continue
		}
		for _, s := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(s); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}
