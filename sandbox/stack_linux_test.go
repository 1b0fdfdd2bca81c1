package sandbox

import (
	"context"
	"fmt"
	"iter"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// shellStackEnv marks TestStackWhateverTheShell's run of this binary
// under a shell's `ulimit -s 8192`.
const shellStackEnv = "SANDBOX_TEST_SHELL_STACK"

// recurseC needs about 100 MiB of stack: a million frames of a hundred
// bytes and more, which an 8 MiB stack does not hold.
const recurseC = `#include <stdio.h>
static long down(long n) {
	volatile char pad[96];
	pad[0] = (char)n;
	if (n == 0) return 0;
	return down(n - 1) + pad[0] % 2;
}
int main(void) { down(1000000); printf("0\n"); return 0; }
`

func init() {
	programs["stack"] = func([]string) int {
		var r unix.Rlimit
		if err := unix.Getrlimit(unix.RLIMIT_STACK, &r); err != nil {
			fmt.Println(err)
			return 1
		}
		fmt.Println(r.Cur)
		return 0
	}
}

// TestStackWhateverTheShell runs this test binary again under a shell
// whose stack limit is 8 MiB (the usual default, soft and hard alike):
// a box still gets the stack StackOf says, unlimited, and a
// recursive C program that needs 100 MiB of it runs to its end.
func TestStackWhateverTheShell(t *testing.T) {
	if os.Getenv(shellStackEnv) != "" {
		stackInBox(t)
		return
	}
	if testing.Short() {
		t.Skip("-short")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, ulimit := range []string{"ulimit -S -s 8192", "ulimit -s 8192"} {
		cmd := exec.Command(bash, "-c", ulimit+` && exec "$0" -test.run='^TestStackWhateverTheShell$' -test.v`, exe)
		cmd.Env = append(os.Environ(), shellStackEnv+"=1", "GORACE=atexit_sleep_ms=0")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("under %q: %v\n%s", ulimit, err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			if strings.Contains(line, "stack") {
				t.Logf("under %q: %s", ulimit, strings.TrimSpace(line))
			}
		}
	}
}

// stackInBox is the test's half under the shell's limit.
func stackInBox(t *testing.T) {
	lim := Limits{Memory: 512 << 20, CPU: time.Minute, Wall: 5 * time.Minute}
	want, capped := StackOf(lim)
	t.Logf("stack %d bytes, capped %v", want, capped)
	if !capped && want != 0 || capped && unix.Setrlimit(unix.RLIMIT_STACK, &unix.Rlimit{Cur: 8 << 20, Max: unix.RLIM_INFINITY}) == nil {
		t.Fatalf("StackOf = %d, %v; want 0 (unlimited), capped only when this process may not raise its hard limit", want, capped)
	}
	for tier, res := range stackLimits(t, lim) {
		got, _ := strconv.ParseUint(strings.TrimSpace(string(res.Stdout)), 10, 64)
		if w := uint64(want); want == 0 && got != unix.RLIM_INFINITY || want != 0 && got != w {
			t.Errorf("tier %s: the program's stack limit is %d (%s; exit %d, signal %q, %s), want %d", tier, got, res.Stdout, res.ExitCode, res.Signal, res.Stderr, want)
		}
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		testenv.Missing(t, "no gcc: %v", err)
	}
	if capped {
		t.Skipf("the grader's hard stack limit caps a box's stack at %d bytes: nothing more to test", want)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "recurse.c")
	if err := os.WriteFile(src, []byte(recurseC), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(gcc, "-O0", "-o", filepath.Join(dir, "recurse"), src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for _, tier := range tiers(t) {
		if tier == TierBasic {
			continue
		}
		res, err := run(context.Background(), Spec{Path: filepath.Join(dir, "recurse"), Limits: lim}, tier)
		if err != nil {
			t.Fatal(err)
		}
		if !res.OK() || strings.TrimSpace(string(res.Stdout)) != "0" {
			t.Errorf("tier %s: the recursion ended %s (exit %d, signal %q, limit %s), want it to print 0", tier, res.Stdout, res.ExitCode, res.Signal, res.Limit)
		}
	}
}

// TestStackAsSet: a box whose limits set a stack (a rubric's
// limits.stack) gets that stack, not the unlimited default. 4 MiB: under
// any hard limit a shell sets.
func TestStackAsSet(t *testing.T) {
	const want = 4 << 20
	lim := Limits{Memory: 512 << 20, CPU: time.Minute, Wall: 5 * time.Minute, Stack: want}
	if got, capped := StackOf(lim); got != want || capped {
		t.Fatalf("StackOf = %d, %v; want %d, false", got, capped, want)
	}
	for tier, res := range stackLimits(t, lim) {
		if got := strings.TrimSpace(string(res.Stdout)); got != strconv.Itoa(want) {
			t.Errorf("tier %s: the program's stack limit is %q (exit %d, %s), want %d", tier, got, res.ExitCode, res.Stderr, want)
		}
	}
}

// stackLimits runs, on every tier but basic, a program that prints its
// stack limit, with limits lim, and yields each tier's result.
func stackLimits(t *testing.T, lim Limits) iter.Seq2[Tier, Result] {
	return func(yield func(Tier, Result) bool) {
		for _, tier := range tiers(t) {
			if tier == TierBasic {
				continue
			}
			spec := fake(t, "stack")
			spec.Limits = lim
			res, err := run(context.Background(), spec, tier)
			if err != nil {
				t.Fatal(err)
			}
			if !yield(tier, res) {
				return
			}
		}
	}
}
