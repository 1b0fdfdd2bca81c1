package runner

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// needFaketime skips a test when libfaketime is missing, but fails it
// under CI, where .ci/run installs it.
func needFaketime(t *testing.T) {
	t.Helper()
	if Faketime() != "" {
		return
	}
	testenv.Missing(t, "libfaketime missing (looked in %s)", FaketimeWhere())
}

// clockPrinters print the clock in seconds as the program sees it and
// the first number of a generator seeded with it, in the ways programs
// of each language seed from the clock.
var clockPrinters = []struct {
	lang rubric.Language
	file submission.File
}{
	{rubric.C, submission.File{Name: "clock.c", Data: []byte(`#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(void) {
    time_t now = time(NULL);
    srand(time(NULL));
    printf("%lld %d\n", (long long)now, rand());
    return 0;
}
`)}},
	{rubric.Python, submission.File{Name: "clock.py", Data: []byte(`import random
import time

now = int(time.time())
random.seed(int(time.time()))
print(now, random.randrange(1 << 30))
`)}},
	// currentTimeMillis asks the C library's clock_gettime, which
	// libfaketime answers; so does Instant.now().
	{rubric.Java, submission.File{Name: "Clock.java", Data: []byte(`import java.util.Random;

public class Clock {
    public static void main(String[] args) {
        long now = System.currentTimeMillis() / 1000;
        if (Math.abs(java.time.Instant.now().getEpochSecond() - now) > 1) throw new AssertionError("two clocks");
        System.out.println(now + " " + new Random(System.currentTimeMillis() / 1000).nextInt(1 << 30));
    }
}
`)}},
}

// TestClockShift: run n of a repeated case sees its clock start at
// RunStart(secret, case, n), in C (srand(time(NULL))), Python (random.seed
// of time.time()) and Java (System.currentTimeMillis()); a case run once
// sees the real clock. So runs started within one second seed
// differently, a second grading of the case with the same secret draws
// the same numbers, and one with another secret (or none: check) others.
func TestClockShift(t *testing.T) {
	needFaketime(t)
	for _, tc := range clockPrinters {
		t.Run(string(tc.lang), func(t *testing.T) {
			testenv.NeedTools(t, toolsOf[tc.lang]...)
			if tc.lang == rubric.Java && testing.Short() {
				t.Skip("-short: runs JVMs")
			}
			prog := build(t, tc.lang, tc.file)
			seen, first := map[string]int{}, map[int]clock{}
			for n := range 4 {
				c := clockRun(t, prog, testSecret, "hill8/public-01", n)
				if m, dup := seen[c.draw]; dup {
					t.Errorf("runs %d and %d drew the same number %s", m, n, c.draw)
				}
				seen[c.draw], first[n] = n, c
			}
			if f := prog.(grader.Flagger).Flags(); f != nil {
				t.Errorf("flags %q with libfaketime", f)
			}
			again := build(t, tc.lang, tc.file)
			// Its clock starts where the first build's did (clockRun checks
			// it); a run that reads it in the same second (the JVM's start
			// may take longer on a loaded machine) draws the same number.
			for n := 1; n < 4; n++ {
				if c := clockRun(t, again, testSecret, "hill8/public-01", n); c.secs == first[n].secs && c.draw != first[n].draw {
					t.Errorf("a second build's run %d drew %s at second %d, the first build's %s", n, c.draw, c.secs, first[n].draw)
				}
			}
			if c := clockRun(t, again, testSecret, "hill10/public-01", 1); seen[c.draw] != 0 {
				t.Errorf("another case's run 1 drew %s, as run %d of the first", c.draw, seen[c.draw])
			}
			for _, secret := range [][]byte{otherSecret, nil} {
				if c := clockRun(t, again, secret, "hill8/public-01", 1); seen[c.draw] != 0 {
					t.Errorf("secret %x: run 1 drew %s, as run %d with the first secret", secret, c.draw, seen[c.draw])
				}
			}
		})
	}
}

// clockRun runs prog as run n of the case and checks the clock it saw:
// the real one for n = 0, else RunStart(secret, caseID, n) or up to a minute later
// (a JVM reads the clock after its start-up, slow on a loaded machine).
// It returns the clock's second it saw and the number drawn.
func clockRun(t *testing.T, prog grader.Program, secret []byte, caseID string, n int) clock {
	t.Helper()
	before := time.Now().Unix()
	ex, err := prog.Run(context.Background(), grader.Input{Attempt: n, Case: caseID, Secret: secret})
	after := time.Now().Unix()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(ex.Stdout))
	if ex.ExitCode != 0 || len(f) != 2 {
		t.Fatalf("run %d: exit %d, stdout %q, stderr %.300q", n, ex.ExitCode, ex.Stdout, ex.Stderr)
	}
	secs, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := before, after
	if n > 0 {
		lo = RunStart(secret, caseID, n).Unix()
		hi = lo + 60
	}
	if secs < lo || secs > hi {
		t.Errorf("run %d saw %d, want %d to %d", n, secs, lo, hi)
	}
	if len(ex.Stderr) > 0 {
		t.Errorf("run %d: stderr %.300q", n, ex.Stderr)
	}
	return clock{secs, f[1]}
}

// clock is what a clock printer printed: the second it saw, and the
// number it drew seeded by it.
type clock struct {
	secs int64
	draw string
}

// build builds one file with a language's preset.
func build(t *testing.T, lang rubric.Language, f submission.File) grader.Program {
	t.Helper()
	b, err := rubric.Preset(lang, []string{f.Name})
	if err != nil {
		t.Fatal(err)
	}
	s := newSandboxed(b, rubric.Limits{Wall: 60 * time.Second, CPU: 30 * time.Second, BuildWall: 2 * time.Minute})
	built, err := s.Build(context.Background(), []submission.File{f}, sandbox.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	if !built.OK {
		t.Fatalf("build failed: %s", built.Log)
	}
	t.Cleanup(func() { built.Program.Close() })
	return built.Program
}

// sleepers sleep on the monotonic clock until a time (Python's
// time.sleep; clock_nanosleep with TIMER_ABSTIME in C), wait on a
// condition with a timeout (a monotonic pthread condition in C; Java's
// Thread.sleep, Object.wait and parkNanos), and print the second they see
// and "slept" when each wait lasted as long as asked.
var sleepers = []struct {
	lang rubric.Language
	file submission.File
}{
	{rubric.Python, submission.File{Name: "nap.py", Data: []byte(`import threading
import time

time.sleep(0.01)
threading.Event().wait(0.01)
print(int(time.time()), "slept")
`)}},
	{rubric.C, submission.File{Name: "nap.c", Data: []byte(`#include <pthread.h>
#include <stdio.h>
#include <time.h>

static struct timespec in(long ns) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_nsec += ns;
    if (t.tv_nsec >= 1000000000) { t.tv_sec++; t.tv_nsec -= 1000000000; }
    return t;
}

static double since(struct timespec a) {
    struct timespec b;
    clock_gettime(CLOCK_MONOTONIC, &b);
    return (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
}

int main(void) {
    struct timespec t = in(10000000);
    int err = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
    /* A wait on a condition of the monotonic clock, with a deadline. */
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_t c;
    pthread_cond_init(&c, &ca);
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    struct timespec start = in(0), until = in(50000000);
    pthread_mutex_lock(&m);
    while (pthread_cond_timedwait(&c, &m, &until) == 0) {}
    pthread_mutex_unlock(&m);
    int waited = since(start) >= 0.04;
    printf("%ld %s\n", (long)time(NULL), err == 0 && waited ? "slept" : "failed");
    return 0;
}
`)}},
	{rubric.Java, submission.File{Name: "Nap.java", Data: []byte(`public class Nap {
    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        Thread.sleep(50);
        Object lock = new Object();
        synchronized (lock) { lock.wait(50); }
        java.util.concurrent.locks.LockSupport.parkNanos(50_000_000L);
        boolean waited = System.nanoTime() - start >= 140_000_000L;
        System.out.println(System.currentTimeMillis() / 1000 + " " + (waited ? "slept" : "failed"));
    }
}
`)}},
}

// TestClockSleeps: a run of a repeated case, whose wall clock is shifted,
// sleeps as a run of a case run once does: libfaketime 0.9.10 alone
// refused an absolute sleep on the real monotonic clock (Python 3.11's
// time.sleep raised OSError in every such run); the clock fix
// (csrc/clockfix.c) is preloaded before it. Needs a C compiler, as CI
// has.
func TestClockSleeps(t *testing.T) {
	needFaketime(t)
	if ClockFix() == "" {
		testenv.Missing(t, "the clock fix was not built (no C compiler?)")
	}
	for _, tc := range sleepers {
		t.Run(string(tc.lang), func(t *testing.T) {
			testenv.NeedTools(t, toolsOf[tc.lang]...)
			if tc.lang == rubric.Java && testing.Short() {
				t.Skip("-short: runs JVMs")
			}
			prog := build(t, tc.lang, tc.file)
			for n := range 3 {
				c := clockRun(t, prog, testSecret, "nap/public-01", n)
				if c.draw != "slept" {
					t.Errorf("run %d: %s", n, c.draw)
				}
			}
		})
	}
}

// TestClockStatic: a statically linked program loads no library, so its
// clock is never shifted (the runner's documentation says so).
func TestClockStatic(t *testing.T) {
	needFaketime(t)
	testenv.NeedTools(t, "gcc")
	dir := t.TempDir()
	src := filepath.Join(dir, "clock.c")
	if err := os.WriteFile(src, clockPrinters[0].file.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "main")
	if out, err := exec.Command("gcc", "-static", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		t.Skipf("no static C library here: %v: %s", err, out)
	}
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	b, err := rubric.Preset(rubric.C, []string{"clock.c"})
	if err != nil {
		t.Fatal(err)
	}
	prog := &program{s: newSandboxed(b, rubric.Limits{Wall: 60 * time.Second}), files: []sandbox.File{{Name: "main", Data: data, Mode: 0o755}}}
	before := time.Now().Unix()
	ex, err := prog.Run(context.Background(), grader.Input{Attempt: 5})
	if err != nil {
		t.Fatal(err)
	}
	secs, err := strconv.ParseInt(strings.Fields(string(ex.Stdout) + " x")[0], 10, 64)
	if err != nil || secs < before || secs > time.Now().Unix() {
		t.Errorf("a static program saw %q, want the real clock (%d)", ex.Stdout, before)
	}
}

// TestClockMissing: without libfaketime the runs still run, on the real
// clock, and the program tells the TA.
func TestClockMissing(t *testing.T) {
	testenv.NeedTools(t, "gcc")
	saved := faketime
	faketime = func() string { return "" }
	t.Cleanup(func() { faketime = saved })
	prog := build(t, rubric.C, clockPrinters[0].file)
	if f := prog.(grader.Flagger).Flags(); f != nil {
		t.Errorf("flags %q before any repeated run", f)
	}
	before := time.Now().Unix()
	ex, err := prog.Run(context.Background(), grader.Input{Attempt: 3})
	if err != nil {
		t.Fatal(err)
	}
	if secs, _ := strconv.ParseInt(strings.Fields(string(ex.Stdout) + " x")[0], 10, 64); secs < before || secs > time.Now().Unix() {
		t.Errorf("saw %q, want the real clock", ex.Stdout)
	}
	f := prog.(grader.Flagger).Flags()
	if len(f) != 1 || !strings.Contains(f[0], "repeated cases ran with the real clock") || !strings.Contains(f[0], "srand(time(NULL))") {
		t.Errorf("flags %q, want one saying the clock was real", f)
	}
}

// TestCheckClock: doctor's check sees a box's clock start at run 1's
// time of the case "doctor".
func TestCheckClock(t *testing.T) {
	needFaketime(t)
	lib, saw, want, err := CheckClock(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if d := saw.Sub(want); lib != Faketime() || d < 0 || d > time.Minute {
		t.Errorf("CheckClock = %s, %s, %s; want %s, %s", lib, saw, want, Faketime(), want)
	}
}

// testSecret and otherSecret are two batches' secrets.
var (
	testSecret  = []byte("0123456789abcdef0123456789abcdef")
	otherSecret = []byte("fedcba9876543210fedcba9876543210")
)

// TestRunStart: runs of a case start an hour, a minute and a second
// apart, within the span, whatever the secret; the times are pinned (a
// change would give every clock-seeded program other runs than it had):
// with no secret (check) they are the case's alone, with one they are
// the secret's and the case's, and another secret moves them.
func TestRunStart(t *testing.T) {
	for _, secret := range [][]byte{nil, testSecret, otherSecret} {
		first := RunStart(secret, "hill8/public-01", 0)
		if first.Before(clockFrom) || !first.Before(clockFrom.Add(time.Duration(clockSpan)*time.Second)) {
			t.Errorf("secret %q: first second %s outside the span", secret, first)
		}
		if d := RunStart(secret, "hill8/public-01", 3).Sub(first); d != 3*ClockShift {
			t.Errorf("secret %q: run 3 starts %v after the first second", secret, d)
		}
	}
	for _, tc := range []struct {
		secret   []byte
		id, want string
	}{
		{nil, "hill8/public-01", "2029-09-29 22:34:59"},
		{nil, "r/twenty", "2020-10-09 20:57:36"},
		{nil, "doctor", "2029-05-01 01:45:03"},
		{testSecret, "hill8/public-01", "2029-08-20 12:29:07"},
		{testSecret, "r/twenty", "2023-02-28 06:09:26"},
		{otherSecret, "hill8/public-01", "2025-11-05 05:04:41"},
		{otherSecret, "r/twenty", "2029-11-21 10:24:50"},
		{[]byte{}, "r/twenty", "2020-10-09 20:57:36"}, // empty: no secret,
	} {
		if got := RunStart(tc.secret, tc.id, 1).Format(time.DateTime); got != tc.want {
			t.Errorf("RunStart(%q, %q, 1) = %s, want %s", tc.secret, tc.id, got, tc.want)
		}
	}
}

// crowded pins itself and three spinning threads to one core, spins
// until two seconds have passed on the monotonic clock (getting about a
// quarter of the core: it waits the rest), then prints how far the wall
// clock moved and how far the monotonic one did.
var crowded = submission.File{Name: "crowded.c", Data: []byte(`#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>

static double now(clockid_t c) {
    struct timespec t;
    clock_gettime(c, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void *spin(void *arg) {
    volatile long x = 0;
    for (;;) x++;
    return arg;
}

int main(void) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu(), &one);
    sched_setaffinity(0, sizeof one, &one);
    double wall0 = now(CLOCK_REALTIME), mono0 = now(CLOCK_MONOTONIC);
    pthread_t th;
    for (int i = 0; i < 3; i++) pthread_create(&th, NULL, spin, NULL);
    volatile long x = 0;
    while (now(CLOCK_MONOTONIC) - mono0 < 2) x++;
    printf("%.3f %.3f\n", now(CLOCK_REALTIME) - wall0, now(CLOCK_MONOTONIC) - mono0);
    return 0;
}
`)}

// TestClockSkipsWaiting: the shifted clock does not count the time a
// thread waited for a core (csrc/clockfix.c), so what a clock-seeded
// program sees does not depend on the machine's load. The program waits
// about three quarters of two seconds for its core; its wall clock moves
// by the quarter it ran (under other load, less), its monotonic clock by
// the two seconds. A run of a case run once sees the real clock, waiting
// included.
func TestClockSkipsWaiting(t *testing.T) {
	needFaketime(t)
	testenv.NeedTools(t, "gcc")
	if ClockFix() == "" {
		testenv.Missing(t, "the clock fix was not built (no C compiler?)")
	}
	prog := build(t, rubric.C, crowded)
	for _, n := range []int{0, 1} {
		ex, err := prog.Run(context.Background(), grader.Input{Attempt: n, Case: "crowded/public-01", Secret: testSecret})
		if err != nil {
			t.Fatal(err)
		}
		var wall, mono float64
		if _, err := fmt.Sscanf(string(ex.Stdout), "%f %f", &wall, &mono); err != nil || ex.ExitCode != 0 {
			t.Fatalf("run %d: exit %d, stdout %q, stderr %.300q", n, ex.ExitCode, ex.Stdout, ex.Stderr)
		}
		if mono < 2 {
			t.Fatalf("run %d: monotonic clock moved %.3f s, want 2 s or more", n, mono)
		}
		if shifted := n > 0; shifted && wall > 1.2 {
			t.Errorf("run %d (shifted clock): wall clock moved %.3f s in %.3f s of mostly waiting, want the time it ran (about 0.5 s)", n, wall, mono)
		} else if !shifted && wall < mono-0.1 {
			t.Errorf("run %d (real clock): wall clock moved %.3f s, monotonic %.3f s", n, wall, mono)
		}
	}
}
