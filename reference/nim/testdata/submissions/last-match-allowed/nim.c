/* Nim with negamax and a memo table. */
#include <stdio.h>
#include <stdlib.h>

#define N_MAX 100
#define INF 9999999

static int known[N_MAX + 1], val[N_MAX + 1], mv[N_MAX + 1];

/* negamax: value of `sticks` for the player to move; best move in mv[]. */
static int negamax(int sticks) {
    if (sticks == 1)          /* the player to move takes the last stick */
        return -1;
    if (known[sticks])
        return val[sticks];
    int best = -INF, bestMove = 0;
    for (int take = 1; take <= 3; take++) {
        if (sticks - take >= 0) {
            int v = -negamax(sticks - take);
            if (v > best) {
                best = v;
                bestMove = take;
            }
        }
    }
    known[sticks] = 1;
    val[sticks] = best;
    mv[sticks] = bestMove;
    return best;
}

int main(int argc, char *argv[]) {
    if (argc != 2 || atoi(argv[1]) < 3 || atoi(argv[1]) > N_MAX) {
        fprintf(stderr, "Usage: %s <sticks> (3..%d)\n", argv[0], N_MAX);
        return 1;
    }
    int sticks = atoi(argv[1]), max = 1;
    while (sticks > 1) {
        negamax(sticks);
        printf("%d: %s takes %d\n", sticks, max ? "Max" : "Min", mv[sticks]);
        sticks -= mv[sticks];
        max = !max;
    }
    printf("1: %s looses\n", max ? "Max" : "Min");
    return 0;
}
