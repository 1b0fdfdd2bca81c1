package sandbox

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func init() {
	programs["spin"] = spinProgram
	programs["children"] = childrenProgram
	programs["hogs"] = hogsProgram
}

// hogsProgram starts args[0] children at once, each holding args[1] MiB
// that it touches, private (args[2] "private"), in a shared anonymous
// mapping ("shared", which RLIMIT_DATA does not count) or in memory files
// ("memfd", neither mapped nor in any file system), and waits for them
// all. Each child holds its memory for an hour (args[3] "hold") or a
// second ("brief"). No process of the box ever holds more than one
// child's share.
func hogsProgram(args []string) int {
	if len(args) == 5 && args[0] == "child" {
		mib, err := strconv.Atoi(args[2])
		if err != nil {
			return 2
		}
		if args[3] == "memfd" {
			return holdMemfds(mib, args[4] == "hold")
		}
		// A mapping of its own, not the Go heap, whose arenas RLIMIT_DATA
		// would cut short: private memory as a C program's malloc takes it.
		flags := syscall.MAP_PRIVATE | syscall.MAP_ANON
		if args[3] == "shared" {
			flags = syscall.MAP_SHARED | syscall.MAP_ANON
		}
		b, err := syscall.Mmap(-1, 0, mib<<20, syscall.PROT_READ|syscall.PROT_WRITE, flags)
		if err != nil {
			os.Stderr.WriteString("mmap: " + err.Error() + "\n")
			return 3
		}
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		if args[4] == "hold" {
			time.Sleep(time.Hour)
		} else {
			time.Sleep(time.Second)
		}
		return int(b[0]) - 1
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || len(args) != 4 {
		return 2
	}
	var kids []*exec.Cmd
	for i := 0; i < n; i++ {
		// Not os.Executable: see spinProgram.
		c := exec.Command("/proc/self/exe", "child", "", args[1], args[2], args[3])
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			return 3
		}
		kids = append(kids, c)
	}
	for _, c := range kids {
		if err := c.Wait(); err != nil {
			os.Stderr.WriteString("a child: " + err.Error() + "\n")
			return 4
		}
	}
	os.Stdout.WriteString("all children held their memory\n")
	return 0
}

// childrenProgram runs args[0] children one after another, each spinning
// args[1] of its own CPU time, and waits for each: no process of the box
// ever uses more CPU time than one child does.
func childrenProgram(args []string) int {
	if len(args) == 3 && args[0] == "child" {
		d, err := time.ParseDuration(args[2])
		if err != nil {
			return 2
		}
		spinCPU(d)
		return 0
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return 2
	}
	for i := 0; i < n; i++ {
		// Not os.Executable: see spinProgram.
		if err := exec.Command("/proc/self/exe", "child", "", args[1]).Run(); err != nil {
			return 3
		}
	}
	os.Stdout.WriteString("all children spun\n")
	return 0
}

// holdMemfds writes mib MiB into memory files (memfd_create) of 8 MiB
// each, below RLIMIT_FSIZE, unmapped, and holds them.
func holdMemfds(mib int, hold bool) int {
	chunk := bytes.Repeat([]byte{1}, 1<<20)
	for i := 0; i < mib; i += 8 {
		fd, err := unix.MemfdCreate("hog", 0)
		if err != nil {
			os.Stderr.WriteString("memfd: " + err.Error() + "\n")
			return 3
		}
		for j := 0; j < 8; j++ {
			if _, err := unix.Write(fd, chunk); err != nil {
				os.Stderr.WriteString("write: " + err.Error() + "\n")
				return 3
			}
		}
	}
	if hold {
		time.Sleep(time.Hour)
	}
	return 0
}

// spinProgram starts a copy of itself that spins 400 ms of its own CPU
// time and then sleeps, spins as long itself, says so on stdout and waits
// for the end of stdin: the box then holds a busy process tree.
func spinProgram(args []string) int {
	if len(args) > 0 && args[0] == "child" {
		spinCPU(400 * time.Millisecond)
		os.Stdout.WriteString("child spun\n")
		time.Sleep(time.Hour)
		return 0
	}
	// Not os.Executable: the box's uid may not reach the test binary by
	// its path (the fallback tier as root).
	child := exec.Command("/proc/self/exe", "child")
	child.Stdout = os.Stdout
	if err := child.Start(); err != nil {
		return 2
	}
	spinCPU(400 * time.Millisecond)
	os.Stdout.WriteString("parent spun\n")
	var b [64]byte
	for {
		if _, err := os.Stdin.Read(b[:]); err != nil {
			return 0
		}
	}
}

// spinCPU keeps the CPU busy until this process has used d of it.
func spinCPU(d time.Duration) {
	x := 0
	for {
		for i := 0; i < 1_000_000; i++ {
			x += i ^ x
		}
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		if time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) >= d || x == 42 {
			return
		}
	}
}

// lines is a Writer that tells when stdout has shown all the wanted lines.
type lines struct {
	mu   sync.Mutex
	seen strings.Builder
	want []string
	all  chan struct{}
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen.Write(p)
	for _, w := range l.want {
		if !strings.Contains(l.seen.String(), w) {
			return len(p), nil
		}
	}
	if l.want != nil {
		close(l.all)
		l.want = nil
	}
	return len(p), nil
}

// TestMeter: a box's Meter reads, while it runs, the CPU time of all its
// processes (two that each spun 400 ms of CPU: 800 ms or more, less
// /proc's rounding to its ticks), at every
// tier but basic, which has none; before the box and after it, nothing.
func TestMeter(t *testing.T) {
	for _, tier := range tiers(t) {
		t.Run(tier.String(), func(t *testing.T) {
			t.Parallel()
			m := &Meter{}
			if _, ok := m.CPU(); ok {
				t.Error("a Meter reads before its box runs")
			}
			stdin, feed, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer feed.Close()
			out := &lines{want: []string{"child spun\n", "parent spun\n"}, all: make(chan struct{})}
			spec := fake(t, "spin")
			spec.StdinFrom, spec.StdoutTo, spec.Meter = stdin, out, m
			spec.Limits = Limits{CPU: time.Minute, Wall: 5 * time.Minute}
			done := make(chan error, 1)
			var res Result
			go func() {
				var err error
				res, err = run(context.Background(), spec, tier)
				stdin.Close()
				done <- err
			}()
			select {
			case <-out.all:
			case err := <-done:
				t.Fatalf("the box ended first (%v): exit %d, stdout %q, stderr %q", err, res.ExitCode, res.Stdout, res.Stderr)
			}
			used, ok := m.CPU()
			if ok != tier.Metered() {
				t.Errorf("meter read %v, %v; tier %s metered: %v", used, ok, tier, tier.Metered())
			}
			if ok && used < 800*time.Millisecond-4*clockTick {
				t.Errorf("meter read %v; the box's processes used 800 ms or more", used)
			}
			feed.Close()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if _, ok := m.CPU(); ok {
				t.Error("the Meter reads after its box ended")
			}
		})
	}
}
