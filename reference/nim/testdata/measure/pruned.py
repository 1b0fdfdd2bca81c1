"""Measurement only: negamax without a table, moves tried 3, 2, 1, the
search of a state cut at its first winning move."""
import sys


def negamax(state):
    if state == 1:
        return -1, 0
    best = (-2, 0)
    for take in (3, 2, 1):
        if state - take >= 1:
            value = -negamax(state - take)[0]
            if value > best[0]:
                best = (value, take)
                if value == 1:
                    break
    return best


def main():
    state, players, turn = int(sys.argv[1]), ("Max", "Min"), 0
    while state != 1:
        take = negamax(state)[1]
        print(f"{state}: {players[turn]} takes {take}")
        state -= take
        turn = 1 - turn
    print(f"1: {players[turn]} looses")


main()
