// Nim with negamax and a transposition table; of several best moves the
// largest is played (moves tried 3, 2, 1, stopping at a win).
#include <array>
#include <cstdlib>
#include <iostream>
#include <string>
#include <utility>

namespace {

constexpr int kMaxSticks = 100;

struct Entry {
    bool known = false;
    int value = 0;
    int move = 0;
};

std::array<Entry, kMaxSticks + 1> table;

// negamax returns {value, move} for the player about to move.
std::pair<int, int> negamax(int sticks) {
    if (sticks == 1) return {-1, 0};
    Entry &e = table[sticks];
    if (e.known) return {e.value, e.move};
    int best = -2, move = 0;
    for (int take = 3; take >= 1; --take) {
        if (sticks - take < 1) continue;
        int v = -negamax(sticks - take).first;
        if (v > best) {
            best = v;
            move = take;
            if (best == 1) break;
        }
    }
    e = {true, best, move};
    return {best, move};
}

}  // namespace

int main(int argc, char *argv[]) {
    int n = 0;
    if (argc == 2) {
        char *end = nullptr;
        long v = std::strtol(argv[1], &end, 10);
        if (*argv[1] != '\0' && *end == '\0') n = static_cast<int>(v);
    }
    if (n < 3 || n > kMaxSticks) {
        std::cerr << "usage: " << argv[0] << " N   (3 <= N <= " << kMaxSticks << ")\n";
        return 1;
    }
    bool max = true;
    while (n > 1) {
        int take = negamax(n).second;
        std::cout << n << ": " << (max ? "Max" : "Min") << " takes " << take << '\n';
        n -= take;
        max = !max;
    }
    std::cout << "1: " << (max ? "Max" : "Min") << " looses\n";
    return 0;
}
