#include <iostream>
int main() {
    long long r, v;
    std::cin >> r >> v;
    std::cout << 2 * v << std::endl;
}
