package sandbox

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A box's wall limit counts the time it had a core or did not want one:
// not the time it waited for a core (runnable, on a run queue, while
// other work ran), so that a crowded machine never stops at its wall limit
// a run that would have ended in time alone. The kernel counts that wait
// per thread (run_delay, the second field of /proc/<tid>/schedstat); the
// box's stall is read from outside it, every stallTick and at its wall
// limit, and each span between two readings adds the most that any one
// of its threads waited in it: one thread kept from running is the
// program kept from running, however many it has (the kernel adds a wait
// when it ends, so a span may add more than its length; the stall is
// never more than the box's life). A span counts if it is the box's
// first (its start), if a thread of it ran or waited for a core through
// half of it, or if a thread of it waits for one at its end, and then so
// does the span before: a box that sleeps is not crowded, whatever its
// idle threads' wake-ups waited.
//
// A box cannot make its stall much larger than its own CPU time: a thread
// waits for a core only while some other thread has it, and if that is
// the box's own, the box's CPU time grows as much, bounded by its CPU
// limit. A wall limit is still kept whatever the machine does: a run ends
// at StallCap times its wall limit in all.

// stallTick is how often a box's threads are read for their run delay
// after the first: often enough that a short-lived process's wait is
// seen, seldom enough to cost little (a JVM has some 20 threads).
const stallTick = 250 * time.Millisecond

// queuedTick is how soon a box at its wall limit is read again while a
// thread of it waits for a core (a wait under way, not yet counted).
const queuedTick = 50 * time.Millisecond

// stallClock counts a box's stall from readings of its threads.
type stallClock struct {
	threads  func() []int                    // the box's threads, by host thread id
	sched    func(tid int) (schedStat, bool) // a thread's times (readSchedStat)
	runnable func(tid int) bool              // whether a thread is (runnable)
	prev     map[int]schedStat               // each thread's at the last reading
	at       time.Duration                   // the box's wall time at the last reading
	total    time.Duration
	pending  time.Duration // the most waited in the span before, if it did not count
	still    []int         // the threads that neither ran nor waited between the last two readings
	asleep   bool          // no thread ran or waited for a core through half the last span
	counted  bool          // the kernel gave a thread's run delay at least once
	now      atomic.Int64  // total, for readers beside the watch (shown)
}

// shown is the box's stall so far, as last read, for a Meter.
func (s *stallClock) shown() time.Duration { return time.Duration(s.now.Load()) }

func newStallClock(threads func() []int) *stallClock {
	return &stallClock{threads: threads, sched: readSchedStat, runnable: runnable, prev: map[int]schedStat{}}
}

// read reads the box's threads at wall time at and returns its stall so
// far.
func (s *stallClock) read(at time.Duration) time.Duration {
	span := at - s.at
	var most, busiest time.Duration
	s.still = s.still[:0]
	for _, tid := range s.threads() {
		now, ok := s.sched(tid)
		if !ok {
			continue
		}
		s.counted = true
		was, seen := s.prev[tid]
		s.prev[tid] = now
		if seen && now.run >= was.run && now.delay >= was.delay { // else new, or the id reused by a new thread
			now.run, now.delay = now.run-was.run, now.delay-was.delay
			if now.run == 0 && now.delay == 0 {
				s.still = append(s.still, tid)
			}
		}
		if now.lowly || (seen && was.lowly) {
			// A thread that asked to run last (nice above the grader's,
			// an idle or batch policy) waits for a core by its own
			// choice: its waits are not the machine's crowding.
			now.delay = 0
		}
		most = max(most, now.delay)
		busiest = max(busiest, now.run+now.delay)
	}
	first := s.at == 0
	s.at = at
	if span <= 0 {
		return s.total
	}
	// A thread whose wait is under way is not yet counted: it is runnable
	// and neither ran nor waited by the kernel's count (queued).
	s.asleep = !first && busiest*2 < span && !s.queued()
	if s.asleep {
		// Asleep, or waiting on input: not crowded. But a wait is
		// counted when its thread gets its core, in the span it ends
		// in: if the next span counts, so does this one's.
		s.pending = most
		return s.total
	}
	// Never more than the box's life.
	s.total = min(s.total+most+s.pending, at)
	s.now.Store(int64(s.total))
	s.pending = 0
	return s.total
}

// queued reports whether a thread of the box waits for a core now: it is
// runnable (state R in /proc/<tid>/stat) but neither ran nor waited, by
// the kernel's count, between the last two readings. The kernel counts a
// wait when it ends; this one will be.
func (s *stallClock) queued() bool {
	for _, tid := range s.still {
		if s.runnable(tid) {
			return true
		}
	}
	return false
}

// runnable reports whether a thread is runnable, running or waiting for a
// core (state R in /proc/<tid>/stat).
func runnable(tid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(tid) + "/stat")
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(b), ')')
	return i >= 0 && strings.HasPrefix(string(b[i+1:]), " R")
}

// schedStat is a thread's time on a core and waiting for one, so far,
// and whether it asked to yield its core to others (lowly).
type schedStat struct {
	run, delay time.Duration
	lowly      bool
}

// readSchedStat reads a thread's /proc/<tid>/schedstat (time on a core,
// time on a run queue waiting for one, time slices; in ns) and its
// priority; false when it is gone or the kernel does not count it.
func readSchedStat(tid int) (schedStat, bool) {
	run, delay, ok := schedTimes(tid)
	if !ok {
		return schedStat{}, false
	}
	return schedStat{run, delay, lowly(tid)}, true
}

// schedTimes reads a thread's time on a core and waiting for one from
// /proc/<tid>/schedstat; false when it is gone or the kernel does not
// count it.
func schedTimes(tid int) (run, delay time.Duration, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(tid) + "/schedstat")
	if err != nil {
		return 0, 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, 0, false
	}
	r, err1 := strconv.ParseInt(f[0], 10, 64)
	d, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return time.Duration(r), time.Duration(d), true
}

// lowly reports whether a thread runs below the priority its box started
// with, the grader's own (ownPriority), as any thread may ask for itself:
// a nice value above the grader's, or a scheduling policy other than
// SCHED_OTHER and the grader's (SCHED_BATCH, SCHED_IDLE; the real-time
// ones need a privilege the box has not). A grader started under nice
// (its boxes inherit its nice value) counts its boxes' waits as it would
// at nice 0: that their waits are long is the grader's choice, not the
// program's, and what they wait for is still the machine's crowding. One
// whose stat cannot be read counts as lowly: its waits are not counted.
func lowly(tid int) bool {
	return lowlyBeside(tid, ownPriority())
}

// lowlyBeside reports whether a thread runs below base (see lowly).
func lowlyBeside(tid int, base priority) bool {
	p, ok := readPriority(tid)
	return !ok || p.nice > base.nice || (p.policy != "0" && p.policy != base.policy)
}

// priority is a thread's nice value and scheduling policy (as
// /proc/<tid>/stat writes it: 0 SCHED_OTHER, 3 SCHED_BATCH, 5 SCHED_IDLE).
type priority struct {
	nice   int
	policy string
}

// ownPriority is the grader's own priority, which the boxes it starts
// inherit (the ordinary one when it cannot be read).
var ownPriority = sync.OnceValue(func() priority {
	if p, ok := readPriority(os.Getpid()); ok {
		return p
	}
	return priority{policy: "0"}
})

// readPriority reads a thread's priority: fields 19 (nice) and 41
// (policy) of /proc/<tid>/stat; false when it cannot.
func readPriority(tid int) (priority, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(tid) + "/stat")
	if err != nil {
		return priority{}, false
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return priority{}, false
	}
	f := strings.Fields(string(b[i+1:])) // f[0] is field 3, the state
	if len(f) < 39 {
		return priority{}, false
	}
	nice, err := strconv.Atoi(f[16])
	if err != nil {
		return priority{}, false
	}
	return priority{nice, f[38]}, true
}

// boxThreads lists the threads of the box whose helper is pid: its
// cgroup's where it has one, else those of the processes below the helper
// and the helper's own.
func boxThreads(cg *cgroup, pid int) func() []int {
	if cg != nil {
		if f := cg.threadsFile(); f != "" {
			return func() []int { return readIDs(f) }
		}
	}
	return func() []int { return treeThreads(pid) }
}

// threadsFile is the file that lists the cgroup's threads: v1's tasks,
// v2's cgroup.threads ("" when there is none).
func (cg *cgroup) threadsFile() string {
	if cg.v2 {
		return filepath.Join(cg.dirs[""], "cgroup.threads")
	}
	if d, ok := cg.dirs["pids"]; ok {
		return filepath.Join(d, "tasks")
	}
	return ""
}

// readIDs reads a file of numbers, one a line (nil when it cannot).
func readIDs(file string) []int {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var out []int
	for _, s := range strings.Fields(string(b)) {
		if n, err := strconv.Atoi(s); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// treeThreads lists the threads of pid and of every process below it.
func treeThreads(pid int) []int {
	var out []int
	todo := []int{pid}
	for n := 0; len(todo) > 0 && n < maxTree; n++ {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(p) + "/task")
		for _, t := range tasks {
			if tid, err := strconv.Atoi(t.Name()); err == nil {
				out = append(out, tid)
			}
		}
		todo = append(todo, procChildren(strconv.Itoa(p))...)
	}
	return out
}
