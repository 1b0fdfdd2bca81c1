#include <cstdint>
#include <iostream>
int main() {
    std::int64_t n;
    std::cin >> n;
    // Sums in 32 bits, as an int would, wrapping past 2^31 - 1.
    std::uint32_t sum = static_cast<std::uint32_t>(n * (n + 1) / 2);
    std::cout << static_cast<std::int32_t>(sum) << '\n';
}
