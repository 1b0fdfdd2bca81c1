#include <stdio.h>
#include <stdlib.h>

#define MAX 0
#define MIN 1
#define INFINITY 9999999

/* table[s][0]: best move, table[s][1]: value (0 = unknown) */
int table[101][2];

int *negaMax(int state, int colour, int pair[2]) {
    if (table[state][1] != 0) {
        pair[0] = table[state][0];
        pair[1] = table[state][1];
        return pair;
    }
    int move, bestmove = 1, minMax = -colour * INFINITY;
    if (state == 1) {
        pair[1] = -colour; /* Max wins if Min is in the terminal state */
        return pair;
    }
    for (move = 1; move <= 3; move++) {
        if (state - move > 0) {
            pair = negaMax(state - move, -colour, pair);
            if (colour * pair[1] > colour * minMax) {
                minMax = pair[1];
                bestmove = move;
            }
        }
    }
    table[state][0] = pair[0] = bestmove;
    table[state][1] = pair[1] = minMax;
    return pair;
}

int minimaxDecision(int state, int turn) {
    int pair[2];
    negaMax(state, turn == MAX ? 1 : -1, pair);
    return pair[0];
}

void playNim(int state) {
    int turn = MAX;
    while (state != 1) {
        int action = minimaxDecision(state, turn);
        printf("%d: %s takes %d\n", state, (turn == MAX ? "Max" : "Min"), action);
        state = state - action;
        turn = 1 - turn;
    }
    printf("1: %s looses\n", (turn == MAX ? "Max" : "Min"));
}

int main(int argc, char *argv[]) {
    if ((argc != 2) || (atoi(argv[1]) < 3) || (atoi(argv[1]) > 100)) {
        fprintf(stderr, "Usage: %s <number of sticks>, where ", argv[0]);
        fprintf(stderr, "<number of sticks> must be between 3 and 100!\n");
        return -1;
    }
    playNim(atoi(argv[1]));
    return 0;
}
