# Forgets to double on the last pass.
r, v = map(int, input().split())
print(v if r == 1 else 2 * v, flush=True)
