package runner

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"
)

// clockFixSource is a small library preloaded before libfaketime: a sleep
// on the monotonic clock, which the grader leaves real, goes straight to
// the kernel (libfaketime 0.9.10 refuses an absolute one; see csrc/clockfix.c).
//
//go:embed csrc/clockfix.c
var clockFixSource []byte

// clockFix is the built library, "" when it cannot be built (no C
// compiler, no cache folder): runs then preload libfaketime alone, and a
// program that sleeps on the monotonic clock until a time (Python's
// time.sleep) fails under libfaketime 0.9.10. Tests replace it.
var clockFix = sync.OnceValue(func() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	lib, err := buildClockFix(context.Background(), filepath.Join(dir, "autograder", "clock"))
	if err != nil {
		return ""
	}
	return lib
})

// ClockFix returns the library preloaded before libfaketime, built once
// into the cache; "" when there is no C compiler to build it (doctor says
// so).
func ClockFix() string { return clockFix() }

// buildClockFix builds clockfix.c into dir, named by a hash of its source
// and compiler, unless it is there: compiled into a temporary file, then
// renamed, so that a half-built library is never used.
func buildClockFix(ctx context.Context, dir string) (string, error) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		if cc, err = exec.LookPath("gcc"); err != nil {
			return "", err
		}
	}
	sum := sha256.Sum256(append([]byte(cc+"\n"), clockFixSource...))
	lib := filepath.Join(dir, "clockfix-"+hex.EncodeToString(sum[:8])+".so")
	if _, err := os.Stat(lib); err == nil {
		return lib, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	src, out := filepath.Join(tmp, "clockfix.c"), filepath.Join(tmp, "clockfix.so")
	if err := os.WriteFile(src, clockFixSource, 0o644); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if b, err := exec.CommandContext(ctx, cc, "-O2", "-shared", "-fPIC", "-o", out, src, "-ldl").CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s: %v: %s", cc, err, b)
	}
	return lib, os.Rename(out, lib)
}
