"""numbers: a checker in the problem package convention, the twin of
numbers.cpp. The program's output must hold the answer file's numbers, in
any order, each within a tolerance. With the flag "partial" an output of
as many numbers is accepted and scored by the share that match. An answer
file that is not all numbers makes it fail (a ValueError, status 1).
Numbers are read as the problem package format writes them, in ASCII:
NaN, infinity, hexadecimal, "1_0", other scripts' digits and bytes that
are not UTF-8 are not numbers."""

import math
import re
import sys

from tolerance import close

FLOAT = re.compile(rb"[+-]?([0-9]*\.[0-9]+|[0-9]+\.?)([eE][+-]?[0-9]+)?")


def number(tok):
    """The number a token (bytes) writes; a ValueError if none."""
    if not FLOAT.fullmatch(tok):
        raise ValueError(tok)
    x = float(tok)
    if not math.isfinite(x):
        raise ValueError(tok)
    return x


def write(feedback, name, text):
    with open(feedback + name, "w", encoding="utf-8") as f:
        f.write(text + "\n")


def matches(want, got):
    """How many numbers of got match one of want each, both sorted."""
    i = j = right = 0
    while i < len(want) and j < len(got):
        if close(want[i], got[j]):
            right, i, j = right + 1, i + 1, j + 1
        elif want[i] < got[j]:
            i += 1
        else:
            j += 1
    return right


def main():
    if len(sys.argv) < 4:
        print("usage: numbers input answer feedback_dir [partial]", file=sys.stderr)
        return 1
    feedback = sys.argv[3]
    partial = sys.argv[4:5] == ["partial"]
    with open(sys.argv[2], "rb") as f:
        want = sorted(number(t) for t in f.read().split())
    got = []
    for tok in sys.stdin.buffer.read().split():
        try:
            got.append(number(tok))
        except ValueError:
            shown = tok[:40].decode("utf-8", "replace")
            write(feedback, "teammessage.txt", "not a number: " + shown)
            return 43
    got.sort()
    right = matches(want, got)
    write(feedback, "teammessage.txt", "%d of %d numbers right" % (right, len(want)))
    write(feedback, "judgemessage.txt", "got %d numbers, want %d" % (len(got), len(want)))
    if len(got) != len(want):
        return 43
    if partial and want:
        write(feedback, "score.txt", "%.6f" % (right / len(want)))
        return 42
    return 42 if right == len(want) else 43


sys.exit(main())
