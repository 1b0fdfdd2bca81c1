//go:build !linux

package sandbox

import "time"

// SelfStall counts the time the grader's own threads waited for a core;
// only Linux counts it.
type SelfStall struct{}

// Read returns false: this system does not count a thread's waits.
func (s *SelfStall) Read() (time.Duration, bool) { return 0, false }
