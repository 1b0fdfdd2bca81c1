package sandbox

import (
	"bytes"
	"testing"
)

// TestCaptureTeeOnly: a capture whose writer alone gets stdout keeps none
// of it, and still counts it against the output limit.
func TestCaptureTeeOnly(t *testing.T) {
	var tee bytes.Buffer
	overs := 0
	c := &capture{max: 5, over: func() { overs++ }, tee: &tee, teeOnly: true}
	for _, w := range []string{"abc", "def", "gh"} {
		if n, err := c.Write([]byte(w)); n != len(w) || err != nil {
			t.Errorf("Write(%q) = %d, %v", w, n, err)
		}
	}
	got, trunc := c.result()
	if len(got) != 0 || !trunc || overs != 1 || tee.String() != "abcde" {
		t.Errorf("kept %q, truncated %v, %d overs, tee got %q; want nothing kept, truncated once, tee %q", got, trunc, overs, tee.String(), "abcde")
	}
}
