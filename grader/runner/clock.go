package runner

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// ClockShift is how far each run of a repeated case moves the clock: run
// n sees the real time plus a build's base shift plus n times ClockShift
// (an hour, a minute and a second, so that the seconds, the minutes and
// the hours of the day all differ from one run to the next).
const ClockShift = time.Hour + time.Minute + time.Second

// MaxBaseShift bounds the base shift, drawn at random for each build (each
// grading of a submission) from 0 up to it, in whole seconds: the real
// clock alone would give two gradings started within a second the same
// runs, and so the same count of passed runs.
const MaxBaseShift = 10 * 24 * time.Hour

// baseShift draws a build's base shift.
func baseShift() time.Duration {
	return time.Duration(rand.Int64N(int64(MaxBaseShift/time.Second))) * time.Second
}

// faketimeNames are libfaketime's files, the thread-safe build first (a
// JVM has many threads), as Debian's libfaketime package installs them.
var faketimeNames = []string{"libfaketimeMT.so.1", "libfaketime.so.1"}

// faketimeDirs are the folders libfaketime is looked for in: the
// machine's multiarch folder (Debian, Ubuntu), then those of other
// distributions and of a build from source.
func faketimeDirs() []string {
	var dirs []string
	if t, ok := multiarch[runtime.GOARCH]; ok {
		dirs = append(dirs, "/usr/lib/"+t+"/faketime")
	}
	return append(dirs, "/usr/lib64/faketime", "/usr/lib/faketime", "/usr/local/lib/faketime", "/usr/local/lib")
}

// multiarch is the Debian multiarch triplet of each GOARCH: the library
// preloaded must be of the programs' architecture, which is the grader's.
var multiarch = map[string]string{
	"amd64": "x86_64-linux-gnu", "arm64": "aarch64-linux-gnu", "386": "i386-linux-gnu",
	"arm": "arm-linux-gnueabihf", "ppc64le": "powerpc64le-linux-gnu", "s390x": "s390x-linux-gnu",
	"riscv64": "riscv64-linux-gnu",
}

// Faketime returns the libfaketime library that shifts the clock of each
// run of a repeated case, symbolic links resolved; "" when this machine
// has none (Debian's package libfaketime installs it).
func Faketime() string { return faketime() }

// faketime looks once a process; tests replace it.
var faketime = sync.OnceValue(func() string {
	for _, d := range faketimeDirs() {
		for _, n := range faketimeNames {
			if p, err := filepath.EvalSymlinks(filepath.Join(d, n)); err == nil {
				if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
					return p
				}
			}
		}
	}
	return ""
})

// FaketimeWhere names the places Faketime looks, for a message.
func FaketimeWhere() string {
	return strings.Join(faketimeDirs(), ", ")
}

// runShift is how far ahead of the real clock run n of a repeated case
// is, in a build with the given base shift.
func runShift(base time.Duration, n int) time.Duration { return base + time.Duration(n)*ClockShift }

// shiftClock makes spec's program see the clock shift ahead of the real
// one, with libfaketime preloaded (FAKETIME="+<seconds>": the clock runs
// on from there). The monotonic clock stays real: timers and sleeps keep
// their length, and a JVM hangs at start without it.
func shiftClock(spec *sandbox.Spec, lib string, shift time.Duration) {
	spec.Env = append(spec.Env[:len(spec.Env):len(spec.Env)],
		"LD_PRELOAD="+lib,
		"FAKETIME=+"+strconv.FormatInt(int64(shift/time.Second), 10),
		"FAKETIME_DONT_FAKE_MONOTONIC=1",
	)
	// Every box shows /usr; a library elsewhere must be shown too.
	if !strings.HasPrefix(lib, "/usr/") {
		spec.ReadOnly = append(spec.ReadOnly[:len(spec.ReadOnly):len(spec.ReadOnly)], filepath.Dir(lib))
	}
}

// CheckClock runs date in a box as run 1 of a repeated case with no base
// shift and returns the library it used and by how much the program's
// clock was ahead of the real one (ClockShift when libfaketime works), for
// doctor.
func CheckClock(ctx context.Context) (lib string, ahead time.Duration, err error) {
	lib = Faketime()
	if lib == "" {
		return "", 0, fmt.Errorf("libfaketime not found (looked in %s)", FaketimeWhere())
	}
	date, err := exec.LookPath("date")
	if err != nil {
		return lib, 0, err
	}
	if date, err = filepath.EvalSymlinks(date); err != nil {
		return lib, 0, err
	}
	spec := sandbox.Spec{Path: date, Args: []string{"+%s"}}
	shiftClock(&spec, lib, runShift(0, 1))
	before := time.Now()
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return lib, 0, err
	}
	if !res.OK() {
		return lib, 0, fmt.Errorf("date failed in the box: %s", why(res))
	}
	secs, err := strconv.ParseInt(strings.TrimSpace(string(res.Stdout)), 10, 64)
	if err != nil {
		return lib, 0, fmt.Errorf("date printed %q", res.Stdout)
	}
	return lib, time.Unix(secs, 0).Sub(before.Truncate(time.Second)), nil
}
