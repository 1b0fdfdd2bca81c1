"""The guessing game's interactive checker: the secret number, from 1 to
1000, is the input file's; the program guesses, one number a line, and
reads "higher", "lower" or "correct" after each guess. Ten guesses at
most. A guess is ASCII digits, blanks around them allowed; anything else
(bytes that are not UTF-8, NaN, "1_0", other scripts' digits, a line of
more than MAX_LINE bytes) is rejected, never read as a number."""

import re
import sys

GUESSES = 10
MAX_LINE = 64
NUMBER = re.compile(rb"[0-9]{1,9}")


def say(feedback, name, text):
    with open(feedback + name, "w", encoding="utf-8") as f:
        f.write(text + "\n")


def reject(feedback, why):
    say(feedback, "teammessage.txt", why)
    return 43


def shown(word):
    """A word the program sent, as a message may quote it."""
    return word[:40].decode("ascii", "backslashreplace")


def main():
    feedback = sys.argv[3]
    with open(sys.argv[1]) as f:
        secret = int(f.read().split()[0])
    say(feedback, "judgemessage.txt", "secret %d" % secret)
    for n in range(1, GUESSES + 1):
        line = sys.stdin.buffer.readline(MAX_LINE + 1)
        if not line:
            return reject(feedback, "the program stopped after %d guesses" % (n - 1))
        if len(line) > MAX_LINE:
            return reject(feedback, "a line longer than %d bytes" % MAX_LINE)
        word = line.strip()
        if not NUMBER.fullmatch(word):
            return reject(feedback, "not a number: %s" % shown(word))
        guess = int(word)
        if guess == secret:
            print("correct", flush=True)
            say(feedback, "teammessage.txt", "found in %d guesses" % n)
            return 42
        print("higher" if guess < secret else "lower", flush=True)
    return reject(feedback, "%d guesses, none right" % GUESSES)


sys.exit(main())
