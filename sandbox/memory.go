package sandbox

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// AvailableMemory is the memory the machine has available for new work
// now, in bytes (MemAvailable of /proc/meminfo): what a scheduler may let
// the memory limits of its boxes add up to (grader.Cores). 0 where it
// cannot tell.
func AvailableMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		rest, ok := strings.CutPrefix(s.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil || kb < 0 {
			return 0
		}
		return kb << 10
	}
	return 0
}
