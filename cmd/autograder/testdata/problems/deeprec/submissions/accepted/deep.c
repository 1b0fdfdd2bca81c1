/* About 100 bytes of stack a level, a frame the compiler cannot fold
   into a loop (the volatile array is read after the call): 100 MiB for
   a million levels, where a shell's stack is 8 MiB. */
#include <stdio.h>

static long depth(long n) {
    volatile char pad[96];
    pad[0] = 1;
    if (n == 0) return 0;
    long below = depth(n - 1);
    return below + pad[0];
}

int main(void) {
    long n;
    if (scanf("%ld", &n) != 1) return 1;
    printf("%ld\n", depth(n));
    return 0;
}
