/* Accepted: binary search, flushing each guess. */
#include <stdio.h>
#include <string.h>

int main(void) {
    int lo = 1, hi = 1000;
    char reply[16];
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        printf("%d\n", mid);
        fflush(stdout);
        if (scanf("%15s", reply) != 1 || strcmp(reply, "correct") == 0) return 0;
        if (strcmp(reply, "lower") == 0) hi = mid - 1; else lo = mid + 1;
    }
    return 0;
}
