// Package clip keeps a bounded excerpt of a stream a program wrote: its
// first and last bytes, with a visible marker saying how many bytes were
// left out between them. What a student prints is bounded in the grader's
// memory by it, however much was printed.
package clip

import (
	"fmt"
	"unicode/utf8"
)

// Marker is the line put between the head and the tail of an excerpt;
// %d is the number of bytes left out.
const Marker = "\n… %d bytes left out …\n"

// Buffer is an io.Writer that keeps the first Head and the last Tail bytes
// written to it and counts the rest. Its memory is bounded by Head+2*Tail
// whatever is written. The zero Buffer keeps nothing.
type Buffer struct {
	Head, Tail int

	head  []byte
	tail  []byte // the last bytes written after head filled; at most 2*Tail, its last Tail are the tail
	total int64
}

// New returns a Buffer keeping head and tail bytes.
func New(head, tail int) *Buffer { return &Buffer{Head: max(head, 0), Tail: max(tail, 0)} }

// Write keeps what it must of p; it never fails.
func (b *Buffer) Write(p []byte) (int, error) {
	written := len(p)
	b.total += int64(written)
	if room := b.Head - len(b.head); room > 0 {
		n := min(room, len(p))
		b.head = append(b.head, p[:n]...)
		p = p[n:]
	}
	switch {
	case b.Tail <= 0 || len(p) == 0:
		return written, nil
	case len(p) >= b.Tail:
		b.tail = append(b.tail[:0], p[len(p)-b.Tail:]...)
		return written, nil
	}
	if len(b.tail)+len(p) > 2*b.Tail {
		b.tail = append(b.tail[:0], b.tail[len(b.tail)-(b.Tail-len(p)):]...)
	}
	b.tail = append(b.tail, p...)
	return written, nil
}

// Len is the number of bytes written.
func (b *Buffer) Len() int64 { return b.total }

// Cut reports whether bytes were left out.
func (b *Buffer) Cut() bool { return b.total > int64(len(b.head)+len(b.kept())) }

// kept is the tail as it stands: the last Tail bytes written after head.
func (b *Buffer) kept() []byte {
	if len(b.tail) > b.Tail {
		return b.tail[len(b.tail)-b.Tail:]
	}
	return b.tail
}

// String is what was written when nothing was left out; otherwise the
// head and the tail around Marker. The cuts fall between UTF-8 characters:
// up to three bytes more may be left out so that none is split.
func (b *Buffer) String() string {
	head, tail := b.head, b.kept()
	if !b.Cut() {
		return string(head) + string(tail)
	}
	head, tail = runeHead(head), runeTail(tail)
	left := b.total - int64(len(head)+len(tail))
	return string(head) + fmt.Sprintf(Marker, left) + string(tail)
}

// Excerpt is the excerpt a Buffer keeping head and tail bytes makes of p.
func Excerpt(p []byte, head, tail int) string {
	b := New(head, tail)
	b.Write(p)
	return b.String()
}

// LineMarker is what stands between the head and the tail of a clipped
// line (Line); %d is the number of bytes left out.
const LineMarker = " …%d bytes left out… "

// Line is s when it holds at most head+tail bytes; otherwise its first
// head and last tail bytes around LineMarker, on one line: a name or id
// a student chose (a test's id of 140,000 characters) shown whole
// nowhere. The cuts fall between UTF-8 characters, as Excerpt's do.
func Line(s string, head, tail int) string {
	head, tail = max(head, 0), max(tail, 0)
	if len(s) <= head+tail {
		return s
	}
	h, t := runeHead([]byte(s[:head])), runeTail([]byte(s[len(s)-tail:]))
	return string(h) + fmt.Sprintf(LineMarker, len(s)-len(h)-len(t)) + string(t)
}

// runeHead drops the start of a character cut at the end of p.
func runeHead(p []byte) []byte {
	for i := len(p) - 1; i >= 0 && i >= len(p)-utf8.UTFMax; i-- {
		if utf8.RuneStart(p[i]) {
			if !utf8.FullRune(p[i:]) {
				return p[:i]
			}
			break
		}
	}
	return p
}

// runeTail drops the end of a character cut at the start of p.
func runeTail(p []byte) []byte {
	for i := 0; i < len(p) && i < utf8.UTFMax; i++ {
		if utf8.RuneStart(p[i]) {
			return p[i:]
		}
	}
	if len(p) < utf8.UTFMax {
		return nil // all of it the end of one character
	}
	return p // not UTF-8: kept as it is
}
