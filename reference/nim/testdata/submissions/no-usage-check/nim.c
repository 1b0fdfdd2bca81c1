/* Nim: negamax with a transposition table sized to the game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int (*table)[2]; /* table[s] = {value for the player to move, move}; value 0: unknown */

static int negamax(int s, int *move) {
    if (s == 1)
        return -1;
    if (table[s][0] != 0) {
        *move = table[s][1];
        return table[s][0];
    }
    int best = -2, bestMove = 0, m;
    for (int k = 1; k <= 3 && s - k >= 1; k++) {
        int v = -negamax(s - k, &m);
        if (v > best) {
            best = v;
            bestMove = k;
        }
    }
    table[s][0] = best;
    table[s][1] = bestMove;
    *move = bestMove;
    return best;
}

int main(int argc, char *argv[]) {
    if (argc != 2) {
        fprintf(stderr, "Usage: %s <number of sticks>\n", argv[0]);
        return 1;
    }
    int n = atoi(argv[1]);
    int rows[n + 1][2];
    memset(rows, 0, sizeof rows);
    table = rows;
    int turn = 0, move;
    while (n > 1) {
        negamax(n, &move);
        printf("%d: %s takes %d\n", n, turn == 0 ? "Max" : "Min", move);
        n -= move;
        turn = 1 - turn;
    }
    printf("1: %s looses\n", turn == 0 ? "Max" : "Min");
    return 0;
}
