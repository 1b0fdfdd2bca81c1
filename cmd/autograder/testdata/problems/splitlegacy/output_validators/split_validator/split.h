// The rule of a split: two positive parts that add up to n.
#include <cstdio>
#include <string>

inline bool split_ok(long long n, long long a, long long b) {
    return a > 0 && b > 0 && a + b == n;
}

// reject writes why to the judge message and exits 43.
inline int reject(const std::string &feedback_dir, const std::string &why) {
    FILE *f = std::fopen((feedback_dir + "judgemessage.txt").c_str(), "a");
    if (f) {
        std::fprintf(f, "%s\n", why.c_str());
        std::fclose(f);
    }
    return 43;
}
