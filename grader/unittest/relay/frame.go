package relay

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
)

// MaxFrame is the largest frame's payload.
const MaxFrame = 16 << 20

// The channels, a payload's first byte.
const (
	chanStudent = 'S' // test side <-> student side, forwarded
	chanControl = 'G' // test side -> relay
	chanExit    = 'X' // relay -> test side: the student box ended
)

// frame is a payload with its length before it, ready to write.
func frame(payload []byte) []byte {
	out := make([]byte, 4, 4+len(payload))
	binary.BigEndian.PutUint32(out, uint32(len(payload)))
	return append(out, payload...)
}

// studentMessage reports whether a payload of the student side's is one
// the relay forwards: on the student channel, and JSON (its UTF-8, and
// its values, are the test side's to check).
func studentMessage(p []byte) bool {
	return p[0] == chanStudent && json.Valid(p[1:])
}

// parser cuts a stream into frames. It is the io.Writer a box's stdout
// is given: it never fails a write, and after a bad length it drops the
// rest.
type parser struct {
	buf    []byte
	emit   func(payload []byte)
	bad    func(why string)
	broken bool
}

func (p *parser) Write(b []byte) (int, error) {
	if p.broken {
		return len(b), nil
	}
	p.buf = append(p.buf, b...)
	for len(p.buf) >= 4 {
		n := binary.BigEndian.Uint32(p.buf)
		if n == 0 || n > MaxFrame {
			p.broken, p.buf = true, nil
			p.bad(fmt.Sprintf("a frame of %d bytes", n))
			break
		}
		if len(p.buf) < 4+int(n) {
			break
		}
		payload := make([]byte, n)
		copy(payload, p.buf[4:])
		p.buf = p.buf[4+n:]
		p.emit(payload)
	}
	if len(p.buf) == 0 {
		p.buf = nil // let a large frame's buffer go
	}
	return len(b), nil
}
