/* Accepts (exit 42) when the output's one number equals the answer's. */
#include <stdio.h>

int main(int argc, char **argv) {
    long want, got;
    FILE *ans = argc > 2 ? fopen(argv[2], "r") : NULL;
    if (ans == NULL || fscanf(ans, "%ld", &want) != 1) return 1;
    if (scanf("%ld", &got) != 1 || got != want) return 43;
    return 42;
}
