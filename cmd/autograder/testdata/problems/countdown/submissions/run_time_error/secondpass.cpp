// Crashes when v is even and above 7, which only passes after the first
// give it here: a single-pass case passes.
#include <cstdlib>
#include <iostream>
int main() {
    long long r, v;
    std::cin >> r >> v;
    if (v % 2 == 0 && r < 3 && v > 7) std::abort();
    std::cout << 2 * v << '\n';
}
