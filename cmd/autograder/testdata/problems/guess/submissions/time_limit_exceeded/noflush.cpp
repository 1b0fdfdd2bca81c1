// Time limit: binary search with "fast I/O" that never flushes: cin no
// longer flushes cout before it reads, so the first guess stays in the
// buffer, and the judge waits for it as it waits for the judge.
#include <iostream>
#include <string>

int main() {
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    int lo = 1, hi = 1000;
    std::string reply;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        std::cout << mid << "\n";
        if (!(std::cin >> reply) || reply == "correct") return 0;
        if (reply == "lower") hi = mid - 1; else lo = mid + 1;
    }
}
