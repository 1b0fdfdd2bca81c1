#include <stdio.h>
#include <stdlib.h>

/* 0/1 knapsack by dynamic programming, with the items taken. */

static int best(const int *weight, const int *value, int n, int cap, int *table) {
    for (int w = 0; w <= cap; w++) {
        table[w] = 0;
    }
    for (int i = 0; i < n; i++) {
        for (int w = cap; w >= weight[i]; w--) {
            int with = table[w - weight[i]] + value[i];
            if (with > table[w]) {
                table[w] = with;
            }
        }
    }
    return table[cap];
}

static void taken(const int *weight, const int *value, int n, int cap) {
    int *keep = (int *)calloc((size_t)(n + 1) * (cap + 1), sizeof *keep);
    for (int i = 1; i <= n; i++) {
        for (int w = 0; w <= cap; w++) {
            int skip = keep[(i - 1) * (cap + 1) + w];
            int take = -1;
            if (weight[i - 1] <= w) {
                take = keep[(i - 1) * (cap + 1) + w - weight[i - 1]] + value[i - 1];
            }
            keep[i * (cap + 1) + w] = take > skip ? take : skip;
        }
    }
    int w = cap;
    for (int i = n; i > 0; i--) {
        if (keep[i * (cap + 1) + w] != keep[(i - 1) * (cap + 1) + w]) {
            printf("item %d (weight %d, value %d)\n", i - 1, weight[i - 1], value[i - 1]);
            w -= weight[i - 1];
        }
    }
    free(keep);
}

int main(int argc, char **argv) {
    int n, cap;
    if (scanf("%d %d", &n, &cap) != 2 || n <= 0 || cap < 0) {
        fprintf(stderr, "usage: n capacity, then n weights and values\n");
        return 1;
    }
    int *weight = (int *)malloc(sizeof(int) * n), *value = (int *)malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++) {
        if (scanf("%d %d", &weight[i], &value[i]) != 2) {
            return 1;
        }
    }
    int *table = (int *)malloc(sizeof(int) * (cap + 1));
    printf("best value %d\n", best(weight, value, n, cap, table));
    taken(weight, value, n, cap);
    free(table);
    free(weight);
    free(value);
    return 0;
}
