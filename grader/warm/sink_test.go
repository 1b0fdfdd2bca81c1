package warm

import (
	"testing"
	"time"
)

// harnessFrame is one frame as the harness writes it.
func harnessFrame(typ int, payload []byte) []byte {
	var e encoder
	e.Write(harnessMarker[:])
	e.int(typ)
	e.int(len(payload))
	e.Write(payload)
	return e.Bytes()
}

func caseFrame(index int, out string) []byte {
	var p encoder
	p.int(index)
	p.int(kindReturn)
	p.int(0)
	p.int(limitNone)
	p.int(0)
	p.long(1)
	p.bytes([]byte(out))
	p.bytes(nil)
	return harnessFrame(frameCase, p.Bytes())
}

// TestSink: the harness's stdout is cut into frames as it arrives, in
// pieces; anything that is not a frame, a stream that ends, or a reply
// that does not come in time ends the conversation.
func TestSink(t *testing.T) {
	soon := func() time.Time { return time.Now().Add(10 * time.Second) }
	s := newSink()
	f := caseFrame(7, "hello\n")
	go func() {
		for i := range f { // a byte at a time
			s.Write(f[i : i+1])
		}
	}()
	got, ok := s.next(soon())
	if !ok || got.Type != frameCase || got.Index != 7 || string(got.Out) != "hello\n" {
		t.Fatalf("next = %+v, %v", got, ok)
	}

	s.Write([]byte("stray output, not a frame"))
	if got, ok := s.next(soon()); ok {
		t.Errorf("garbage read as %+v", got)
	}

	s = newSink()
	s.Write(caseFrame(1, "x")[:30])
	if _, ok := s.next(time.Now().Add(50 * time.Millisecond)); ok {
		t.Error("half a frame read as a whole one")
	}
	s.close()
	if _, ok := s.next(soon()); ok {
		t.Error("a closed stream read a frame")
	}

	// Another marker (the compile service's token) is not the harness's.
	s = newSink()
	tok := newToken()
	var e encoder
	e.Write(tok[:])
	e.int(frameDone)
	e.int(0)
	s.Write(e.Bytes())
	if got, ok := s.next(soon()); ok {
		t.Errorf("a frame with another marker read as %+v", got)
	}
}
