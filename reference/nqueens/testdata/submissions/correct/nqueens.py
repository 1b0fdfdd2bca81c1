"""nqueens.py: the N-queens puzzle by local search (random search, hill
climbing with random restarts, simulated annealing, a genetic algorithm),
after the course's framework nqueens.c."""

import math
import random
import sys

MAXQ = 100


def conflict(r0, c0, r1, c1):
    return c0 == c1 or abs(r0 - r1) == abs(c0 - c1)


def count_conflicts(queens):
    """Pairs of queens that attack each other."""
    n = len(queens)
    return sum(1 for a in range(n) for b in range(a + 1, n)
               if conflict(a, queens[a], b, queens[b]))


def attacks(queens, row, col):
    """Queens of other rows that a queen at (row, col) attacks."""
    return sum(1 for r, c in enumerate(queens)
               if r != row and conflict(row, col, r, c))


def print_state(queens):
    print()
    n = len(queens)
    for r, c in enumerate(queens):
        mark = "Q" if attacks(queens, r, c) else "q"
        print("." * c + mark + "." * (n - c - 1))


def random_board(n):
    return [random.randrange(n) for _ in range(n)]


def random_search(queens):
    n = len(queens)
    optimum = n * (n - 1) // 2
    it = 0
    while optimum - count_conflicts(queens) != optimum:
        print("iteration %d: evaluation=%d" % (it, optimum - count_conflicts(queens)))
        it += 1
        if it == 1000 or n == 1:
            break
        for r in range(n):
            new = random.randrange(n - 1)
            queens[r] = new + 1 if new >= queens[r] else new
    if it < 1000:
        print("Solved puzzle. ", end="")
    print("Final state is", end="")
    return queens


def climb(queens):
    """Steepest ascent, ties at random, until no move lowers the conflicts."""
    n = len(queens)
    current = count_conflicts(queens)
    while current > 0:
        best, moves = 0, []
        for r in range(n):
            here = attacks(queens, r, queens[r])
            for c in range(n):
                if c == queens[r]:
                    continue
                gain = here - attacks(queens, r, c)
                if gain > best:
                    best, moves = gain, [(r, c)]
                elif gain == best and gain > 0:
                    moves.append((r, c))
        if not moves:
            return current
        r, c = random.choice(moves)
        queens[r] = c
        current -= best
    return current


def hill_climbing(queens):
    best, best_conflicts = queens[:], count_conflicts(queens)
    for restart in range(101):
        if best_conflicts == 0:
            break
        if restart > 0:
            queens = random_board(len(queens))
        c = climb(queens)
        if c < best_conflicts:
            best, best_conflicts = queens[:], c
    print("\nFinal State", end="")
    return best


def simulated_annealing(queens):
    n = len(queens)
    best, best_conflicts = queens[:], count_conflicts(queens)
    for restart in range(11):
        if best_conflicts == 0 or n == 1:
            break
        if restart > 0:
            queens = random_board(n)
        t, current = 30.0, count_conflicts(queens)
        while current > 0 and t >= 0.01:
            r = random.randrange(n)
            c = random.randrange(n - 1)
            if c >= queens[r]:
                c += 1
            delta = attacks(queens, r, c) - attacks(queens, r, queens[r])
            if delta <= 0 or random.random() < math.exp(-delta / t):
                queens[r] = c
                current += delta
            t *= 0.999
        if current < best_conflicts:
            best, best_conflicts = queens[:], current
    print("\nFinal State", end="")
    return best


def genetic_algorithm(queens):
    n = len(queens)
    pop = [queens[:]] + [random_board(n) for _ in range(99)]
    for gen in range(1001):
        fitness = [count_conflicts(p) for p in pop]
        best = min(range(len(pop)), key=lambda i: fitness[i])
        if fitness[best] == 0 or gen == 1000:
            break

        def pick():
            a, b = random.randrange(len(pop)), random.randrange(len(pop))
            return pop[b] if fitness[b] < fitness[a] else pop[a]

        nxt = [pop[best][:]]
        while len(nxt) < len(pop):
            x, y = pick(), pick()
            cut = random.randrange(n + 1)
            child = x[:cut] + y[cut:]
            if random.random() < 0.8:
                child[random.randrange(n)] = random.randrange(n)
            nxt.append(child)
        pop = nxt
    print("\nFinal State", end="")
    return pop[best]


def read(prompt, argv_value, ok):
    while True:
        print(prompt, end="")
        value = int(argv_value if argv_value is not None else input())
        if ok(value):
            return value


def main():
    args = sys.argv[1:] if len(sys.argv) == 3 else [None, None]
    n = read("Number of queens (1<=nqueens<%d): " % MAXQ, args[0], lambda v: 1 <= v <= MAXQ)
    alg = read("Algorithm: (1) Random search (2) Hill climbing "
               "(3) Simulated Annealing (4) Genetic Algorithm: ", args[1], lambda v: 1 <= v <= 4)
    queens = random_board(n)
    print("\nInitial state:", end="")
    print_state(queens)
    search = {1: random_search, 2: hill_climbing, 3: simulated_annealing, 4: genetic_algorithm}[alg]
    print_state(search(queens))


if __name__ == "__main__":
    main()
