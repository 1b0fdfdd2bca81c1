//go:build !unix

package web

import "time"

// cpuTime is 0 where getrusage is missing: the benchmarks report wall
// time alone.
func cpuTime() time.Duration { return 0 }
