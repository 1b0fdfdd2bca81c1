"""Checks the Python bridge against the protocol's vectors
(grader/unittest/relay/testdata, PROTOCOL.md): frames read and written
by Conn (and the messages too large for a frame, which it refuses),
values encoded and decoded by Peer, and what the test side's
decoder must refuse. Run by vectors_test.go:

    python3 vectors_check.py TESTDATA

It prints one line per failure and exits 1 when there is one.
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import autograder_bridge as ab  # noqa: E402

failures = []


def fail(name, why):
    failures.append("%s: %s" % (name, why))


def read_frame(stream):
    """What Conn.recv makes of a stream: ("frame", chan, msg), ("end",)
    or ("refused", why)."""
    with tempfile.TemporaryFile() as f:
        f.write(stream)
        f.flush()
        f.seek(0)
        conn = ab.Conn(os.dup(f.fileno()), os.open(os.devnull, os.O_WRONLY))
        try:
            chan, msg = conn.recv()
        except ab.BridgeError as e:
            return ("refused", str(e))
        finally:
            conn.r.close()
            os.close(conn.wfd)
    if chan is None:
        return ("end",)
    return ("frame", chan, msg)


def written(chan, msg):
    """The bytes Conn.send writes for a message (None: it refused the
    message, as Unsendable, and wrote nothing)."""
    with tempfile.TemporaryFile() as f:
        conn = ab.Conn(os.open(os.devnull, os.O_RDONLY), os.dup(f.fileno()))
        try:
            conn.send(chan, msg)
            refused = False
        except ab.Unsendable:
            refused = True
        finally:
            os.close(conn.wfd)
            conn.r.close()
        f.seek(0)
        out = f.read()
    if refused:
        return None if not out else out
    return out


def check_frames(doc):
    if doc["max_frame"] != ab.MAX_FRAME:
        fail("max_frame", "the vectors say %d, the bridge %d" % (doc["max_frame"], ab.MAX_FRAME))
    for v in doc["frames"]:
        stream = bytes.fromhex(v["hex"])
        got = read_frame(stream)
        want = ("frame", v["channel"].encode(), json.loads(v["message"]))
        if got != want:
            fail(v["name"], "read as %r, want %r" % (got, want))
        if not v.get("read_only"):
            out = written(v["channel"].encode(), json.loads(v["message"]))
            if out != stream:
                fail(v["name"], "written as %s, want %s" % (out.hex(), v["hex"]))
    for v in doc["malformed"]:
        got = read_frame(bytes.fromhex(v["hex"]))
        why = v["why"]
        if why in ("length", "json", "utf8"):
            ok = got[0] == "refused"
        elif why == "short":
            ok = got == ("end",)
        else:  # another channel: read, and refused by the peer that waits
            ok = got[0] == "frame" and got[1] not in (b"S", b"G", b"X")
        if not ok:
            fail(v["name"], "read as %r, want it %s" % (got, why))


def check_too_large(doc):
    """Messages too large for a frame: refused before a byte is written;
    the largest written whole."""
    for v in doc["too_large"]:
        text = v["before"] + v["fill"] * v["count"] + v["after"]
        payload = v["channel"].encode() + text.encode("ascii")
        out = written(v["channel"].encode(), json.loads(text))
        if v["refused"] and out is not None:
            fail(v["name"], "written (%d bytes), want it refused" % len(out))
        elif not v["refused"] and out != len(payload).to_bytes(4, "big") + payload:
            fail(v["name"], "refused or written otherwise (%r), want a frame of %d bytes" %
                 (out if out is None else len(out), len(payload)))


def nested(n):
    v = 0
    for _ in range(n):
        v = {"list": [v]}
    return v


def check_values(doc):
    peer = ab.Peer(None, False)  # the test side, which trusts nothing it is sent
    for v in doc["values"]:
        value = eval(v["python"], {})
        try:
            got = peer.dec(v["wire"])
        except BaseException as e:
            fail(v["name"], "decoding raised %s: %s" % (type(e).__name__, e))
            continue
        if repr(got) != repr(value) or type(got) is not type(value):
            fail(v["name"], "decoded as %r, want %r" % (got, value))
        enc = peer.enc(value)
        if json.dumps(enc, sort_keys=False) != json.dumps(v["wire"], sort_keys=False):
            fail(v["name"], "encoded as %s, want %s" % (json.dumps(enc), json.dumps(v["wire"])))
    for v in doc["refused"]:
        wire = nested(v["nest"]) if "nest" in v else v["wire"]
        try:
            got = peer.dec(wire)
        except (ab.BridgeError, ab.Unsendable):
            continue
        except BaseException as e:
            fail(v["name"], "refused with %s, which a test could take for the student's: %s" % (type(e).__name__, e))
            continue
        fail(v["name"], "decoded as %.80r, want it refused" % (got,))


def main():
    testdata = sys.argv[1]
    with open(os.path.join(testdata, "frames.json"), encoding="utf-8") as f:
        doc = json.load(f)
    check_frames(doc)
    check_too_large(doc)
    with open(os.path.join(testdata, "values_python.json"), encoding="utf-8") as f:
        check_values(json.load(f))
    for line in failures:
        print(line)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
