// Answers the first pass, then spins on the second instead of answering.
#include <iostream>
int main() {
    long long r, v;
    std::cin >> r >> v;
    if (r == 3) {
        for (volatile unsigned long long i = 0;; i++) {
        }
    }
    std::cout << 2 * v << std::endl;
}
