package relay

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// vectors are testdata/frames.json: the protocol's frames (PROTOCOL.md),
// which the Java and Python bridges are tested against too.
type vectors struct {
	MaxFrame int `json:"max_frame"`
	Frames   []struct {
		Name     string `json:"name"`
		Hex      string `json:"hex"`
		Channel  string `json:"channel"`
		Message  string `json:"message"`
		ReadOnly bool   `json:"read_only"`
	} `json:"frames"`
	Malformed []struct {
		Name  string `json:"name"`
		Hex   string `json:"hex"`
		Why   string `json:"why"`   // length, json, utf8, channel, short
		Relay string `json:"relay"` // refuse, forward, none (no frame)
	} `json:"malformed"`
	// TooLarge are messages as their writers write them (before, then
	// fill count times, then after) that pass a frame's payload or fill
	// it exactly: a writer refuses the first before writing a byte.
	TooLarge []struct {
		Name    string `json:"name"`
		Channel string `json:"channel"`
		Before  string `json:"before"`
		Fill    string `json:"fill"`
		Count   int    `json:"count"`
		After   string `json:"after"`
		Refused bool   `json:"refused"`
	} `json:"too_large"`
}

func readVectors(t *testing.T) vectors {
	t.Helper()
	data, err := os.ReadFile("testdata/frames.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Frames) == 0 || len(v.Malformed) == 0 {
		t.Fatal("no vectors")
	}
	return v
}

// cut feeds a stream to a parser, whole and a byte at a time: the frames
// it emits, and whether it found the stream broken, either way alike.
func cut(t *testing.T, name string, stream []byte) (frames [][]byte, bad bool) {
	t.Helper()
	var whole, single [][]byte
	var badWhole, badSingle bool
	p := &parser{emit: func(b []byte) { whole = append(whole, b) }, bad: func(string) { badWhole = true }}
	p.Write(stream)
	q := &parser{emit: func(b []byte) { single = append(single, b) }, bad: func(string) { badSingle = true }}
	for i := range stream {
		q.Write(stream[i : i+1])
	}
	if len(whole) != len(single) || badWhole != badSingle {
		t.Errorf("%s: whole, %d frames (broken %v); a byte at a time, %d (broken %v)", name, len(whole), badWhole, len(single), badSingle)
	}
	return whole, badWhole
}

// TestVectors: the relay frames and cuts each vector's bytes as it says,
// forwards the student's frames it may and refuses the others, and writes
// its death frame as the vector does.
func TestVectors(t *testing.T) {
	v := readVectors(t)
	if v.MaxFrame != MaxFrame {
		t.Errorf("the vectors' max_frame %d, the relay's %d", v.MaxFrame, MaxFrame)
	}
	var all []byte
	var want [][]byte
	for _, f := range v.Frames {
		stream, err := hex.DecodeString(f.Hex)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		payload := append([]byte(f.Channel), f.Message...)
		if !f.ReadOnly && !bytes.Equal(frame(payload), stream) {
			t.Errorf("%s: framed as %x, want %x", f.Name, frame(payload), stream)
		}
		got, bad := cut(t, f.Name, stream)
		if bad || len(got) != 1 || !bytes.Equal(got[0], payload) {
			t.Errorf("%s: cut into %q (broken %v), want %q", f.Name, got, bad, payload)
		}
		switch f.Channel {
		case "S":
			if !studentMessage(payload) {
				t.Errorf("%s: a student's frame the relay would refuse", f.Name)
			}
		case "X":
			var d Died
			if err := json.Unmarshal([]byte(f.Message), &d); err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			if b, _ := json.Marshal(d); string(b) != f.Message {
				t.Errorf("%s: the relay writes %s", f.Name, b)
			}
		}
		all, want = append(all, stream...), append(want, payload)
	}
	if got, bad := cut(t, "every frame in a row", all); bad || len(got) != len(want) {
		t.Errorf("every frame in a row: %d frames (broken %v), want %d", len(got), bad, len(want))
	}
	for _, m := range v.Malformed {
		stream, err := hex.DecodeString(m.Hex)
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		got, bad := cut(t, m.Name, stream)
		switch {
		case m.Why == "length":
			if !bad || len(got) != 0 {
				t.Errorf("%s: %d frames, broken %v; want the stream refused", m.Name, len(got), bad)
			}
		case m.Why == "short":
			if bad || len(got) != 0 {
				t.Errorf("%s: %d frames, broken %v; want no frame", m.Name, len(got), bad)
			}
		case bad || len(got) != 1:
			t.Errorf("%s: %d frames, broken %v; want one", m.Name, len(got), bad)
		case studentMessage(got[0]) != (m.Relay == "forward"):
			t.Errorf("%s: the relay forwards it: %v, want %s", m.Name, studentMessage(got[0]), m.Relay)
		}
	}
}

// TestVectorsTooLarge: a message a writer must refuse would not pass the
// relay either (its length is past MaxFrame), and the largest a writer
// writes is forwarded whole.
func TestVectorsTooLarge(t *testing.T) {
	v := readVectors(t)
	if len(v.TooLarge) == 0 {
		t.Fatal("no vectors of messages too large")
	}
	for _, m := range v.TooLarge {
		payload := []byte(m.Channel + m.Before + strings.Repeat(m.Fill, m.Count) + m.After)
		var got [][]byte
		var bad bool
		p := &parser{emit: func(b []byte) { got = append(got, b) }, bad: func(string) { bad = true }}
		p.Write(frame(payload))
		switch {
		case m.Refused && (len(payload) <= MaxFrame || !bad || len(got) != 0):
			t.Errorf("%s: %d bytes, cut into %d frames (broken %v); want past %d bytes, refused", m.Name, len(payload), len(got), bad, MaxFrame)
		case !m.Refused && (bad || len(got) != 1 || !studentMessage(got[0])):
			t.Errorf("%s: %d bytes, cut into %d frames (broken %v); want one forwarded", m.Name, len(payload), len(got), bad)
		}
	}
}
