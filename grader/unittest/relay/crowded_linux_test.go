package relay

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestCrowdedGraderInTime: an honest test of 20 calls, under a wall
// limit of 1.5 s a test, ends in time on a machine crowded to a seventh
// of a core for each thread, though the grader needs 10 ms of CPU time
// for each frame it passes (0.4 s in all, some 3 s of waiting for a core
// on that machine): while the grader waits, both boxes wait on their
// pipes, asleep, and the test's wall time leaves the grader's waits out
// as it leaves out the boxes'. A call that sleeps still ends at the
// test's wall limit: the grader's waits while no frame comes are not
// left out.
func TestCrowdedGraderInTime(t *testing.T) {
	if !sandbox.Detect().Metered() {
		t.Skip("this machine's sandbox tier has no meter")
	}
	testenv.Crowd(t)
	frameWork = func() { threadWork(10 * time.Millisecond) }
	defer func() { frameWork = nil }()
	steps := []string{"test:a"}
	for range 20 {
		steps = append(steps, `call:{"do":"echo"}`)
	}
	steps = append(steps, "test:b", `call:{"do":"sleep"}`, "done")
	l := Limits{CPU: 60 * time.Second, Wall: 1500 * time.Millisecond, Printed: 1 << 20, Keep: 256}
	res, lines := run(t, l, steps...)
	if d := res.Tests[0].Died; d != nil || len(lines) < 20 || lines[19] != `a: S {"calls":20}` {
		t.Errorf("a crowded test of 20 calls through a slow grader: died %+v, the test side got %q", d, strings.Join(lines, "; "))
	}
	if d := res.Tests[1].Died; d == nil || d.Limit != "wall" {
		t.Errorf("a crowded test that sleeps: died %+v, want at the wall limit", d)
	}
}

// threadWork uses d of the calling thread's CPU time.
func threadWork(d time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	used := func() time.Duration {
		var ru unix.Rusage
		unix.Getrusage(unix.RUSAGE_THREAD, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	for end := used() + d; used() < end; {
		for i := 0; i < 1e4; i++ {
		}
	}
}
