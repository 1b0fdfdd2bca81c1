"""The judge of testdata/ends, for tests of how an interactive run ends.
It reads the program's lines: "quit" rejects and "done" accepts at once,
before the program ends; "boom" makes it fail (a bug of its own, on valid
text); a line of digits is read as a number with int(), which fails on
more than 4300 digits; any other word is remembered. At the end of the
program's output it accepts when the last word was "right". It decodes
what it reads as UTF-8, strictly: a byte that is not UTF-8 makes it
fail. Its failures are those of a careless judge, on purpose."""
import io
import sys


def main():
    lines = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="strict")
    last = ""
    for line in lines:
        word = line.strip()
        if word == "quit":
            return 43
        if word == "done":
            return 42
        if word == "boom":
            raise RuntimeError("boom")
        if word.isdigit():
            int(word)
        last = word
    return 42 if last == "right" else 43


sys.exit(main())
