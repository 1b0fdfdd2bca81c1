# listed N: the numbers 1..N, each written by digits.py.
import sys

from digits import spelled

n = int(sys.argv[1])
print(n)
print(" ".join(spelled(i) for i in range(1, n + 1)))
