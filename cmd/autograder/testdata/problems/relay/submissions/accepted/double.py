r, v = map(int, input().split())
print(2 * v, flush=True)
