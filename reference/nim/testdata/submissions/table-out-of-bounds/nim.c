/* Nim with negamax and a transposition table of 101 rows, indexed by the
 * number of matches. */
#include <stdio.h>
#include <stdlib.h>

#define MAX 0
#define MIN 1
#define INFINITY 9999999

int *negaMax(int state, int colour, int pair[2], int table[][3]) {
    if (table[state][1] != 0) {
        pair[0] = table[state][0];
        if (table[state][2] == colour)
            pair[1] = table[state][1];
        else
            pair[1] = -table[state][1];
        return pair;
    }
    int move, bestmove = 1, minMax = -colour * INFINITY;
    if (state == 1) {
        pair[1] = -colour;
        return pair;
    }
    for (move = 1; move <= 3; move++) {
        if (state - move > 0) {
            pair = negaMax(state - move, -colour, pair, table);
            if (colour * pair[1] > colour * minMax) {
                minMax = pair[1];
                bestmove = move;
            }
        }
    }
    table[state][0] = pair[0] = bestmove;
    table[state][1] = pair[1] = minMax;
    table[state][2] = colour;
    return pair;
}

int decide(int state, int turn, int table[][3]) {
    int pair[2];
    negaMax(state, turn == MAX ? 1 : -1, pair, table);
    return pair[0];
}

void playNim(int state, int table[][3]) {
    int turn = MAX;
    while (state != 1) {
        int action = decide(state, turn, table);
        printf("%d: %s takes %d\n", state, turn == MAX ? "Max" : "Min", action);
        state = state - action;
        turn = 1 - turn;
    }
    printf("1: %s looses\n", turn == MAX ? "Max" : "Min");
}

int main(int argc, char *argv[]) {
    if (argc != 2 || atoi(argv[1]) < 3) {
        fprintf(stderr, "Usage: %s <number of sticks>, where ", argv[0]);
        fprintf(stderr, "<number of sticks> must be at least 3!\n");
        return -1;
    }
    int table[101][3] = {{0}};
    playNim(atoi(argv[1]), table);
    return 0;
}
