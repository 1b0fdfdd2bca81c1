/* Nim, both sides optimal (negamax, transposition table); the loser line
 * is spelt "loses". Ties go to the first best move, trying 1, 2, 3. */
#include <stdio.h>
#include <stdlib.h>

#define MAX 0
#define MIN 1
#define INFINITY 9999999
#define MAXSTATE 100

/* table[s] = {move, value, colour}; value 0 means not yet known. */
static int table[MAXSTATE + 1][3];

/* negaMax fills pair with the best move and its value from MAX's view. */
static void negaMax(int state, int colour, int pair[2]) {
    if (table[state][1] != 0) {
        pair[0] = table[state][0];
        pair[1] = table[state][2] == colour ? table[state][1] : -table[state][1];
        return;
    }
    if (state == 1) {        /* the player to move takes the last match */
        pair[1] = -colour;
        return;
    }
    int bestmove = 1, best = -colour * INFINITY;
    for (int move = 1; move <= 3; move++) {
        if (state - move >= 1) {
            negaMax(state - move, -colour, pair);
            if (colour * pair[1] > colour * best) {
                best = pair[1];
                bestmove = move;
            }
        }
    }
    table[state][0] = pair[0] = bestmove;
    table[state][1] = pair[1] = best;
    table[state][2] = colour;
}

static void playNim(int state) {
    int turn = MAX, pair[2];
    while (state != 1) {
        negaMax(state, turn == MAX ? 1 : -1, pair);
        printf("%d: %s takes %d\n", state, turn == MAX ? "Max" : "Min", pair[0]);
        state -= pair[0];
        turn = 1 - turn;
    }
    printf("1: %s loses\n", turn == MAX ? "Max" : "Min");
}

int main(int argc, char *argv[]) {
    if (argc != 2 || atoi(argv[1]) < 3 || atoi(argv[1]) > MAXSTATE) {
        fprintf(stderr, "Usage: %s <number of sticks>, from 3 to %d\n", argv[0], MAXSTATE);
        return -1;
    }
    playNim(atoi(argv[1]));
    return 0;
}
