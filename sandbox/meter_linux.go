package sandbox

import (
	"os"
	"strconv"
	"strings"
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
// proportional set size (Pss in /proc/<p>/smaps_rollup: its private pages
// and its share of the pages it shares, so that a page shared by
// processes of the box, after a fork say, counts once in all), or its
// resident set (statm) on a kernel without smaps_rollup (before 4.14),
// which counts a shared page in each process; taskCost for each of its
// threads and fdCost for each of its descriptors; then what they hold in
// the kernel through those descriptors (heldMemory: memory files, pipes,
// unix sockets and what is in flight in them, fileMax each, epoll
// watches, io_uring rings), once each, until the total passes limit:
// reading every descriptor of a box that holds tens of thousands takes
// long, and the first pass, quick, has already found it over. The
// helper's own memory is the grader's; what the box holds outside its
// processes is the caller's to add. False when pid is gone.
func treeMemory(pid int, fileMax, limit int64) (int64, bool) {
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
	var total int64
	for _, p := range procs {
		total += procMemory(p) + procTasks(p)*taskCost + fdCount(p)*fdCost
	}
	seen := map[heldKey]bool{}
	for _, p := range procs {
		if total > limit {
			break
		}
		total += heldMemory(p, seen, fileMax)
	}
	return total, true
}

// tmpfsUsed is what the tmpfs at path holds, 0 when it is no tmpfs.
func tmpfsUsed(path string) int64 {
	var st syscall.Statfs_t
	if syscall.Statfs(path, &st) != nil || st.Type != 0x01021994 { // TMPFS_MAGIC
		return 0
	}
	return int64(st.Blocks-st.Bfree) * st.Bsize
}

// procMemory is a process's proportional set size in bytes, or its
// resident set where the kernel has no smaps_rollup; 0 when it is gone.
func procMemory(pid int) int64 {
	dir := "/proc/" + strconv.Itoa(pid) + "/"
	if b, err := os.ReadFile(dir + "smaps_rollup"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "Pss:"); ok {
				if f := strings.Fields(rest); len(f) > 0 {
					if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil {
						return kb << 10
					}
				}
			}
		}
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
	return pages * int64(os.Getpagesize())
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
