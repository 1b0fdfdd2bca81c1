"""The rule of a split."""

def split_ok(n, a, b):
    return a > 0 and b > 0 and a + b == n
