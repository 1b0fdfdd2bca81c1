//go:build unix

package cli

import (
	"runtime"
	"syscall"
)

// peakRSS is the process's peak resident memory in bytes.
func peakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return ru.Maxrss // bytes there, kilobytes on Linux and the BSDs
	}
	return ru.Maxrss << 10
}
