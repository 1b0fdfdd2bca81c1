package sandbox

import (
	"context"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
)

var detected struct {
	once   sync.Once
	tier   Tier
	reason string
}

// Detect returns the strongest tier this machine allows. It probes once
// and caches the answer.
func Detect() Tier {
	detected.once.Do(func() { detected.tier, detected.reason = detect() })
	return detected.tier
}

// Reason explains Detect's choice, for `autograder doctor`.
func Reason() string {
	Detect()
	return detected.reason
}

var warned atomic.Bool

// Run runs spec.Path in a fresh box at the tier Detect chose, and waits
// for it and everything it started. The error is non-nil only when the
// sandbox itself failed, or when ctx was cancelled (then the Result says
// what was seen until then).
//
// Below TierFull, the first Run prints the tier's warning to stderr once.
func Run(ctx context.Context, spec Spec) (Result, error) {
	t := Detect()
	if t < TierFull && warned.CompareAndSwap(false, true) {
		fmt.Fprintf(os.Stderr, "autograder: WARNING: sandbox tier %q: %s\n", t, t.Warning())
	}
	return run(ctx, spec, t)
}
