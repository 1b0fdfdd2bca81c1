package relay

import (
	"os"
	"sync"
)

// maxPending bounds the bytes queued for a box that does not read them
// (a variable for tests).
var maxPending = 4 * MaxFrame

// sender writes frames to a box's stdin from a goroutine of its own, so
// that the relay never waits for a box that does not read: frames queue
// (up to maxPending bytes) while it does not.
type sender struct {
	w       *os.File
	mu      sync.Mutex
	more    *sync.Cond
	q       [][]byte
	pending int
	closed  bool
	done    chan struct{}
}

func newSender(w *os.File) *sender {
	s := &sender{w: w, done: make(chan struct{})}
	s.more = sync.NewCond(&s.mu)
	go s.run()
	return s
}

// send queues a frame; false when the queue is full (the box does not
// read) or the sender is closed.
func (s *sender) send(b []byte) bool { return s.queue(b, false) }

// sendAlways queues a frame past a full queue (the relay's own, small).
func (s *sender) sendAlways(b []byte) bool { return s.queue(b, true) }

func (s *sender) queue(b []byte, always bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || !always && s.pending+len(b) > maxPending {
		return false
	}
	s.q = append(s.q, b)
	s.pending += len(b)
	s.more.Signal()
	return true
}

func (s *sender) run() {
	defer close(s.done)
	for {
		s.mu.Lock()
		for len(s.q) == 0 && !s.closed {
			s.more.Wait()
		}
		if len(s.q) == 0 {
			s.mu.Unlock()
			return
		}
		q := s.q
		s.q = nil
		s.mu.Unlock()
		for _, b := range q {
			if _, err := s.w.Write(b); err != nil {
				s.close() // the box is gone: drop the rest
				return
			}
			s.mu.Lock()
			s.pending -= len(b)
			s.mu.Unlock()
		}
	}
}

// close drops what is queued and closes the box's stdin: a write under
// way returns.
func (s *sender) close() {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		s.q = nil
		s.w.Close()
	}
	s.more.Signal()
	s.mu.Unlock()
}
