package warm

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"time"
)

// The protocol of java/Harness.java; see its comment.

const (
	frameCompile  = 1
	frameCase     = 2
	frameFallback = 3
	frameDone     = 4
)

const (
	kindReturn = 0
	kindExit   = 1
	kindThrow  = 2
	kindLimit  = 3
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

// newToken is the frame marker of one harness run: the submission never
// sees it, so it cannot forge a reply even if it reached the harness's stdout.
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

// encodeRequest is the harness's whole stdin. mode 1 is a training run
// (it exits normally so that a class data archive is written).
func encodeRequest(tok token, mode int, javac []string, main, classPath string, l limits, cases []request) []byte {
	var e encoder
	e.WriteString("AGW1")
	e.Write(tok[:])
	e.int(mode)
	e.strings(javac)
	e.string(main)
	e.string(classPath)
	e.long(int64(l.CPU))
	e.long(int64(l.Wall))
	e.long(l.Output)
	e.long(int64(l.BuildWall))
	e.int(len(cases))
	for _, c := range cases {
		e.int(c.Index)
		e.strings(c.Args)
		e.bytes(c.Stdin)
	}
	return e.Bytes()
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
	Reason     string
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
	for len(stdout) >= 24 && bytes.Equal(stdout[:16], tok[:]) {
		typ := int(int32(binary.BigEndian.Uint32(stdout[16:20])))
		n := int(int32(binary.BigEndian.Uint32(stdout[20:24])))
		if n < 0 || len(stdout)-24 < n {
			break
		}
		d := &decoder{b: stdout[24 : 24+n]}
		stdout = stdout[24+n:]
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
		case frameFallback:
			f.Index = d.int()
			f.Reason = string(d.bytes())
		case frameDone:
		default:
			return out
		}
		if d.err != nil {
			return out
		}
		out = append(out, f)
	}
	return out
}
