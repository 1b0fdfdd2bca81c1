"""Nim played optimally by both sides: negamax with a transposition table.

Ties go to the first best move, trying 1, 2 and 3 matches in turn.
"""
import sys

LIMIT = 100
table = {}


def negamax(state):
    """Return (value, move) for the player to move: value +1 wins, -1 loses."""
    if state == 1:
        return -1, 0
    if state in table:
        return table[state]
    best = (-2, 0)
    for take in (1, 2, 3):
        if state - take >= 1:
            value = -negamax(state - take)[0]
            if value > best[0]:
                best = (value, take)
    table[state] = best
    return best


def main(argv):
    if len(argv) != 2 or not argv[1].isdigit() or not 3 <= int(argv[1]) <= LIMIT:
        print(f"usage: {argv[0]} N, with 3 <= N <= {LIMIT}", file=sys.stderr)
        return 1
    state, players, turn = int(argv[1]), ("Max", "Min"), 0
    while state != 1:
        take = negamax(state)[1]
        print(f"{state}: {players[turn]} takes {take}")
        state -= take
        turn = 1 - turn
    print(f"1: {players[turn]} looses")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
