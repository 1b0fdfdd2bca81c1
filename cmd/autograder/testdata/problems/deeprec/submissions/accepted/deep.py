# A recursion a fifth as deep as the input (200,000 levels for the
# largest): under PyPy, as the judges run Python, that needs more than a
# shell's 8 MiB of stack (CPython 3.11 and later keep Python calls off
# the C stack).
import sys
sys.setrecursionlimit(10**7)
def depth(n):
    if n == 0:
        return 0
    return depth(n - 1) + 1
n = int(input())
print(depth(n // 5) * 5 + n % 5)
