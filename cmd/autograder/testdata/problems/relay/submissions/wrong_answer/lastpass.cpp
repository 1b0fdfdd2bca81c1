// Forgets to double on the last pass.
#include <iostream>
int main() {
    long long r, v;
    std::cin >> r >> v;
    std::cout << (r == 1 ? v : 2 * v) << std::endl;
}
