package sandbox

import (
	"io"
	"sync"
)

// capture keeps the first max bytes written to it and calls over once
// when more arrive. It never fails a write, so that the copying goroutine
// drains the pipe until the box is gone.
type capture struct {
	mu        sync.Mutex
	buf       []byte
	max       int64
	truncated bool
	over      func()
	tee       io.Writer // also gets what is kept, as it comes
	teeOnly   bool      // tee alone gets it: buf stays empty, n counts it
	eof       func()    // called at the stream's end (ReadFrom)
	n         int64
}

func (c *capture) Write(p []byte) (int, error) {
	c.mu.Lock()
	room := c.max - c.n
	fire := false
	kept := p
	if int64(len(p)) > room {
		kept = p[:max(room, 0)]
		fire = !c.truncated
		c.truncated = true
	}
	c.n += int64(len(kept))
	if !c.teeOnly {
		c.buf = append(c.buf, kept...)
	}
	if c.tee != nil && len(kept) > 0 {
		c.tee.Write(kept)
	}
	c.mu.Unlock()
	if fire && c.over != nil {
		c.over()
	}
	return len(p), nil
}

// ReadFrom implements io.ReaderFrom, which the copy of a program's
// stdout uses: it ends at the stream's end, which eof then hears of.
func (c *capture) ReadFrom(r io.Reader) (int64, error) {
	buf := make([]byte, 32<<10)
	var n int64
	for {
		k, err := r.Read(buf)
		if k > 0 {
			c.Write(buf[:k])
			n += int64(k)
		}
		if err == io.EOF {
			if c.eof != nil {
				c.eof()
			}
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

func (c *capture) result() ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf, c.truncated
}
