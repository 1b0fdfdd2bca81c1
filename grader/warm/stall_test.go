package warm

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// fakeStall is a box's stall (its waits for a core) as a test sets it;
// each reading calls on, when set, with the reading's number.
type fakeStall struct {
	mu    sync.Mutex
	d     time.Duration
	reads int
	on    func(n int) time.Duration
}

func (s *fakeStall) stall() (time.Duration, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads++
	if s.on != nil {
		s.d += s.on(s.reads)
	}
	return s.d, true
}

func (s *fakeStall) add(d time.Duration) {
	s.mu.Lock()
	s.d += d
	s.mu.Unlock()
}

// sentAgo makes the case under way's request elapsed ago.
func (w *watch) sentAgo(elapsed time.Duration) {
	w.mu.Lock()
	w.sent = time.Now().Add(-elapsed)
	w.mu.Unlock()
}

// TestWatchStall: a case's wall time is its time since its request less
// the box's stall since then (the stall before does not count), as a cold
// run's wall limit counts it: 10 s of which 9 s waiting for a core is 1 s,
// within a 2 s limit; 10 s of which 7 s is 3 s, past it; and a case ends
// at its limit at StallCap times it, however long it waited. Its deadline
// moves on as the box waits, up to StallCap times its limit and grace.
func TestWatchStall(t *testing.T) {
	s := &fakeStall{d: 5 * time.Second}
	w := newWatch((&fakeMeter{}).cpu, limits{CPU: time.Hour, Wall: 2 * time.Second}, func() { t.Error("killed") })
	w.stall = s.stall
	for _, tc := range []struct {
		elapsed, stalled time.Duration
		broke            int
	}{
		{10 * time.Second, 9 * time.Second, limitNone},
		{10 * time.Second, 7 * time.Second, limitWall},
		{time.Second, 0, limitNone},
		{3 * time.Second, 0, limitWall},
		{61 * time.Second, 61 * time.Second, limitWall}, // past StallCap times 2 s
	} {
		w.start()
		w.sentAgo(tc.elapsed)
		s.add(tc.stalled)
		_, wall, broke := w.end()
		want := tc.elapsed - tc.stalled
		if broke != tc.broke || wall < want || wall > want+time.Second {
			t.Errorf("%v, of it %v waiting for a core: wall %v, broke %d; want about %v, broke %d", tc.elapsed, tc.stalled, wall, broke, want, tc.broke)
		}
	}

	w.start()
	sent := w.sent
	for _, tc := range []struct{ stalled, after time.Duration }{
		{0, 3 * time.Second}, // 2 s and its grace
		{5 * time.Second, 8 * time.Second},
		{time.Hour, 61 * time.Second}, // StallCap times 2 s, and its grace
	} {
		s.add(tc.stalled)
		if d := w.deadline().Sub(sent); d != tc.after {
			t.Errorf("stalled %v: deadline %v after the request, want %v", tc.stalled, d, tc.after)
		}
	}
	w.end()

	// The harness's count of the case's stall (its own thread's waits
	// left out) counts where it is less than the box's, never more.
	for _, claim := range []time.Duration{4 * time.Second, 20 * time.Second} {
		w.start()
		w.sentAgo(10 * time.Second)
		s.add(9 * time.Second)
		w.bound(claim)
		_, wall, _ := w.end()
		want := 10*time.Second - min(claim, 9*time.Second)
		if wall < want || wall > want+time.Second {
			t.Errorf("the box stalled 9 s, the harness says %v: wall %v, want about %v", claim, wall, want)
		}
	}

	// With no stall counted (no Meter), the wall time is the clock's.
	w = newWatch((&fakeMeter{}).cpu, limits{CPU: time.Hour, Wall: 2 * time.Second}, func() {})
	w.start()
	w.sentAgo(3 * time.Second)
	if _, wall, broke := w.end(); broke != limitWall || wall < 3*time.Second {
		t.Errorf("no stall counted: wall %v, broke %d; want 3 s and the wall limit", wall, broke)
	}
}

// TestAwaitStall: a case that has not answered by its deadline is waited
// for while the box's stall moves the deadline on, and its answer taken;
// one whose box does not wait for a core is given up at its deadline.
func TestAwaitStall(t *testing.T) {
	l := limits{CPU: time.Hour, Wall: 100 * time.Millisecond}
	s := newSink()
	stall := &fakeStall{}
	// Reading 1 is the request's, 2 the first deadline's; 3, once that
	// deadline has passed, finds the box waited a second meanwhile, and
	// the answer comes.
	stall.on = func(n int) time.Duration {
		if n != 3 {
			return 0
		}
		s.Write(caseFrame(0, "late"))
		return time.Second
	}
	w := newWatch((&fakeMeter{}).cpu, l, func() {})
	w.stall = stall.stall
	w.start()
	if f, got := w.await(s); !got || string(f.Out) != "late" {
		t.Errorf("an answer after the first deadline, the box stalled: %+v, %v; want it taken", f, got)
	}
	w.end()

	w = newWatch((&fakeMeter{}).cpu, l, func() {})
	w.stall = (&fakeStall{}).stall
	w.start()
	if f, got := w.await(newSink()); got {
		t.Errorf("no answer, no stall: %+v taken", f)
	}
	if _, _, broke := w.end(); broke != limitWall {
		t.Errorf("no answer by the deadline: broke %d, want the wall limit", broke)
	}
}

// TestCaseFrameStall: a CASE frame's last field is the harness's count of
// the case's stall; a frame without it says none.
func TestCaseFrameStall(t *testing.T) {
	var p encoder
	p.int(0)
	p.int(kindReturn)
	p.int(0)
	p.int(limitNone)
	p.int(0)
	p.long(int64(time.Second))
	p.bytes([]byte("out"))
	p.bytes(nil)
	p.long(int64(300 * time.Millisecond))
	if f, n := cutFrame(harnessMarker, harnessFrame(frameCase, p.Bytes())); n <= 0 || f.Stall != 300*time.Millisecond || string(f.Out) != "out" {
		t.Errorf("a frame with its stall: %+v, %d", f, n)
	}
	if f, n := cutFrame(harnessMarker, caseFrame(0, "out")); n <= 0 || f.Stall != 0 {
		t.Errorf("a frame without: %+v, %d", f, n)
	}
}

// TestEnforceHarnessWall: a case the harness stopped at its wall limit,
// which the grader's measure (the box's stall left out) has not reached,
// runs cold; one the grader's measure confirms keeps its limit warm.
func TestEnforceHarnessWall(t *testing.T) {
	stopped := frame{Type: frameCase, Kind: kindLimit, Limit: limitWall, Code: -1, Flags: flagHalt}
	f := stopped
	enforce(&f, 0, time.Second, limitNone)
	if _, ok := execution(f); ok {
		t.Errorf("the harness's wall limit, not the grader's: %+v taken warm", f)
	}
	f = stopped
	enforce(&f, 0, 3*time.Second, limitWall)
	if ex, ok := execution(f); !ok || ex.Limit != grader.Wall {
		t.Errorf("the wall limit, by both: %+v, %v; want it warm", ex, ok)
	}
}

// TestHarnessStallCap: the harness ends a case at the sandbox's StallCap
// times its wall limit, as the grader does.
func TestHarnessStallCap(t *testing.T) {
	src, err := javaSources.ReadFile("java/Harness.java")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("STALL_CAP = %d;", sandbox.StallCap); !strings.Contains(string(src), want) {
		t.Errorf("Harness.java has no %q", want)
	}
}

// TestCrowdedCaseInTime runs warm, beside spinners that crowd every core
// (a seventh of a core or less for the JVM), a case that needs 0.4 s of
// CPU time under a wall limit of 2 s (crowded, it takes 2.8 s or more by
// the clock), and one that works a fifth of the time and sleeps the rest,
// forever. The first passes: the time the JVM waited for a core is left
// out of its wall time, warm as cold; the second still ends at its wall
// limit (Timeout). The submission is compiled before the spinners start.
func TestCrowdedCaseInTime(t *testing.T) {
	requireJDK(t)
	r := loadRubric(t, "testdata/eq/rubric.toml")
	crowded := *r
	crowded.Limits.Wall, crowded.Limits.CPU = 2*time.Second, 10*time.Second
	src := `import java.lang.management.ManagementFactory;

public class EightQueen {
    public static void main(String[] args) throws Exception {
        var mx = ManagementFactory.getThreadMXBean();
        long x = 0;
        if (args[0].equals("spin")) {
            for (long end = mx.getCurrentThreadCpuTime() + 400_000_000L; mx.getCurrentThreadCpuTime() < end; ) {
                x++;
            }
        } else {
            while (true) {
                for (long end = mx.getCurrentThreadCpuTime() + 5_000_000L; mx.getCurrentThreadCpuTime() < end; ) {
                    x++;
                }
                Thread.sleep(20);
            }
        }
        System.out.println(args[0] + (x == -1 ? "!" : ""));
    }
}
`
	files := []submission.File{{Name: "EightQueen.java", Data: []byte(src)}}
	inputs := []Input{args("spin"), args("nap")}
	w, err := New(&crowded, inputs, Options{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	w.mode = modeLetObserve // it paces itself by its CPU time, which would send it cold
	ctx := context.Background()
	if err := w.Prepare(ctx, [][]submission.File{files}, sandbox.Hooks{}); err != nil {
		t.Fatal(err)
	}
	testenv.Crowd(t)
	b, err := w.Build(ctx, files, sandbox.Hooks{})
	if err != nil || !b.OK {
		t.Fatalf("build: %v %s", err, b.Log)
	}
	defer b.Program.Close()
	p := b.Program.(*Program)
	for i, want := range []grader.Limit{grader.None, grader.Wall} {
		in := inputs[i]
		o := p.results[i]
		t.Logf("%s: warm answer %v (%v of wall time, limit %q, rerun cold if not); %d near a limit", in.Args[0], o.done, o.ex.Time, o.ex.Limit, w.stats.Near.Load())
		if o.done && o.ex.Limit != want {
			t.Errorf("%s: warm answer at limit %q, want %q (%v of wall time)", in.Args[0], o.ex.Limit, want, o.ex.Time)
		}
		ex, err := p.Run(ctx, grader.Input{Args: in.Args})
		if err != nil {
			t.Fatal(err)
		}
		if ex.Limit != want || want == grader.None && string(ex.Stdout) != "spin\n" {
			t.Errorf("%s: limit %q, stdout %q, after %v; want limit %q", in.Args[0], ex.Limit, ex.Stdout, ex.Time, want)
		}
	}
}
