// Wrong answer: above 500, it answers "higher" with a word, which the
// judge rejects at once; it then waits for a reply that never comes,
// reading on past the end of its input, until its time limit. The
// judge's rejection came first: a wrong answer, not a time limit.
#include <iostream>
#include <string>

int main() {
    int lo = 1, hi = 1000;
    std::string reply;
    std::cout << 500 << std::endl;
    std::cin >> reply;
    if (reply == "higher") {
        std::cout << "higher?" << std::endl;
        while (reply != "correct") {
            std::cin.clear();
            std::cin >> reply;
        }
        return 0;
    }
    if (reply == "correct") return 0;
    hi = 499;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        std::cout << mid << std::endl;
        if (!(std::cin >> reply) || reply == "correct") return 0;
        if (reply == "lower") hi = mid - 1; else lo = mid + 1;
    }
}
