package relay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// The fake programs: the test binary re-run with programEnv naming one of
// these, as os/exec's own tests do.
const programEnv = "RELAY_TEST_PROGRAM"

func TestMain(m *testing.M) {
	switch os.Getenv(programEnv) {
	case "testside":
		os.Exit(testSide(os.Args[1:]))
	case "student":
		os.Exit(studentSide())
	case "badtest":
		os.Stdout.Write([]byte{0, 0, 0, 2, 'Q', '!'})
		os.Exit(0)
	case "hog":
		os.Exit(hog())
	}
	os.Exit(m.Run())
}

func readFrame(r io.Reader) ([]byte, error) {
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return nil, err
	}
	b := make([]byte, binary.BigEndian.Uint32(n[:]))
	_, err := io.ReadFull(r, b)
	return b, err
}

func writeFrame(w io.Writer, p []byte) {
	w.Write(frame(p))
}

// testSide plays a test side: each argument is "test:ID", "reset",
// "done" or "call:JSON" (sent on 'S', its answer written to stderr as
// "ID: <channel> <rest>").
func testSide(steps []string) int {
	in := bufio.NewReader(os.Stdin)
	id := ""
	for _, s := range steps {
		op, arg, _ := strings.Cut(s, ":")
		switch op {
		case "test":
			id = arg
			b, _ := json.Marshal(map[string]string{"op": "test", "id": arg})
			writeFrame(os.Stdout, append([]byte("G"), b...))
		case "reset", "done":
			writeFrame(os.Stdout, []byte(`G{"op":"`+op+`"}`))
		case "bench": // arg calls, the median round trip written
			n, _ := strconv.Atoi(arg)
			times := make([]time.Duration, n)
			for i := range times {
				start := time.Now()
				writeFrame(os.Stdout, []byte(`S{"do":"nop"}`))
				if _, err := readFrame(in); err != nil {
					return 2
				}
				times[i] = time.Since(start)
			}
			slices.Sort(times)
			fmt.Fprintf(os.Stderr, "median %d\n", times[n/2].Nanoseconds())
		case "pingpong": // a call answered by callbacks, each answered by a
			// call, forever; arg "BURN:PAUSE", ms of CPU burned and ms
			// slept for each callback. The end (an 'X') is written as a
			// call's.
			b, z, _ := strings.Cut(arg, ":")
			ms, _ := strconv.Atoi(b)
			pause, _ := strconv.Atoi(z)
			for {
				writeFrame(os.Stdout, []byte(`S{"do":"ping"}`))
				p, err := readFrame(in)
				if err != nil {
					return 2
				}
				if p[0] != 'S' {
					fmt.Fprintf(os.Stderr, "%s: %c %s\n", id, p[0], p[1:])
					break
				}
				burn(time.Duration(ms) * time.Millisecond)
				time.Sleep(time.Duration(pause) * time.Millisecond)
			}
		case "nest": // arg calls, each answered by a callback (nested), then "nested"
			n, _ := strconv.Atoi(arg)
			for i := 0; i < n; i++ {
				writeFrame(os.Stdout, []byte(`S{"do":"ping"}`))
				if _, err := readFrame(in); err != nil {
					return 2
				}
			}
			writeFrame(os.Stdout, []byte(fmt.Sprintf(`G{"op":"nested","depth":%d}`, max(n, 1))))
			p, err := readFrame(in)
			if err != nil {
				return 2
			}
			fmt.Fprintf(os.Stderr, "%s: %c %s\n", id, p[0], p[1:])
		case "control": // a control frame as given
			writeFrame(os.Stdout, append([]byte("G"), arg...))
		case "sleep": // arg ms
			ms, _ := strconv.Atoi(arg)
			time.Sleep(time.Duration(ms) * time.Millisecond)
		case "send": // a call whose answer is not waited for
			writeFrame(os.Stdout, append([]byte("S"), arg...))
		case "stall": // reads nothing more, ever
			time.Sleep(time.Hour)
		case "skip": // a call whose first answer is skipped as a forgery ("waiting"), the next one written
			writeFrame(os.Stdout, append([]byte("S"), arg...))
			if _, err := readFrame(in); err != nil {
				return 2
			}
			writeFrame(os.Stdout, []byte(`G{"op":"waiting"}`))
			p, err := readFrame(in)
			if err != nil {
				return 2
			}
			fmt.Fprintf(os.Stderr, "%s: %c %s\n", id, p[0], p[1:])
		case "call":
			writeFrame(os.Stdout, append([]byte("S"), arg...))
			p, err := readFrame(in)
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", id, err)
				return 2
			}
			if len(p) > 200 { // a flood's frame: its start is enough
				p = p[:200]
			}
			fmt.Fprintf(os.Stderr, "%s: %c %s\n", id, p[0], p[1:])
		}
	}
	return 0
}

// studentSide answers calls {"do":WHAT}: "echo" answers the number of
// calls this process has had; the others misbehave as named.
func studentSide() int {
	in := bufio.NewReader(os.Stdin)
	calls, _ := strconv.Atoi(os.Getenv("RELAY_TEST_CALLS")) // an implementation that answers otherwise
	for {
		p, err := readFrame(in)
		if err != nil {
			return 0
		}
		calls++
		var c struct {
			Do string `json:"do"`
			N  int    `json:"n"`
		}
		json.Unmarshal(p[1:], &c)
		switch c.Do {
		case "exit":
			os.Exit(1)
		case "kill":
			p, _ := os.FindProcess(os.Getpid())
			p.Kill()
		case "spin":
			for {
			}
		case "sleep":
			time.Sleep(time.Hour)
		case "flood":
			line := []byte(strings.Repeat("x", 1023) + "\n")
			for {
				os.Stderr.Write(line)
			}
		case "print": // n lines, then the answer
			w := bufio.NewWriter(os.Stderr)
			for i := 0; i < c.N; i++ {
				fmt.Fprintf(w, "debug line %d\n", i)
			}
			w.Flush()
		case "badlength":
			os.Stdout.Write([]byte{0xff, 0xff, 0xff, 0xff})
			continue
		case "notjson":
			writeFrame(os.Stdout, []byte("Snot json"))
			continue
		case "spam": // answers far more than asked, without end
			big := append([]byte(`S"`), bytes.Repeat([]byte("x"), 1<<20)...)
			big = append(big, '"')
			for {
				writeFrame(os.Stdout, big)
			}
		case "channel":
			writeFrame(os.Stdout, []byte("X{}"))
			continue
		case "hogchild": // a child that uses memory without end (hog), waited for, then the answer
			exe, _ := os.Executable()
			cmd := exec.Command(exe)
			cmd.Env = []string{programEnv + "=hog"}
			cmd.Run()
		case "daemon": // a child that outlives the answer
			cmd := exec.Command("/bin/sleep", "1000")
			cmd.Start()
		case "exitafter": // answers, then ends
			writeFrame(os.Stdout, []byte(fmt.Sprintf(`S{"calls":%d}`, calls)))
			os.Exit(3)
		case "burn": // n ms of CPU, then the answer
			burn(time.Duration(c.N) * time.Millisecond)
		case "work": // n ms of this process's CPU time, however long that takes
			work(time.Duration(c.N) * time.Millisecond)
		case "forge": // an answer to no call, then nothing
			writeFrame(os.Stdout, []byte(`S{"seq":"guessed","re":1}`))
			time.Sleep(time.Hour)
		case "ping": // a callback, never an answer
			writeFrame(os.Stdout, []byte(`S{"callback":1}`))
			continue
		}
		if c.Do != "nop" {
			fmt.Fprintf(os.Stderr, "call %d\n", calls)
		}
		writeFrame(os.Stdout, []byte(fmt.Sprintf(`S{"calls":%d}`, calls)))
	}
}

// hog touches memory, 16 MiB at a time, up to 4 GiB: far past any
// limit a test gives its box.
func hog() int {
	var kept [][]byte
	for i := 0; i < 256; i++ {
		b := make([]byte, 16<<20)
		for j := 0; j < len(b); j += 4096 {
			b[j] = 1
		}
		kept = append(kept, b)
	}
	return len(kept) & 0
}

// burn uses about d of CPU time.
func burn(d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
	}
}

// work uses d of the process's CPU time.
func work(d time.Duration) {
	for {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		if time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) >= d {
			return
		}
		for i := 0; i < 1e5; i++ {
		}
	}
}

// TestCrowdedTestInTime: a test whose call needs 0.3 s of CPU time, under
// a wall limit of 1.5 s a test, on a machine crowded to a seventh of a
// core for it, ends in time: the time its boxes waited for a core is not
// counted, as a box's own wall limit leaves it out. A call that sleeps
// on that machine still ends at the test's wall limit.
func TestCrowdedTestInTime(t *testing.T) {
	if !sandbox.Detect().Metered() {
		t.Skip("this machine's sandbox tier has no meter")
	}
	testenv.Crowd(t)
	l := Limits{CPU: 60 * time.Second, Wall: 1500 * time.Millisecond, Printed: 1 << 20, Keep: 256}
	res, lines := run(t, l, "test:a", `call:{"do":"work","n":300}`, "test:b", `call:{"do":"sleep"}`, "done")
	if d := res.Tests[0].Died; d != nil || len(lines) < 1 || lines[0] != `a: S {"calls":1}` {
		t.Errorf("a crowded test needing 0.3 s of CPU time: died %+v, the test side got %q", d, lines)
	}
	if d := res.Tests[1].Died; d == nil || d.Limit != "wall" {
		t.Errorf("a crowded test that sleeps: died %+v, want at the wall limit", d)
	}
}

// TestOOMKilledChild: a test in which a child of the student's process
// goes past the box's memory limit fails at the memory limit, though the
// process itself answers (the kernel kills the child alone) or, where no
// cgroup counts the kill, the whole box is stopped; the next test is
// graded as it goes.
func TestOOMKilledChild(t *testing.T) {
	if !sandbox.Detect().Metered() {
		t.Skip("this machine's sandbox tier has no meter")
	}
	student := fake(t, "student")
	student.Limits.Memory = 256 << 20
	res, err := Run(context.Background(), Config{
		Test:    fake(t, "testside", "test:a", `call:{"do":"hogchild"}`, "test:b", `call:{"do":"echo"}`, "done"),
		Student: func() sandbox.Spec { return student },
		PerTest: generous,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tests) != 2 {
		t.Fatalf("tests %+v", res.Tests)
	}
	if d := res.Tests[0].Died; d == nil || d.Limit != "memory" {
		t.Errorf("a test whose child went past the memory limit: died %+v, want at the memory limit", d)
	}
	if d := res.Tests[1].Died; d != nil {
		t.Errorf("the next test: died %+v", d)
	}
}

func fake(t testing.TB, name string, args ...string) sandbox.Spec {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return sandbox.Spec{Path: exe, Args: args, Env: []string{programEnv + "=" + name, "GORACE=atexit_sleep_ms=0"},
		Limits: sandbox.Limits{Wall: 5 * time.Minute, CPU: 5 * time.Minute}}
}

// generous are per-test limits far above what any step needs.
var generous = Limits{CPU: 60 * time.Second, Wall: 120 * time.Second, Printed: 8 << 20, Keep: 256}

func run(t *testing.T, l Limits, steps ...string) (Result, []string) {
	t.Helper()
	res, err := Run(context.Background(), Config{
		Test:    fake(t, "testside", steps...),
		Student: func() sandbox.Spec { return fake(t, "student") },
		PerTest: l,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Test.ExitCode != 0 {
		t.Fatalf("test side ended %d %s: %s", res.Test.ExitCode, res.Test.Signal, res.Test.Stderr)
	}
	return res, strings.Split(strings.TrimSpace(string(res.Test.Stderr)), "\n")
}

func TestForwarding(t *testing.T) {
	res, lines := run(t, generous, "test:a", `call:{"do":"echo"}`, `call:{"do":"echo"}`, "test:b", `call:{"do":"echo"}`,
		"reset", "test:c", `call:{"do":"echo"}`, "done")
	want := []string{`a: S {"calls":1}`, `a: S {"calls":2}`, `b: S {"calls":3}`, `c: S {"calls":1}`}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("test side got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if res.Students != 2 {
		t.Errorf("%d student boxes, want 2", res.Students)
	}
	var ids []string
	for _, tt := range res.Tests {
		ids = append(ids, tt.ID+"="+strings.TrimSpace(tt.Printed))
		if tt.Died != nil {
			t.Errorf("test %s: died %+v", tt.ID, tt.Died)
		}
	}
	if got := strings.Join(ids, ","); got != "a=call 1\ncall 2,b=call 3,c=call 1" {
		t.Errorf("tests %q", got)
	}
	if !res.Done {
		t.Error("the test side said done; Result.Done is false")
	}
	if res, _ := run(t, generous, "test:a", `call:{"do":"echo"}`, "reset"); res.Done {
		t.Error("the test side never said done; Result.Done is true")
	}
}

// TestRestart: a call whose box ends or is stopped is answered 'X' with
// why, the test is marked, and the next call starts a fresh box.
func TestRestart(t *testing.T) {
	// Each limit far below the others, so that which one stops a box never
	// depends on the machine's load.
	// The wall limit also bounds the next test, whose fresh box must start
	// within it on a loaded machine: 5 s.
	cpu, wall := generous, generous
	cpu.CPU, wall.Wall = time.Second, 5*time.Second
	tight := generous
	tight.Printed = 1 << 20
	for _, tc := range []struct {
		do, limit, why string
	}{
		{`{"do":"exit"}`, "", "exit status 1"},
		{`{"do":"kill"}`, "", "killed by a signal"},
		{`{"do":"spin"}`, "cpu", "CPU time limit"},
		{`{"do":"sleep"}`, "wall", "time limit"},
		{`{"do":"flood"}`, "output", "printed more than"},
		{`{"do":"badlength"}`, "", "broke the bridge protocol"},
		{`{"do":"notjson"}`, "", "broke the bridge protocol"},
		{`{"do":"channel"}`, "", "broke the bridge protocol"},
	} {
		t.Run(tc.do, func(t *testing.T) {
			t.Parallel()
			l := tight
			switch tc.limit {
			case "cpu":
				l = cpu
			case "wall":
				l = wall
			}
			res, lines := run(t, l, "test:a", `call:{"do":"echo"}`, "call:"+tc.do, "test:b", `call:{"do":"echo"}`, "done")
			if len(lines) != 3 || lines[0] != `a: S {"calls":1}` || !strings.HasPrefix(lines[1], "a: X ") || lines[2] != `b: S {"calls":1}` {
				t.Fatalf("test side got %q", lines)
			}
			var d Died
			if err := json.Unmarshal([]byte(strings.TrimPrefix(lines[1], "a: X ")), &d); err != nil {
				t.Fatal(err)
			}
			if d.Limit != tc.limit || !strings.Contains(d.Why, tc.why) {
				t.Errorf("X %+v, want limit %q why ~ %q", d, tc.limit, tc.why)
			}
			if res.Tests[0].Died == nil || *res.Tests[0].Died != d || res.Tests[1].Died != nil {
				t.Errorf("tests %+v", res.Tests)
			}
			if len(res.Tests[0].Printed) > 4*tight.Keep {
				t.Errorf("kept %d bytes of what test a printed", len(res.Tests[0].Printed))
			}
		})
	}
}

// TestPingPong: a test whose call the student answers with a callback,
// whose answer is another call, and so on without end (neither side waits
// long for the other), is stopped at the test's own wall limit, or at its
// CPU limit when the test side's callbacks are what burns CPU; the test is
// marked with it, and the next test gets a fresh box. The wall limit is
// small: the next test (a fresh box, one call) needs a small part of it,
// 25 to 82 ms of wall time, its waits for a core included, under -race at
// a load of 27 on two cores (it passed at 1 s at a load of 80). The wall
// case's test side pauses 10 ms after each callback: a ping-pong that
// never paused would keep both boxes and the relay waking each other, and
// on a crowded machine their waits for a core, which the wall limit leaves
// out, would be most of its time, so it would run to StallCap times the
// limit (30 s, some 24 s of CPU time under -race); paced, it ends near the
// limit, and the pauses count, as any wait for the other side does.
func TestPingPong(t *testing.T) {
	for _, tc := range []struct {
		name, pingpong, limit string
		l                     Limits
	}{
		{"wall", "0:10", "wall", Limits{CPU: 600 * time.Second, Wall: time.Second, Printed: 1 << 20, Keep: 256}},
		{"cpu", "20:0", "cpu", Limits{CPU: time.Second, Wall: 600 * time.Second, Printed: 1 << 20, Keep: 256}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.limit == "cpu" && !sandbox.Detect().Metered() {
				t.Skip("this machine's sandbox tier has no CPU meter")
			}
			res, lines := run(t, tc.l, "test:a", "pingpong:"+tc.pingpong, "test:b", `call:{"do":"echo"}`, "done")
			if len(lines) != 2 || !strings.HasPrefix(lines[0], "a: X ") || lines[1] != `b: S {"calls":1}` {
				t.Fatalf("test side got %q", lines)
			}
			if d := res.Tests[0].Died; d == nil || d.Limit != tc.limit || res.Tests[1].Died != nil {
				t.Errorf("tests %+v", res.Tests)
			}
			if res.Students != 2 {
				t.Errorf("%d student boxes, want 2", res.Students)
			}
		})
	}
}

// TestNested: a test side that finds its calls to the student nested past
// its bound says so ("nested", with the bound), and waits: the student's
// box is stopped at once (long before the generous limits), the wait is
// answered 'X' with the depth, which is the test's death, and the next
// test gets a fresh box; said with no box live, the 'X' comes at once. A
// depth out of range is the test side's broken protocol.
func TestNested(t *testing.T) {
	res, lines := run(t, generous, "test:a", "nest:5", "test:b", `call:{"do":"echo"}`, "reset", "test:c", "nest:0", "done")
	want := "calls between the test and your code nested more than 5 deep"
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "a: X ") || !strings.Contains(lines[0], want) ||
		lines[1] != `b: S {"calls":1}` || !strings.HasPrefix(lines[2], "c: X ") {
		t.Fatalf("test side got %q", lines)
	}
	if d := res.Tests[0].Died; d == nil || d.Why != want || d.Limit != "" || res.Tests[1].Died != nil {
		t.Errorf("tests %+v", res.Tests)
	}
	if d := res.Tests[2].Died; d == nil || d.Why != "calls between the test and your code nested more than 1 deep" {
		t.Errorf("test c: %+v", d)
	}
	if res.Students != 2 {
		t.Errorf("%d student boxes, want 2", res.Students)
	}
	for _, bad := range []string{`{"op":"nested"}`, `{"op":"nested","depth":-3}`, `{"op":"nested","depth":1e9}`, `{"op":"nested","depth":"5"}`} {
		_, err := Run(context.Background(), Config{Test: fake(t, "testside", "test:a", "control:"+bad, "done"),
			Student: func() sandbox.Spec { return fake(t, "student") }, PerTest: generous})
		if !errors.Is(err, ErrProtocol) {
			t.Errorf("%s: err %v, want a broken protocol", bad, err)
		}
	}
}

// TestStopWhileStarting: a box the relay ends while it is still starting
// (a call, then at once a lifecycle boundary: a test's own timeout) is no
// failure of the grader's, however its start ends.
func TestStopWhileStarting(t *testing.T) {
	var steps []string
	for range 20 {
		steps = append(steps, "test:a", `send:{"do":"echo"}`, "reset")
	}
	for i := range 3 {
		res, err := Run(context.Background(), Config{
			Test:    fake(t, "testside", append(steps, "test:b", `call:{"do":"echo"}`, "done")...),
			Student: func() sandbox.Spec { return fake(t, "student") },
			PerTest: generous,
		})
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		if lines := strings.Split(strings.TrimSpace(string(res.Test.Stderr)), "\n"); len(lines) != 1 || lines[0] != `b: S {"calls":1}` {
			t.Fatalf("run %d: test side got %q", i, lines)
		}
	}
}

// TestBetween: calls after a boundary and before the next test (a JUnit
// class's @BeforeAll) are bounded on their own, from their first call:
// never counted to the test before the boundary, nor recorded as a test.
func TestBetween(t *testing.T) {
	l := generous
	l.Wall = 5 * time.Second // far above a box's start on a loaded machine
	res, lines := run(t, l, "test:a", `call:{"do":"echo"}`, "reset", "sleep:6000", `call:{"do":"echo"}`,
		"test:b", `call:{"do":"echo"}`, "done")
	want := []string{`a: S {"calls":1}`, `a: S {"calls":1}`, `b: S {"calls":2}`}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("test side got %q, want %q", lines, want)
	}
	if len(res.Tests) != 2 || res.Tests[0].Died != nil || res.Tests[1].Died != nil {
		t.Errorf("tests %+v", res.Tests)
	}
}

// TestLater: a box that ends after its answer, while no call waits, is
// told at the next call; the call after starts a fresh box.
func TestLater(t *testing.T) {
	_, lines := run(t, generous, "test:a", `call:{"do":"exitafter"}`, `call:{"do":"echo"}`, `call:{"do":"echo"}`, "done")
	if len(lines) != 3 || lines[0] != `a: S {"calls":1}` || !strings.HasPrefix(lines[1], `a: X {"why":"the student's process ended (exit status 3)"`) || lines[2] != `a: S {"calls":1}` {
		t.Errorf("test side got %q", lines)
	}
}

// TestPrinting: a student who prints much, below the cap, is not
// stopped; what a test printed is clipped.
func TestPrinting(t *testing.T) {
	res, lines := run(t, generous, "test:a", `call:{"do":"print","n":20000}`, `call:{"do":"echo"}`, "done")
	if len(lines) != 2 || lines[1] != `a: S {"calls":2}` {
		t.Fatalf("test side got %q", lines)
	}
	p := res.Tests[0].Printed
	if !strings.HasPrefix(p, "debug line 0\n") || !strings.HasSuffix(p, "call 2\n") || !strings.Contains(p, "bytes left out") {
		t.Errorf("printed %q", p)
	}
}

// TestOutlives: a child the student box leaves running ends with the box
// at the next boundary; the run ends.
func TestOutlives(t *testing.T) {
	res, lines := run(t, generous, "test:a", `call:{"do":"daemon"}`, "reset", "test:b", `call:{"do":"daemon"}`)
	if len(lines) != 2 || res.Students != 2 {
		t.Errorf("test side got %q, %d boxes", lines, res.Students)
	}
}

// TestCPUFarAbove: CPU used in a test counts for it alone: 300 ms in each
// of several tests under a 60 s limit passes every one.
func TestCPUFarAbove(t *testing.T) {
	burn := `call:{"do":"burn","n":300}`
	res, lines := run(t, generous, "test:a", burn, "test:b", burn, "test:c", burn, "done")
	for _, l := range lines {
		if !strings.Contains(l, " S ") {
			t.Errorf("test side got %q", lines)
		}
	}
	if res.Students != 1 {
		t.Errorf("%d boxes", res.Students)
	}
}

// TestBadTestSide: a test side that breaks the framing is the grader's
// error.
func TestBadTestSide(t *testing.T) {
	_, err := Run(context.Background(), Config{Test: fake(t, "badtest"), Student: func() sandbox.Spec { return fake(t, "student") }, PerTest: generous})
	if err == nil || !strings.Contains(err.Error(), "bridge protocol") {
		t.Errorf("err %v", err)
	}
}

// BenchmarkRoundTrip measures one trivial call's round trip, test side to
// student side and back through the relay: the median of b.N calls, as
// the test side times them (ns/call).
func BenchmarkRoundTrip(b *testing.B) {
	n := max(b.N, 100)
	res, err := Run(context.Background(), Config{
		Test:    fake(b, "testside", "test:a", `call:{"do":"echo"}`, "bench:"+strconv.Itoa(n), "done"),
		Student: func() sandbox.Spec { return fake(b, "student") },
		PerTest: generous,
	})
	if err != nil {
		b.Fatal(err)
	}
	var ns float64
	for _, l := range strings.Split(string(res.Test.Stderr), "\n") {
		if v, ok := strings.CutPrefix(l, "median "); ok {
			ns, _ = strconv.ParseFloat(v, 64)
		}
	}
	if ns == 0 {
		b.Fatalf("no median: %s", res.Test.Stderr)
	}
	b.ReportMetric(ns, "median-ns/call")
}

// TestSpam: a student who sends far more than the tests read is stopped
// as its own failure, not the grader's: the test side reads nothing after
// the call's first frame, and its box ends at its wall limit, far after
// the student has sent the few MiB the relay queues here.
func TestSpam(t *testing.T) {
	defer func(n int) { maxPending = n }(maxPending)
	maxPending = 4 << 20
	test := fake(t, "testside", "test:a", `call:{"do":"spam"}`, "stall")
	test.Limits.Wall = 8 * time.Second
	res, err := Run(context.Background(), Config{Test: test, Student: func() sandbox.Spec { return fake(t, "student") }, PerTest: generous})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tests) != 1 || res.Tests[0].Died == nil || !strings.Contains(res.Tests[0].Died.Why, "sent more than the tests asked for") {
		t.Errorf("tests %+v", res.Tests)
	}
}

// TestTranscript: the transcript is the same for runs whose test side
// made the same calls and got the same answers, whatever the tests'
// IDs, and differs when a call, an answer or a death differs; none is
// kept unless asked for.
func TestTranscript(t *testing.T) {
	transcript := func(steps ...string) string {
		t.Helper()
		res, err := Run(context.Background(), Config{
			Test:    fake(t, "testside", steps...),
			Student: func() sandbox.Spec { return fake(t, "student") },
			PerTest: generous, Transcript: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		return res.Transcript
	}
	a := transcript("test:a", `call:{"do":"echo"}`, `call:{"do":"echo"}`, "done")
	if b := transcript("test:b", `call:{"do":"echo"}`, `call:{"do":"echo"}`, "done"); b != a || len(a) != 64 {
		t.Errorf("the same calls and answers: transcripts %q and %q", a, b)
	}
	for _, steps := range [][]string{
		{"test:a", `call:{"do":"echo"}`, "done"},                                // a call fewer
		{"test:a", `call:{"do":"echo"}`, `call:{"do":"echo","n":1}`, "done"},    // another call
		{"test:a", `call:{"do":"echo"}`, "reset", `call:{"do":"echo"}`, "done"}, // another answer (a fresh process counts from 1)
		{"test:a", `call:{"do":"echo"}`, `call:{"do":"exit"}`, "done"},          // a death
	} {
		if got := transcript(steps...); got == a {
			t.Errorf("%q: the same transcript as two echoes", steps)
		}
	}
	if res, _ := run(t, generous, "test:a", `call:{"do":"echo"}`, "done"); res.Transcript != "" {
		t.Errorf("a transcript kept unasked: %q", res.Transcript)
	}
}

// TestSteps: where two runs' transcripts part, the first step that
// differs says whose doing it was: a call the test side made, or its
// stop of the student's process (nesting, a reset), is the test's ('>');
// the student's end of its own, or another answer, the student's ('<').
func TestSteps(t *testing.T) {
	other := false
	steps := func(steps ...string) []byte {
		t.Helper()
		student := fake(t, "student")
		if other {
			student.Env = append(student.Env, "RELAY_TEST_CALLS=5")
		}
		res, err := Run(context.Background(), Config{
			Test:    fake(t, "testside", steps...),
			Student: func() sandbox.Spec { return student },
			PerTest: generous, Transcript: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Steps)%StepSize != 0 {
			t.Fatalf("%d bytes of steps", len(res.Steps))
		}
		return res.Steps
	}
	base := steps("test:a", `call:{"do":"echo"}`, `call:{"do":"echo"}`, "done")
	for _, tc := range []struct {
		steps []string
		by    byte
	}{
		{[]string{"test:a", `call:{"do":"echo"}`, `call:{"do":"echo","n":1}`, "done"}, '>'},
		{[]string{"test:a", `call:{"do":"echo"}`, "nest:0", "done"}, '>'},
		{[]string{"test:a", `call:{"do":"echo"}`, "reset", `call:{"do":"echo"}`, "done"}, '>'},
		{nil, '<'}, // the same calls, another answer
	} {
		other = tc.steps == nil
		if other {
			tc.steps = []string{"test:a", `call:{"do":"echo"}`, `call:{"do":"echo"}`, "done"}
		}
		got := steps(tc.steps...)
		i := 0
		for i < len(got) && i < len(base) && string(got[i:i+StepSize]) == string(base[i:i+StepSize]) {
			i += StepSize
		}
		if i >= len(got) || got[i] != tc.by {
			t.Errorf("%q: parts from two echoes at step %d, not one of %c's", tc.steps, i/StepSize, tc.by)
		}
	}
}

// TestForgedAnswer: a student that sends an answer to no call (the relay
// takes it for the answer) and then nothing: the test side skips it and
// says it still waits, so the test's wall limit reaches it as an 'X',
// and the next test runs (waiting on unheard, the test side was stopped
// only at its own box's limit, and every test of the group lost).
func TestForgedAnswer(t *testing.T) {
	spec := fake(t, "testside", "test:a", `skip:{"do":"forge"}`, "test:b", `call:{"do":"echo"}`, "done")
	spec.Limits.Wall = 90 * time.Second // far above the test's 2 s
	res, err := Run(context.Background(), Config{
		Test:    spec,
		Student: func() sandbox.Spec { return fake(t, "student") },
		PerTest: Limits{CPU: 600 * time.Second, Wall: 2 * time.Second, Printed: 1 << 20, Keep: 256},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Test.ExitCode != 0 || res.Test.Limit != sandbox.None {
		t.Fatalf("test side ended %d (%v): %s", res.Test.ExitCode, res.Test.Limit, res.Test.Stderr)
	}
	lines := strings.Split(strings.TrimSpace(string(res.Test.Stderr)), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "a: X ") || lines[1] != `b: S {"calls":1}` {
		t.Fatalf("test side got %q", lines)
	}
	if d := res.Tests[0].Died; d == nil || d.Limit != "wall" || res.Tests[1].Died != nil {
		t.Errorf("tests %+v", res.Tests)
	}
}
