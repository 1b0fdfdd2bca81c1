/* Recursion without end: the stack grows until the memory limit stops it. */
#include <stdio.h>

static long down(long n) {
    volatile char pad[4096];
    pad[0] = (char)n;
    return down(n + 1) + pad[0];
}

int main(void) {
    printf("%ld\n", down(0));
    return 0;
}
