"""Reads the pairs of a test and prints the gcd_of each."""
import sys


def solve_all(gcd_of):
    nums = list(map(int, sys.stdin.read().split()))
    for a, b in zip(nums[::2], nums[1::2]):
        print(gcd_of(a, b))
