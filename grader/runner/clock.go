package runner

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash/fnv"
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

// ClockShift is how far apart the clocks of a repeated case's runs start:
// run n starts n ClockShifts after the case's first second (an hour, a
// minute and a second, so that the seconds, the minutes and the hours of
// the day all differ from one run to the next).
const ClockShift = time.Hour + time.Minute + time.Second

// clockFrom and clockSpan are where a case's first second is drawn from:
// a second of the ten years from 2020-01-01 00:00:00 UTC.
var (
	clockFrom = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	clockSpan = int64(10 * 365 * 24 * time.Hour / time.Second)
)

// RunStart is the time run n of the case with that ID starts its clock
// at: the case's first second, plus n ClockShifts. With a secret (the
// batch's, see grader.Options.Secret) the first second is drawn from
// HMAC-SHA256(secret, ID), which no program can compute: a program cannot
// carry a table of the seconds its runs will see. No secret (check,
// whose cases are public anyway) draws it from the ID alone (FNV-1a), as
// a student's own check on any machine sees it. Either way it depends on
// nothing else, so a regrade with the same secret gives a clock-seeded
// program the same runs, and two cases (other IDs) other runs.
func RunStart(secret []byte, caseID string, n int) time.Time {
	first := clockFrom.Add(time.Duration(firstSecond(secret, caseID)%uint64(clockSpan)) * time.Second)
	return first.Add(time.Duration(n) * ClockShift)
}

// firstSecond is the number a case's first second is drawn from.
func firstSecond(secret []byte, caseID string) uint64 {
	if len(secret) == 0 {
		h := fnv.New64a()
		h.Write([]byte(caseID))
		return h.Sum64()
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("clock\x00" + caseID))
	return binary.BigEndian.Uint64(m.Sum(nil))
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

// startClock makes spec's program see its clock start at start, with
// libfaketime preloaded (FAKETIME="@<start>", read in UTC: the box's TZ is
// UTC0): the clock runs on from there as the real one does. The monotonic
// clock stays real: timers and sleeps keep their length, and a JVM hangs
// at start without it. The clock fix (ClockFix), when there is one, is
// preloaded first, so that a sleep on the monotonic clock until a time
// works too.
func startClock(spec *sandbox.Spec, lib string, start time.Time) {
	preload := lib
	if fix := clockFix(); fix != "" {
		preload = fix + ":" + lib
	}
	spec.Env = append(spec.Env[:len(spec.Env):len(spec.Env)],
		"LD_PRELOAD="+preload,
		"FAKETIME=@"+start.UTC().Format(time.DateTime),
		"FAKETIME_DONT_FAKE_MONOTONIC=1",
		// Its "monotonic fix" shifts the deadline of a wait on a condition
		// of the monotonic clock as if that clock were moved too; it is
		// not: the JVM's sleeps and waits returned at once, and spun.
		"FAKETIME_FORCE_MONOTONIC_FIX=0",
	)
	// Every box shows /usr; a library elsewhere must be shown too.
	for _, l := range filepath.SplitList(preload) {
		if !strings.HasPrefix(l, "/usr/") {
			spec.ReadOnly = append(spec.ReadOnly[:len(spec.ReadOnly):len(spec.ReadOnly)], filepath.Dir(l))
		}
	}
}

// FixClock returns what stops a box's clock at the time at in every run
// (libfaketime preloaded, as startClock does, the time frozen), or nil
// when this machine has no libfaketime: grading students' tests runs
// them alike each time.
func FixClock(at time.Time) func(*sandbox.Spec) {
	lib := Faketime()
	if lib == "" {
		return nil
	}
	return func(spec *sandbox.Spec) {
		startClock(spec, lib, at)
		for i, e := range spec.Env {
			if strings.HasPrefix(e, "FAKETIME=@") {
				spec.Env[i] = "FAKETIME=" + at.UTC().Format(time.DateTime) // no @: frozen
			}
		}
	}
}

// CheckClock runs date in a box as run 1 of a repeated case "doctor" and
// returns the library it used, the time date printed and the time it
// should have printed (RunStart(nil, "doctor", 1), or a second or two later),
// for doctor.
func CheckClock(ctx context.Context) (lib string, saw, want time.Time, err error) {
	lib, want = Faketime(), RunStart(nil, "doctor", 1)
	if lib == "" {
		return "", saw, want, fmt.Errorf("libfaketime not found (looked in %s)", FaketimeWhere())
	}
	date, err := exec.LookPath("date")
	if err != nil {
		return lib, saw, want, err
	}
	if date, err = filepath.EvalSymlinks(date); err != nil {
		return lib, saw, want, err
	}
	spec := sandbox.Spec{Path: date, Args: []string{"+%s"}}
	startClock(&spec, lib, want)
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return lib, saw, want, err
	}
	if !res.OK() {
		return lib, saw, want, fmt.Errorf("date failed in the box: %s", why(res))
	}
	secs, err := strconv.ParseInt(strings.TrimSpace(string(res.Stdout)), 10, 64)
	if err != nil {
		return lib, saw, want, fmt.Errorf("date printed %q", res.Stdout)
	}
	return lib, time.Unix(secs, 0).UTC(), want, nil
}
