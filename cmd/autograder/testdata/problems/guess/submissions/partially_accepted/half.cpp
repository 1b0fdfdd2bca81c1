// Partially accepted: binary search over 1..500 only; a number above 500
// is never found.
#include <iostream>
#include <string>

int main() {
    int lo = 1, hi = 500;
    std::string reply;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        std::cout << mid << std::endl;
        if (!(std::cin >> reply) || reply == "correct") return 0;
        if (reply == "lower") hi = mid - 1; else lo = mid + 1;
    }
    std::cout << 0 << std::endl;
}
