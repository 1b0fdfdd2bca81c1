/* Nim: negamax with a transposition table. */
#include <stdio.h>
#include <stdlib.h>

#define MAXN 100

typedef struct {
    int value; /* for the player to move; 0 = not computed yet */
    int move;
} Entry;

Entry table[MAXN + 1];

Entry negamax(int state) {
    Entry e = {-1, 0};
    if (state == 1)
        return e;
    if (table[state].value != 0)
        return table[state];
    e.value = -2;
    for (int k = 1; k <= 3; k++) {
        if (state - k < 1)
            break;
        int v = negamax(state - k).value;
        if (v > e.value) {
            e.value = v;
            e.move = k;
        }
    }
    table[state] = e;
    return e;
}

int main(int argc, char *argv[]) {
    if (argc != 2) {
        fprintf(stderr, "usage: nim N\n");
        return 1;
    }
    int n = atoi(argv[1]);
    if (n < 3 || n > MAXN) {
        fprintf(stderr, "usage: nim N with 3 <= N <= %d\n", MAXN);
        return 1;
    }
    const char *who[] = {"Max", "Min"};
    int turn = 0;
    while (n != 1) {
        int k = negamax(n).move;
        printf("%d: %s takes %d\n", n, who[turn], k);
        n -= k;
        turn ^= 1;
    }
    printf("1: %s looses\n", who[turn]);
    return 0;
}
