"""Interactive judge: judge.py testcase.in testcase.ans feedback_dir.
The secret number is in testcase.in; the program writes a guess per
line and reads "lower", "higher" or "correct". 42 after a correct guess
within 10, 43 otherwise. A guess is ASCII digits, blanks around them
allowed: anything else (bytes that are not UTF-8, NaN, "1_0", other
scripts' digits, a line of more than 64 bytes) is rejected."""
import re
import sys

MAX_LINE = 64
NUMBER = re.compile(rb"[0-9]{1,9}")


def main():
    with open(sys.argv[1]) as f:
        secret = int(f.read())
    for _ in range(10):
        line = sys.stdin.buffer.readline(MAX_LINE + 1)
        if not line:
            verdict(43, "the program stopped guessing")
        if len(line) > MAX_LINE:
            verdict(43, "a line longer than %d bytes" % MAX_LINE)
        word = line.strip()
        if not NUMBER.fullmatch(word):
            verdict(43, "not a number: " + word[:40].decode("ascii", "backslashreplace"))
        guess = int(word)
        if guess == secret:
            print("correct", flush=True)
            verdict(42, "found")
        print("lower" if secret < guess else "higher", flush=True)
    verdict(43, "more than 10 guesses")


def verdict(code, msg):
    with open(sys.argv[3] + "judgemessage.txt", "w", encoding="utf-8") as f:
        f.write(msg + "\n")
    sys.exit(code)


main()
