/* Nim by negamax, without a transposition table. */
#include <stdio.h>
#include <stdlib.h>

#define MAX 0
#define MIN 1
#define INFINITY 9999999

/* negaMax returns the value of state for the player to move; *move gets a
 * best move (the first found, trying 1, 2, 3). */
int negaMax(int state, int *move) {
    if (state == 1)
        return -1;
    int best = -INFINITY, dummy;
    for (int k = 1; k <= 3; k++) {
        if (state - k >= 1) {
            int v = -negaMax(state - k, &dummy);
            if (v > best) {
                best = v;
                *move = k;
            }
        }
    }
    return best;
}

int main(int argc, char *argv[]) {
    if (argc != 2 || atoi(argv[1]) < 3 || atoi(argv[1]) > 100) {
        fprintf(stderr, "Usage: %s <number of sticks> (3 to 100)\n", argv[0]);
        return -1;
    }
    int state = atoi(argv[1]), turn = MAX;
    while (state != 1) {
        int move;
        negaMax(state, &move);
        printf("%d: %s takes %d\n", state, turn == MAX ? "Max" : "Min", move);
        state -= move;
        turn = 1 - turn;
    }
    printf("1: %s looses\n", turn == MAX ? "Max" : "Min");
    return 0;
}
