# Run-time error: guesses once, then fails on the reply.
import sys

print(500, flush=True)
reply = input()
sys.exit(3)
