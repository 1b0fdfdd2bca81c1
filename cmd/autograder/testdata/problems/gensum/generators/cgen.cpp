// cgen N SEED [SHIFT]: N numbers from a linear congruential generator
// seeded with SEED (the same bytes with any C++ library).
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    int n = std::atoi(argv[1]);
    unsigned long long x = std::strtoull(argv[2], nullptr, 10);
    long shift = argc > 3 ? std::atol(argv[3]) : 0;
    std::printf("%d\n", n);
    for (int i = 0; i < n; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        std::printf("%s%lld", i ? " " : "", (long long)(x >> 33) % 1000 - 500 + shift);
    }
    std::printf("\n");
}
