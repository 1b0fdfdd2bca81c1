// Time limit: sums the small numbers at once, but on a number beyond a
// million (group 2's) waits for a sum that never comes (two cases of
// the time limit, not all five: each spends the whole limit).
#include <cstdio>
#include <cstdlib>

int main() {
    long long n, x, sum = 0;
    if (scanf("%lld", &n) != 1) return 1;
    for (long long i = 0; i < n && scanf("%lld", &x) == 1; i++) {
        if (llabs(x) > 1000000) {
            volatile long long s = 0;
            for (long long k = 0;; k++) s += k;
        }
        sum += x;
    }
    printf("%lld\n", sum);
}
