package warm

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
	"github.com/cs540-tools/autograder/sandbox"
	"github.com/rogpeppe/go-internal/txtar"
)

// gradeBoth grades the submissions of dir/submissions.txtar (a folder per
// id) under dir/rubric.toml, once warm and once cold, each in one batch.
func gradeBoth(t *testing.T, dir string) (warm, cold map[string]grader.Result, stats *Stats) {
	t.Helper()
	requireJDK(t)
	a, err := grader.LoadAssignment(dir+"/rubric.toml", oracle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	ar, err := txtar.ParseFile(dir + "/submissions.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var subs []submission.Submission
	for _, f := range ar.Files {
		id, name, _ := strings.Cut(f.Name, "/")
		if len(subs) == 0 || subs[len(subs)-1].ID != id {
			subs = append(subs, submission.Submission{ID: id})
		}
		s := &subs[len(subs)-1]
		s.Files = append(s.Files, submission.File{Name: name, Data: f.Data})
	}
	ctx := context.Background()
	w, err := New(a.Rubric, Inputs(a, ""), Options{CacheDir: cacheDir, SpotCheck: a.Rubric.Build.SpotCheck})
	if err != nil {
		t.Fatal(err)
	}
	// These attackers must observe the harness (its thread, its group) to
	// stop its watch, which would send them cold: let them, to test the
	// grader's watch outside the box.
	w.mode = modeLetObserve
	jobs := runtime.NumCPU()
	wr, err := (&grader.Batch{Assignment: a, Runner: w, Jobs: jobs}).Run(ctx, subs)
	if err != nil {
		t.Fatal(err)
	}
	cr, err := (&grader.Batch{Assignment: a, Runner: runner.New(a.Rubric), Jobs: jobs}).Run(ctx, subs)
	if err != nil {
		t.Fatal(err)
	}
	warm, cold = map[string]grader.Result{}, map[string]grader.Result{}
	for i := range wr {
		warm[wr[i].ID], cold[cr[i].ID] = wr[i], cr[i]
	}
	return warm, cold, &w.stats
}

// TestBlockedWatch grades programs that stop the harness's own watch (they
// hold a monitor it waits on) and overrun their CPU or wall limit, warm and
// cold, beside a correct program: every case of theirs ends at a limit
// (Timeout) both ways, never a pass, and warm without a cold rerun: the
// grader's watch outside the box did it. The correct program keeps full
// marks.
func TestBlockedWatch(t *testing.T) {
	warm, cold, stats := gradeBoth(t, "testdata/limits")
	for _, id := range []string{"correct", "blockjoin", "blockgroup", "exiter", "pool", "late", "sleeper"} {
		t.Run(id, func(t *testing.T) {
			w, c := warm[id], cold[id]
			t.Logf("warm %v, cold %v; warm flags %q", w.Score, c.Score, w.Flags)
			if w.Status != grader.Graded || c.Status != grader.Graded {
				t.Fatalf("status warm %q, cold %q; notes %q", w.Status, c.Status, w.Notes)
			}
			if len(w.Cases) != len(c.Cases) {
				t.Fatalf("%d cases warm, %d cold", len(w.Cases), len(c.Cases))
			}
			// Warm all through: the limits held from outside the box, not
			// by a cold rerun.
			if len(w.Flags) > 0 {
				t.Errorf("flags %q; want it all warm", w.Flags)
			}
			want := grader.Timeout
			if id == "correct" {
				want = grader.Pass
			}
			for i, wc := range w.Cases {
				cc := c.Cases[i]
				if wc.Verdict != want || cc.Verdict != want {
					t.Errorf("case %s: warm %s (limit %v), cold %s (limit %v); want %s", wc.ID, wc.Verdict, wc.Limit, cc.Verdict, cc.Limit, want)
				}
			}
		})
	}
	t.Logf("warm runner: %d runs warm, %d cold, %d JVMs", stats.WarmCases.Load(), stats.ColdCases.Load(), stats.JVMs.Load())
}

// fakeMeter is a box's CPU time as a test sets it.
type fakeMeter struct {
	mu   sync.Mutex
	used time.Duration
	gone bool
}

func (m *fakeMeter) cpu() (time.Duration, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.used, !m.gone
}

func (m *fakeMeter) add(d time.Duration) {
	m.mu.Lock()
	m.used += d
	m.mu.Unlock()
}

// TestWatch: a case's CPU time is the box's from its request to its end;
// over the limit and its grace, the watch kills the box; over the limit
// alone, the case ends at it; between cases, nothing counts.
func TestWatch(t *testing.T) {
	m := &fakeMeter{used: 3 * time.Second}
	kills := 0
	w := newWatch(m.cpu, limits{CPU: time.Second, Wall: time.Hour}, func() { kills++ })

	w.start()
	m.add(900 * time.Millisecond)
	if cpu, _, broke := w.end(); cpu != 900*time.Millisecond || broke != limitNone {
		t.Errorf("within the limit: cpu %v, broke %d", cpu, broke)
	}
	m.add(time.Minute) // between cases
	used, _ := m.cpu()
	if w.overran(used) {
		t.Error("the watch counts the time between cases")
	}

	w.start()
	m.add(1200 * time.Millisecond)
	used, _ = m.cpu()
	if w.overran(used) {
		t.Error("killed within the grace")
	}
	if cpu, _, broke := w.end(); cpu != 1200*time.Millisecond || broke != limitCPU {
		t.Errorf("past the limit: cpu %v, broke %d; want the CPU limit", cpu, broke)
	}

	w.start()
	m.add(2 * time.Second)
	used, _ = m.cpu()
	if !w.overran(used) {
		t.Error("not killed past the limit and its grace")
	}
	m.gone = true // killed: the box is gone, its last reading stands
	if _, _, broke := w.end(); broke != limitCPU {
		t.Errorf("killed case: broke %d; want the CPU limit", broke)
	}
	if w.start() {
		t.Error("a case started in a box that is gone")
	}

	w = newWatch((&fakeMeter{}).cpu, limits{CPU: time.Second, Wall: 0}, func() {})
	w.start()
	if _, _, broke := w.end(); broke != limitWall {
		t.Errorf("past the wall limit: broke %d", broke)
	}
}

// TestEnforce: an answer past its limit ends at it and leaves its JVM,
// whatever the harness said; one within its limits keeps what it said,
// with the grader's wall time; a fallback still runs cold.
func TestEnforce(t *testing.T) {
	ok := frame{Type: frameCase, Index: 2, Kind: kindReturn, Flags: flagRerun | flagOutTrunc, Wall: time.Millisecond, Out: []byte("x")}
	f := ok
	enforce(&f, 0, time.Second, limitNone)
	if f.Kind != kindReturn || f.Flags != ok.Flags || f.Wall != time.Second {
		t.Errorf("within its limits: %+v", f)
	}
	for _, broke := range []int{limitCPU, limitWall} {
		f := ok
		enforce(&f, 0, time.Second, broke)
		if f.Kind != kindLimit || f.Limit != broke || f.Code != -1 || f.Flags != flagOutTrunc|flagHalt || string(f.Out) != "x" {
			t.Errorf("broke %d: %+v", broke, f)
		}
		if ex, done := execution(f); !done || !timeout(ex) {
			t.Errorf("broke %d: execution %+v, %v; want a timeout", broke, ex, done)
		}
		if ex, done := execution(overrun(3, time.Second, broke)); !done || !timeout(ex) {
			t.Errorf("overrun %d: execution %+v, %v; want a timeout", broke, ex, done)
		}
	}
	fb := frame{Type: frameFallback, Index: 2, Reason: "starts a thread"}
	f = fb
	enforce(&f, 0, time.Second, limitCPU)
	if f.Type != frameFallback || f.Reason != fb.Reason {
		t.Errorf("fallback: %+v", f)
	}
}

// TestWatchLife: a box's life (limits.Life) counts its CPU time from its
// start, all cases together. A case after the box's first that ends with
// the box past it has no answer (pastLife), unless it ran into a limit;
// the box's first case has its own limits alone; a box past its life
// starts no case; the life kills nothing itself.
func TestWatchLife(t *testing.T) {
	l := limits{CPU: 500 * time.Millisecond, Wall: time.Hour, Life: time.Second}
	m := &fakeMeter{used: 300 * time.Millisecond} // the JVM's start
	w := newWatch(m.cpu, l, func() { t.Error("killed") })
	for i := 0; i < 2; i++ { // two cases of 0.3 s: 0.9 s in all
		if !w.start() {
			t.Fatalf("case %d not started", i)
		}
		m.add(300 * time.Millisecond)
		if _, _, broke := w.end(); broke != limitNone || w.pastLife() {
			t.Errorf("case %d within the box's life: broke %d, past its life %v", i, broke, w.pastLife())
		}
	}
	w.start()
	m.add(200 * time.Millisecond) // 1.1 s: past the life, within the case's limit
	used, _ := m.cpu()
	if w.overran(used) {
		t.Error("overran: the life kills nothing")
	}
	_, _, broke := w.end()
	if !w.pastLife() || keptPastLife(frame{Type: frameCase, Kind: kindReturn}, true, broke) {
		t.Errorf("past the box's life: broke %d, past its life %v; want no answer", broke, w.pastLife())
	}
	if !keptPastLife(frame{Type: frameCase, Kind: kindLimit, Limit: limitCPU}, true, broke) || !keptPastLife(frame{}, false, limitWall) {
		t.Error("a case that ran into a limit past the box's life lost its answer")
	}
	if w.start() {
		t.Error("a case started in a box past its life")
	}
	if !w.lifeSpent() {
		t.Error("lifeSpent: false past the box's life")
	}

	m = &fakeMeter{used: 600 * time.Millisecond}
	w = newWatch(m.cpu, l, func() {})
	w.start()
	m.add(450 * time.Millisecond) // the box's first case: 1.05 s in all
	if _, _, broke := w.end(); broke != limitNone || w.pastLife() {
		t.Errorf("the box's first case: broke %d, past its life %v; want neither (its own limits alone)", broke, w.pastLife())
	}
	if w.start() || !w.lifeSpent() {
		t.Error("a second case started in a box its first case took past its life")
	}

	m = &fakeMeter{}
	w = newWatch(m.cpu, l, func() {})
	w.start()
	w.end()
	w.start()
	m.add(1200 * time.Millisecond) // past both: the case's own limit is its verdict
	if _, _, broke := w.end(); broke != limitCPU || !keptPastLife(frame{}, false, broke) {
		t.Errorf("past its own limit and the box's life: broke %d, want limitCPU, kept", broke)
	}

	m = &fakeMeter{used: time.Hour}
	w = newWatch(m.cpu, limits{CPU: time.Second, Wall: time.Hour}, func() {})
	if !w.start() {
		t.Error("no life (0): a box that used an hour refused a case")
	}
}

// TestNearLimit: a warm answer that reached no limit but came within a
// quarter of one (and at least half a second of CPU time, a second of wall
// time) is not taken; one that reached a limit is, and so is one far from
// both.
func TestNearLimit(t *testing.T) {
	l := limits{CPU: 500 * time.Millisecond, Life: 2 * time.Second, Wall: 10 * time.Second}
	for _, tc := range []struct {
		f    frame
		near bool
	}{
		{frame{Type: frameCase, Kind: kindReturn, CPU: 100 * time.Millisecond, Wall: time.Second}, false},
		{frame{Type: frameCase, Kind: kindReturn, CPU: 1400 * time.Millisecond, Wall: time.Second}, false},
		{frame{Type: frameCase, Kind: kindReturn, CPU: 1600 * time.Millisecond, Wall: time.Second}, true},
		{frame{Type: frameCase, Kind: kindExit, Wall: 7400 * time.Millisecond}, false},
		{frame{Type: frameCase, Kind: kindExit, Wall: 9900 * time.Millisecond}, true},
		{frame{Type: frameCase, Kind: kindThrow, Wall: 7600 * time.Millisecond}, true},
		{frame{Type: frameCase, Kind: kindLimit, Limit: limitWall, Wall: 10 * time.Second}, false},
		{frame{Type: frameFallback, Wall: 9900 * time.Millisecond}, false},
	} {
		if got := nearLimit(tc.f, l); got != tc.near {
			t.Errorf("%+v: near %v, want %v", tc.f, got, tc.near)
		}
	}
	if m := nearMargin(time.Second, 500*time.Millisecond); m != 500*time.Millisecond {
		t.Errorf("margin of 1s: %v", m)
	}
}

// TestNearLimitRunsCold runs warm a program that spends most of its wall
// limit (4 s: it works a sixth of the time, by its own CPU time, and
// sleeps the rest, 3.7 s in all as a wall limit counts it, which leaves
// out the time it waited for a core) and one that spends most
// of its CPU limit (2 s: 1.6 s of its thread's CPU time), without the
// hand-off. A cold run adds its JVM's start to both, so neither warm
// answer is taken: each case ran cold, or reached its limit warm (as it
// does cold, a fortiori). A program far from both stays warm.
func TestNearLimitRunsCold(t *testing.T) {
	requireJDK(t)
	r := loadRubric(t, "testdata/eq/rubric.toml")
	short := *r
	short.Limits.Wall = 2 * time.Second
	src := `import java.lang.management.ManagementFactory;

public class EightQueen {
    public static void main(String[] args) throws Exception {
        long x = 0;
        var mx = ManagementFactory.getThreadMXBean();
        switch (args[0]) {
            case "wall":
                for (int i = 0; i < 123; i++) {
                    for (long busy = mx.getCurrentThreadCpuTime() + 5_000_000L; mx.getCurrentThreadCpuTime() < busy; ) {
                        x++;
                    }
                    Thread.sleep(25);
                }
                break;
            case "cpu":
                for (long end = mx.getCurrentThreadCpuTime() + 1_600_000_000L; mx.getCurrentThreadCpuTime() < end; ) {
                    x++;
                }
                break;
            default:
        }
        System.out.println(args[0] + (x == -1 ? "!" : ""));
    }
}
`
	inputs := []Input{args("far"), args("wall"), args("cpu"), args("far")}
	w, err := New(&short, inputs, Options{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	w.mode = modeLetObserve // it paces itself by its CPU time, which would send it cold
	b, err := w.Build(context.Background(), []submission.File{{Name: "EightQueen.java", Data: []byte(src)}}, sandbox.Hooks{})
	if err != nil || !b.OK {
		t.Fatalf("build: %v %s", err, b.Log)
	}
	defer b.Program.Close()
	p := b.Program.(*Program)
	for i, in := range inputs {
		o := p.results[i]
		switch {
		case in.Args[0] == "far" && !o.done:
			t.Errorf("case %d %q: not answered warm", i, in.Args)
		case in.Args[0] != "far" && o.done && !timeout(o.ex):
			t.Errorf("case %d %q: warm answer taken (%+v), %v of wall time; want it run cold", i, in.Args, o.ex, o.ex.Time)
		}
	}
	t.Logf("%d near a limit, flags %q", w.stats.Near.Load(), p.Flags())
}

// TestAwaitReady: a harness's start is bounded by the CPU time its box
// uses, not by the clock: a first frame that comes after several polls
// (a start slowed by a loaded machine) is taken, and a box that has used
// startCPU without one, or has ended, is given up.
func TestAwaitReady(t *testing.T) {
	m := &fakeMeter{}
	s := newSink()
	go func() {
		time.Sleep(1500 * time.Millisecond) // more than one poll of awaitReady
		s.Write(harnessFrame(frameReady, make([]byte, 16)))
	}()
	if f, ok := awaitReady(s, m.cpu); !ok || f.Type != frameReady {
		t.Errorf("a slow start: %+v, %v; want its READY", f, ok)
	}
	m.add(startCPU + time.Millisecond)
	if f, ok := awaitReady(newSink(), m.cpu); ok {
		t.Errorf("a start past its CPU time: %+v taken", f)
	}
	s = newSink()
	s.close()
	if f, ok := awaitReady(s, (&fakeMeter{}).cpu); ok {
		t.Errorf("a box that ended: %+v taken", f)
	}
}
