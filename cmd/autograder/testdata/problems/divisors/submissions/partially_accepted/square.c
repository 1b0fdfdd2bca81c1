/* Partially accepted: walks the divisors in pairs up to the square root
 * and counts a square's root twice. */
#include <stdio.h>

int main(void) {
    long long n, sum = 0, count = 0;
    if (scanf("%lld", &n) != 1) return 1;
    for (long long d = 1; d * d <= n; d++) {
        if (n % d == 0) {
            printf("%s%lld %lld", count ? " " : "", d, n / d);
            sum += d + n / d;
            count += 2;
        }
    }
    printf("\n%.9f\n", (double)sum / count);
    return 0;
}
