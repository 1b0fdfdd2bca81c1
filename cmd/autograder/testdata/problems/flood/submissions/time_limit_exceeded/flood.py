# Sends queries without end and never reads an answer.
import sys

line = "Q" * 999 + "\n"
while True:
    sys.stdout.write(line)
    sys.stdout.flush()
