# Sends the program as many bytes as the case's input says (lines of
# 1023 x's), then "count?", and accepts the right count.
import sys

size = int(open(sys.argv[1]).read())
line = "x" * 1023 + "\n"
sent = 0
while sent < size:
    sys.stdout.write(line)
    sent += len(line)
sys.stdout.write("count?\n")
sys.stdout.flush()
answer = sys.stdin.readline().strip()
if answer != str(sent):
    with open(sys.argv[3] + "judgemessage.txt", "w") as f:
        f.write(f"expected {sent}, got {answer!r}\n")
    sys.exit(43)
if sys.stdin.read().strip():
    sys.exit(43)
sys.exit(42)
