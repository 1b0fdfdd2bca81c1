package checker

import (
	"bytes"
	"io"
	"strings"
	"sync/atomic"
	"testing"
)

// TestTranscript: both directions, line by line, each as it completes;
// unfinished lines last; a cap, after which nothing more is kept.
func TestTranscript(t *testing.T) {
	tr := &transcript{max: 64}
	tr.add('>', []byte("50"))
	tr.add('>', []byte("0\n"))
	tr.add('<', []byte("higher\nlow"))
	tr.add('>', []byte("750"))
	want := "> 500\n< higher\n> 750 (no newline)\n< low (no newline)\n"
	if got := tr.String(); got != want {
		t.Errorf("transcript %q, want %q", got, want)
	}

	tr = &transcript{max: 32}
	for range 10 {
		tr.add('>', []byte("0123456789\n"))
		tr.add('<', []byte("x\n"))
	}
	want = "> 0123456789\n< x\n> 0123456789\n\n... (106 more bytes)"
	if got := tr.String(); got != want {
		t.Errorf("capped transcript %q, want %q", got, want)
	}
}

// TestPipe: what the sender wrote reaches the receiver, then end of file;
// a receiver that is gone makes nothing wait.
func TestPipe(t *testing.T) {
	p, err := newPipe(&transcript{max: 1 << 10}, '>')
	if err != nil {
		t.Fatal(err)
	}
	p.Write([]byte("500\n"))
	p.Write([]byte("750\n"))
	p.end()
	got, err := io.ReadAll(p.r)
	if err != nil || string(got) != "500\n750\n" {
		t.Errorf("read %q, %v", got, err)
	}
	p.drop()
	p.wait()

	// Far more than an OS pipe holds, and no one reading: the writes
	// return at once, and dropping the receiver stops the feeder.
	p, err = newPipe(&transcript{max: 1 << 10}, '<')
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte("y"), 64<<10)
	for range 16 {
		if n, err := p.Write(chunk); n != len(chunk) || err != nil {
			t.Fatalf("write: %d, %v", n, err)
		}
	}
	p.drop()
	p.wait()
	if n, _ := p.Write(chunk); n != len(chunk) {
		t.Errorf("a write after the receiver left: %d bytes taken", n)
	}
	if s := p.tr.String(); !strings.HasSuffix(s, " more bytes)") {
		t.Errorf("transcript %q, want it cut", s[:min(len(s), 80)])
	}
}

// TestTextCheck: what a program sends its checker, in pieces, is text
// until a byte that is not UTF-8, a control character or a long line;
// the first is kept, with its line.
func TestTextCheck(t *testing.T) {
	for _, tc := range []struct {
		pieces []string
		bad    string
		line   int
	}{
		{[]string{"500\n", "750\n"}, "", 0},
		{[]string{"caf\xc3", "\xa9\r\n\tx\n"}, "", 0}, // é cut between two writes
		{[]string{"1\n2\n", "\xff\n"}, "a byte that is not UTF-8 (0xff)", 3},
		{[]string{"1\n", "2\x00\n", "\xff"}, "a control character (0x00)", 2},
		{[]string{"ok\n\xe2\x82"}, "a byte that is not UTF-8 (0xe2, a character cut short)", 2},
		{[]string{strings.Repeat("1", maxLine), "\n"}, "", 0},
		{[]string{"\n", strings.Repeat("1", maxLine), "1"}, "a line longer than 64 KiB", 2},
	} {
		var c textCheck
		for _, p := range tc.pieces {
			c.add([]byte(p))
		}
		c.end()
		if c.bad != tc.bad || tc.bad != "" && c.badLine != tc.line {
			t.Errorf("%q: %q at line %d, want %q at line %d", tc.pieces, c.bad, c.badLine, tc.bad, tc.line)
		}
	}
}

// TestPipeHolds: a write to a pipe with hold set returns only once the
// receiver has taken what came before (as on an OS pipe): the sender's
// second chunk is taken in only after the receiver has read most of the
// first, whatever the speed of either side.
func TestPipeHolds(t *testing.T) {
	const chunk = 4 << 20
	p, err := newPipe(&transcript{}, '>')
	if err != nil {
		t.Fatal(err)
	}
	p.hold = pipeHold
	var read atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 32<<10)
		for {
			n, err := p.r.Read(buf)
			read.Add(int64(n))
			if err != nil {
				return
			}
		}
	}()
	data := bytes.Repeat([]byte{'q'}, chunk)
	for i := 1; i <= 3; i++ {
		p.Write(data)
		// Write i returns once the feeder took it, after the receiver
		// read all of write i-1 but what an OS pipe's buffer holds.
		if least := int64(i-1)*chunk - chunk/4; read.Load() < least {
			t.Fatalf("write %d returned when %d bytes were read, want at least %d", i, read.Load(), least)
		}
	}
	p.end()
	<-done
	p.wait()
	if read.Load() != 3*chunk {
		t.Errorf("read %d bytes, want %d", read.Load(), 3*chunk)
	}
}
