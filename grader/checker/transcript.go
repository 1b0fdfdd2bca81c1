package checker

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
)

// transcript keeps both directions of a conversation, line by line as
// each line is complete, each after its direction's mark, up to max
// bytes.
type transcript struct {
	mu      sync.Mutex
	b       strings.Builder
	max     int
	partial [2][]byte // the unfinished line of each direction
	full    bool      // a line did not fit: none after it is kept
	left    int       // bytes not kept
}

func side(dir byte) int {
	if dir == '>' {
		return 0
	}
	return 1
}

// add takes what was sent in one direction.
func (t *transcript) add(dir byte, p []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := side(dir)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			room := max(t.max-len(t.partial[s]), 0)
			kept := min(room, len(p))
			t.partial[s] = append(t.partial[s], p[:kept]...)
			t.left += len(p) - kept
			return
		}
		t.line(dir, append(t.partial[s], p[:i]...), "")
		t.partial[s], p = t.partial[s][:0], p[i+1:]
	}
}

// line writes one line after its mark, or counts it when full.
func (t *transcript) line(dir byte, l []byte, note string) {
	if t.full || t.b.Len()+len(l)+len(note)+3 > t.max {
		t.full = true
		t.left += len(l) + 1
		return
	}
	t.b.WriteByte(dir)
	t.b.WriteByte(' ')
	t.b.Write(l)
	t.b.WriteString(note)
	t.b.WriteByte('\n')
}

// String is the transcript so far: unfinished lines last, marked.
func (t *transcript) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	for s, dir := range []byte{'>', '<'} {
		if len(t.partial[s]) > 0 {
			t.line(dir, t.partial[s], " (no newline)")
			t.partial[s] = nil
		}
	}
	out := clean(t.b.String())
	if t.left > 0 {
		out += fmt.Sprintf("\n... (%d more bytes)", t.left)
	}
	return out
}
