package cli

// peakRSS is the process's peak resident memory: not measured on Windows.
func peakRSS() int64 { return 0 }
