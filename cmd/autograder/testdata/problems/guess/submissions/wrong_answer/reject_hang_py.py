# Wrong answer: above 500, it sends a guess that is not a number, which
# the judge rejects at once; it then waits for a reply that never comes,
# reading on past the end of its input, until its time limit. The
# judge's rejection came first: a wrong answer, not a time limit.
import sys

print(500, flush=True)
reply = sys.stdin.readline().strip()
if reply == "higher":
    print("five hundred and one", flush=True)
    while sys.stdin.readline().strip() != "correct":
        pass
    sys.exit(0)
lo, hi = 1, 499
while reply != "correct" and lo <= hi:
    mid = (lo + hi) // 2
    print(mid, flush=True)
    reply = sys.stdin.readline().strip()
    if reply == "lower":
        hi = mid - 1
    else:
        lo = mid + 1
