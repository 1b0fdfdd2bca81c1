#include <stdio.h>

int main(void) {
    long long s = 0, x;
    while (scanf("%lld", &x) == 1) s += x;
    printf("%lld\n", s);
    fflush(stdout);
    return 0;
}
