"""Checks a pass of Countdown; see problem.yaml."""
import os
import sys

infile, ansfile, feedback = sys.argv[1:4]
with open(infile) as f:
    r, v = map(int, f.read().split())
count_file = os.path.join(feedback, "count.txt")
count = 1
if os.path.exists(count_file):
    with open(count_file) as f:
        count = int(f.read()) + 1
with open(count_file, "w") as f:
    f.write(str(count))
with open(os.path.join(feedback, "judgemessage.txt"), "a") as f:
    f.write("pass %d: r=%d v=%d\n" % (count, r, v))
got = sys.stdin.read().split()
if got != [str(2 * v)]:
    with open(os.path.join(feedback, "judgemessage.txt"), "a") as f:
        f.write("expected %d\n" % (2 * v))
    sys.exit(43)
if r > 1:
    with open(os.path.join(feedback, "nextpass.in"), "w") as f:
        f.write("%d %d\n" % (r - 1, 2 * v))
    sys.exit(42)
with open(ansfile) as f:
    if count != int(f.read()):
        sys.exit(1)  # the judge's fault: the passes did not add up
sys.exit(42)
