package pybridge

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tooLargeHarness runs each case on one side's Peer, over files in place
// of the relay's pipes, and prints what came of it: the frames that side
// wrote (their ops, or "refused" when one it read was cut short), how the
// call ended, and how much memory (tracemalloc's peak, past the case's
// own values) writing took.
const tooLargeHarness = `
import json, os, struct, sys, tempfile, tracemalloc, types
import autograder_bridge as ab

MIB = 1 << 20
m = types.ModuleType("m")
sys.modules["m"] = m
m.huge = lambda: "x" * (20 * MIB)
m.escaped = lambda: "\u00e9" * (3 * MIB)  # 3 MiB of text, 18 MiB escaped
m.many = lambda: [[]] * (2 * MIB)          # 24 MiB of JSON, in a 16 MiB list
m.just = lambda: "x" * (MIB - 64)
def huge_exc():
    raise ValueError("A" * (20 * MIB))
m.huge_exc = huge_exc
def loud():
    sys.stdout.write("\x01" * (4 * MIB))  # 24 MiB escaped
    sys.stderr.write("\u2713" * (4 * MIB))
    return 1
m.loud = loud
def calls_back(f):
    f("x" * (20 * MIB))
m.calls_back = calls_back
m.small = lambda: 7

def frames(path):
    out = []
    with open(path, "rb") as f:
        while True:
            head = f.read(4)
            if not head:
                return out
            (n,) = struct.unpack(">I", head)
            data = f.read(n)
            if len(data) < n or n > ab.MAX_FRAME:
                return out + ["refused"]
            msg = json.loads(data[1:])
            out.append((msg.get("op"), msg.get("id"), sorted(k for k in msg if k in ("out", "err")),
                        sum(len(msg.get(k, "")) for k in ("out", "err"))))

def student(calls, measure=True):
    """The student's side answers calls, then the stream ends."""
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "in"), "wb") as f:
            for i, (name, args) in enumerate(calls, 1):
                b = b"S" + json.dumps({"op": "call", "id": i, "target": {"path": ["m", name]},
                                       "args": args, "kwargs": []}).encode()
                f.write(struct.pack(">I", len(b)) + b)
        rfd = os.open(os.path.join(d, "in"), os.O_RDONLY)
        wfd = os.open(os.path.join(d, "out"), os.O_WRONLY | os.O_CREAT)
        peer = ab.Peer(ab.Conn(rfd, wfd), True)
        peer.printed = {"out": [], "err": []}
        sys.stdout, sys.stderr = ab._Echo(open(os.devnull, "w"), peer.printed["out"]), \
            ab._Echo(open(os.devnull, "w"), peer.printed["err"])
        try:
            if measure:
                tracemalloc.start()
            peer.serve()
            peak = tracemalloc.get_traced_memory()[1] if measure else 0
            tracemalloc.stop()
            ended = "served"
        except BaseException as e:
            ended, peak = "ended: %s: %s" % (type(e).__name__, str(e)[:200]), 0
        finally:
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
            os.close(wfd)
        return {"frames": frames(os.path.join(d, "out")), "ended": ended, "peak_mib": peak / MIB}

def test_side(value):
    """The test side calls m.f with value: what it wrote, how the call ended."""
    with tempfile.TemporaryDirectory() as d:
        wfd = os.open(os.path.join(d, "out"), os.O_WRONLY | os.O_CREAT)
        peer = ab.Peer(ab.Conn(os.open(os.devnull, os.O_RDONLY), wfd), False)
        try:
            peer.call({"path": ["m", "f"]}, [value], {})
            ended = "returned"
        except ab.Unsendable as e:
            ended = "unsendable: " + str(e)
        except BaseException as e:
            ended = "%s: %s" % (type(e).__name__, str(e)[:200])
        os.close(wfd)
        return {"frames": frames(os.path.join(d, "out")), "ended": ended}

out = {}
out["return"] = student([["huge", []], ["small", []]])
out["escaped"] = student([["escaped", []], ["small", []]])
out["many"] = student([["many", []], ["small", []]], measure=False)  # slow when traced
out["just"] = student([["just", []]])
out["exception"] = student([["huge_exc", []], ["small", []]])
out["printed"] = student([["loud", []], ["small", []]])
out["callback"] = student([["calls_back", [{"handle": 1, "type": "function"}]], ["small", []]])
out["test side"] = test_side("x" * (20 * MIB))
out["test side escaped"] = test_side("\u00e9" * (3 * MIB))
print(json.dumps(out))
`

type frameOut struct {
	Op      string
	ID      int
	Printed []string
	Chars   int
}

func (f *frameOut) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if string(b) == `"refused"` {
		f.Op = "refused"
		return nil
	}
	if err := json.Unmarshal(b, &raw); err != nil || len(raw) != 4 {
		return err
	}
	_ = json.Unmarshal(raw[0], &f.Op)
	_ = json.Unmarshal(raw[1], &f.ID)
	_ = json.Unmarshal(raw[2], &f.Printed)
	return json.Unmarshal(raw[3], &f.Chars)
}

// TestTooLarge: a value whose message would pass 16 MiB (a return value,
// text that passes it only escaped, many small parts, an exception's
// arguments, a callback's argument, what the student's code printed) is
// refused before a byte of its frame is written: that call fails as
// Unsendable, the process goes on and answers the next call, and writing
// stops at the limit (the memory it takes is the frame's, never the
// whole value's JSON). The test side's own argument is refused alike,
// with nothing written.
func TestTooLarge(t *testing.T) {
	out := runHarness(t, tooLargeHarness)
	var got map[string]struct {
		Frames  []frameOut
		Ended   string
		PeakMiB float64 `json:"peak_mib"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %.500s", err, out)
	}
	ops := func(fs []frameOut) string {
		var s []string
		for _, f := range fs {
			s = append(s, f.Op)
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct{ name, ops string }{
		{"return", "unsendable return"},
		{"escaped", "unsendable return"},
		{"many", "unsendable return"},
		{"just", "return"},
		{"exception", "raise return"},
		{"printed", "return return"},
		{"callback", "unsendable return"},
	} {
		g := got[c.name]
		if g.Ended != "served" || ops(g.Frames) != c.ops {
			t.Errorf("%s: the student's side wrote %q and %s; want %q, then served to the end", c.name, ops(g.Frames), g.Ended, c.ops)
		}
		// The value's own memory aside (tracemalloc counts it too: 20
		// MiB at most), writing costs the frame's 16 MiB at most.
		if g.PeakMiB > 20+16+4 {
			t.Errorf("%s: writing took %.1f MiB at its peak", c.name, g.PeakMiB)
		}
	}
	if p := got["printed"].Frames; len(p) == 2 && (len(p[0].Printed) != 2 || p[0].Chars == 0 || p[0].Chars > 2*maxEcho) {
		t.Errorf("printed: the answer carried %v, %d characters; want out and err, cut", p[0].Printed, p[0].Chars)
	}
	for _, name := range []string{"test side", "test side escaped"} {
		g := got[name]
		if len(g.Frames) != 0 || g.Ended != "unsendable: the test gave a value the bridge cannot carry: a value too large: its message would pass the bridge's 16 MiB" {
			t.Errorf("%s: wrote %q, and the call ended %q", name, ops(g.Frames), g.Ended)
		}
	}
}

// maxEcho is the bridge's MAX_ECHO: the characters of what the student's
// code printed that one frame carries.
const maxEcho = 4 << 20

// manyPartsHarness: the test side calls m.f twice, the student's side
// (a file of its frames) answering the first with ans and the second with
// 7; it prints how each call ended, the frames the test side wrote, and
// its memory's peak while it read the first answer (when measured).
const manyPartsHarness = `
import json, os, struct, sys, tempfile, tracemalloc
import autograder_bridge as ab

def run(ans, measure=False):
    peak = 0
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "in"), "wb") as f:
            for i, v in ((1, ans), (2, "7")):
                b = b"S" + ('{"op":"return","id":%d,"value":%s,"back":[]}' % (i, v)).encode()
                f.write(struct.pack(">I", len(b)) + b)
        wfd = os.open(os.path.join(d, "out"), os.O_WRONLY | os.O_CREAT)
        peer = ab.Peer(ab.Conn(os.open(os.path.join(d, "in"), os.O_RDONLY), wfd), False)
        ended = []
        for i in (1, 2):
            if i == 1 and measure:
                tracemalloc.start()
            try:
                v = peer.call({"path": ["m", "f"]}, [], {})
                ended.append("returned %s of %d" % (type(v).__name__, len(v) if type(v) in (list, str) else v))
            except ab.Unsendable as e:
                ended.append("unsendable: " + str(e))
            if i == 1 and measure:
                peak = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
        os.close(wfd)
        with open(os.path.join(d, "out"), "rb") as f:
            data = f.read()
        ops = []
        while data:
            (n,) = struct.unpack(">I", data[:4])
            ops.append(json.loads(data[5:4 + n]).get("op"))
            data = data[4 + n:]
        return {"ended": ended, "ops": ops, "peak_mib": peak / (1 << 20)}

sets = '{"list":[%s]}' % ",".join(['{"set":[]}'] * 1500000)
out = {
    "sets": run(sets, True),
    "arrays": run('{"list":[{"list":[%s]}]}' % ",".join(["[]"] * 2000000), True),
    "ints": run('{"list":[%s]}' % ",".join(["1"] * 1000000)),
    "commas": run(json.dumps("," * (12 << 20))),
}
print(json.dumps(out))
`

// TestTooManyParts: the test side refuses an answer of more than a
// million parts (1.5 million empty sets: 16 MiB of JSON, hundreds of
// MiB decoded) before it decodes it, as Unsendable, costing that call alone:
// the student's process is reset, the next call answered. A million ints,
// and a string of 12 million commas (parts only outside strings), are
// carried.
func TestTooManyParts(t *testing.T) {
	out := runHarness(t, manyPartsHarness)
	var got map[string]struct {
		Ended   []string
		Ops     []string
		PeakMiB float64 `json:"peak_mib"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %.500s", err, out)
	}
	refused := "unsendable: the student's code gave a value the bridge cannot carry: a message of more than 1048576 parts (arrays, objects and their members)"
	for _, c := range []struct{ name, first, ops string }{
		{"sets", refused, "call reset call"},
		{"arrays", refused, "call reset call"},
		{"ints", "returned list of 1000000", "call call"},
		{"commas", "returned str of 12582912", "call call"},
	} {
		g := got[c.name]
		if len(g.Ended) != 2 || g.Ended[0] != c.first || g.Ended[1] != "returned int of 7" || strings.Join(g.Ops, " ") != c.ops {
			t.Errorf("%s: the calls ended %q, the test side wrote %q; want %q then 7, and %q", c.name, g.Ended, g.Ops, c.first, c.ops)
		}
	}
	// A refused answer costs its frame (16 MiB at most), never its
	// decoded values.
	for _, name := range []string{"sets", "arrays"} {
		if p := got[name].PeakMiB; p > 2*16+4 {
			t.Errorf("%s: reading the refused answer took %.1f MiB at its peak", name, p)
		}
	}
}

// runHarness runs a Python harness beside the bridge's module and
// returns what it printed.
func runHarness(t *testing.T, harness string) []byte {
	t.Helper()
	py := needPython(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "autograder_bridge.py"), bridge, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-I", "-B", "-c", "import sys; sys.path.insert(0, "+pyQuote(dir)+")\n"+harness)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", py, err, stderr.String())
	}
	return out
}
