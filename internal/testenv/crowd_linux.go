package testenv

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// dieWithParent has cmd killed when the process that started it ends.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// confine sets the affinity of every thread of this process to one core
// of those it may run on (threads and processes started later inherit
// it): the number of cores to crowd (1), and a function that gives every
// thread the cores it had back.
func confine(t testing.TB) (int, func()) {
	t.Helper()
	var was, one unix.CPUSet
	if err := unix.SchedGetaffinity(0, &was); err != nil {
		t.Fatalf("reading this thread's cores: %v", err)
	}
	for c := range 1024 {
		if was.IsSet(c) {
			one.Set(c)
			break
		}
	}
	setAll(t, &one)
	return 1, func() { setAll(t, &was) }
}

// setAll sets the affinity of every thread of this process to set, twice
// over, so that a thread started meanwhile by one not yet set is set too.
func setAll(t testing.TB, set *unix.CPUSet) {
	t.Helper()
	for range 2 {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			t.Fatalf("listing this process's threads: %v", err)
		}
		for _, task := range tasks {
			tid, err := strconv.Atoi(task.Name())
			if err != nil {
				continue
			}
			// A thread that ended meanwhile is no longer there (ESRCH).
			if err := unix.SchedSetaffinity(tid, set); err != nil && err != unix.ESRCH {
				t.Fatalf("setting thread %d's cores: %v", tid, err)
			}
		}
	}
}
