package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// TestStallClock: readings of a box's threads' times, and the stall they
// make.
func TestStallClock(t *testing.T) {
	type times = [3]int // ms a thread has run, and waited for a core, so far; 1 when it is lowly
	type reading struct {
		at      int // ms since the box started
		threads map[int]times
		want    int // the stall after it, ms
	}
	for _, tc := range []struct {
		name     string
		readings []reading
	}{
		{"no wait", []reading{{250, map[int]times{1: {250, 0}}, 0}, {500, map[int]times{1: {500, 0}}, 0}}},
		{"one thread crowded", []reading{{250, map[int]times{1: {100, 150}}, 150}, {500, map[int]times{1: {150, 350}}, 350}}},
		{"the most delayed thread counts, not the sum", []reading{{250, map[int]times{1: {150, 100}, 2: {50, 40}}, 100}, {500, map[int]times{1: {290, 110}, 2: {60, 140}}, 200}}},
		{"a wait is counted where it ends", []reading{{250, map[int]times{1: {5, 245}}, 245}, {500, map[int]times{1: {5, 245}}, 245}, {750, map[int]times{1: {10, 740}}, 740}}},
		{"asleep: wake-ups that waited are no stall", []reading{{250, map[int]times{1: {100, 10}}, 10}, {500, map[int]times{1: {101, 10}, 2: {1, 60}}, 10}, {750, map[int]times{1: {102, 10}, 2: {2, 120}}, 10}}},
		{"the box's start counts however little it worked", []reading{{250, map[int]times{1: {2, 80}}, 80}}},
		{"half a span running or waiting is crowded, not asleep", []reading{{250, map[int]times{1: {250, 0}}, 0}, {450, map[int]times{1: {270, 80}}, 80}}},
		{"a span asleep before one that counts counts too", []reading{{250, map[int]times{1: {250, 0}}, 0}, {500, map[int]times{1: {251, 100}}, 0}, {750, map[int]times{1: {350, 150}}, 150}}},
		{"a thread gone keeps what it waited", []reading{{250, map[int]times{1: {150, 100}, 2: {200, 30}}, 100}, {500, map[int]times{2: {400, 60}}, 130}}},
		{"an id reused", []reading{{250, map[int]times{1: {150, 100}}, 100}, {500, map[int]times{1: {200, 20}}, 120}}},
		{"never more than the box's life", []reading{{250, map[int]times{1: {10, 100}, 2: {10, 400}}, 250}}},
		{"a lowly thread's waits are its own choice", []reading{{250, map[int]times{1: {10, 0}, 2: {5, 240, 1}}, 0}, {500, map[int]times{1: {11, 0}, 2: {10, 480, 1}}, 0}}},
		{"a wait that began lowly is not counted when the thread is ordinary again", []reading{{250, map[int]times{1: {200, 0}, 2: {5, 40, 1}}, 0}, {500, map[int]times{1: {400, 0}, 2: {10, 280}}, 0}, {750, map[int]times{1: {600, 0}, 2: {15, 300}}, 20}}},
		{"a wait under way is not asleep", []reading{{250, map[int]times{1: {100, 150}}, 150}, {500, map[int]times{1: {100, 150}, -1: {}}, 150}, {750, map[int]times{1: {110, 640}}, 640}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
			var now map[int]times
			s := newStallClock(func() []int {
				var ids []int
				for id := range now {
					if id > 0 {
						ids = append(ids, id)
					}
				}
				return ids
			})
			s.runnable = func(tid int) bool { _, ok := now[-tid]; return ok } // -tid listed: tid is runnable
			s.sched = func(tid int) (schedStat, bool) {
				tt, ok := now[tid]
				return schedStat{ms(tt[0]), ms(tt[1]), tt[2] == 1}, ok
			}
			for i, r := range tc.readings {
				now = r.threads
				if got := s.read(ms(r.at)); got != ms(r.want) {
					t.Fatalf("reading %d: stall %v, want %v", i+1, got, ms(r.want))
				}
			}
		})
	}
}

// spin is a shell script that works until it has used ms of CPU time (its
// own, from /proc/self/stat, in ticks of 10 ms), then says so.
func spin(ms int) Spec {
	return sh(fmt.Sprintf(`while :; do read -r l < /proc/$$/stat; set -- $l; [ $((${14} + ${15})) -ge %d ] && break; done; echo done`, ms/10))
}

// TestCrowdedRunInTime: a program that needs 0.2 s of CPU time, under a
// wall limit of 1 s, on a machine crowded to a seventh of a core for it,
// ends in time: the time it waited for a core is not counted. A box that
// sleeps on that machine still ends at its wall limit.
func TestCrowdedRunInTime(t *testing.T) {
	t.Logf("grader at nice %d, policy %s", ownPriority().nice, ownPriority().policy)
	testenv.Crowd(t)
	for _, tier := range tiers(t) {
		if tier == TierBasic {
			continue // no stall counted
		}
		t.Run(tier.String(), func(t *testing.T) {
			spec := spin(200)
			spec.Limits = Limits{Wall: time.Second, CPU: time.Minute}
			res, err := run(context.Background(), spec, tier)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("wall %v, of it waiting for a core %v; CPU %v", res.Wall, res.Stall, res.CPU)
			if _, err := os.Stat("/proc/self/schedstat"); err == nil && !res.StallCounted {
				t.Error("the kernel counts run delays, but the result says the stall was not counted")
			}
			if res.Limit != None || string(res.Stdout) != "done\n" {
				t.Errorf("a crowded run that needs 0.2 s of CPU time ended at limit %q (stdout %q, stderr %q)", res.Limit, res.Stdout, res.Stderr)
			}
			spec = sh("sleep 100")
			spec.Limits = Limits{Wall: time.Second}
			res, err = run(context.Background(), spec, tier)
			if err != nil {
				t.Fatal(err)
			}
			if res.Limit != Wall {
				t.Errorf("a crowded sleeping run ended at limit %q, want wall (after %v, %v waiting for a core)", res.Limit, res.Wall, res.Stall)
			}
		})
	}
}

// nicedEnv marks TestCrowdedRunInTimeUnderNice's run of the test binary
// under nice.
const nicedEnv = "SANDBOX_TEST_NICED"

// TestCrowdedRunInTimeUnderNice: TestCrowdedRunInTime in a test binary
// started under nice 5 (its spinners and boxes inherit it): a grader
// started under nice counts its boxes' waits for a core as one at nice 0
// does, so a crowded run that needs 0.2 s of CPU time still ends in time,
// and a sleeping one still ends at its wall limit.
func TestCrowdedRunInTimeUnderNice(t *testing.T) {
	if os.Getenv(nicedEnv) != "" {
		return // the run under nice: TestCrowdedRunInTime is the test
	}
	testenv.NeedTools(t, "nice")
	cmd := exec.Command("nice", "-n", "5", os.Args[0], "-test.run=^TestCrowdedRunInTime$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), nicedEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestCrowdedRunInTime ") || !strings.Contains(string(out), "grader at nice 5") {
		t.Errorf("TestCrowdedRunInTime under nice 5: %v\n%s", err, out)
	}
}

// A span in which a thread neither ran nor waited, by the kernel's count,
// is asleep, unless that thread is runnable: its wait is under way.
func TestStallClockQueued(t *testing.T) {
	for _, runnable := range []bool{false, true} {
		s := newStallClock(func() []int { return []int{7} })
		s.sched = func(int) (schedStat, bool) { return schedStat{run: time.Millisecond}, true }
		s.runnable = func(int) bool { return runnable }
		s.read(250 * time.Millisecond)
		s.read(500 * time.Millisecond)
		if s.asleep == runnable {
			t.Errorf("a thread still, runnable %v: asleep %v", runnable, s.asleep)
		}
	}
}

// lowly reads a thread's nice value and policy: the test's own thread is
// ordinary; a process under nice 5, or under an idle policy, is lowly
// beside the ordinary priority and not beside its own (a grader started
// under nice 5 or chrt -i); one under nice -5 (where the test may raise
// a priority) is not.
func TestLowly(t *testing.T) {
	if lowly(os.Getpid()) {
		t.Errorf("the test's own thread (nice 0, SCHED_OTHER) is lowly")
	}
	if os.Geteuid() == 0 {
		cmd := exec.Command("sleep", "60")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Setpriority(syscall.PRIO_PROCESS, cmd.Process.Pid, -5); err != nil {
			t.Logf("nice -5: %v", err)
		} else if lowly(cmd.Process.Pid) {
			t.Errorf("a process under nice -5 is lowly (its waits for a core would not count)")
		}
		cmd.Process.Kill()
		cmd.Wait()
	}
	ordinary := priority{0, "0"}
	for _, tc := range []struct {
		argv       []string
		own, above priority // a base it runs at, and one it runs below
	}{
		{[]string{"nice", "-n", "5", "sleep", "60"}, priority{5, "0"}, ordinary},
		{[]string{"nice", "-n", "5", "sleep", "60"}, priority{5, "0"}, priority{4, "0"}},
		{[]string{"chrt", "-i", "0", "sleep", "60"}, priority{0, "5"}, ordinary},
	} {
		if _, err := exec.LookPath(tc.argv[0]); err != nil {
			t.Logf("%s: %v", tc.argv[0], err)
			continue
		}
		cmd := exec.Command(tc.argv[0], tc.argv[1:]...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// nice and chrt exec sleep once they have set the priority:
		// wait for that (its command line becomes sleep's).
		for range 6000 {
			if b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", cmd.Process.Pid)); string(b) == "sleep\n" {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if tc.above == ordinary && !lowly(cmd.Process.Pid) {
			t.Errorf("%v: not lowly", tc.argv)
		}
		if !lowlyBeside(cmd.Process.Pid, tc.above) {
			t.Errorf("%v: not lowly beside a grader at %+v", tc.argv, tc.above)
		}
		if lowlyBeside(cmd.Process.Pid, tc.own) {
			t.Errorf("%v: lowly beside a grader at its own priority %+v (a grader started so would not count its boxes' waits)", tc.argv, tc.own)
		}
		cmd.Process.Kill()
		cmd.Wait()
	}
	if !lowly(1 << 30) {
		t.Errorf("a thread that is gone is not lowly (its waits would count)")
	}
}

// TestSelfStall: the grader's own threads' waits for a core, on a crowded
// machine, while one of them works for 200 ms of CPU time: some, never
// more than the time between the readings; none at the first reading.
func TestSelfStall(t *testing.T) {
	var s SelfStall
	start := time.Now()
	if d, ok := s.Read(); !ok || d != 0 {
		t.Fatalf("the first reading: %v, %v; want 0, true", d, ok)
	}
	testenv.Crowd(t)
	func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		for end := threadCPU() + 200*time.Millisecond; threadCPU() < end; {
		}
	}()
	d, ok := s.Read()
	if span := time.Since(start); !ok || d <= 0 || d > span {
		t.Errorf("waited %v in %v (%v), want some, at most the span", d, span, ok)
	}
}

// threadCPU is the calling thread's CPU time.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
