"""The guessing game's interactive checker: the secret number, from 1 to
1000, is the input file's; the program guesses, one number a line, and
reads "higher", "lower" or "correct" after each guess. Ten guesses at
most."""

import sys

GUESSES = 10


def say(feedback, name, text):
    with open(feedback + name, "w") as f:
        f.write(text + "\n")


def reject(feedback, why):
    say(feedback, "teammessage.txt", why)
    return 43


def main():
    feedback = sys.argv[3]
    with open(sys.argv[1]) as f:
        secret = int(f.read().split()[0])
    say(feedback, "judgemessage.txt", "secret %d" % secret)
    for n in range(1, GUESSES + 1):
        line = sys.stdin.readline()
        if not line:
            return reject(feedback, "the program stopped after %d guesses" % (n - 1))
        try:
            guess = int(line)
        except ValueError:
            return reject(feedback, "not a number: %r" % line.strip()[:40])
        if guess == secret:
            print("correct", flush=True)
            say(feedback, "teammessage.txt", "found in %d guesses" % n)
            return 42
        print("higher" if guess < secret else "lower", flush=True)
    return reject(feedback, "%d guesses, none right" % GUESSES)


sys.exit(main())
