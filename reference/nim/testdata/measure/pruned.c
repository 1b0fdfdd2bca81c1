/* Measurement only: negamax without a table, with move ordering (3, 2, 1)
 * and a cut-off at the first winning move (alpha-beta with window [-1, 1]). */
#include <stdio.h>
#include <stdlib.h>

static int negaMax(int state, int *move) {
    if (state == 1)
        return -1;
    int best = -2, dummy;
    for (int k = 3; k >= 1; k--) {
        if (state - k < 1)
            continue;
        int v = -negaMax(state - k, &dummy);
        if (v > best) {
            best = v;
            *move = k;
            if (best == 1)
                break;
        }
    }
    return best;
}

int main(int argc, char *argv[]) {
    if (argc != 2 || atoi(argv[1]) < 3 || atoi(argv[1]) > 100) {
        fprintf(stderr, "usage: nim N (3 to 100)\n");
        return 1;
    }
    int state = atoi(argv[1]), max = 1;
    while (state != 1) {
        int move;
        negaMax(state, &move);
        printf("%d: %s takes %d\n", state, max ? "Max" : "Min", move);
        state -= move;
        max = !max;
    }
    printf("1: %s looses\n", max ? "Max" : "Min");
    return 0;
}
