// The C program's recursion in C++: about 100 bytes of stack a level, a
// frame the compiler cannot fold into a loop, 100 MiB for a million
// levels, where a shell's stack is 8 MiB.
#include <iostream>

static long depth(long n) {
    volatile char pad[96];
    pad[0] = 1;
    if (n == 0) return 0;
    long below = depth(n - 1);
    return below + pad[0];
}

int main() {
    long n;
    if (!(std::cin >> n)) return 1;
    std::cout << depth(n) << "\n";
    return 0;
}
