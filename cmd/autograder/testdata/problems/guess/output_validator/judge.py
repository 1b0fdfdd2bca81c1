"""Interactive judge: judge.py testcase.in testcase.ans feedback_dir.
The secret number is in testcase.in; the program writes a guess per
line and reads "lower", "higher" or "correct". 42 after a correct guess
within 10, 43 otherwise."""
import sys


def main():
    with open(sys.argv[1]) as f:
        secret = int(f.read())
    for _ in range(10):
        line = sys.stdin.readline()
        if not line:
            verdict(43, "the program stopped guessing")
        try:
            guess = int(line)
        except ValueError:
            verdict(43, "not a number: " + line.strip())
        if guess == secret:
            print("correct", flush=True)
            verdict(42, "found")
        print("lower" if secret < guess else "higher", flush=True)
    verdict(43, "more than 10 guesses")


def verdict(code, msg):
    with open(sys.argv[3] + "judgemessage.txt", "w") as f:
        f.write(msg + "\n")
    sys.exit(code)


main()
