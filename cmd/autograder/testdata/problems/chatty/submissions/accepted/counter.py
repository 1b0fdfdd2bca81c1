import sys

n = 0
for line in sys.stdin:
    if line == "count?\n":
        break
    n += len(line)
print(n, flush=True)
