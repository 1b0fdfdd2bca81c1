# pygen N SEED: writes testcase.in itself (not on stdout), N numbers.
import sys

n, x = int(sys.argv[1]), int(sys.argv[2])
nums = []
for _ in range(n):
    x = (x * 1103515245 + 12345) % 2**31
    nums.append(x % 2001 - 1000)
with open("testcase.in", "w") as f:
    f.write(f"{n}\n{' '.join(map(str, nums))}\n")
