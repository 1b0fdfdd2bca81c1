n = int(input())
s = n * (n + 1) // 2
# Wraps past 2^31 - 1, as a 32-bit int would.
print((s + 2**31) % 2**32 - 2**31)
