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
