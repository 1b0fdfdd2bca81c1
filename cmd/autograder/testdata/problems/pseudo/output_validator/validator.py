# Sends the case's numbers, one a line, closes its output (the program's
# end of input), then reads the program's sum.
import os
import sys

nums = open(sys.argv[1]).read().split()
for x in nums:
    sys.stdout.write(x + "\n")
sys.stdout.flush()
os.close(sys.stdout.fileno())  # sys.stdout.close() leaves fd 1 open
answer = sys.stdin.readline().strip()
sys.exit(42 if answer == str(sum(map(int, nums))) else 43)
