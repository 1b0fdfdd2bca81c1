"""Output validator (Kattis convention): validate.py testcase.in
testcase.ans feedback_dir [tolerance EPS] < program_output. Accepts the
divisors of n in any order on the first line and their mean, within EPS,
on the second. Numbers are read as the format writes them, in ASCII:
NaN, infinity, "1_0", other scripts' digits and bytes that are not UTF-8
are rejected, never read as numbers."""
import math
import re
import sys

INTEGER = re.compile(rb"[+-]?[0-9]{1,18}")
FLOAT = re.compile(rb"[+-]?([0-9]*\.[0-9]+|[0-9]+\.?)([eE][+-]?[0-9]+)?")


def reject(why):
    with open(sys.argv[3] + "judgemessage.txt", "w", encoding="utf-8") as f:
        f.write(why + "\n")
    sys.exit(43)


def integers(line):
    words = line.split()
    if not all(INTEGER.fullmatch(w) for w in words):
        reject("the first line is not all integers")
    return sorted(int(w) for w in words)


def real(line):
    word = line.strip()
    if len(word) > 100 or not FLOAT.fullmatch(word):
        reject("the second line is not a number")
    x = float(word)
    if not math.isfinite(x):
        reject("the mean is not a finite number")
    return x


def main():
    eps = 1e-6
    args = sys.argv[4:]
    if "tolerance" in args:
        eps = float(args[args.index("tolerance") + 1])
    with open(sys.argv[1]) as f:
        n = int(f.read())
    want = sorted(d for d in range(1, n + 1) if n % d == 0)
    lines = sys.stdin.buffer.read().split(b"\n")
    if len(lines) < 2:
        reject("cannot read the output")
    got, mean = integers(lines[0]), real(lines[1])
    if got != want:
        reject("the first line is not the divisors of n")
    exact = sum(want) / len(want)
    if not abs(mean - exact) <= eps * max(1.0, abs(exact)):
        reject("the mean is off")
    if any(line.strip() for line in lines[2:]):
        reject("more output than asked for")
    sys.exit(42)


main()
