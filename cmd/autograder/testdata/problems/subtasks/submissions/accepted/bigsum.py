# Accepted: Python's integers do not overflow.
import sys

data = sys.stdin.read().split()
print(sum(int(x) for x in data[1:1 + int(data[0])]))
