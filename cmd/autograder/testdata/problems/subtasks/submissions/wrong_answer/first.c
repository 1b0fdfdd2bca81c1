/* Wrong answer: prints the first number only. */
#include <stdio.h>

int main(void) {
    long long n, x;
    if (scanf("%lld %lld", &n, &x) != 2) return 1;
    printf("%lld\n", x);
    return 0;
}
