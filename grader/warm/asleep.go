package warm

import (
	"sync"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// A case the harness gives up as waiting (kindWait: it used almost no CPU
// for half a second) reruns cold. When the sandbox too sees its box
// waiting (sandbox.Hooks: asleep, not starved of cores), the rest
// of its rubric part is handed to cold runs, as a loop's is (see
// Options.HandOff): they wait out their wall limits side by side, each
// on no core, not one JVM after another. The harness reads its own
// threads' waits for a core too (Harness.Crowd: a case starved of cores
// on a loaded machine is not waiting), but its word is the box's, and
// nothing in the box is trusted; the sandbox reads the box's threads from
// outside. Without the sandbox's word (a tier without a cgroup never gives
// it, nor a sandbox too busy to see the box in time) the case alone reruns
// cold. A hand-off changes no verdict: a cold run's is the one a warm
// answer must equal.

// confirmWait is how long, past the harness's word that a case waits, the
// grader waits for the sandbox's: the sandbox sees a box waiting once a
// sandbox.WaitWindow without work ends, and half a second since the case
// began holds one.
const confirmWait = sandbox.WaitWindow

// asleep follows the sandbox's word on a warm box: whether it was last
// seen waiting.
type asleep struct {
	mu   sync.Mutex
	now  bool
	seen chan struct{} // closed when now turns true
}

func newAsleep() *asleep { return &asleep{seen: make(chan struct{})} }

// watch returns the sandbox's hooks (sandbox.Hooks) told to a as well as
// to h.
func (a *asleep) watch(h sandbox.Hooks) sandbox.Hooks {
	waiting, working := h.Waiting, h.Working
	return sandbox.Hooks{Waiting: func() {
		a.set(true)
		if waiting != nil {
			waiting()
		}
	}, Working: func() {
		a.set(false)
		if working != nil {
			working()
		}
	}}
}

func (a *asleep) set(now bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case now && !a.now:
		close(a.seen)
	case !now && a.now:
		a.seen = make(chan struct{})
	}
	a.now = now
}

// await reports whether the box is seen waiting now or within d (after
// will say when d has passed; time.After outside the tests).
func (a *asleep) await(d time.Duration, after func(time.Duration) <-chan time.Time) bool {
	a.mu.Lock()
	seen := a.seen
	a.mu.Unlock()
	select {
	case <-seen:
		return true
	default:
	}
	select {
	case <-seen:
		return true
	case <-after(d):
		return false
	}
}
