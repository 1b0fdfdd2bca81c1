/* Nim by negamax: moves are tried largest first and the search of a state
 * stops at the first move that wins, so where every move loses the
 * largest legal one is played. Known states are kept in a table. */
#include <stdio.h>
#include <stdlib.h>

#define MAXSTICKS 100

typedef struct {
    int value; /* +1: the player to move wins, -1: loses, 0: unknown */
    int move;
} Choice;

static Choice known[MAXSTICKS + 1];

/* negaMax returns the value of state for the player to move and a best move. */
static Choice negaMax(int state) {
    Choice best = {-2, 0};
    if (state == 1) {
        best.value = -1;
        return best;
    }
    if (known[state].value != 0)
        return known[state];
    for (int take = 3; take >= 1; take--) {
        if (state - take < 1)
            continue;
        int value = -negaMax(state - take).value;
        if (value > best.value) {
            best.value = value;
            best.move = take;
            if (value == 1)
                break;
        }
    }
    known[state] = best;
    return best;
}

int main(int argc, char **argv) {
    int sticks = argc == 2 ? atoi(argv[1]) : 0;
    if (sticks < 3 || sticks > MAXSTICKS) {
        fprintf(stderr, "usage: nim N, with 3 <= N <= %d\n", MAXSTICKS);
        return 1;
    }
    int turn = 1; /* 1: Max, -1: Min */
    while (sticks > 1) {
        Choice c = negaMax(sticks);
        printf("%d: %s takes %d\n", sticks, turn == 1 ? "Max" : "Min", c.move);
        sticks -= c.move;
        turn = -turn;
    }
    printf("1: %s looses\n", turn == 1 ? "Max" : "Min");
    return 0;
}
