"""Output validator (Kattis convention): validate.py testcase.in
testcase.ans feedback_dir [tolerance EPS] < program_output. Accepts the
divisors of n in any order on the first line and their mean, within EPS,
on the second."""
import sys


def reject(why):
    with open(sys.argv[3] + "judgemessage.txt", "w") as f:
        f.write(why + "\n")
    sys.exit(43)


def main():
    eps = 1e-6
    args = sys.argv[4:]
    if "tolerance" in args:
        eps = float(args[args.index("tolerance") + 1])
    with open(sys.argv[1]) as f:
        n = int(f.read())
    want = sorted(d for d in range(1, n + 1) if n % d == 0)
    lines = sys.stdin.read().split("\n")
    try:
        got = sorted(int(x) for x in lines[0].split())
        mean = float(lines[1])
    except (ValueError, IndexError):
        reject("cannot read the output")
    if got != want:
        reject("the first line is not the divisors of n")
    exact = sum(want) / len(want)
    if abs(mean - exact) > eps * max(1.0, abs(exact)):
        reject("the mean is off")
    if any(line.strip() for line in lines[2:]):
        reject("more output than asked for")
    sys.exit(42)


main()
