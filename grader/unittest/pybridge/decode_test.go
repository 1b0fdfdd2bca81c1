package pybridge

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// decodeHarness makes a call on the test side's Peer for each case and
// answers it with the case's frames, as the student's side would: it
// prints how the call ended. The test side runs with
// sys.set_int_max_str_digits(0): the bridge's bounds are its own.
const decodeHarness = `
import base64, json, os, struct, sys, tempfile
sys.setrecursionlimit(1000)
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)
import autograder_bridge as ab
out = {}
for case in json.load(sys.stdin):
    with tempfile.TemporaryFile() as f:
        for fr in case["frames"]:
            b = base64.b64decode(fr)
            f.write(struct.pack(">I", len(b)) + b)
        f.flush()
        f.seek(0)
        peer = ab.Peer(ab.Conn(os.dup(f.fileno()), os.open(os.devnull, os.O_WRONLY)), False)
        called = []
        peer.handle_of(called.append)
        try:
            v = peer.call({"path": ["m", "f"]}, [[1, 2]], {})
            got = "value " + type(v).__name__
        except ab.StudentDied:
            got = "died"
        except ab.Unsendable as e:
            got = "unsendable: " + str(e)
        except ab.BridgeError as e:
            got = "bridge: " + str(e)
        except BaseException as e:
            got = "raised " + type(e).__name__
        if called:
            got += " (the callback ran)"
        out[case["name"]] = got
print(json.dumps(out))
`

// TestDecodeHostile: whatever the student's side sends, the test side's
// decoder gives a value, or fails the call with BridgeError or
// Unsendable: never with an ordinary exception (ValueError, TypeError)
// a test's pytest.raises could take for the student's. Only an exception
// the student's code raised reaches the test as itself.
func TestDecodeHostile(t *testing.T) {
	py := needPython(t)
	ret := func(value string) string { return `S{"op":"return","id":1,"back":[],"value":` + value + `}` }
	back := func(b string) string { return `S{"op":"return","id":1,"value":null,"back":` + b + `}` }
	raise := func(exc string) string { return `S{"op":"raise","id":1,"exc":` + exc + `}` }
	digits := func(n int) string { return strings.Repeat("9", n) }
	deep := strings.Repeat(`{"list":[`, 150) + strings.Repeat(`]}`, 150)
	cases := []struct {
		name   string
		frames []string
		want   string // how the call ends (a prefix)
	}{
		{"int too long", []string{ret(`{"int":"` + digits(5000) + `"}`)}, "unsendable: an int of 5000 digits, too large for the bridge (at most 4300)"},
		{"negative int too long", []string{ret(`{"int":"-` + digits(4301) + `"}`)}, "unsendable: an int of 4301 digits"},
		{"int of 4300 digits", []string{ret(`{"int":"-` + digits(4300) + `"}`)}, "value int"},
		{"hexint beyond 4300 digits", []string{ret(`{"hexint":"-` + strings.Repeat("f", 3572) + `"}`)}, "value int"},
		{"hexint a decimal int would do", []string{ret(`{"hexint":"` + strings.Repeat("f", 3571) + `"}`)}, "bridge: an int written in hexadecimal as"},
		{"hexint with a leading zero", []string{ret(`{"hexint":"0` + strings.Repeat("f", 3572) + `"}`)}, "bridge: an int written in hexadecimal as"},
		{"hexint in capitals", []string{ret(`{"hexint":"` + strings.Repeat("F", 3572) + `"}`)}, "bridge: an int written in hexadecimal as"},
		{"int with spaces", []string{ret(`{"int":" 12 "}`)}, "bridge: an int written as"},
		{"int with underscores", []string{ret(`{"int":"1_000"}`)}, "bridge: an int written as"},
		{"int of other digits", []string{ret(`{"int":"١٢"}`)}, "bridge: an int written as"},
		{"int empty", []string{ret(`{"int":""}`)}, "bridge: an int written as"},
		{"int not a string", []string{ret(`{"int":12}`)}, "bridge: not a value"},
		{"bare number too long", []string{ret(digits(5000))}, "bridge: a bare int beyond 2**53"},
		{"bare int beyond 2**53", []string{ret(`9007199254740992`)}, "bridge: a bare int beyond 2**53"},
		{"bare int at 2**53-1", []string{ret(`9007199254740991`)}, "value int"},
		{"bare float overflowing", []string{ret(`1e999`)}, "value float"},
		{"bare NaN, which JSON has not", []string{ret(`NaN`)}, "bridge: a frame that is not JSON: NaN is not JSON"},
		{"float written oddly", []string{ret(`{"float":"1e999"}`)}, "bridge: not a value"},
		{"bytes not base64", []string{ret(`{"bytes":"!!!"}`)}, "bridge: bytes that are not base64"},
		{"bytes padded wrong", []string{ret(`{"bytes":"YQ"}`)}, "bridge: bytes that are not base64"},
		{"map with a list key", []string{ret(`{"map":[[{"list":[]},1]]}`)}, "bridge: a value the test side cannot rebuild (TypeError"},
		{"map entry not a pair", []string{ret(`{"map":[[1]]}`)}, "bridge: a map entry"},
		{"set of lists", []string{ret(`{"set":[{"list":[]}]}`)}, "bridge: a value the test side cannot rebuild (TypeError"},
		{"frozenset of a dict", []string{ret(`{"frozenset":[{"map":[]}]}`)}, "bridge: a value the test side cannot rebuild (TypeError"},
		{"slice of two", []string{ret(`{"slice":[1,2]}`)}, "bridge: not a value"},
		{"nested too deep", []string{ret(deep)}, "bridge: a value nested more than 100 deep"},
		{"JSON nested too deep", []string{ret(strings.Repeat("[", 100000) + strings.Repeat("]", 100000))}, "bridge: a frame that is not JSON"},
		{"bad UTF-8", []string{"S{\"op\":\"return\",\"id\":1,\"value\":\"\xff\xfe\"}"}, "bridge: a frame that is not JSON"},
		{"lone surrogate", []string{ret(`"\ud800"`)}, "value str"},
		{"unknown kind", []string{ret(`{"what":1}`)}, "bridge: not a value"},
		{"a bare list", []string{ret(`[1,2]`)}, "bridge: not a value"},
		{"handle with a bad type", []string{ret(`{"handle":1,"type":3}`)}, "bridge: not a value"},
		{"copy-back missing", []string{`S{"op":"return","id":1,"value":{"list":["x",{"list":[]}]}}`}, "bridge: bad copy-back"},
		{"copy-back not a list", []string{back(`{"0":1}`)}, "bridge: bad copy-back"},
		{"copy-back bad key", []string{back(`[[1.5,{"list":[]}]]`)}, "bridge: bad copy-back"},
		{"copy-back bad bytes", []string{back(`[[0,{"bytes":"!!!"}]]`)}, "bridge: bytes that are not base64"},
		{"copy-back int too long", []string{back(`[[0,{"int":"` + digits(5000) + `"}]]`)}, "unsendable: an int of 5000 digits"},
		{"copy-back unhashable", []string{back(`[[0,{"set":[{"list":[]}]}]]`)}, "bridge: a value the test side cannot rebuild"},
		{"exception as value", []string{ret(`{"exc":{"type":"ValueError","module":"builtins","bases":[]}}`)}, "value ValueError"},
		{"student's ValueError", []string{raise(`{"type":"ValueError","module":"builtins","bases":[],"args":["x"]}`)}, "raised ValueError"},
		{"exception arg int too long", []string{raise(`{"type":"ValueError","module":"builtins","bases":[],"args":[{"int":"` + digits(5000) + `"}],"message":"m"}`)}, "raised ValueError"},
		{"exception not a dict", []string{raise(`[1]`)}, "bridge: a bad exception"},
		{"exception class named with NUL", []string{raise(`{"type":"Bad\u0000","module":"m","bases":[]}`)}, "bridge: a value the test side cannot rebuild"},
		{"exception class named with a surrogate", []string{raise(`{"type":"B\ud800","module":"m","bases":[]}`)}, "bridge: a value the test side cannot rebuild"},
		{"exception parent's bases not a list", []string{raise(`{"type":"E","module":"m","bases":[],"parents":[{"name":"P","module":"m","bases":5}]}`)}, "bridge: a value the test side cannot rebuild (TypeError"},
		{"exception class value named with NUL", []string{ret(`{"excclass":{"name":"E\u0000","module":"m","bases":[]}}`)}, "bridge: a value the test side cannot rebuild"},
		{"unsendable", []string{`S{"op":"unsendable","id":1,"why":"cyclic"}`}, "unsendable: the student's code gave a value the bridge cannot carry: cyclic"},
		{"channel", []string{`Q{"op":"return","id":1,"value":1}`}, "bridge: a frame on channel"},
		{"empty frame", []string{``}, "bridge: a frame of 0 bytes"},
		{"no answer", nil, "died"},
		// A key of the student's whose hash the student's side answers
		// with its own ValueError: not the call's exception.
		{"key whose hash raises", []string{ret(`{"map":[[{"handle":5,"type":"K"},1]]}`),
			raise(`{"type":"ValueError","module":"builtins","bases":[]}`)[:len(`S{"op":"raise","id":`)] + `2,"exc":{"type":"ValueError","module":"builtins","bases":[]}}`},
			"bridge: a value the test side cannot rebuild (ValueError"},
		// A callback called with what the test side cannot rebuild: the
		// callback does not run and the test fails.
		{"callback bad bytes", []string{`S{"op":"call","id":7,"target":{"ref":1},"args":[{"bytes":"!!!"}]}`, ret(`1`)}, "bridge: bytes that are not base64"},
		{"callback int too long", []string{`S{"op":"call","id":7,"target":{"ref":1},"args":[{"int":"` + digits(5000) + `"}]}`, ret(`1`)}, "unsendable: an int of 5000 digits"},
		{"callback kwarg unhashable", []string{`S{"op":"call","id":7,"target":{"ref":1},"args":[],"kwargs":[["x",{"set":[{"list":[]}]}]]}`, ret(`1`)}, "bridge: a value the test side cannot rebuild"},
		{"callback honest", []string{`S{"op":"call","id":7,"target":{"ref":1},"args":[{"int":"` + digits(20) + `"}]}`, ret(`1`)}, "value int (the callback ran)"},
	}
	type input struct {
		Name   string   `json:"name"`
		Frames []string `json:"frames"`
	}
	var in []input
	for _, c := range cases {
		fs := []string{}
		for _, f := range c.frames {
			fs = append(fs, base64.StdEncoding.EncodeToString([]byte(f)))
		}
		in = append(in, input{c.name, fs})
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "autograder_bridge.py"), bridge, 0o644); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(in)
	cmd := exec.Command(py, "-I", "-B", "-c", "import sys; sys.path.insert(0, "+pyQuote(dir)+")\n"+decodeHarness)
	cmd.Stdin = strings.NewReader(string(data))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", py, err, stderr.String())
	}
	var got map[string]string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, c := range cases {
		if g := got[c.name]; !strings.HasPrefix(g, c.want) {
			t.Errorf("%s: %.300q, want %q...", c.name, g, c.want)
		}
	}
}

func pyQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// needPython is python3's path; a test skips without it, but fails
// under CI, which installs it.
func needPython(t *testing.T) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err == nil {
		return py
	}
	testenv.Missing(t, "python3 missing")
	return ""
}

// needPytest is the system's python3 (the toolchain's, which holds
// pytest), else the one on PATH, which must import pytest.
func needPytest(t *testing.T) string {
	t.Helper()
	py := needPython(t)
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		py = "/usr/bin/python3"
	}
	if exec.Command(py, "-I", "-c", "import pytest").Run() != nil {
		testenv.Missing(t, "%s has no pytest", py)
	}
	return py
}
