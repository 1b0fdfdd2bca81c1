package sandbox

import (
	"os"
	"strconv"
	"sync"
	"time"
)

// SelfStall counts the time the grader's own threads waited for a core
// (their run delay, as a box's stall clock reads a box's). A grader that
// passes messages between two boxes (grader/unittest/relay) holds both up
// while it waits: each box then sleeps on its pipe, and neither box's
// stall counts that wait. The zero value is ready; it is safe for one
// goroutine at a time.
type SelfStall struct {
	mu   sync.Mutex
	prev map[int]time.Duration // each thread's run delay at the last Read
	at   time.Time             // the last Read
}

// Read returns how long the grader's threads waited for a core since the
// last Read, all of them together but never more than the time since
// then (their waits in a chain of hand-offs follow one another); 0 at the
// first Read, and false where the kernel does not count it.
func (s *SelfStall) Read() (time.Duration, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	first := s.prev == nil
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return 0, false
	}
	var sum time.Duration
	counted, seen := false, map[int]time.Duration{} // a thread gone is forgotten
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		_, delay, ok := schedTimes(tid)
		if !ok {
			continue
		}
		counted = true
		if was, ok := s.prev[tid]; ok && delay >= was {
			sum += delay - was
		}
		seen[tid] = delay
	}
	s.prev = seen
	span := now.Sub(s.at)
	s.at = now
	if first || !counted {
		return 0, counted
	}
	return min(sum, span), true
}
