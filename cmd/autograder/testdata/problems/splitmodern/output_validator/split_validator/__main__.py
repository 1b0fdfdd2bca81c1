"""Accepts two positive integers that add up to the input's n."""
import sys

from rules import split_ok

def reject(feedback, why):
    with open(feedback + "judgemessage.txt", "a") as f:
        f.write(why + "\n")
    sys.exit(43)

def main():
    infile, _, feedback = sys.argv[1:4]
    with open(infile) as f:
        n = int(f.read())
    tokens = sys.stdin.read().split()
    if len(tokens) != 2:
        reject(feedback, "expected two integers")
    try:
        a, b = int(tokens[0]), int(tokens[1])
    except ValueError:
        reject(feedback, "expected two integers")
    if not split_ok(n, a, b):
        reject(feedback, "not two positive parts of n")
    sys.exit(42)

main()
