package clip

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExcerpt(t *testing.T) {
	for _, tc := range []struct {
		name       string
		in         string
		head, tail int
		want       string
	}{
		{"empty", "", 4, 4, ""},
		{"fits", "abcdefgh", 4, 4, "abcdefgh"},
		{"short", "abc", 4, 4, "abc"},
		{"one over", "abcdefghi", 4, 4, "abcd" + fmt.Sprintf(Marker, 1) + "fghi"},
		{"long", strings.Repeat("x", 100) + "END", 2, 3, "xx" + fmt.Sprintf(Marker, 98) + "END"},
		{"head only", "abcdefgh", 3, 0, "abc" + fmt.Sprintf(Marker, 5)},
		{"tail only", "abcdefgh", 0, 3, fmt.Sprintf(Marker, 5) + "fgh"},
		{"nothing kept", "abc", 0, 0, fmt.Sprintf(Marker, 3)},
		// "é" is two bytes, "€" three: a cut never splits one.
		{"head splits a character", "aé" + strings.Repeat("-", 10) + "z", 2, 1, "a" + fmt.Sprintf(Marker, 12) + "z"},
		{"tail splits a character", "a" + strings.Repeat("-", 10) + "€z", 1, 3, "a" + fmt.Sprintf(Marker, 13) + "z"},
		{"whole characters", "€" + strings.Repeat("-", 10) + "€", 3, 3, "€" + fmt.Sprintf(Marker, 10) + "€"},
		{"not UTF-8 kept as bytes", "\xff\xfe" + strings.Repeat("-", 10) + "\x80\x80\x80\x80", 2, 4, "\xff\xfe" + fmt.Sprintf(Marker, 10) + "\x80\x80\x80\x80"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Excerpt([]byte(tc.in), tc.head, tc.tail); got != tc.want {
				t.Errorf("Excerpt(%q, %d, %d) = %q, want %q", tc.in, tc.head, tc.tail, got, tc.want)
			}
		})
	}
}

// TestLine: a line longer than head+tail keeps both ends around the
// mark, on one line, never splitting a character.
func TestLine(t *testing.T) {
	for _, tc := range []struct {
		name       string
		in         string
		head, tail int
		want       string
	}{
		{"fits", "abcdefgh", 4, 4, "abcdefgh"},
		{"one over", "abcdefghi", 4, 4, "abcd" + fmt.Sprintf(LineMarker, 1) + "fghi"},
		{"long id", "t.py::" + strings.Repeat("x", 140000) + "]", 6, 1, "t.py::" + fmt.Sprintf(LineMarker, 140000) + "]"},
		{"head splits a character", "aé" + strings.Repeat("-", 10) + "z", 2, 1, "a" + fmt.Sprintf(LineMarker, 12) + "z"},
		{"tail splits a character", "a" + strings.Repeat("-", 10) + "€z", 1, 3, "a" + fmt.Sprintf(LineMarker, 13) + "z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Line(tc.in, tc.head, tc.tail)
			if got != tc.want || strings.Contains(got, "\n") {
				t.Errorf("Line(%.40q, %d, %d) = %q, want %q", tc.in, tc.head, tc.tail, got, tc.want)
			}
		})
	}
}

func TestBufferChunks(t *testing.T) {
	in := []byte(strings.Repeat("0123456789", 50))
	want := Excerpt(in, 7, 13)
	for _, size := range []int{1, 2, 3, 7, 12, 13, 14, 26, 27, 100, 500} {
		b := New(7, 13)
		for p := in; len(p) > 0; {
			n := min(size, len(p))
			if w, err := b.Write(p[:n]); w != n || err != nil {
				t.Fatalf("Write(%d bytes) = %d, %v", n, w, err)
			}
			p = p[n:]
		}
		if got := b.String(); got != want {
			t.Errorf("written %d bytes at a time: %q, want %q", size, got, want)
		}
		if b.Len() != int64(len(in)) || !b.Cut() {
			t.Errorf("written %d bytes at a time: Len %d, Cut %v", size, b.Len(), b.Cut())
		}
	}
}

// TestBufferBounded writes far more than a Buffer keeps: what it holds
// stays within Head+2*Tail bytes.
func TestBufferBounded(t *testing.T) {
	b := New(64, 64)
	line := []byte(strings.Repeat("y", 40) + "\n")
	for range 100_000 {
		b.Write(line)
		if n := len(b.head) + len(b.tail); n > 64+2*64 {
			t.Fatalf("holds %d bytes", n)
		}
	}
	if !strings.Contains(b.String(), fmt.Sprintf(Marker, int64(len(line))*100_000-128)) {
		t.Errorf("String() = %q: wrong count", b.String())
	}
}

func FuzzBuffer(f *testing.F) {
	f.Add([]byte("hello, world"), 3, 4, 2)
	f.Add([]byte("aé€𝄞z"+strings.Repeat("-", 30)+"𝄞€éa"), 5, 6, 1)
	f.Add([]byte("\xff\x80\x80\x80\x80\xf0\x9d"), 1, 2, 3)
	f.Fuzz(func(t *testing.T, in []byte, head, tail, chunk int) {
		head, tail, chunk = abs(head)%64, abs(tail)%64, abs(chunk)%17+1
		b := New(head, tail)
		for p := in; len(p) > 0; {
			n := min(chunk, len(p))
			b.Write(p[:n])
			p = p[n:]
		}
		got := b.String()
		if got != Excerpt(in, head, tail) {
			t.Fatalf("chunked %q, whole %q", got, Excerpt(in, head, tail))
		}
		if len(in) <= head+tail {
			if got != string(in) {
				t.Fatalf("%q kept as %q", in, got)
			}
			return
		}
		check(t, in, got, head, tail)
	})
}

// check verifies a cut excerpt: a head of in, the marker with the right
// count, a tail of in, each at most three bytes short.
func check(t *testing.T, in []byte, got string, head, tail int) {
	i := strings.Index(got, "\n… ")
	if i < 0 {
		t.Fatalf("%q: no marker in %q", in, got)
	}
	h := got[:i]
	var left int
	var rest string
	if _, err := fmt.Sscanf(got[i:], Marker, &left); err != nil {
		t.Fatalf("%q: marker unreadable in %q: %v", in, got, err)
	}
	rest = got[i+len(fmt.Sprintf(Marker, left)):]
	if !bytes.HasPrefix(in, []byte(h)) || len(h) > head || len(h) < head-3 {
		t.Errorf("%q: head %q of %d", in, h, head)
	}
	if !bytes.HasSuffix(in, []byte(rest)) || len(rest) > tail || len(rest) < tail-3 {
		t.Errorf("%q: tail %q of %d", in, rest, tail)
	}
	if len(h)+left+len(rest) != len(in) {
		t.Errorf("%q: %d + %d + %d bytes, want %d", in, len(h), left, len(rest), len(in))
	}
	if utf8.Valid(in) && !utf8.ValidString(got) {
		t.Errorf("%q: excerpt %q is not UTF-8", in, got)
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
