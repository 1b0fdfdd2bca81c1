# Reads to the end of its input, then answers.
import sys

print(sum(int(line) for line in sys.stdin), flush=True)
