package sandbox

import (
	"sync"
	"time"
)

// StallCap bounds a run's wall time, in multiples of its wall limit,
// however long it waited for a core: a wall limit that leaves out the
// waits (Meter.Stall, SelfStall) is still kept whatever the machine does.
const StallCap = 30

// Meter reads a running box's CPU time from outside the box: all its
// processes and threads, as the kernel counts them, whatever the program
// in it says or does. Put a new Meter in Spec.Meter; CPU answers while
// that Run lasts. The full tier reads the box's cgroup; the namespaces
// and fallback tiers add up /proc of the helper and every process below
// it (the box's PID 1, or its subreaper); the basic tier has no meter
// (see Tier.Metered).
type Meter struct {
	mu    sync.Mutex
	read  func() (time.Duration, bool)
	stall func() time.Duration
	oom   func() int64
}

// CPU returns the CPU time the box has used so far; false before the box
// starts, after Run returns, and at a tier without a meter.
func (m *Meter) CPU() (time.Duration, bool) {
	m.mu.Lock()
	read := m.read
	m.mu.Unlock()
	if read == nil {
		return 0, false
	}
	return read()
}

// Stall returns the time the box has waited for a core so far, as its
// wall limit leaves it out (the sandbox's stall clock, read every few
// hundred milliseconds); false where CPU is.
func (m *Meter) Stall() (time.Duration, bool) {
	m.mu.Lock()
	stall := m.stall
	m.mu.Unlock()
	if stall == nil {
		return 0, false
	}
	return stall(), true
}

// OOMKills returns how many of the box's processes the kernel's OOM
// killer has killed so far at its memory limit, the box's cgroup's
// count: a child killed while the box's first process lives on is
// counted too. False before the box starts, after Run returns, and
// below the full tier, where no cgroup counts them (there the grader's
// own meter stops the whole box at its limit).
func (m *Meter) OOMKills() (int64, bool) {
	m.mu.Lock()
	oom := m.oom
	m.mu.Unlock()
	if oom == nil {
		return 0, false
	}
	return oom(), true
}

// attach makes CPU call read, Stall stall and OOMKills oom (nil: none);
// all nil detaches.
func (m *Meter) attach(read func() (time.Duration, bool), stall func() time.Duration, oom func() int64) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.read, m.stall, m.oom = read, stall, oom
	m.mu.Unlock()
}
