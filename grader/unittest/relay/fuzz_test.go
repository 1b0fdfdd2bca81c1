package relay

import (
	"bytes"
	"testing"
)

// FuzzParser: whatever a box writes, in whatever pieces, the parser
// gives back exactly the frames written before the first bad length, and
// never a frame larger than MaxFrame.
func FuzzParser(f *testing.F) {
	f.Add([]byte{0, 0, 0, 2, 'S', '1', 0, 0, 0, 1, 'G'}, 3)
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 'S'}, 1)
	f.Add([]byte{0, 0, 0, 0}, 2)
	f.Fuzz(func(t *testing.T, data []byte, cut int) {
		var whole, split [][]byte
		bad1, bad2 := false, false
		p1 := &parser{emit: func(b []byte) { whole = append(whole, b) }, bad: func(string) { bad1 = true }}
		p1.Write(data)
		p2 := &parser{emit: func(b []byte) { split = append(split, b) }, bad: func(string) { bad2 = true }}
		if cut <= 0 {
			cut = 1
		}
		for i := 0; i < len(data); i += cut {
			p2.Write(data[i:min(i+cut, len(data))])
		}
		if bad1 != bad2 || len(whole) != len(split) {
			t.Fatalf("whole: %d frames bad %v; in pieces of %d: %d frames bad %v", len(whole), bad1, cut, len(split), bad2)
		}
		for i := range whole {
			if !bytes.Equal(whole[i], split[i]) || len(whole[i]) == 0 || len(whole[i]) > MaxFrame {
				t.Fatalf("frame %d: %q vs %q", i, whole[i], split[i])
			}
		}
	})
}
