# Wrong answer: leaves n itself out.
n = int(input())
ds = [d for d in range(1, n) if n % d == 0]
print(*ds)
print(sum(ds) / len(ds))
