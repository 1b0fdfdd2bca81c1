/* Time limit: right at once on a small number, but above 20 it never
 * stops (one case of the time limit is enough to show it, and each such
 * case spends the whole limit). */
#include <stdio.h>

int main(void) {
    long long n, sum = 0, count = 0;
    if (scanf("%lld", &n) != 1) return 1;
    if (n > 20) {
        volatile unsigned long x = 0;
        for (;;) x++;
    }
    for (long long d = 1; d <= n; d++) {
        if (n % d == 0) {
            printf("%s%lld", count ? " " : "", d);
            sum += d;
            count++;
        }
    }
    printf("\n%.9f\n", (double)sum / count);
    return 0;
}
