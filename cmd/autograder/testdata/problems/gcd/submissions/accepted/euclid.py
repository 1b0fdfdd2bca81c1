import gcdio


def gcd_of(a, b):
    while b:
        a, b = b, a % b
    return a


gcdio.solve_all(gcd_of)
