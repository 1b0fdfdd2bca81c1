"""The tolerance of the numbers checker: 1e-6, absolute, or relative for
numbers above 1."""


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(a))
