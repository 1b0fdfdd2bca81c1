//go:build unix

package unittest

import (
	"syscall"
	"time"
)

// childCPU is the CPU time of this process and of its children waited
// for (the boxes).
func childCPU() time.Duration {
	var self, kids syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	var d time.Duration
	for _, tv := range []syscall.Timeval{self.Utime, self.Stime, kids.Utime, kids.Stime} {
		d += time.Duration(tv.Nano())
	}
	return d
}
