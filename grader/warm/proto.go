package warm

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"sync"
	"time"
)

// The protocol of java/Harness.java; see its comment.

const (
	frameCompile  = 1
	frameCase     = 2
	frameFallback = 3
	frameDone     = 4
	frameReady    = 5 // the harness waits for its first case
)

const (
	kindReturn = 0
	kindExit   = 1
	kindThrow  = 2
	kindLimit  = 3
	kindWait   = 4 // it waited (asleep, say): it reruns cold
)

const (
	limitNone   = 0
	limitWall   = 1
	limitCPU    = 2
	limitOutput = 3
)

const (
	flagOutTrunc = 1
	flagErrTrunc = 2
	flagRerun    = 4
	flagHalt     = 8
)

type token [16]byte

// harnessMarker starts every frame of the harness. It is public: it frames
// replies, it does not authenticate them (nothing in the box is trusted;
// the grader takes one reply per request it sent, see harness).
var harnessMarker = token([]byte("autograder-warm2"))

// newToken is the frame marker of one compile service run, which runs no
// student code.
func newToken() token {
	var t token
	if _, err := rand.Read(t[:]); err != nil {
		panic(err)
	}
	return t
}

// request is one case for the harness.
type request struct {
	Index int
	Args  []string
	Stdin []byte
}

type limits struct {
	CPU, Wall, BuildWall time.Duration
	Output               int64
	// Life bounds the CPU time of a whole warm box, from its start, all
	// its cases together (see limits.go); 0 for none. The harness is not
	// told it: the grader alone enforces it.
	Life time.Duration
}

type encoder struct{ bytes.Buffer }

func (e *encoder) int(v int)       { e.Write(binary.BigEndian.AppendUint32(nil, uint32(int32(v)))) }
func (e *encoder) long(v int64)    { e.Write(binary.BigEndian.AppendUint64(nil, uint64(v))) }
func (e *encoder) bytes(b []byte)  { e.int(len(b)); e.Write(b) }
func (e *encoder) string(s string) { e.bytes([]byte(s)) }
func (e *encoder) strings(s []string) {
	e.int(len(s))
	for _, x := range s {
		e.string(x)
	}
}

// The header's mode bits.
const (
	// modeTrain is a training run: it exits normally so that a class data
	// archive is written.
	modeTrain = 1
	// modeLetObserve lets a submission that can observe the harness run
	// warm: only for the tests of the grader's own watch, whose attackers
	// must observe the harness to stop its watch.
	modeLetObserve = 2
)

// encodeHeader is what the harness reads first; mode is modeTrain,
// modeLetObserve or 0.
func encodeHeader(mode int, javac []string, main, classPath string, l limits) []byte {
	var e encoder
	e.WriteString("AGW2")
	e.int(mode)
	e.strings(javac)
	e.string(main)
	e.string(classPath)
	e.long(int64(l.CPU))
	e.long(int64(l.Wall))
	e.long(l.Output)
	e.long(int64(l.BuildWall))
	return e.Bytes()
}

// encodeCase asks the harness for one case.
func encodeCase(index int, args []string, stdin []byte) []byte {
	var e encoder
	e.int(1)
	e.int(index)
	e.strings(args)
	e.bytes(stdin)
	return e.Bytes()
}

// encodeEnd tells the harness there are no more cases.
func encodeEnd() []byte {
	var e encoder
	e.int(0)
	return e.Bytes()
}

// encodeRequest is a whole conversation at once, for a training run.
func encodeRequest(mode int, javac []string, main, classPath string, l limits, cases []request) []byte {
	b := encodeHeader(mode, javac, main, classPath, l)
	for _, c := range cases {
		b = append(b, encodeCase(c.Index, c.Args, c.Stdin)...)
	}
	return append(b, encodeEnd()...)
}

type frame struct {
	Type int
	// COMPILE
	RC       int
	Out, Err []byte
	// CASE, FALLBACK
	Index      int
	Kind, Code int
	Limit      int
	Flags      int
	Wall       time.Duration
	// Stall (CASE) is the harness's count of the time the case's JVM
	// waited for a core in it, its own reader's waits left out (0 when
	// the frame has none): the box's word, which can make a case's wall
	// time longer than the grader's measure, never shorter (limits.go).
	Stall  time.Duration
	CPU    time.Duration // the grader's measure of the box's CPU time over the case (enforce); not on the wire
	Asleep bool          // a case that waits (kindWait) the sandbox saw waiting too (asleep.go); not on the wire
	Reason string
	// READY: the harness's own clock, from its main to READY and of that
	// its scan of the classes; the box's word, counted in Stats alone.
	Setup, Scan time.Duration
}

var errShort = errors.New("short frame")

type decoder struct {
	b   []byte
	err error
}

func (d *decoder) next(n int) []byte {
	if d.err != nil || n < 0 || len(d.b) < n {
		d.err = errShort
		return nil
	}
	out := d.b[:n]
	d.b = d.b[n:]
	return out
}

func (d *decoder) int() int {
	b := d.next(4)
	if b == nil {
		return 0
	}
	return int(int32(binary.BigEndian.Uint32(b)))
}

func (d *decoder) long() int64 {
	b := d.next(8)
	if b == nil {
		return 0
	}
	return int64(binary.BigEndian.Uint64(b))
}

func (d *decoder) bytes() []byte {
	return bytes.Clone(d.next(d.int()))
}

// decodeFrames reads the frames of stdout up to the first that is
// incomplete or not marked with tok: what the harness said before it
// stopped, whatever stopped it.
func decodeFrames(tok token, stdout []byte) []frame {
	var out []frame
	for {
		f, n := cutFrame(tok, stdout)
		if n <= 0 {
			return out
		}
		out = append(out, f)
		stdout = stdout[n:]
	}
}

// cutFrame decodes the frame at the start of b: it returns the frame and
// its length, 0 when b holds only part of one, -1 when b does not start
// with a frame marked tok.
func cutFrame(tok token, b []byte) (frame, int) {
	if len(b) < 24 {
		if !bytes.HasPrefix(tok[:], b[:min(len(b), 16)]) {
			return frame{}, -1
		}
		return frame{}, 0
	}
	if !bytes.Equal(b[:16], tok[:]) {
		return frame{}, -1
	}
	typ := int(int32(binary.BigEndian.Uint32(b[16:20])))
	n := int(int32(binary.BigEndian.Uint32(b[20:24])))
	if n < 0 {
		return frame{}, -1
	}
	if len(b)-24 < n {
		return frame{}, 0
	}
	d := &decoder{b: b[24 : 24+n]}
	f := frame{Type: typ}
	switch typ {
	case frameCompile:
		f.RC = d.int()
		f.Out = d.bytes()
		f.Err = d.bytes()
	case frameCase:
		f.Index = d.int()
		f.Kind = d.int()
		f.Code = d.int()
		f.Limit = d.int()
		f.Flags = d.int()
		f.Wall = time.Duration(d.long())
		f.Out = d.bytes()
		f.Err = d.bytes()
		if len(d.b) >= 8 {
			f.Stall = time.Duration(d.long())
		}
	case frameFallback:
		f.Index = d.int()
		f.Reason = string(d.bytes())
	case frameReady:
		if n >= 16 {
			f.Setup = time.Duration(d.long())
			f.Scan = time.Duration(d.long())
		}
	case frameDone:
	default:
		return frame{}, -1
	}
	if d.err != nil {
		return frame{}, -1
	}
	return f, 24 + n
}

// sink is the harness's stdout as it arrives, cut into frames.
type sink struct {
	mu     sync.Mutex
	buf    []byte
	closed bool
	wake   chan struct{}
	max    int64 // bounds buf, when set: a frame is never larger
	broken bool  // more than max came at once: nothing more is read
}

func newSink() *sink { return &sink{wake: make(chan struct{}, 1)} }

// Write never blocks: the harness must not wait on the grader.
func (s *sink) Write(p []byte) (int, error) {
	s.mu.Lock()
	if s.max > 0 && int64(len(s.buf)+len(p)) > s.max {
		s.broken, s.buf = true, nil
	}
	if !s.broken {
		s.buf = append(s.buf, p...)
	}
	s.mu.Unlock()
	s.poke()
	return len(p), nil
}

func (s *sink) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *sink) close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.poke()
}

// ended reports whether the stream ended or broke: no frame will come.
func (s *sink) ended() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed || s.broken
}

// next returns the next frame of the harness; false when the stream
// ended, broke, or nothing whole came by the deadline.
func (s *sink) next(deadline time.Time) (frame, bool) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	for {
		s.mu.Lock()
		f, n := cutFrame(harnessMarker, s.buf)
		if n > 0 {
			s.buf = s.buf[n:]
		}
		closed := s.closed || s.broken
		s.mu.Unlock()
		switch {
		case n > 0:
			return f, true
		case n < 0 || closed:
			return frame{}, false
		}
		select {
		case <-s.wake:
		case <-t.C:
			return frame{}, false
		}
	}
}
