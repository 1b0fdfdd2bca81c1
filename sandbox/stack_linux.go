package sandbox

import (
	"sync"

	"golang.org/x/sys/unix"
)

// hardStack is this process's hard stack limit, the most a box may be
// given; 0 for none. A process that may raise it (root) raises it to
// none first, once: its soft limit, its own stack, stays.
func hardStack() int64 {
	hardOnce.Do(func() {
		var r unix.Rlimit
		if err := unix.Getrlimit(unix.RLIMIT_STACK, &r); err != nil {
			return
		}
		if r.Max != unix.RLIM_INFINITY && unix.Setrlimit(unix.RLIMIT_STACK, &unix.Rlimit{Cur: r.Cur, Max: unix.RLIM_INFINITY}) != nil {
			hard = int64(min(r.Max, 1<<62))
		}
	})
	return hard
}

var (
	hardOnce sync.Once
	hard     int64
)
