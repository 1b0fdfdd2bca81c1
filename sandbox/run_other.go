//go:build !linux

package sandbox

import (
	"context"
	"runtime"
)

func detect() (Tier, string) {
	return TierBasic, runtime.GOOS + ": no namespaces or cgroups here; wall time and output limits, and a kill of the program's process (group)"
}

func run(ctx context.Context, spec Spec, _ Tier) (Result, error) { return runBasic(ctx, spec) }

// hardStack: the basic tier leaves the program's stack as it finds it
// (its hard limit is not read here).
func hardStack() int64 { return 0 }
