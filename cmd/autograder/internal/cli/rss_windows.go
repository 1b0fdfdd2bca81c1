package cli

import "time"

// peakRSS is the process's peak resident memory: not measured on Windows.
func peakRSS() int64 { return 0 }

// processCPU is the grader's own CPU time: not measured on Windows.
func processCPU() time.Duration { return 0 }
