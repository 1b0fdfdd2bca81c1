package checker

import (
	"bytes"
	"io"
	"strings"
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
