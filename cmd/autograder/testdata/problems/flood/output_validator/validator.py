# Answers each query line "no"; DONE accepts; the end of the program's
# output before DONE rejects.
import sys

for line in sys.stdin:
    if line.strip() == "DONE":
        sys.exit(42)
    sys.stdout.write("no\n")
    sys.stdout.flush()
sys.exit(43)
